"""What each of Tien Gow's table options changes, measured by self-play (issue 49).

Plays the same matches (seeds) under the default rules, under each option alone and under all
four, every seat played by the same computer level through the engine (``Deal.apply`` checks every
move), a match being ``--match`` deals in a row (the winner banks next, TG-19: a rising banker
counts), and reports per rule set:

- ``banker keeps``: the share of deals the banker wins (and so banks again);
- ``mean |net|`` and ``net spread``: a seat's net points per deal, its mean absolute value and its
  standard deviation; ``banker net``: the banker's mean net points per deal;
- ``early death``: the share of deals whose last trick is a single in which a follower without a
  pillar holds a tile that beats the high set when it is their turn: early death (TG-12) makes them
  discard it; under ``no-early-death`` they may beat, and ``beat`` counts the deals where one does;
- ``mixed sets``: the share of deals in which a mixed civil–military set is played face up (none
  under ``pure-pairs``), and such sets per deal.

Usage: python bench/variants.py [--matches 150] [--match 8] [--level greedy] [--seed 0]
Writes the table to bench/results/variants.txt and the figures to bench/results/variants.json.
Then ``python scripts/variant_figures.py`` copies the figures to the Tien Gow sources page's content.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import tien_gow as tg  # noqa: E402
from engine.games.tien_gow import SPEC  # noqa: E402
from engine.tien_gow.sets import MIXED  # noqa: E402

OPTION_KEYS = tuple(o.key for o in tg.OPTIONS)
RULE_SETS: tuple[tuple[str, ...], ...] = ((), *((key,) for key in OPTION_KEYS), OPTION_KEYS)
RESULTS = Path(__file__).resolve().parent / "results"


class DealFacts(NamedTuple):
    banker_kept: bool
    nets: tuple[int, ...]
    banker_net: int
    early_death: bool  # a pillarless follower held a beat on a last single (TG-12 applies or not)
    pillarless_beat: bool  # and beat it (only possible without early death)
    mixed_sets: int


def facts(deal: tg.Deal) -> DealFacts:
    """What the finished ``deal`` tells about each measure."""
    last = deal.tricks[-1]
    early = beat = False
    if len(last.plays[0].action.tiles) == 1:
        pillars = list(deal.pillars)
        assert last.winner is not None
        pillars[last.winner] -= 1  # as they were before the last trick
        high = tg.classify(last.plays[0].action.tiles)
        for turn in last.plays[1:]:
            held = turn.action.tiles
            could = high is not None and tg.classify(held) in tg.sets.BEATEN_BY[high.id]
            if not pillars[turn.player] and could:
                early = True
                beat = beat or turn.action.face_up
            if turn.action.face_up:
                high = tg.classify(held)
    mixed = sum(1 for trick in deal.tricks for turn in trick.plays
                if turn.action.face_up and (s := tg.classify(turn.action.tiles)) is not None and s.kind == MIXED)
    return DealFacts(deal.winner == deal.banker, deal.net, deal.net[deal.banker], early, beat, mixed)


def play_match(variant: tuple[str, ...], seed: int, deals: int, level: str) -> list[DealFacts]:
    agents = [SPEC.make_agent(level) for _ in range(4)]
    found: list[DealFacts] = []
    previous: tg.Deal | None = None
    for n in range(deals):
        deal_seed = seed * 1000 + n
        first = None if previous is None else previous.winner
        deal = SPEC.under(tg.next_deal(deal_seed, first), variant, previous)
        rngs = [random.Random(deal_seed * 16 + s + 1) for s in range(4)]
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            deal = deal.apply(agents[seat].choose(deal.view(seat), rngs[seat]), seat)
        found.append(facts(deal))
        previous = deal
    return found


def summary(variant: tuple[str, ...], found: list[DealFacts]) -> dict[str, object]:
    n = len(found)
    nets = [x for f in found for x in f.nets]
    return {
        "variant": list(variant), "deals": n,
        "banker_keeps": sum(f.banker_kept for f in found) / n,
        "mean_abs_net": statistics.fmean(abs(x) for x in nets),
        "net_spread": statistics.pstdev(nets),
        "banker_net": statistics.fmean(f.banker_net for f in found),
        "early_death": sum(f.early_death for f in found) / n,
        "pillarless_beat": sum(f.pillarless_beat for f in found) / n,
        "mixed_deals": sum(f.mixed_sets > 0 for f in found) / n,
        "mixed_per_deal": statistics.fmean(f.mixed_sets for f in found),
    }


def table(rows: list[dict[str, object]], header: str) -> str:
    lines = [header, "",
             f"{'rule set':<38}{'deals':>6}{'banker keeps':>14}{'mean |net|':>12}{'net spread':>12}"
             f"{'banker net':>12}{'early death':>13}{'beat':>7}{'mixed sets':>12}{'per deal':>10}"]
    for row in rows:
        keys = list(row["variant"])  # type: ignore[call-overload]
        name = "all four" if len(keys) == len(OPTION_KEYS) else ",".join(keys) or "default"
        lines.append(f"{name:<38}{row['deals']:>6}{row['banker_keeps']:>14.1%}{row['mean_abs_net']:>12.2f}"
                     f"{row['net_spread']:>12.2f}{row['banker_net']:>12.2f}{row['early_death']:>13.1%}"
                     f"{row['pillarless_beat']:>7.1%}{row['mixed_deals']:>12.1%}{row['mixed_per_deal']:>10.2f}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=150)
    parser.add_argument("--match", type=int, default=8, help="deals per match")
    parser.add_argument("--level", default="greedy", choices=SPEC.agent_levels)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS / "variants.txt")
    args = parser.parse_args()
    rows = []
    for variant in RULE_SETS:
        found = [f for m in range(args.seed, args.seed + args.matches)
                 for f in play_match(variant, m, args.match, args.level)]
        rows.append(summary(variant, found))
    header = (f"Tien Gow's table options by self-play: {args.matches} matches of {args.match} deals, "
              f"every seat {args.level}, match seeds {args.seed}..{args.seed + args.matches - 1} "
              f"(python bench/variants.py --matches {args.matches} --match {args.match} --level {args.level} "
              f"--seed {args.seed})")
    text = table(rows, header)
    print(text, end="")
    args.out.write_text(text, encoding="utf-8")
    args.out.with_suffix(".json").write_text(json.dumps({"command": header, "rows": rows}, indent=1) + "\n",
                                             encoding="utf-8")


if __name__ == "__main__":
    main()
