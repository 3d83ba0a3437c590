"""How much do Tien Gow ``standard``'s plays tell of who holds which tile?

    python research/who_holds.py [--deals 1500] [--seed 400000] [--steps 150]

Sight is worth +5.2 points of last tricks from 4 tiles in hand, and nearly all of it is the seat
of each tile (``research/sight.py --pooled``: knowing which tiles the other hands hold, not who holds
which, is worth +0.5). This asks how much of that seat a reader of the plays can find. It plays
``standard`` against itself on ``--deals`` seeds from ``--seed`` (fitting) and as many after them
(held out) — none of them a tuning (100000 …), report (0 …) or imitation-fitting (300000 …) seed.
At every decision made with 3 or 4 tiles in hand, each unseen identity that exactly one of the
three other seats holds is a case: which seat? Two conditional logit models over the three seats
are fitted to the fitting cases (``scripts/fit_imitation.py``'s maximum likelihood): one knows only
each seat's hand size (the chance by hand sizes alone, as a guess deals the tiles), the other
also each seat's own record this deal — per identity, how often it played face down while a
beat using the identity was possible (in the deal and in the last two tricks), how often it beat
with another set while one using the identity was possible, whether it played the identity face
up (a civil tile's other copy); and its place after the deciding seat, tiles given face down and
pillars — each feature by the identity's third of the tile order. On the held-out cases it
prints each model's mean log-likelihood of the holder and how often it names the holder, overall
and for the six strongest identities. research/log.md ("What part of sight pays") has the figures.
"""
from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.tien_gow import WEAK_TILES, unseen_tiles  # noqa: E402
from engine.tien_gow import make_action  # noqa: E402
from engine.tien_gow.kernel import BEATERS, N_IDS, POSITION, SET_CODE, to_id  # noqa: E402
from scripts.fit_imitation import Decision, Feature, evaluate, fit  # noqa: E402
from scripts.selfplay import standard_play  # noqa: E402

SEATS = 4
STRONGEST = frozenset(POSITION[t] for t in WEAK_TILES[-6:])  # tile order, strongest last
THIRD = {POSITION[t]: 3 * place // len(WEAK_TILES) for place, t in enumerate(WEAK_TILES)}
Case = tuple[int, list[list[Feature]], int]  # identity, each seat's features, the holder


def cases(first_seed: int, deals: int) -> Iterator[Case]:
    """Every case of ``standard``'s self-play on the seeds (``scripts.selfplay.standard_play``)."""
    for deal, view, _ in standard_play("tien-gow", range(first_seed, first_seed + deals)):
        if len(view.hand) in (3, 4):
            yield from decision_cases(view, deal.hands)


def _users(high: int) -> set[int]:
    """The identities some set that beats ``high`` uses."""
    return {i for code, _ in BEATERS[high] for i in range(N_IDS) if code >> (3 * i) & 7}


def decision_cases(view: Any, hands: Any) -> Iterator[Case]:
    """The cases of one decision: the unseen identities exactly one other seat holds."""
    me = view.seat
    down = [[0] * N_IDS for _ in range(SEATS)]
    lately = [[0] * N_IDS for _ in range(SEATS)]
    beat_other = [[0] * N_IDS for _ in range(SEATS)]
    shown = [[0] * N_IDS for _ in range(SEATS)]
    given = [0] * SEATS
    tricks = [*view.tricks, view.trick] if view.trick.plays else list(view.tricks)
    for number, trick in enumerate(tricks):
        high = -1
        for play in trick.plays:
            seat = play.player
            if play.face_up:
                played = to_id(make_action(play.tiles, True))
                for t in play.tiles:
                    shown[seat][POSITION[t]] = 1
                if high >= 0:
                    for code, beat in BEATERS[high]:
                        if beat != played:
                            for i in range(N_IDS):
                                if code >> (3 * i) & 7 and not SET_CODE[played] >> (3 * i) & 7:
                                    beat_other[seat][i] += 1
                high = played
            else:
                given[seat] += play.count
                if high >= 0:
                    for i in _users(high):
                        down[seat][i] += 1
                        lately[seat][i] += number >= len(tricks) - 2
    others = [(me + k) % SEATS for k in (1, 2, 3)]
    holders: dict[int, list[int]] = defaultdict(list)
    for place, seat in enumerate(others):
        for i in {POSITION[t] for t in hands[seat]}:
            holders[i].append(place)
    for i in {POSITION[t] for t in unseen_tiles(view)}:
        if len(holders[i]) != 1:
            continue
        third = THIRD[i]
        options: list[list[Feature]] = []
        for place, seat in enumerate(others):
            options.append([("size", third, view.hand_sizes[seat]), ("place", third, place),
                            ("down", third, min(down[seat][i], 3)), ("lately", third, min(lately[seat][i], 2)),
                            ("beat other", third, min(beat_other[seat][i], 2)), ("shown", third, shown[seat][i]),
                            ("given", third, min(given[seat], 6)), ("pillars", third, min(view.pillars[seat], 6))])
        yield i, options, holders[i][0]


def sizes_only(data: list[Case]) -> list[Decision]:
    """The cases as the model that knows only the hand sizes sees them."""
    return [([[f for f in option if f[0] == "size"] for option in options], holder) for _, options, holder in data]


def with_plays(data: list[Case]) -> list[Decision]:
    return [(options, holder) for _, options, holder in data]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1500, help="fitting deals (as many again held out)")
    parser.add_argument("--seed", type=int, default=400000)
    parser.add_argument("--steps", type=int, default=150)
    args = parser.parse_args(argv)
    fitting = list(cases(args.seed, args.deals))
    held_out = list(cases(args.seed + args.deals, args.deals))
    print(f"cases: {len(fitting):,} fitting, {len(held_out):,} held out (seeds {args.seed}-"
          f"{args.seed + 2 * args.deals - 1}; unseen identities exactly one other seat holds, at "
          f"decisions with 3-4 tiles in hand)")
    models = {reader: fit(read(fitting), args.steps) for reader, read in (("hand sizes", sizes_only),
                                                                          ("with the plays", with_plays))}
    for label, subset in (("all identities", held_out),
                          ("six strongest", [c for c in held_out if c[0] in STRONGEST])):
        line = [f"{label} ({len(subset):,}):"]
        for reader, read in (("hand sizes", sizes_only), ("with the plays", with_plays)):
            loglik, named, _ = evaluate(models[reader], read(subset), 0)
            line.append(f"{reader} names the holder {named:.1%}, log-likelihood {loglik:.4f};")
        print(" ".join(line), f"(log 1/3 = {math.log(1 / 3):.4f})")


if __name__ == "__main__":
    main()
