"""What both engine benchmarks share: random play-outs through the public, checking API."""
from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any


def random_deals(rules: ModuleType, count: int, keep: bool = False) -> tuple[float, list[Any], int]:
    """Play ``count`` complete deals of a game, every action a random legal one; return the time
    taken, the finished deals (only when ``keep``: holding thousands of them lengthens the garbage
    collector's passes and would slow the timing down) and the number of actions."""
    start, finished, actions = time.perf_counter(), [], 0
    for seed in range(count):
        deal, rng = rules.new_deal(seed), random.Random(seed)
        while not deal.is_over:
            deal = deal.apply(rng.choice(deal.legal_actions()))
            actions += 1
        if keep:
            finished.append(deal)
    return time.perf_counter() - start, finished, actions


def kernel_deals(rules: ModuleType, kernel: ModuleType, count: int) -> float:
    """Random deals per second through a game's play-out kernel, from the dealt hands to the end
    (dealing not counted), every action uniformly random among the legal ones."""
    from engine.rng import make_bits

    deals = [rules.new_deal(seed) for seed in range(count)]
    bits = [make_bits(seed) for seed in range(rules.SEATS)]
    if rules.__name__.endswith("chuo_pai"):
        starts = [([list(h) for h in d.hands], list(d.sizes), list(d.piles), d.to_act) for d in deals]
        start = time.perf_counter()
        for hands, sizes, piles, leader in starts:
            kernel.random_deal(hands, sizes, piles, leader, bits)
    else:
        starts = [(list(d.codes), d.banker) for d in deals]
        start = time.perf_counter()
        for codes, banker in starts:
            kernel.random_deal(codes, banker, bits)
    return count / (time.perf_counter() - start)


def selfplay_rates(game_key: str, count: int, repeats: int = 3) -> tuple[float, float]:
    """Random self-play with records written (JSON), deals per CPU second (``time.process_time``:
    the machine is shared): (the naive loop — a full immutable state and seat view per action, as
    the CLI did before the kernel — and ``python -m engine selfplay`` itself, whose all-random deals
    are written from the kernel). Each is run ``repeats`` times, in turns, on a fresh block of
    ``count`` seeds each time; the best rate of each counts."""
    import io
    import json

    from engine.cli import agent_seeds, main
    from engine.games import game, make_agent
    from engine.rng import make_rng

    rules = game(game_key)
    agents = [make_agent("random", game_key) for _ in range(rules.seats)]
    naive, fast = 0.0, 0.0
    for block in range(repeats):
        seeds = range(block * count, (block + 1) * count)
        start = time.process_time()
        for seed in seeds:
            rngs = [make_rng(s) for s in agent_seeds(seed, rules.seats)]
            deal = rules.new_deal(seed)
            while not deal.is_over:
                seat = deal.to_act
                deal = deal.apply(agents[seat].choose(deal.view(seat), rngs[seat]), player=seat)
            json.dumps(rules.to_record(deal), separators=(",", ":"))
        naive = max(naive, count / (time.process_time() - start))
        start = time.process_time()
        main(["selfplay", "--game", game_key, "--deals", str(count), "--seed", str(seeds[0])],
             stdout=io.StringIO())
        fast = max(fast, count / (time.process_time() - start))
    return naive, fast


def standard_decision_times(game_key: str, deals: int = 10) -> tuple[int, float]:
    """``standard``'s CPU time per non-forced decision, in µs (``time.process_time``: the machine is
    shared): (the number of views, the median) over
    the views of every decision with more than one legal action in ``deals`` deals of greedy
    self-play (seeds 0 …), each decided with a generator seeded by its number."""
    import statistics

    from engine.games import game, make_agent
    from engine.rng import make_rng

    rules = game(game_key)
    greedy, standard = make_agent("greedy", game_key), make_agent("standard", game_key)
    views = []
    for seed in range(deals):
        deal = rules.new_deal(seed)
        while not deal.is_over:
            view = deal.view(deal.to_act)
            if len(view.legal_actions()) > 1:
                views.append(view)
            deal = deal.apply(greedy.choose(view, make_rng(0)), player=deal.to_act)
    times = []
    for number, view in enumerate(views):
        rng = make_rng(number)
        start = time.process_time()
        standard.choose(view, rng)
        times.append((time.process_time() - start) * 1e6)
    return len(views), statistics.median(times)
