"""Analysis of a finished deal (engine/analysis.py) and the duplicate (engine/seating.py).

Kept fast: most properties use ``standard`` (a few ms a decision); ``strong`` only where a few
decisions suffice. Playing strength and time per deal are measured in bench/analysis.py."""
from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine import analysis
from engine.analysis import (
    BEST_MAX,
    BLUNDER,
    GOOD_BELOW,
    GRADES,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    SCORE_WEIGHT,
    UNWEIGHED_COST,
    AnalysisError,
    analyse,
    assess,
    cost_of,
    deal_accuracy,
    duplicate,
    grade,
    graded_cost,
    is_close,
    move_accuracy,
    play_again,
)
from engine.cli import play_deal
from engine.estimate import Estimate, estimate_worlds
from engine.games import GAME_KEYS, game
from engine.rng import make_rng
from engine.seating import agent_rng, agent_seed, play_seats

# The games whose levels these properties use (greedy, standard, strong): each game declares its own.
LEVELLED = tuple(k for k in GAME_KEYS if {"greedy", "standard", "strong"} <= set(game(k).agent_levels))


def record_of(key: str, seed: int, human: str = "greedy", others: str = "standard") -> dict[str, Any]:
    """A finished deal: ``human`` in seat 0, ``others`` elsewhere (self-play's seeding)."""
    return play_deal(key, seed, [human] + [others] * (game(key).seats - 1))


# -- grades, costs, accuracy -------------------------------------------------------------------------

def test_grades_are_monotone_in_the_cost_and_the_bounds_are_as_documented():
    costs = [i / 1000 for i in range(0, 1001)]
    ranks = [GRADES.index(grade(c)) for c in costs]
    assert ranks == sorted(ranks)
    assert set(ranks) == set(range(len(GRADES)))
    assert [grade(c) for c in (0.0, BEST_MAX, BEST_MAX + 1e-9, GOOD_BELOW - 1e-9, GOOD_BELOW,
                               INACCURACY_BELOW - 1e-9, INACCURACY_BELOW, MISTAKE_BELOW - 1e-9,
                               MISTAKE_BELOW, 1.0)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_accuracy_is_lichess_mapping_clamped_and_averaged():
    assert move_accuracy(0.0) == 100.0  # exactly, as documented (the formula gives 99.9999)
    assert move_accuracy(0.10) == pytest.approx(103.1668 * math.exp(-0.04354 * 10) - 3.1669)
    assert move_accuracy(0.25) == pytest.approx(103.1668 * math.exp(-0.04354 * 25) - 3.1669)
    assert move_accuracy(1.0) == 0.0  # 103.1668 e^-4.354 < 3.1669: clamped
    assert move_accuracy(-0.5) <= 100.0
    costs = [0.0, 0.05, 0.3]
    assert deal_accuracy(costs) == pytest.approx(sum(move_accuracy(c) for c in costs) / 3)
    assert deal_accuracy([]) is None
    accuracies = [move_accuracy(c / 100) for c in range(101)]
    assert accuracies == sorted(accuracies, reverse=True)


class Act:
    """A stand-in action: only ``as_dict`` matters to the analysis."""

    def __init__(self, name: str) -> None:
        self.notation = name

    def as_dict(self) -> dict[str, object]:
        return {"tiles": self.notation}


def _estimate(rows: list[tuple[Any, list[float], list[float]]], work: int = 0) -> Estimate:
    """The estimate of candidates with these results world by world (one weight each)."""
    return estimate_worlds(Table(rows, work), make_rng(0), analysis.SETTLING_BOUNDS)


class Table:
    """A ``WorldSampler`` whose candidates' results in world k are given (repeated in turn)."""

    exact = False

    def __init__(self, rows: list[tuple[Any, list[float], list[float]]], work: int = 0) -> None:
        self.rows = rows
        self.work = work
        self.actions = [r[0] for r in rows]

    def draw(self, rng: random.Random) -> float:
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        _, firsts, scores = self.rows[candidate]
        return firsts[world % len(firsts)], scores[world % len(scores)]


def test_cost_is_the_chance_lost_or_else_the_score_lost_or_else_the_worst():
    a, b, c, x = Act("a"), Act("b"), Act("c"), Act("x")
    # Worlds in which a wins 1 in 2, b 1 in 4 (only where a wins too), c never: paired costs.
    found = _estimate([(a, [1, 0, 1, 0], [3]), (b, [1, 0, 0, 0], [9]), (c, [0], [0])])
    assert [cand.action for cand in found.candidates] == [a, b, c] and found.basis == "first"
    assert cost_of(found, a) == (0.0, 0.0, "first")
    cost, margin, basis = cost_of(found, b)
    assert (cost, basis) == (pytest.approx(0.25), "first") and 0 < margin < 0.3
    assert cost_of(found, c)[0] == pytest.approx(0.5)
    # Every chance at most CHANCE_SPREAD (lost whatever the move): the scores decide, SCORE_WEIGHT a point.
    flat = _estimate([(a, [0], [14]), (b, [0], [9]), (c, [0], [16])])
    assert flat.basis == "score" and [cand.action for cand in flat.candidates] == [c, a, b]
    assert cost_of(flat, b)[0] == pytest.approx(SCORE_WEIGHT * 7) and cost_of(flat, c)[0] == 0.0
    # Close chances that are not all lost: the chance decides (the hint says "chance" there too).
    even = _estimate([(a, [1, 0], [14]), (b, [1, 0], [9]), (c, [0, 1], [16])])
    assert even.basis == "first" and all(cand.cost == 0.0 for cand in even.candidates)
    # A move the search did not weigh: its worst candidate's cost, at least UNWEIGHED_COST.
    assert cost_of(found, x)[0] == pytest.approx(0.5) and cost_of(found, x)[2] == "unweighed"
    near = _estimate([(a, [1], [0]), (c, [1], [0])])
    assert cost_of(near, x)[0] == UNWEIGHED_COST and grade(graded_cost(*cost_of(near, x)[:2])) != "best"


def test_a_move_is_graded_by_the_cost_the_evidence_establishes_and_close_when_it_straddles():
    assert graded_cost(0.12, 0.05) == pytest.approx(0.07) and graded_cost(0.03, 0.05) == 0.0
    assert grade(graded_cost(0.12, 0.05)) == "inaccuracy" and is_close(0.12, 0.05)
    assert not is_close(0.30, 0.05) and not is_close(0.0, 0.0)


def test_common_worlds_stop_a_clear_candidate_and_never_judge_one_on_chosen_worlds():
    a, b, c = Act("a"), Act("b"), Act("c")
    # b loses every world a wins (a blunder, clear at once); c is a's equal but for one world in
    # eight, and is played on as long as the budget lasts: each on the first worlds drawn.
    found = _estimate([(a, [1, 0], [0]), (b, [0], [0]), (c, [1, 0, 1, 0, 1, 0, 0, 0], [0])], work=400)
    by = {cand.action: cand for cand in found.candidates}
    assert by[b].worlds < by[c].worlds == by[a].worlds == found.worlds
    assert by[b].cost == pytest.approx(0.5) and grade(graded_cost(by[b].cost, by[b].cost_margin)) == BLUNDER
    assert by[c].cost == pytest.approx(1 / 8, abs=0.02)


def test_no_candidate_settles_before_settle_worlds_and_the_move_played_is_judged_on_every_world():
    from engine.estimate import SETTLE_WORLDS
    a, b, c = Act("a"), Act("b"), Act("c")
    # b loses its first SETTLE_WORLDS worlds where a wins half of them, then plays exactly as a: it
    # settles as a blunder on those worlds alone; c stays a's near equal, so sampling goes on until
    # the budget (fewer worlds than the rows hold: no row repeats).
    n = 8 * SETTLE_WORLDS
    a_firsts = [1.0, 0.0] * (n // 2)
    b_firsts = [0.0] * SETTLE_WORLDS + a_firsts[SETTLE_WORLDS:]
    c_firsts = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0] * (n // 8)
    rows: list[tuple[Any, list[float], list[float]]] = [(a, a_firsts, [0]), (b, b_firsts, [0]), (c, c_firsts, [0])]
    alone = estimate_worlds(Table(rows, n), make_rng(0), analysis.SETTLING_BOUNDS)
    by = {cand.action: cand for cand in alone.candidates}
    assert by[b].worlds == SETTLE_WORLDS < alone.worlds and by[b].cost == pytest.approx(0.5)
    followed = estimate_worlds(Table(rows, n), make_rng(0), analysis.SETTLING_BOUNDS, follow=1)
    mine = {cand.action: cand for cand in followed.candidates}
    assert mine[b].worlds == followed.worlds == alone.worlds < n
    assert mine[b].cost == pytest.approx(0.5 * SETTLE_WORLDS / followed.worlds)
    # Nothing else moves: the order, the best and every other candidate's figures (the hint's).
    assert [x.action for x in followed.candidates] == [x.action for x in alone.candidates]
    assert mine[a] == by[a] and mine[c] == by[c]


def test_the_agents_own_figures_read_a_nan_score_as_none():
    view = game("chuo-pai").new_deal(3).view(game("chuo-pai").new_deal(3).to_act)
    # standard's own search weighs no expected score: its estimate_scores says NaN, the figures none
    plain = analysis.estimate_figures(game("chuo-pai").make_estimator("standard"), view, make_rng(0))
    assert all(f.score is None and 0.0 <= f.first <= 1.0 for _, f in plain)


@pytest.mark.parametrize("key", LEVELLED)
def test_the_estimating_levels_are_declared_by_the_spec(key):
    spec = game(key)
    deal = spec.new_deal(3)
    assert spec.estimating_levels == ("standard", "strong")
    assert set(spec.estimating_levels) <= set(spec.agent_levels)
    for level in spec.estimating_levels:
        assert spec.make_estimator(level).name == level
    for level in set(spec.agent_levels) - set(spec.estimating_levels):
        with pytest.raises(KeyError):
            spec.make_estimator(level)
        with pytest.raises(AnalysisError) as caught:
            assess(key, deal.view(deal.to_act), deal.legal_actions()[0], level=level)
        assert caught.value.code == "level-cannot-estimate"


# -- a whole deal --------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", LEVELLED)
def test_the_same_deal_analysed_twice_gives_the_same_analysis(key):
    record = record_of(key, 11)
    first = analyse(record, 0, level="standard")
    analyse(record_of(key, 12), 0, level="standard")  # nothing carries over from another deal
    again = analyse(record, 0, level="standard")
    assert first.as_dict() == again.as_dict()
    assert first.accuracy is not None and 0.0 <= first.accuracy <= 100.0
    assert sum(first.counts.values()) == sum(1 for d in first.decisions if not d.forced) > 0


@pytest.mark.parametrize("key", LEVELLED)
def test_forced_decisions_are_listed_not_graded_and_progress_counts_the_others(key):
    record = record_of(key, 21)
    calls: list[tuple[int, int]] = []
    result = analyse(record, 1, level="standard", progress=lambda done, total: calls.append((done, total)))
    spec = game(key)
    steps = spec.replay_steps(record)
    mine = [i for i, state in enumerate(steps[:-1]) if state.to_act == 1]
    assert [d.step for d in result.decisions] == mine
    graded = 0
    for d in result.decisions:
        legal = steps[d.step].legal_actions()
        assert steps[d.step + 1] == steps[d.step].apply(d.played, player=1)
        if len(legal) == 1:
            assert d.forced and d.grade is None and d.figures == () and d.cost is None and d.best is None
        else:
            graded += 1
            low = graded_cost(d.cost, d.margin)
            assert not d.forced and d.grade == grade(low) and d.best is not None
            assert d.close == is_close(d.cost, d.margin)
            assert all(a in legal for a, _ in d.figures) and d.best is d.figures[0][0]
            assert d.accuracy == move_accuracy(low)
    assert calls == [(done, graded) for done in range(graded + 1)]
    assert result.accuracy == pytest.approx(
        sum(d.accuracy for d in result.decisions if d.grade) / graded)


def test_a_deal_of_only_forced_decisions_has_no_accuracy(monkeypatch):
    record = record_of("chuo-pai", 5)
    monkeypatch.setattr(analysis, "_assess", lambda spec, agent, level, step, view, played, draw:
                        analysis.Decision(step, view.seat, played, forced=True))
    result = analyse(record, 0, level="standard")
    assert result.accuracy is None and set(result.counts.values()) == {0}


def test_the_json_shape_names_actions_as_the_engine_writes_them():
    result = analyse(record_of("tien-gow", 4), 2, level="standard").as_dict()
    assert set(result) == {"game", "seat", "level", "accuracy", "counts", "decisions"}
    assert result["game"] == "tien-gow" and set(result["counts"]) == set(GRADES)
    graded = [d for d in result["decisions"] if not d["forced"]]
    assert graded
    for d in graded:
        assert set(d["played"]) == {"tiles", "face_up"} and d["grade"] in GRADES
        assert d["figures"][0]["action"] == d["best"]
        assert all(set(f) == {"action", "first", "score", "first_margin", "score_margin"} for f in d["figures"])
        assert d["margin"] >= 0 and isinstance(d["close"], bool)


def test_errors_carry_codes():
    record = record_of("chuo-pai", 8)
    cases = [
        (lambda: analyse(record, 3), "not-a-seat"),
        (lambda: analyse(record, True), "not-a-seat"),
        (lambda: analyse(record, 0, level="perfect"), "unknown-level"),
        (lambda: analyse(record, 0, level="greedy"), "level-cannot-estimate"),
        (lambda: analyse(record, 0, draw=-1), "bad-draw"),
        (lambda: analyse(record, 0, draw=True), "bad-draw"),
        (lambda: analyse({**record, "game": "bridge"}, 0), "unknown-game"),
        (lambda: duplicate(record, 0, level="perfect"), "unknown-level"),
        (lambda: duplicate(record, 0, opponents=["strong"]), "bad-opponents"),
    ]
    spec = game("chuo-pai")
    unfinished = spec.to_record(spec.replay_steps(record)[5])
    cases += [(lambda: analyse(unfinished, 0), "deal-not-over"), (lambda: duplicate(unfinished, 0), "deal-not-over")]
    for call, code in cases:
        with pytest.raises(AnalysisError) as caught:
            call()
        assert caught.value.code == code
    view = spec.new_deal(1).view(spec.new_deal(1).to_act)
    with pytest.raises(AnalysisError) as caught:
        assess("chuo-pai", view, Act("no such move"), level="standard")
    assert caught.value.code == "not-legal"


# -- only the seat's view ----------------------------------------------------------------------------

def _other_hands_swapped(key: str, seed: int) -> tuple[Any, Any]:
    """Two positions at the start of a deal, seat 0 to lead, whose other hands differ (seats 1
    and 2 exchange theirs): the same view for seat 0."""
    spec = game(key)
    dealt = spec.new_deal(seed).dealt  # type: ignore[attr-defined]
    hands = [list(h) for h in dealt]
    swapped = [hands[0], hands[2], hands[1], *hands[3:]]
    if key == "chuo-pai":
        return spec.position(hands, 0), spec.position(swapped, 0)
    return spec.position(hands, banker=0, leader=0), spec.position(swapped, banker=0, leader=0)


@pytest.mark.parametrize("key", LEVELLED)
def test_a_decision_is_assessed_from_the_seats_view_only(key):
    one, two = _other_hands_swapped(key, 33)
    assert one.dealt != two.dealt and one.view(0) == two.view(0)
    legal = one.view(0).legal_actions()
    played = legal[len(legal) // 2]
    a = assess(key, one.view(0), played, level="strong", step=0)
    b = assess(key, two.view(0), played, level="strong", step=0)
    assert a == b and not a.forced and len(a.figures) > 1
    assert analysis.estimate_seed(key, "strong", one.view(0)) == analysis.estimate_seed(key, "strong", two.view(0))


def test_the_estimate_seed_changes_with_the_view_the_level_and_the_draw():
    spec = game("tien-gow")
    deal = spec.new_deal(2)
    seat = deal.to_act
    seeds = {analysis.estimate_seed("tien-gow", level, view, draw)
             for level in ("standard", "strong")
             for view in (deal.view(seat), deal.apply(deal.legal_actions()[0]).view(seat))
             for draw in (0, 1)}
    assert len(seeds) == 8
    assert analysis.estimate_seed("tien-gow", "strong", deal.view(seat)) == analysis.estimate_seed(
        "tien-gow", "strong", deal.view(seat), 0)


# -- duplicate and the site's seating ------------------------------------------------------------------

def test_the_seating_seeds_each_move_apart():
    """One generator per (deal seed, action count, seat): the site's computer players and the
    duplicate draw from the same streams (the site calls ``engine.seating.agent_rng``)."""
    for key in GAME_KEYS:
        deal = game(key).new_deal(987654321)
        states = set()
        for _ in range(5):
            for seat in range(game(key).seats):
                assert agent_rng(deal, seat).getstate() == make_rng(
                    agent_seed(987654321, deal.action_count, seat)).getstate()
                states.add(agent_seed(deal.seed, deal.action_count, seat))
            deal = deal.apply(deal.legal_actions()[0])
        assert len(states) == 5 * game(key).seats
    assert agent_seed(None, 3, 2) == 3 * 8 + 2


class Scripted:
    """Plays the given actions in order (a human's moves read back from a record)."""

    name = "scripted"

    def __init__(self, actions: list[Any]) -> None:
        self.actions = list(actions)

    def choose(self, view, rng):  # type: ignore[no-untyped-def]
        return self.actions.pop(0)


def site_deal(key: str, seed: int, level: str, human: Any, first: int | None = None,
              auto_pass: bool = False) -> dict[str, Any]:
    """A deal played by the site's own functions (``computer.run_until_choice``), seat 0 human
    playing ``human``'s choice with a generator of its own; a match's next deal when ``first``
    is given. Returns the record."""
    from paiyou.deals import computer
    from paiyou.deals.game import HUMAN

    spec = game(key)
    deal = spec.new_deal(seed) if first is None else spec.next_deal(seed, first)
    agents = tuple(HUMAN if s == 0 else level for s in range(spec.seats))
    rng = random.Random(seed)
    deal, _ = computer.run_until_choice(key, deal, 0, agents, auto_pass)
    while not deal.is_over:
        deal = deal.apply(human.choose(deal.view(0), rng), player=0)
        deal, _ = computer.run_until_choice(key, deal, 0, agents, auto_pass)
    return spec.to_record(deal)


@pytest.mark.parametrize(("key", "first", "auto_pass"), [("chuo-pai", None, True), ("tien-gow", None, False),
                                                         ("tien-gow", 3, False)])
def test_the_duplicate_reproduces_the_site_deal_when_the_seat_plays_the_records_moves(key, first, auto_pass):
    spec = game(key)
    record = site_deal(key, 4242, "standard", spec.make_agent("random"), first, auto_pass)
    moves = [action for _, _, action in analysis.seat_moves(record, 0)]
    again = play_again(record, 0, Scripted(moves), opponents=("human", "standard", "standard", "standard")[:spec.seats])
    assert spec.to_record(again) == record


def test_the_duplicate_of_a_seat_that_played_as_the_level_changes_nothing():
    key = "tien-gow"
    spec = game(key)
    # The human seat played exactly as ``standard`` seated by the site would: the same deal.
    record = spec.to_record(play_seats(spec.new_deal(77), [spec.make_agent("standard")] * spec.seats))
    result = duplicate(record, 0, level="standard", opponents="standard")
    assert result.record == record and result.difference == 0 and result.score == result.played_score
    outcome = spec.replay(record).outcome()
    assert result.score == outcome.scores[0] and result.first == (0 in outcome.first)


@pytest.mark.parametrize("key", LEVELLED)
def test_the_duplicate_plays_the_same_shuffle_with_the_level_in_the_seat(key):
    spec = game(key)
    record = record_of(key, 19, human="random", others="greedy")
    result = duplicate(record, 0, level="greedy", opponents="greedy")
    assert result.record["seed"] == record["seed"]
    assert spec.replay_steps(result.record)[0] == spec.replay_steps(record)[0]
    replayed = spec.replay(result.record)
    assert replayed.is_over and result.score == replayed.outcome().scores[0]
    assert result.as_dict()["difference"] == result.score - result.played_score
    # The seat's moves are greedy's, seated by the site.
    greedy = spec.make_agent("greedy")
    for _, before, action in analysis.seat_moves(result.record, 0):
        assert action == greedy.choose(before.view(0), agent_rng(before, 0))
    assert duplicate(record, 0, level="greedy", opponents="greedy") == result
    assert BLUNDER == GRADES[-1]


# -- with hindsight ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", LEVELLED)
def test_hindsight_tries_every_legal_move_on_the_real_hands(key):
    record = record_of(key, 31)
    notes = analysis.hindsight(record, 0)
    steps = game(key).replay_steps(record)
    graded = [d.step for d in analyse(record, 0, level="standard").decisions if not d.forced]
    assert [n.step for n in notes] == graded
    for note in notes:
        assert len(note.results) == len(steps[note.step].legal_actions())
        assert note.results[0][1] >= note.played_result and note.best is note.results[0][0]
        assert note.played_was_best == (note.played_result == note.results[0][1])
    assert analysis.hindsight(record, 0) == notes
    assert notes[0].as_dict()["played"] == notes[0].played.as_dict()


def test_hindsight_reads_the_hidden_hands_where_the_analysis_does_not():
    differ = 0
    for seed in (33, 34, 35):
        one, two = _other_hands_swapped("tien-gow", seed)
        played = one.legal_actions()[0]
        a, b = (analysis.hindsight_at("tien-gow", deal, played) for deal in (one, two))
        assert a.step == b.step == 0 and len(a.results) == len(b.results)
        differ += a.results != b.results
    assert differ > 0  # the same view, other hidden hands: other results
    with pytest.raises(AnalysisError) as caught:
        analysis.hindsight_at("tien-gow", one, Act("no such move"))
    assert caught.value.code == "not-legal"


def test_a_costs_interval_widens_with_the_candidates_the_best_is_chosen_among():
    from engine.estimate import Z, cost_z

    assert cost_z(2) == pytest.approx(Z, abs=1e-3)  # one comparison: a plain 95% interval
    assert cost_z(2) < cost_z(5) < cost_z(20)  # the best's lead is the largest of more noisy ones
    assert cost_z(9) == pytest.approx(2.734, abs=1e-3)  # Bonferroni: 0.025 / 8 in each tail


@pytest.mark.parametrize("key", LEVELLED)
@pytest.mark.parametrize("level", ["standard", "strong"])
def test_every_candidates_result_in_a_world_is_the_same_whatever_was_played_before(key, level):
    """Common random numbers: a candidate's result in world k depends on k alone, so every cost is
    paired world by world."""
    spec = game(key)
    states = spec.replay_steps(record_of(key, 41, "standard"))
    state = next(s for s in states[len(states) // 3:] if len(s.legal_actions()) > 1)
    view = state.view(state.to_act)
    samplers = [spec.make_estimator(level).sampler(view) for _ in range(2)]
    for sampler in samplers:
        rng = make_rng(5)
        for _ in range(4):
            sampler.draw(rng)
    n = len(samplers[0].actions)
    forward = {(c, k): samplers[0].play(c, k) for c in range(n) for k in range(4)}
    backward = {(c, k): samplers[1].play(c, k) for c in reversed(range(n)) for k in reversed(range(4))}
    assert forward == backward and samplers[0].work > 0
