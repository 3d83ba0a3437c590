"""The estimate of a position that the hint, the analysis and the mistake puzzles share
(docs/analysis.md, "Estimate"): every candidate judged on the same sampled worlds, sampled until
each candidate's cost is clear of the grade's bounds or the budget ends.

An estimating agent gives a ``WorldSampler`` for a view (``Estimator.sampler``): its candidates,
one sampled world of the hidden hands (with its weight) at a time (``draw``), and a candidate's result in a
world (first-place share, score). Every candidate's result in world *k* is the same whichever
order the candidates are played in (common random numbers), so the cost of a candidate — the
best's figure less its own — is measured world by world, paired, with a small variance.

``estimate_worlds(sampler, rng, bounds)`` samples in rounds of ``ROUND_WORLDS`` worlds; after at
least ``MIN_WORLDS``, a candidate whose interval (cost ± ``Z`` standard errors) lies within one
band of ``bounds`` stops being played (it is *settled*); the best so far is always played. It stops
when only the best is left, or when the plays reach ``BUDGET_FACTOR`` × the agent's own search
work (``sampler.work``). No candidate's figure rests on worlds chosen for scoring low: each one's
figures are its means over the first worlds drawn, the same for every candidate.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.spec import Action, WorldSampler

Z = 1.96  # a 95% interval
ROUND_WORLDS = 8  # worlds drawn per round
MIN_WORLDS = 16  # worlds before any candidate may settle
# The budget, in plays (a candidate in a world), against the agent's own search of the position:
# measured by bench/analysis_stability.py (docs/analysis.md).
BUDGET_FACTOR = 1.8
# A floor under a paired difference's variance, as one more world of full disagreement would add
# (0/1 results of a few worlds can all agree by chance: no candidate settles on that).
VARIANCE_FLOOR = 1.0

# When the chance cannot tell (every candidate's first-place chance within CHANCE_SPREAD of each
# other: the deal is lost, or won, whatever the move) and every candidate has a score, candidates
# are ranked and costed by score, SCORE_WEIGHT a point (Chuo Pai cards, Tien Gow net points).
CHANCE_SPREAD = 0.02
SCORE_WEIGHT = 0.02

# Bases of a cost: the first-place chance or the expected score.
FIRST, SCORE = "first", "score"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate's figures: ``first`` its chance of first place (0..1, a tie among k counting
    1/k) and ``first_margin`` its interval's half-width (``Z`` standard errors), ``score`` its
    expected score and ``score_margin`` (None when the agent gives none), ``cost`` what it loses
    against the best (in chance, or SCORE_WEIGHT × score on the ``score`` basis, at least 0) and
    ``cost_margin`` (paired, world by world), ``worlds`` how many worlds it was played in."""

    action: Action
    first: float
    first_margin: float
    score: float | None
    score_margin: float | None
    cost: float
    cost_margin: float
    worlds: int


@dataclass(frozen=True, slots=True)
class Estimate:
    """A position's estimate: ``candidates`` best first (by chance, then score; by score, then
    chance, on the ``score`` basis; ties in the agent's order), the ``basis`` of their costs, the
    ``worlds`` drawn and the ``plays`` made."""

    candidates: tuple[Candidate, ...]
    basis: str
    worlds: int
    plays: int


def _mean(values: Sequence[float], weights: Sequence[float]) -> float:
    total = sum(weights[:len(values)])
    return sum(w * v for w, v in zip(weights, values, strict=False)) / total if total > 0 else 0.0


def _margin(values: Sequence[float], weights: Sequence[float], floor: float) -> tuple[float, float]:
    """(weighted mean, Z × its standard error) of ``values`` (the first of ``weights``), the
    variance floored as one more observation of ``floor`` squared deviation would make it."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    w = weights[:n]
    total = sum(w)
    if total <= 0:
        return 0.0, math.inf
    mean = sum(a * v for a, v in zip(w, values, strict=True)) / total
    var = (sum(a * (v - mean) ** 2 for a, v in zip(w, values, strict=True)) / total * n + floor) / n
    effective = total * total / sum(a * a for a in w)  # Kish's effective sample size
    return mean, Z * math.sqrt(var / effective)


def _band(cost: float, bounds: Sequence[float]) -> int:
    return sum(1 for b in bounds if cost >= b)


def _summary(actions: Sequence[Action], firsts: list[list[float]], scores: list[list[float]],
             weights: list[float], floor: float) -> Estimate:
    n = len(actions)
    first = [_mean(firsts[c], weights) for c in range(n)]
    scored = all(not math.isnan(s) for c in range(n) for s in scores[c][:1]) and all(scores)
    score = [_mean(scores[c], weights) for c in range(n)] if scored else [0.0] * n
    basis = SCORE if scored and max(first) - min(first) <= CHANCE_SPREAD else FIRST
    if basis == SCORE:
        order = sorted(range(n), key=lambda c: (-score[c], -first[c], c))
    else:
        order = sorted(range(n), key=lambda c: (-first[c], -score[c], c))
    best = order[0]
    found = []
    for c in order:
        m = min(len(firsts[best]), len(firsts[c]))
        if basis == SCORE:
            diffs = [SCORE_WEIGHT * (scores[best][k] - scores[c][k]) for k in range(m)]
        else:
            diffs = [firsts[best][k] - firsts[c][k] for k in range(m)]
        cost, cost_margin = (0.0, 0.0) if c == best else _margin(diffs, weights, floor)
        _, first_margin = _margin(firsts[c], weights, 0.0)
        score_margin = _margin(scores[c], weights, 0.0)[1] if scored else None
        found.append(Candidate(actions[c], first[c], first_margin, score[c] if scored else None, score_margin,
                               max(0.0, cost), cost_margin, len(firsts[c])))
    return Estimate(tuple(found), basis, len(weights), sum(len(f) for f in firsts))


def estimate_worlds(sampler: WorldSampler, rng: random.Random, bounds: Sequence[float]) -> Estimate:
    """Every candidate of ``sampler`` played on common worlds drawn from ``rng``, until each
    candidate other than the best is settled within one band of ``bounds`` (increasing costs) or
    the budget is spent (module docstring)."""
    actions = list(sampler.actions)
    n = len(actions)
    if sampler.exact:  # one world tells all
        sampler.draw(rng)
        results = [sampler.play(c, 0) for c in range(n)]
        return _summary(actions, [[f] for f, _ in results], [[s] for _, s in results], [1.0], 0.0)
    weights: list[float] = []
    firsts: list[list[float]] = [[] for _ in range(n)]
    scores: list[list[float]] = [[] for _ in range(n)]
    budget = max(MIN_WORLDS * n, int(BUDGET_FACTOR * sampler.work))
    active = list(range(n))
    plays = 0
    while True:
        for _ in range(ROUND_WORLDS):
            weights.append(sampler.draw(rng))
        for c in active:  # a candidate back in play first catches up on the worlds it missed
            for k in range(len(firsts[c]), len(weights)):
                first, score = sampler.play(c, k)
                firsts[c].append(first)
                scores[c].append(score)
                plays += 1
        if len(weights) < MIN_WORLDS:
            continue
        found = _summary(actions, firsts, scores, weights, VARIANCE_FLOOR)
        if plays >= budget:
            return found
        index = {id(a): c for c, a in enumerate(actions)}
        best = index[id(found.candidates[0].action)]
        active = sorted({best} | {index[id(f.action)] for f in found.candidates[1:]
                                  if _band(max(0.0, f.cost - f.cost_margin), bounds)
                                  != _band(f.cost + f.cost_margin, bounds)})
        if active == [best]:
            return found
