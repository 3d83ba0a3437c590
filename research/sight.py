"""Does sight help Tien Gow ``strong``? The same search with every guess the true deal, against
three ``standard``, paired with ``strong`` as it ships on the same deals and seats.

    python research/sight.py --deals 250 --seed 100000 [--from-tiles 8] [--pooled]

The seeing player is ``StrongTienGow`` whose guesses are all the true hands: its generator makes
the same draws as an ordinary guess would (the shuffle of the unseen tiles), and everything else —
candidates, play-outs, exact ends, halving — is unchanged; with ``--from-tiles K`` it sees only
while its hand holds at most K tiles (8, the default: always), which tells where in the deal
sight is worth most; with ``--pooled`` it sees which tiles are in the other hands but not who
holds which (the true hands' tiles dealt at random among the other seats in every guess), which
tells what part of sight matters. It prints, for both players, the share
of last tricks (95% Wilson interval) and the mean net points, then the paired difference (seeing
minus shipped) with a 95% interval. research/log.md ("Tien Gow `strong`") has the results:
with the careful play-outs of 2026-12-01 seeing every hand took fewer last tricks, because the
search then exploited exactly what its play-outs assumed of the opponents; with the play-outs
that imitate ``standard`` it takes more (research/results/sight_tg.txt).
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import play, wilson  # noqa: E402
from engine.ai import strong_tien_gow as tgs  # noqa: E402
from engine.games import make_agent  # noqa: E402
from engine.tien_gow.kernel import POSITION  # noqa: E402

SEATS = 4


class SeeingStrong:
    """``strong`` searching the true deal in every guess (a bench player: it reads every hand)."""

    name = "strong-seeing"
    sees_all = True

    def __init__(self, from_tiles: int = 8, pooled: bool = False) -> None:
        self.agent = tgs.StrongTienGow()
        self.from_tiles = from_tiles
        self.pooled = pooled  # see the other hands' tiles together, not who holds which

    def choose_seeing(self, deal: Any, seat: int, rng: random.Random) -> Any:
        if len(deal.hands[seat]) > self.from_tiles:  # not yet: an ordinary search
            return self.agent.choose(deal.view(seat), rng)
        true_codes = [sum(1 << (3 * POSITION[t]) for t in hand) for hand in deal.hands]
        held = [1 << (3 * POSITION[t]) for other, hand in enumerate(deal.hands) if other != seat for t in hand]

        def true_deal(view: Any, unseen_codes: list[int], generator: random.Random) -> list[int]:
            generator.shuffle(unseen_codes[:])  # the draws an ordinary guess makes
            if not self.pooled:
                return list(true_codes)
            tiles = held[:]
            generator.shuffle(tiles)
            codes, start = list(true_codes), 0
            for other, hand in enumerate(deal.hands):
                if other != seat:
                    codes[other] = sum(tiles[start:start + len(hand)])
                    start += len(hand)
            return codes

        guess = tgs.sample_codes
        tgs.sample_codes = true_deal
        try:
            return self.agent.choose(deal.view(seat), rng)
        finally:
            tgs.sample_codes = guess


def results(agent_of: Any, deals: int, first_seed: int) -> dict[tuple[int, int], tuple[float, float]]:
    """(last trick won, net) of the tested seat for every (seed, rotation)."""
    found: dict[tuple[int, int], tuple[float, float]] = {}
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for seed in range(first_seed, first_seed + deals):
        for rotation in range(SEATS):
            names = ["tested" if seat == rotation else "standard" for seat in range(SEATS)]
            agents = [agent_of() if name == "tested" else make_agent("standard", "tien-gow") for name in names]
            deal: Any = play("tien-gow", seed, names, agents, times, cpu)
            found[seed, rotation] = (float(deal.winner == rotation), float(deal.net[rotation]))
    return found


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of b − a and its 95% half-width."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    return statistics.mean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--from-tiles", type=int, default=8, help="see only with at most this many tiles in hand")
    parser.add_argument("--pooled", action="store_true",
                        help="see which tiles the other hands hold together, not who holds which")
    args = parser.parse_args()
    shipped = results(lambda: make_agent("strong", "tien-gow"), args.deals, args.seed)
    seeing = results(lambda: SeeingStrong(args.from_tiles, args.pooled), args.deals, args.seed)
    keys = sorted(shipped)
    sees = "strong seeing " + ("the other hands' tiles pooled" if args.pooled else "every hand")
    sees += f" from {args.from_tiles} tiles" if args.from_tiles < 8 else ""
    for label, found in (("strong", shipped), (sees, seeing)):
        wins = sum(found[k][0] for k in keys)
        low, high = wilson(wins, len(keys))
        net = sum(found[k][1] for k in keys) / len(keys)
        print(f"{label:>25}: {len(keys)} games, last tricks {wins / len(keys):.1%} "
              f"[{low:.1%}, {high:.1%}], net {net:+.2f}")
    for what, index in (("last tricks", 0), ("net", 1)):
        mean, half = paired([shipped[k][index] for k in keys], [seeing[k][index] for k in keys])
        print(f"seeing minus shipped, {what}: {mean:+.3f} ± {half:.3f}")


if __name__ == "__main__":
    main()
