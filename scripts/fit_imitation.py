"""Fit a model of Tien Gow ``standard``'s play: how well do play-outs imitate it? A generator of
product data.

    python scripts/fit_imitation.py [--deals 3000] [--seed 300000] [--write PATH] [--discards]

**Writes** one file, only with ``--write PATH``: the Python module at PATH, which is meant to be
``engine/ai/tien_gow_imitation.py`` (the opponent model of Tien Gow ``strong``'s play-outs;
``python scripts/fit_imitation.py --write engine/ai/tien_gow_imitation.py`` with the defaults
reproduces it). Without ``--write`` it only prints.

Plays ``standard`` against itself on ``--deals`` seeds from ``--seed`` (the fitting seeds) and as
many after them (the held-out seeds) — none of them a tuning (100000 …) or report (0 …) seed —
and records every decision with more than one legal action. Two conditional logit models
(McFadden's choice model: the chance of an option is proportional to exp of the sum of its
features' weights) are fitted to the fitting seeds' decisions by maximum likelihood (Adam, full
batch, a small L2 penalty, a fixed number of steps: the same data gives the same tables):

- **leads**, over the sets the hand holds: a weight per set, a weight per set and phase (tiles in
  hand 8–7, 6–5, 4–3, 2–1), and a weight per phase and rank of the set in greedy's lead order
  among the sets held (0 … 5, and 6 for the rest);
- **follows** where a face-up beat is legal, over "discard" and each beat held: for the discard
  a weight per tiles in hand and last-to-act, and per tiles in hand and pillarless; for a beat a
  weight per set, and per tiles in hand and rank in greedy's beat order (0, 1, 2, and 3 for the
  rest);
- with ``--discards``, **single discards** where two or more are legal, over the tiles held: a
  weight per tile and phase, per phase and rank of the tile in greedy's discard order among the
  tiles held (0 … 5, and 6 for the rest), and per phase for a tile held twice and for a tile in
  a pair the hand holds. Printed only: play-outs whose opponents drew their discards from it
  gained nothing (research/log.md, Tien Gow tuning), so it is not written.

It prints, on the held-out seeds, each model's mean log-likelihood and how often its likeliest
option is ``standard``'s choice, beside how often ``greedy``'s choice is (``greedy``'s is what
``strong``'s play-outs assumed of the opponents before they imitated ``standard``); with
``--write`` it writes the exponentiated weights as a Python module: the opponent model of
``strong``'s Tien Gow play-outs, engine/ai/tien_gow_imitation.py (docs/ai.md).
The figures of the last run are in research/results/fit_imitation_tg.txt.
"""
from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.strong_tien_gow import BEAT_IDS, LEAD_IDS  # noqa: E402
from engine.ai.tien_gow import WEAK_SHIFTS  # noqa: E402
from engine.tien_gow import make_action  # noqa: E402
from engine.tien_gow.hands import code_of  # noqa: E402
from engine.tien_gow.kernel import DOWN, GUARDS, SET_CODE, SET_SIZE, holds, to_id  # noqa: E402
from engine.tien_gow.table import SEATS  # noqa: E402
from scripts.selfplay import standard_decisions  # noqa: E402

PHASE = (3, 3, 3, 2, 2, 1, 1, 0, 0)  # tiles in hand -> phase: 8–7 0, 6–5 1, 4–3 2, 2–1 3
LEAD_RANKS, BEAT_RANKS, MAX_TILES = 7, 4, 8
# greedy's choice among a decision's options: the first set in lead order; after "discard", the
# first beat in beat order
GREEDY_OPTION = {"lead": 0, "follow": 1, "discard": 0}
DISCARD_RANKS = 7
WEAK_PLACE = {shift: place for place, shift in enumerate(WEAK_SHIFTS)}
PAIR_CODES = tuple(code for code, s in LEAD_IDS if SET_SIZE[s] == 2)
Feature = tuple[object, ...]
Decision = tuple[list[list[Feature]], int]  # each option's features, the chosen option


def lead_options(hand: int, left: int) -> list[tuple[int, list[Feature]]]:
    """A leader's options: every set held, in greedy's lead order, with its features."""
    g = hand | GUARDS
    phase = PHASE[left]
    held = [s for code, s in LEAD_IDS if holds(g, code)]
    return [(s, [("set", s), ("set_phase", phase, s), ("rank", phase, min(r, LEAD_RANKS - 1))])
            for r, s in enumerate(held)]


def follow_options(hand: int, left: int, high: int, last: bool, pillarless: bool,
                   legal: set[int]) -> list[tuple[int, list[Feature]]]:
    """A follower's options: "discard" (``DOWN``) and every legal face-up beat, in greedy's beat
    order, with their features."""
    g = hand | GUARDS
    beats = [s for code, s in BEAT_IDS[high] if holds(g, code) and s in legal]
    options: list[tuple[int, list[Feature]]] = [
        (DOWN, [("down", left, last), ("down_pillarless", left, pillarless)])]
    options += [(s, [("beat", s), ("beat_rank", left, min(r, BEAT_RANKS - 1))]) for r, s in enumerate(beats)]
    return options


def discard_options(hand: int, left: int) -> list[tuple[int, list[Feature]]]:
    """A single discard's options: every tile held (as its unit), in greedy's discard order
    (weakest first), with its features."""
    phase = PHASE[left]
    pairs = [code for code in PAIR_CODES if holds(hand, code)]
    options: list[tuple[int, list[Feature]]] = []
    for shift in WEAK_SHIFTS:
        held = (hand >> shift) & 3
        if held:
            options.append((1 << shift, [
                ("tile", phase, WEAK_PLACE[shift]), ("tile_rank", phase, min(len(options), DISCARD_RANKS - 1)),
                ("twice", phase, held == 2), ("in_pair", phase, any(code >> shift & 7 for code in pairs))]))
    return options


def decisions(first_seed: int, deals: int) -> Iterator[tuple[str, Decision]]:
    """Each non-forced decision of ``standard``'s self-play: (kind, (options' features, chosen));
    a single discard among two or more legal ones is also a "discard" decision."""
    for view, action in standard_decisions("tien-gow", range(first_seed, first_seed + deals)):
        legal = view.legal_actions()
        if len(legal) == 1:
            continue
        hand = code_of(view.hand)
        chosen = to_id(action)
        plays = view.trick.plays
        if not plays:
            options = lead_options(hand, len(view.hand))
            yield "lead", ([f for _, f in options], [s for s, _ in options].index(chosen))
            continue
        assert view.high is not None
        high = to_id(make_action(view.high.tiles, True))
        options = follow_options(hand, len(view.hand), high, len(view.trick.plays) == SEATS - 1,
                                 view.pillars[view.seat] == 0, {to_id(a) for a in legal})
        if chosen >= DOWN and plays[0].count == 1 and sum(a >= DOWN for a in map(to_id, legal)) > 1:
            tiles = discard_options(hand, len(view.hand))
            yield "discard", ([f for _, f in tiles], [u for u, _ in tiles].index(chosen - DOWN))
        if len(options) == 1:  # no beat is legal: only which tiles to discard
            continue
        picked = DOWN if chosen >= DOWN else chosen
        yield "follow", ([f for _, f in options], [s for s, _ in options].index(picked))


def scores(weights: dict[Feature, float], options: list[list[Feature]]) -> list[float]:
    return [sum(weights.get(k, 0.0) for k in f) for f in options]


def fit(data: list[Decision], steps: int, rate: float = 0.1, l2: float = 1e-3) -> dict[Feature, float]:
    """Maximum likelihood with Adam (full batch, ``steps`` steps, L2 penalty ``l2``)."""
    w: dict[Feature, float] = {}
    m: dict[Feature, float] = {}
    v: dict[Feature, float] = {}
    for step in range(1, steps + 1):
        grad: dict[Feature, float] = {}
        for options, chosen in data:
            sc = scores(w, options)
            top = max(sc)
            ex = [math.exp(x - top) for x in sc]
            z = sum(ex)
            for f, e in zip(options, ex, strict=True):
                for k in f:
                    grad[k] = grad.get(k, 0.0) - e / z
            for k in options[chosen]:
                grad[k] = grad.get(k, 0.0) + 1
        for k, gk in grad.items():
            gk = gk / len(data) - l2 * w.get(k, 0.0)
            m[k] = 0.9 * m.get(k, 0.0) + 0.1 * gk
            v[k] = 0.999 * v.get(k, 0.0) + 0.001 * gk * gk
            w[k] = w.get(k, 0.0) + rate * (m[k] / (1 - 0.9 ** step)) / (math.sqrt(v[k] / (1 - 0.999 ** step)) + 1e-8)
    return w


def evaluate(w: dict[Feature, float], data: list[Decision], greedy: int) -> tuple[float, float, float]:
    """(mean log-likelihood, share where the likeliest option is the choice, share where option
    ``greedy`` — greedy's choice — is)."""
    loglik = hits = 0.0
    for options, chosen in data:
        sc = scores(w, options)
        top = max(sc)
        loglik += sc[chosen] - top - math.log(sum(math.exp(x - top) for x in sc))
        hits += sc.index(top) == chosen
    return loglik / len(data), hits / len(data), sum(c == greedy for _, c in data) / len(data)


def tables(lead: dict[Feature, float], follow: dict[Feature, float]) -> str:
    """The text of the model's module: the exponentiated weights, rounded."""
    e = lambda x: round(math.exp(x), 5)  # noqa: E731
    n_sets = len(SET_CODE)
    lead_set = [[e(lead.get(("set", s), 0.0) + lead.get(("set_phase", p, s), 0.0)) for s in range(n_sets)]
                for p in range(4)]
    lead_rank = [[e(lead.get(("rank", p, r), 0.0)) for r in range(LEAD_RANKS)] for p in range(4)]
    down = [[[e(follow.get(("down", n, last), 0.0) + follow.get(("down_pillarless", n, pl), 0.0))
              for pl in (False, True)] for last in (False, True)] for n in range(MAX_TILES + 1)]
    beat = [e(follow.get(("beat", s), 0.0)) for s in range(n_sets)]
    beat_rank = [[e(follow.get(("beat_rank", n, r), 0.0)) for r in range(BEAT_RANKS)] for n in range(MAX_TILES + 1)]

    def nested(x: list[Any], indent: str = "") -> str:
        """A tuple literal, eight numbers to a line."""
        inner = indent + "    "
        if isinstance(x[0], list):
            return "(\n" + "".join(inner + nested(y, inner) + ",\n" for y in x) + indent + ")"
        rows = [", ".join(map(repr, x[i:i + 8])) + "," for i in range(0, len(x), 8)]
        return "(\n" + "".join(inner + row + "\n" for row in rows) + indent + ")"

    return f'''"""A model of Tien Gow ``standard``'s play, for the opponents of a play-out.

Written by ``python scripts/fit_imitation.py --write engine/ai/tien_gow_imitation.py`` (do not
edit): conditional logit models fitted to ``standard``'s self-play (docs/ai.md). An option's
weight is the product of the entries below; a seat picks an option with probability weight /
sum of the options' weights.
"""

# tiles in hand (0 … 8) -> phase of a lead's weights (8–7: 0, 6–5: 1, 4–3: 2, 2–1: 3)
PHASE: tuple[int, ...] = {PHASE!r}
# [phase][set id]: a lead of that set
LEAD_SET: tuple[tuple[float, ...], ...] = {nested(lead_set)}
# [phase][rank in greedy's lead order among the sets held, 6 for 6 and more]
LEAD_RANK: tuple[tuple[float, ...], ...] = {nested(lead_rank)}
# [tiles in hand][last to act][pillarless]: discarding rather than beating
DOWN: tuple[tuple[tuple[float, ...], ...], ...] = {nested(down)}
# [set id]: beating with that set
BEAT: tuple[float, ...] = {nested(beat)}
# [tiles in hand][rank in greedy's beat order among the beats held, 3 for 3 and more]
BEAT_RANK: tuple[tuple[float, ...], ...] = {nested(beat_rank)}
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="fitting seeds (as many again held out)")
    parser.add_argument("--seed", type=int, default=300000)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--write", type=Path, metavar="PATH", help="write the tables as a Python module")
    parser.add_argument("--discards", action="store_true", help="also fit single discards (printed only)")
    args = parser.parse_args(argv)
    kinds = ("lead", "follow", "discard") if args.discards else ("lead", "follow")
    train: dict[str, list[Decision]] = {kind: [] for kind in GREEDY_OPTION}
    test: dict[str, list[Decision]] = {kind: [] for kind in GREEDY_OPTION}
    for kind, decision in decisions(args.seed, args.deals):
        train[kind].append(decision)
    for kind, decision in decisions(args.seed + args.deals, args.deals):
        test[kind].append(decision)
    weights = {}
    for kind in kinds:
        weights[kind] = fit(train[kind], args.steps)
        loglik, hits, greedy_hits = evaluate(weights[kind], test[kind], GREEDY_OPTION[kind])
        print(f"{kind:<7} {len(train[kind]):>6} fitted, {len(test[kind]):>6} held out: log-likelihood "
              f"{loglik:.3f}, likeliest option is standard's {hits:.1%} (greedy's choice: {greedy_hits:.1%})")
    if args.write:
        args.write.write_text(tables(weights["lead"], weights["follow"]), encoding="utf-8")
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
