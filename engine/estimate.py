"""The estimate of a position that the hint, the analysis and the mistake puzzles share
(docs/analysis.md, "Estimate"): every candidate judged on the same sampled worlds, sampled until
each candidate's cost is clear of the grade's bounds or the budget ends.

An estimating agent gives a ``WorldSampler`` for a view (``Estimator.sampler``): its candidates,
one sampled world of the hidden hands (with its weight) at a time (``draw``), and a candidate's result in a
world (first-place share, score). Every candidate's result in world *k* is the same whichever
order the candidates are played in (common random numbers), so the cost of a candidate — the
best's figure less its own — is measured world by world, paired, with a small variance.

``estimate_worlds(sampler, rng, bounds)`` samples in rounds of ``ROUND_WORLDS`` worlds; after at
least ``SETTLE_WORLDS``, a candidate whose interval (cost ± ``cost_z`` standard errors) lies within one
band of ``bounds`` stops being played (it is *settled*); the best so far is always played. It stops
when only the best is left, or when its plays and worlds reach ``BUDGET_FACTOR`` × those of the
agent's own search (``sampler.work``). No candidate's figure rests on worlds chosen for scoring low: each one's
figures are its means over the first worlds drawn, the same for every candidate; and the move a
player made (``follow``) is played on every world drawn before its cost is taken.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from statistics import NormalDist

from engine.spec import Action, WorldSampler

Z = 1.96  # a figure's 95% interval


def cost_z(candidates: int) -> float:
    """The z of a cost's interval among ``candidates``: 95% after Bonferroni's correction for the
    comparisons with the others, as the best is itself chosen among them (its lead is the
    largest of several noisy ones, so a single comparison's interval would be too narrow)."""
    return NormalDist().inv_cdf(1 - 0.025 / max(1, candidates - 1))
ROUND_WORLDS = 8  # worlds drawn per round
MIN_WORLDS = 16  # worlds per candidate the budget allows at least
# Worlds before any candidate may settle: on fewer, a paired cost of 0/1 results can clear a band by
# luck (16 worlds once graded a move 0.56 ± 0.36, a blunder, that 500 worlds put at 0.06).
SETTLE_WORLDS = 64
# The budget, in plays (a candidate in a world) and worlds drawn, against the agent's own search of
# the position: measured by bench/analysis_stability.py (docs/analysis.md).
BUDGET_FACTOR = 1.6
# A floor under a paired difference's variance, as one more world of full disagreement would add
# (0/1 results of a few worlds can all agree by chance: no candidate settles on that).
VARIANCE_FLOOR = 1.0

# When the chance cannot tell (every candidate's first-place chance at most CHANCE_SPREAD: the deal
# is lost whatever the move) and every candidate has a score, candidates are ranked and costed by
# score, SCORE_WEIGHT a point (Chuo Pai cards, Tien Gow net points).
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
    ``cost_margin`` (paired, world by world, ``cost_z`` standard errors), ``worlds`` how many
    worlds it was played in."""

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


class _Sums:
    """Running weighted sums of a series (its first ``n`` values), for its mean and margin."""

    __slots__ = ("n", "total", "total2", "s1", "s2")

    def __init__(self) -> None:
        self.n, self.total, self.total2, self.s1, self.s2 = 0, 0.0, 0.0, 0.0, 0.0

    def add(self, value: float, weight: float) -> None:
        self.n += 1
        self.total += weight
        self.total2 += weight * weight
        self.s1 += weight * value
        self.s2 += weight * value * value

    def mean(self) -> float:
        return self.s1 / self.total if self.total > 0 else 0.0

    def margin(self, floor: float, z: float = Z) -> float:
        """``z`` × the standard error of the weighted mean (Kish's effective sample size), the
        variance floored as one more observation of ``floor`` squared deviation would make it."""
        if self.n == 0 or self.total <= 0:
            return math.inf
        mean = self.s1 / self.total
        var = max(0.0, self.s2 / self.total - mean * mean) + floor / self.n
        return z * math.sqrt(var / (self.total * self.total / self.total2))


def _band(cost: float, bounds: Sequence[float]) -> int:
    return sum(1 for b in bounds if cost >= b)


class _Tally:
    """Every candidate's results so far and their sums, kept up to date as worlds are played (the
    paired sums against the best start again when the best or the basis changes)."""

    def __init__(self, actions: Sequence[Action], floor: float) -> None:
        n = len(actions)
        self.actions, self.floor, self.z = actions, floor, cost_z(n)
        self.weights: list[float] = []
        self.firsts: list[list[float]] = [[] for _ in range(n)]
        self.scores: list[list[float]] = [[] for _ in range(n)]
        self.first_sums = [_Sums() for _ in range(n)]
        self.score_sums = [_Sums() for _ in range(n)]
        self.paired: list[tuple[int, str, _Sums] | None] = [None] * n

    def add(self, candidate: int, first: float, score: float) -> None:
        k = len(self.firsts[candidate])
        self.firsts[candidate].append(first)
        self.scores[candidate].append(score)
        self.first_sums[candidate].add(first, self.weights[k])
        self.score_sums[candidate].add(score, self.weights[k])

    def _cost(self, best: int, c: int, basis: str) -> tuple[float, float]:
        found = self.paired[c]
        if found is None or found[0] != best or found[1] != basis:
            found = (best, basis, _Sums())
            self.paired[c] = found
        sums = found[2]
        values = self.scores if basis == SCORE else self.firsts
        scale = SCORE_WEIGHT if basis == SCORE else 1.0
        mine, theirs, weights = values[c], values[best], self.weights
        for k in range(sums.n, min(len(mine), len(theirs))):
            sums.add(scale * (theirs[k] - mine[k]), weights[k])
        return sums.mean(), sums.margin(self.floor, self.z)

    def summary(self) -> Estimate:
        n = len(self.actions)
        first = [self.first_sums[c].mean() for c in range(n)]
        scored = all(v and not math.isnan(v[0]) for v in self.scores)
        score = [self.score_sums[c].mean() for c in range(n)] if scored else [0.0] * n
        basis = SCORE if scored and max(first) <= CHANCE_SPREAD else FIRST
        if basis == SCORE:
            order = sorted(range(n), key=lambda c: (-score[c], -first[c], c))
        else:
            order = sorted(range(n), key=lambda c: (-first[c], -score[c], c))
        best = order[0]
        found = []
        for c in order:
            cost, cost_margin = (0.0, 0.0) if c == best else self._cost(best, c, basis)
            found.append(Candidate(self.actions[c], first[c], self.first_sums[c].margin(0.0),
                                   score[c] if scored else None,
                                   self.score_sums[c].margin(0.0) if scored else None,
                                   max(0.0, cost), cost_margin, len(self.firsts[c])))
        return Estimate(tuple(found), basis, len(self.weights), sum(len(f) for f in self.firsts))


def estimate_worlds(sampler: WorldSampler, rng: random.Random, bounds: Sequence[float],
                    follow: int | None = None) -> Estimate:
    """Every candidate of ``sampler`` played on common worlds drawn from ``rng``, until each
    candidate other than the best is settled within one band of ``bounds`` (increasing costs) or
    the budget is spent (module docstring). ``follow``: the index of a candidate in
    ``sampler.actions`` (the move a player made) whose figures are then completed on every world
    drawn (``_follow``)."""
    actions = list(sampler.actions)
    n = len(actions)
    if sampler.exact:  # one world tells all
        tally = _Tally(actions, 0.0)
        tally.weights.append(sampler.draw(rng))
        for c in range(n):
            tally.add(c, *sampler.play(c, 0))
        return tally.summary()
    tally = _Tally(actions, VARIANCE_FLOOR)
    weights = tally.weights
    budget = max(MIN_WORLDS * n, int(BUDGET_FACTOR * sampler.work))
    active = list(range(n))
    plays = 0
    while True:
        for _ in range(ROUND_WORLDS):
            weights.append(sampler.draw(rng))
        for c in active:  # a candidate back in play first catches up on the worlds it missed
            for k in range(len(tally.firsts[c]), len(weights)):
                tally.add(c, *sampler.play(c, k))
                plays += 1
        if len(weights) < SETTLE_WORLDS:
            continue
        found = tally.summary()
        index = {id(a): c for c, a in enumerate(actions)}
        best = index[id(found.candidates[0].action)]
        if plays + len(weights) >= budget:
            return _follow(sampler, tally, found, best, follow)
        active = sorted({best} | {index[id(f.action)] for f in found.candidates[1:]
                                  if _band(max(0.0, f.cost - f.cost_margin), bounds)
                                  != _band(f.cost + f.cost_margin, bounds)})
        if active == [best]:
            return _follow(sampler, tally, found, best, follow)


def _follow(sampler: WorldSampler, tally: _Tally, found: Estimate, best: int, follow: int | None) -> Estimate:
    """``found`` with the figures of candidate ``follow`` (when it settled before the end) completed
    on every world drawn: a candidate settles on the worlds that made it look clear of a band, and
    on few of them a move was once graded a blunder at 0.56 ± 0.36 that all 512 worlds put at 0.06.
    The search, the order, the best and every other figure stay as found (the hint reads the same
    estimate); a move now as good as the best costs 0."""
    if follow is None or sampler.exact or len(tally.firsts[follow]) >= len(tally.weights):
        return found
    for k in range(len(tally.firsts[follow]), len(tally.weights)):
        tally.add(follow, *sampler.play(follow, k))
    cost, cost_margin = (0.0, 0.0) if follow == best else tally._cost(best, follow, found.basis)
    action = tally.actions[follow]
    scored = found.candidates[0].score is not None
    figures = Candidate(action, tally.first_sums[follow].mean(), tally.first_sums[follow].margin(0.0),
                        tally.score_sums[follow].mean() if scored else None,
                        tally.score_sums[follow].margin(0.0) if scored else None,
                        max(0.0, cost), cost_margin, len(tally.firsts[follow]))
    return replace(found, candidates=tuple(figures if f.action is action else f for f in found.candidates),
                   plays=sum(len(f) for f in tally.firsts))
