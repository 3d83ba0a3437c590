"""The move played is sampled on after the shared estimate until its accuracy is known well enough
(``engine.estimate.Sampling.refine``, ``engine.analysis.accuracy_is_precise``; issue 48: a Tien
Gow deal's accuracy moved up to 8 points between two draws of the estimate)."""
from __future__ import annotations

import random

import pytest

from engine import analysis
from engine.analysis import (
    ACCURACY_ERROR,
    accuracy_error,
    accuracy_is_precise,
    analyse,
    assess,
    estimate,
    graded_cost,
    move_accuracy,
    seat_moves,
)
from engine.cli import play_deal
from engine.estimate import REFINE_FACTOR, ROUND_WORLDS, Sampling, cost_z, estimate_worlds
from engine.games import game
from engine.rng import make_rng


class Act:
    """A stand-in action: only ``as_dict`` matters to the analysis."""

    def __init__(self, name: str) -> None:
        self.notation = name

    def as_dict(self) -> dict[str, object]:
        return {"tiles": self.notation}


class Chances:
    """A ``WorldSampler`` whose candidates win world k when its one uniform draw is below their
    chance (common random numbers: the same draw for every candidate); it counts what it does."""

    exact = False

    def __init__(self, chances: list[float], work: int) -> None:
        self.actions = [Act(str(i)) for i in range(len(chances))]
        self.chances, self.work = chances, work
        self.worlds: list[float] = []
        self.plays = 0

    def draw(self, rng: random.Random) -> float:
        self.worlds.append(rng.random())
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        self.plays += 1
        return float(self.worlds[world] < self.chances[candidate]), 0.0


def test_the_accuracy_error_is_how_far_one_standard_error_moves_the_graded_accuracy():
    # the interval's lower end below 0 either way: the accuracy is 100 whatever the draw
    assert accuracy_error(0.02, 0.08, 0.02) == 0.0
    # else half the accuracy between the graded costs one standard error below and above
    assert accuracy_error(0.20, 0.06, 0.02) == pytest.approx(
        (move_accuracy(graded_cost(0.18, 0.06)) - move_accuracy(graded_cost(0.22, 0.06))) / 2)
    assert accuracy_error(0.20, 0.06, 0.02) > ACCURACY_ERROR  # 0.02 of chance is about 5 points there
    assert accuracy_is_precise(0.20, 0.02, 0.005) and not accuracy_is_precise(0.20, 0.06, 0.02)


def test_the_move_played_is_sampled_on_until_its_accuracy_is_precise_and_the_estimate_is_unchanged():
    chances = [0.5, 0.35, 0.1]  # the second costs 0.15: a mistake, settled long before it is precise
    sampling = Sampling(Chances(chances, work=2000), make_rng(7), analysis.SETTLING_BOUNDS)
    shared = sampling.estimate
    second = next(c for c in shared.candidates if c.action.notation == "1")
    assert not accuracy_is_precise(second.cost, second.cost_margin, second.cost_margin / sampling.tally.z)
    cost, margin = sampling.refine(1, accuracy_is_precise)
    assert margin < 0.7 * second.cost_margin and cost == pytest.approx(0.15, abs=0.03)
    assert accuracy_is_precise(cost, margin, margin / sampling.tally.z)
    # the estimate the hint reads is the same, refined or not
    fresh = estimate_worlds(Chances(chances, 2000), make_rng(7), analysis.SETTLING_BOUNDS)
    assert sampling.estimate is shared
    assert [(c.action.notation, c.first, c.cost, c.cost_margin, c.worlds) for c in shared.candidates] == [
        (c.action.notation, c.first, c.cost, c.cost_margin, c.worlds) for c in fresh.candidates]


def test_a_refinement_stops_at_its_budget_and_the_best_needs_none():
    sampler = Chances([0.5, 0.35], work=100)  # far too little work to make 0.15 precise
    sampling = Sampling(sampler, make_rng(3), analysis.SETTLING_BOUNDS)
    before = sampler.plays + len(sampler.worlds)
    cost, margin = sampling.refine(1, accuracy_is_precise)
    spent = sampler.plays + len(sampler.worlds) - before
    assert REFINE_FACTOR * 100 <= spent < REFINE_FACTOR * 100 + 3 * ROUND_WORLDS
    assert not accuracy_is_precise(cost, margin, margin / sampling.tally.z)
    best = sampling.estimate.candidates[0]
    assert sampling.refine(int(best.action.notation), accuracy_is_precise) == (0.0, 0.0)
    assert sampler.plays + len(sampler.worlds) - before == spent  # nothing played for the best


def _refined_decision(key: str, level: str) -> tuple[dict[str, object], int, object, object]:
    """A finished deal's decision of seat 0 whose move's shared estimate leaves its accuracy
    imprecise: (record, step, view, the move)."""
    for seed in range(1, 40):
        record = play_deal(key, seed, ["greedy"] + [level] * (game(key).seats - 1))
        for step, before, played in seat_moves(record, 0):
            view = before.view(0)
            if len(view.legal_actions()) < 2:
                continue
            found = estimate(key, view, level=level)
            mine = next((c for c in found.candidates if c.action.as_dict() == played.as_dict()), None)
            if mine is not None and not accuracy_is_precise(mine.cost, mine.cost_margin, mine.cost_margin / cost_z(len(found.candidates))):
                return record, step, view, played
    raise AssertionError("no imprecise decision in 39 deals")


def test_the_analysis_and_the_puzzles_judge_grade_a_move_from_its_refined_cost_alike():
    record, step, view, played = _refined_decision("tien-gow", "standard")
    found = estimate("tien-gow", view, level="standard")
    mine = next(c for c in found.candidates if c.action.as_dict() == played.as_dict())
    judged = assess("tien-gow", view, played, level="standard", step=step)
    assert judged.margin is not None and judged.margin < mine.cost_margin  # sampled on
    in_deal = next(d for d in analyse(record, 0, level="standard").decisions if d.step == step)
    assert in_deal == judged  # the same view, move and draw: the same judgement
    # the figures shown stay the shared estimate's (the hint's)
    assert [f.first for _, f in judged.figures] == [c.first for c in found.candidates]
