"""How much a search loses to noise: ``strong``'s choices against a flat evaluation of every
candidate.

    python research/search_regret.py --game chuo-pai --variant '{}' --variant '{"budget": 72000}'

Positions come from ``standard``'s self-play on tuning seeds (100000 and up; every third searchable
decision in Chuo Pai, every second in Tien Gow). For each, a **reference** plays every candidate
``strong`` would consider on the same ``--worlds`` guesses, with ``strong``'s own evaluator (its
guesses, weights, play-outs and score), and takes the mean score. Each variant (``StrongChuoPai``
or ``StrongTienGow`` config fields, as JSON) then chooses ``--repeats`` times per position with
different generators, and the script prints its **regret**: the reference score of the
reference's best candidate minus that of the variant's choice, averaged (Chuo Pai: first-place
share + 0.02 × margin; Tien Gow: net points), with a 95% interval, the share of best choices, the
median and 95th percentile of CPU time per decision, and the regret by number of candidates
(Chuo Pai) or tiles in hand (Tien Gow). The reference has noise of its own, so even a perfect
search shows some regret; compare variants with each other.

This measures the search's allocation, not its evaluator: a variant that changes the play-outs
changes what "best" means, and must be measured in games (bench/arena.py).
"""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import strong_chuo_pai as cps  # noqa: E402
from engine.ai import strong_tien_gow as tgs  # noqa: E402
from engine.ai.chuo_pai import pass_limits, round_order, sample_hands, unseen_counts  # noqa: E402
from engine.rng import make_rng  # noqa: E402
from scripts.selfplay import standard_decisions  # noqa: E402

TUNING_SEED = 100000


def cp_candidates(view: Any, agent: cps.StrongChuoPai) -> list[int]:
    """The play ids ``strong`` searches in a three-seat position (its interceptors rule applied)."""
    alive = [cps.to_id(a) for a in view.legal_actions()]
    if view.current is None and sum(view.hand_sizes) - view.hand_sizes[view.seat] >= agent.config.keep_out:
        held = list(view.hand_counts)
        unseen = unseen_counts(view)
        out = [unseen[i] + held[i] for i in range(cps.N_IDS)]
        alive = [p for p in alive if cps.could_be_beaten(p, held, out)] or alive
    return alive


def cp_searchable(view: Any, agent: Any) -> bool:
    return (len(view.legal_actions()) > 1 and sum(1 for n in view.hand_sizes if n) == 3
            and len(cp_candidates(view, agent)) > 1)


def cp_reference(view: Any, agent: cps.StrongChuoPai, worlds: int, seed: int) -> dict[int, float]:
    """Every candidate's mean score over the same ``worlds`` guesses: ``strong``'s search with no
    halving (weighted guesses, its play-outs, its score)."""
    rng = make_rng(seed)
    me = view.seat
    unseen = unseen_counts(view)
    caps, specials = pass_limits(view)
    leader, after = round_order(view)
    current0 = cps.PASS_ID if view.current is None else view.current.id
    owner0 = -1 if view.owner is None else view.owner
    alive = cp_candidates(view, agent)
    history = cps.opponent_plays(view, agent.config.recent)
    ranked = [seat != me for seat in range(cps.SEATS)]
    totals = [0.0] * len(alive)
    weights = 0.0
    for _ in range(worlds):
        hands = sample_hands(view, unseen, caps, specials, rng)
        careful = [seat == me for seat in range(cps.SEATS)]
        for _ in range(cps.SEATS):
            rng.random()  # strong's three unused draws per guess: the same guesses as its search
        weight = cps.likelihood(hands, history, agent.config.miss) if history else 1.0
        in_hands = [hands[0][i] + hands[1][i] + hands[2][i] for i in range(cps.N_IDS)]
        draws = [rng.random() for _ in range(cps.DRAWS)]
        weights += weight
        for c, play in enumerate(alive):
            guess = [h[:] for h in hands]
            total, sizes, piles = in_hands[:], list(view.hand_sizes), list(view.piles)
            current, owner = current0, owner0
            if play >= 0:
                for i, n in cps.NEED[play]:
                    guess[me][i] -= n
                    total[i] -= n
                sizes[me] -= cps.SIZE[play]
                current, owner = play, me
            cps.playout(guess, sizes, piles, total, current, owner, after, leader, careful, ranked,
                        agent.config.epsilon, cps.Draws(draws))
            top, mine = max(piles), piles[me]
            other = max(piles[(me + 1) % 3], piles[(me + 2) % 3])
            first = 1.0 / piles.count(top) if mine == top else 0.0
            totals[c] += weight * (first + agent.config.weight * (mine - other))
    return {play: total / weights for play, total in zip(alive, totals, strict=True)}


def tg_searchable(view: Any, agent: tgs.StrongTienGow) -> bool:
    legal = view.legal_actions()
    if len(legal) == 1:
        return False
    alive = agent.candidates(view, legal)
    return len(alive) > 1 and agent.sure_trick(view, alive) is None


def tg_reference(view: Any, agent: tgs.StrongTienGow, worlds: int, seed: int) -> dict[int, float]:
    """Every candidate's mean net over the same guesses: ``strong``'s own search with every
    candidate kept at every halving stage, ``worlds`` guesses per stage."""
    captured: list[list[float]] = []
    halve, best_first = tgs.halve, tgs.best_first

    def spy(totals: list[float]) -> list[int]:  # the final ranking sees every candidate's total
        captured.append(list(totals))
        return best_first(totals)

    flat = tgs.StrongTienGow(dataclasses.replace(agent.config, min_batch=worlds, max_worlds=1))
    tgs.halve, tgs.best_first = (lambda totals: (list(range(len(totals))), [])), spy
    try:
        flat._ranked(view, make_rng(seed), view.legal_actions())
    finally:
        tgs.halve, tgs.best_first = halve, best_first
    ids = [tgs.to_id(a) for a in flat.candidates(view, view.legal_actions())]
    guesses = worlds * max(1, (len(ids) - 1).bit_length())
    return {play: total / guesses for play, total in zip(ids, captured[-1], strict=True)}


GAMES: dict[str, tuple[Callable[..., Any], Callable[[Any, Any], bool], Callable[..., dict[int, float]],
                       Callable[[Any], int], int]] = {
    "chuo-pai": (cps.StrongChuoPai, cp_searchable, cp_reference, cps.to_id, 3),
    "tien-gow": (tgs.StrongTienGow, tg_searchable, tg_reference, tgs.to_id, 2),
}


def positions(game_key: str, count: int) -> list[Any]:
    make, searchable, _, _, every = GAMES[game_key]
    agent, views, found = make(), [], 0
    for view, _ in standard_decisions(game_key, itertools.count(TUNING_SEED)):
        if searchable(view, agent):
            found += 1
            if found % every == 0:
                views.append(view)
                if len(views) == count:
                    break
    return views


def bucket(game_key: str, view: Any, candidates: int) -> str:
    if game_key == "chuo-pai":
        return "2-3" if candidates <= 3 else "4-8" if candidates <= 8 else "9-16" if candidates <= 16 else "17+"
    return f"{len(view.hand)} tiles"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=0,
                        help="reference guesses (Chuo Pai 1500, Tien Gow 400 per stage)")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--variant", action="append", default=[], help="fields of strong's config to change, as JSON")
    args = parser.parse_args()
    make, _, reference, to_id, _ = GAMES[args.game]
    worlds = args.worlds or (1500 if args.game == "chuo-pai" else 400)
    start = time.process_time()
    views = positions(args.game, args.positions)
    refs = [reference(view, make(), worlds, 777000 + i) for i, view in enumerate(views)]
    print(f"{args.game}: {len(views)} positions, reference on {worlds} guesses "
          f"({time.process_time() - start:.0f} s CPU)", flush=True)
    for variant in args.variant or ["{}"]:
        agent = make(dataclasses.replace(make().config, **json.loads(variant)))
        regrets, times, best_hits = [], [], 0
        by: dict[str, list[float]] = {}
        for i, (view, ref) in enumerate(zip(views, refs, strict=True)):
            top = max(ref.values())
            for r in range(args.repeats):
                t = time.process_time()
                choice = to_id(agent.choose(view, make_rng(5000 + 97 * i + r)))
                times.append(time.process_time() - t)
                regrets.append(top - ref[choice])
                best_hits += ref[choice] == top
                by.setdefault(bucket(args.game, view, len(ref)), []).append(regrets[-1])
        n = len(regrets)
        half = 1.96 * statistics.stdev(regrets) / n ** 0.5
        times.sort()
        parts = " ".join(f"{b}: {statistics.mean(v):.4f} (n={len(v)})" for b, v in sorted(by.items()))
        print(f"{variant}: regret {statistics.mean(regrets):.4f} ± {half:.4f}, best {best_hits / n:.1%}, "
              f"CPU median {1000 * statistics.median(times):.1f} ms, p95 {1000 * times[int(0.95 * n)]:.1f} ms; "
              f"by {'candidates' if args.game == 'chuo-pai' else 'hand'}: {parts}", flush=True)


if __name__ == "__main__":
    main()
