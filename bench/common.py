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


def selfplay_rates(game_key: str, count: int) -> tuple[float, float]:
    """Random self-play with records written (JSON), deals per second: (the naive loop — a full
    immutable state and seat view per action, as the CLI did before the kernel — and
    ``python -m engine selfplay`` itself, whose all-random deals are written from the kernel)."""
    import io
    import json

    from engine.ai import make_agent
    from engine.cli import agent_seeds, main
    from engine.games import game
    from engine.rng import make_rng

    rules = game(game_key)
    agents = [make_agent("random", game_key) for _ in range(rules.seats)]
    start = time.perf_counter()
    for seed in range(count):
        rngs = [make_rng(s) for s in agent_seeds(seed, rules.seats)]
        deal = rules.new_deal(seed)
        while not deal.is_over:
            seat = deal.to_act
            deal = deal.apply(agents[seat].choose(deal.view(seat), rngs[seat]), player=seat)
        json.dumps(rules.to_record(deal), separators=(",", ":"))
    naive = count / (time.perf_counter() - start)
    start = time.perf_counter()
    main(["selfplay", "--game", game_key, "--deals", str(count)], stdout=io.StringIO())
    return naive, count / (time.perf_counter() - start)
