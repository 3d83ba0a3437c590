"""Analysis of a finished deal: every decision of one seat graded with what that seat knew, and the
same deal played again with a computer player in that seat ("duplicate").

- ``analyse(record, seat, level=…)``: for each of ``seat``'s decisions with more than one legal
  action, the estimating agent's figures of every candidate computed **from the seat's view at
  that moment** (``deal.view(seat)``, never the hidden hands), the move played, the best move,
  the cost of the move played and a grade (``GRADES``); the deal's accuracy, 0..100.
- ``estimate(game, view, level=…, draw=0)``: the estimate of a view that the hint, the analysis
  and the mistake puzzles share (engine/estimate.py): every candidate on common sampled worlds.
- ``assess(game, view, played, level=…)``: one decision alone (the analysis's step, and the
  judge of a puzzle made from a position: any move graded ``best`` or ``good`` is right).
- ``duplicate(record, seat, level=…)``: the same deal (the record's dealt state, the same computer
  players with the same generators as the site, ``engine.seating``) with ``level`` in ``seat``.
- ``hindsight(record, seat)``, apart: the move that would have done best against the real hands.

Thresholds, accuracy formula, budgets and seeding: docs/analysis.md.
Errors: ``AnalysisError`` with a code (``unknown-game``, ``not-a-seat``, ``unknown-level``,
``level-cannot-estimate``, ``deal-not-over``, ``deal-over``, ``not-legal``, ``bad-opponents``,
``bad-draw``);
a bad record raises the engine's ``RecordError``.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypedDict

from engine.errors import EngineError
from engine.estimate import CHANCE_SPREAD, FIRST, SCORE, SCORE_WEIGHT, Estimate, estimate_worlds
from engine.games import GAMES
from engine.rng import make_rng
from engine.seating import play_seats
from engine.spec import Action, AnyAgent, AnyDeal, AnyEstimator, AnyGameSpec, AnySeatView

# -- grades and thresholds -------------------------------------------------------------------------

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
GRADES: tuple[str, ...] = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)

# A decision's cost is in first-place chance (0..1) lost against the best candidate. A grade holds
# costs up to (``best``) or below (the others) its bound; ``blunder`` is everything above.
BEST_MAX = 0.01  # within a point of chance of the best: as good as it (the estimates' noise)
GOOD_BELOW = 0.05  # lichess's inaccuracy starts at 5 points of winning chance (0.1 on its -1..1)
INACCURACY_BELOW = 0.10  # lichess's mistake: 10 points
MISTAKE_BELOW = 0.20  # lichess's blunder is 15 points; ours is wider, the estimates are sampled

# When the chance cannot tell (every candidate's at most CHANCE_SPREAD: the deal is lost whatever
# the move) and the agent gives expected scores, the cost is the expected
# score lost (Chuo Pai cards in the pile, Tien Gow net points) times SCORE_WEIGHT: 0.02 a point,
# the weight ``standard`` and ``strong`` give a card of margin in Chuo Pai, so that 5 points lost
# is a mistake and 10 a blunder. (Both are the shared estimate's: engine/estimate.py.)

# A legal move the search does not weigh (left out of its candidates: Tien Gow's costlier discards,
# a broken Supreme, a sure trick not cashed; Chuo Pai's unbeatable lead while many cards are out)
# has no figures. It costs as the worst candidate weighed, and at least UNWEIGHED_COST.
UNWEIGHED_COST = GOOD_BELOW

# The mapping from winning-chance loss to move accuracy of lichess (lila, AccuracyPercent.scala).
ACCURACY_A, ACCURACY_K, ACCURACY_B = 103.1668, 0.04354, 3.1669

# Bases of a cost: the first-place chance, the expected score, or neither (a move not weighed).
UNWEIGHED = "unweighed"
# The bands a cost's interval must fall in for the estimate to stop sampling a candidate: best and
# good are one band (both are "right" in a puzzle; the estimate cannot afford to split them).
SETTLING_BOUNDS = (GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW)


class AnalysisError(EngineError, ValueError):
    """An analysis that cannot be made. ``code`` is a stable code (module docstring)."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


def grade(cost: float) -> str:
    """The grade of a decision that cost ``cost`` (first-place chance, 0..1) against the best."""
    if cost <= BEST_MAX:
        return BEST
    if cost < GOOD_BELOW:
        return GOOD
    if cost < INACCURACY_BELOW:
        return INACCURACY
    if cost < MISTAKE_BELOW:
        return MISTAKE
    return BLUNDER


def move_accuracy(cost: float) -> float:
    """lichess's accuracy of a move, 0..100, from the chance it lost in percentage points:
    103.1668 × exp(−0.04354 × loss) − 3.1669, clamped to 0..100; a cost of 0 (or less) gives
    exactly 100 (the formula gives 99.9999 there)."""
    if cost <= 0:
        return 100.0
    value = ACCURACY_A * math.exp(-ACCURACY_K * max(0.0, cost) * 100) - ACCURACY_B
    return min(100.0, max(0.0, value))


def deal_accuracy(costs: Iterable[float]) -> float | None:
    """The plain mean of ``move_accuracy`` over the graded decisions' costs; None without one."""
    values = [move_accuracy(c) for c in costs]
    return sum(values) / len(values) if values else None


# -- figures -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Figures:
    """What the estimate says of a candidate: ``first`` its chance of first place (0..1, a tie
    among k counting 1/k; Tien Gow: of the best net result of the deal, at every level), ``score``
    its expected score (Chuo Pai cards in the pile, Tien Gow net points) when the agent gives one,
    else None; ``first_margin`` and ``score_margin`` their intervals' half-widths (95%)."""

    first: float
    score: float | None = None
    first_margin: float = 0.0
    score_margin: float | None = None

    def as_dict(self) -> FiguresDict:
        return {"first": self.first, "score": self.score, "first_margin": self.first_margin,
                "score_margin": self.score_margin}


class FiguresDict(TypedDict):
    first: float
    score: float | None
    first_margin: float
    score_margin: float | None


def estimate_figures(agent: AnyEstimator, view: AnySeatView, rng: random.Random) -> list[tuple[Action, Figures]]:
    """The agent's own search's candidates with their figures, best first in its order: its
    ``estimate_scores(view, rng)``, an expected score of NaN read as none. (What the agent weighs
    when it plays; the analysis and the hint read ``estimate`` instead.)"""
    return [(action, Figures(float(first), None if math.isnan(score) else float(score)))
            for action, first, score in agent.estimate_scores(view, rng)]


def _key(action: Action) -> str:
    """An action's identity across the agents' and the engine's objects (as the site's hint)."""
    return repr(action.as_dict())


def estimate_seed(game: str, level: str, view: AnySeatView, draw: int = 0) -> int:
    """The seed of a view's estimate: the first 8 bytes (big-endian) of the SHA-256 of the compact
    JSON (sorted keys) of ``["paiyou-estimate", game, level, view.as_dict(), draw]``. The view is
    what the seat knows (its hand, the public history, whose turn): never the deal's seed nor
    another hand, so the same view is estimated alike in any deal, by the hint as by the analysis.
    ``draw`` (0 on the site) varies the estimate's random draws alone."""
    text = json.dumps(["paiyou-estimate", game, level, view.as_dict(), draw], sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def _check_draw(draw: int) -> None:
    if isinstance(draw, bool) or not isinstance(draw, int) or draw < 0:
        raise AnalysisError("bad-draw", repr(draw))


def estimate(game: str, view: AnySeatView, *, level: str = "strong", draw: int = 0) -> Estimate:
    """The estimate of ``view`` that the hint, the analysis and the mistake puzzles share: the
    level's candidates played on common worlds (``engine.estimate.estimate_worlds``, sampled until
    each cost is clear of the grades' bands or the budget ends), with the generator of
    ``estimate_seed(game, level, view, draw)``. Candidates best first; actions the engine's own."""
    _check_draw(draw)
    spec = _spec(game)
    return _estimate(spec, _estimator(spec, level), level, view, draw)


def _estimate(spec: AnyGameSpec, agent: AnyEstimator, level: str, view: AnySeatView, draw: int,
              played: Action | None = None) -> Estimate:
    """The shared estimate; with ``played``, that move's figures completed on every world drawn
    (``estimate_worlds``'s ``follow``: the hint's order and every other figure unchanged)."""
    sampler = agent.sampler(view)
    follow = None
    if played is not None:
        follow = next((i for i, a in enumerate(sampler.actions) if _key(a) == _key(played)), None)
    found = estimate_worlds(sampler, make_rng(estimate_seed(spec.key, level, view, draw)), SETTLING_BOUNDS,
                            follow)
    legal = {_key(a): a for a in view.legal_actions()}
    # Every action as the engine's own object (an agent may answer with its own).
    return replace(found, candidates=tuple(replace(c, action=legal.get(_key(c.action), c.action))
                                           for c in found.candidates))


def cost_of(found: Estimate, played: Action) -> tuple[float, float, str]:
    """(cost, margin, basis) of playing ``played`` in the estimate ``found``: the candidate's
    paired cost against the best and its interval's half-width, on the estimate's basis
    (``first``: chance; ``score``: SCORE_WEIGHT × score). ``unweighed``: the move is not among
    the candidates — the worst candidate's cost, at least UNWEIGHED_COST (the margin then keeps
    the lower end at the worst candidate's lower end, at least UNWEIGHED_COST)."""
    if not found.candidates:
        raise AnalysisError("not-legal", "no candidate")
    mine = next((c for c in found.candidates if _key(c.action) == _key(played)), None)
    if mine is not None:
        return mine.cost, mine.cost_margin, found.basis
    cost = max(UNWEIGHED_COST, *(c.cost for c in found.candidates))
    low = max(UNWEIGHED_COST, *(c.cost - c.cost_margin for c in found.candidates))
    return cost, cost - low, UNWEIGHED


def graded_cost(cost: float, margin: float) -> float:
    """The cost the evidence establishes: the lower end of its interval, at least 0. The grade and
    the accuracy are of it, so a move is charged for what the estimate shows, not for its noise."""
    return max(0.0, cost - margin)


def is_close(cost: float, margin: float) -> bool:
    """The interval of ``cost`` straddles a grade's bound: another estimate could grade it
    otherwise (the page says the figures are close)."""
    return grade(graded_cost(cost, margin)) != grade(cost + margin)


# -- one decision -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the analysed seat.

    ``step``: the number of actions before it (the index of its state in ``replay_steps``).
    Actions are the engine's (entries of ``view.legal_actions()``). ``forced``: a single legal
    action (then no figures, no grade). ``figures``: every candidate the estimate weighed with its
    figures, best first; ``best`` the first of them. ``cost``, ``margin`` and ``basis``:
    ``cost_of``. ``grade``: ``grade(graded_cost(cost, margin))``; ``accuracy``: ``move_accuracy``
    of the same; ``close``: ``is_close``."""

    step: int
    seat: int
    played: Action
    forced: bool
    best: Action | None = None
    figures: tuple[tuple[Action, Figures], ...] = ()
    cost: float | None = None
    basis: str | None = None
    grade: str | None = None
    accuracy: float | None = None
    margin: float | None = None
    close: bool = False

    @property
    def played_figures(self) -> Figures | None:
        """The figures of the move played; None when forced or not weighed."""
        return next((f for a, f in self.figures if _key(a) == _key(self.played)), None)

    def as_dict(self) -> DecisionDict:
        """As JSON: actions as the engine writes them (``{"tiles": …}``, Tien Gow with
        ``face_up``)."""
        return {
            "step": self.step, "seat": self.seat, "played": self.played.as_dict(), "forced": self.forced,
            "best": self.best.as_dict() if self.best is not None else None,
            "grade": self.grade, "cost": self.cost, "margin": self.margin, "close": self.close,
            "basis": self.basis, "accuracy": self.accuracy,
            "figures": [{"action": a.as_dict(), "first": f.first, "score": f.score, "first_margin": f.first_margin,
                         "score_margin": f.score_margin} for a, f in self.figures],
        }


class CandidateDict(TypedDict):
    action: dict[str, object]
    first: float
    score: float | None
    first_margin: float
    score_margin: float | None


class DecisionDict(TypedDict):
    step: int
    seat: int
    played: dict[str, object]
    forced: bool
    best: dict[str, object] | None
    grade: str | None
    cost: float | None
    margin: float | None
    close: bool
    basis: str | None
    accuracy: float | None
    figures: list[CandidateDict]


def _spec(game: object) -> AnyGameSpec:
    found = GAMES.get(game) if isinstance(game, str) else None
    if found is None:
        raise AnalysisError("unknown-game", repr(game))
    return found


def _estimator(spec: AnyGameSpec, level: str) -> AnyEstimator:
    """The level's estimator: AnalysisError("unknown-level") for a level the game does not have,
    ("level-cannot-estimate") for one not in its ``estimating_levels``."""
    if level not in spec.agent_levels:
        raise AnalysisError("unknown-level", repr(level))
    if level not in spec.estimating_levels:
        raise AnalysisError("level-cannot-estimate", level)
    return spec.make_estimator(level)


def decision_of(step: int, view: AnySeatView, played: Action, found: Estimate) -> Decision:
    """The decision of playing ``played`` (one of ``view.legal_actions()``) in ``view``, graded
    from the view's estimate ``found``."""
    cost, margin, basis = cost_of(found, played)
    figures = tuple((c.action, Figures(c.first, c.score, c.first_margin, c.score_margin)) for c in found.candidates)
    low = graded_cost(cost, margin)
    return Decision(step, view.seat, played, forced=False, best=found.candidates[0].action, figures=figures,
                    cost=cost, basis=basis, grade=grade(low), accuracy=move_accuracy(low), margin=margin,
                    close=is_close(cost, margin))


def _assess(spec: AnyGameSpec, agent: AnyEstimator, level: str, step: int, view: AnySeatView,
            played: Action, draw: int = 0) -> Decision:
    legal = {_key(a): a for a in view.legal_actions()}
    if _key(played) not in legal:
        raise AnalysisError("not-legal", played.notation)
    played = legal[_key(played)]
    if len(legal) == 1:
        return Decision(step, view.seat, played, forced=True)
    return decision_of(step, view, played, _estimate(spec, agent, level, view, draw, played))


def assess(game: str, view: AnySeatView, played: Action, *, level: str = "strong", step: int = 0,
           draw: int = 0) -> Decision:
    """One decision: ``played`` (one of ``view.legal_actions()``, else AnalysisError("not-legal"))
    by the view's seat, graded from the view's shared ``estimate`` (the hint's, with ``draw`` 0)."""
    _check_draw(draw)
    spec = _spec(game)
    return _assess(spec, _estimator(spec, level), level, step, view, played, draw)


# -- a whole deal -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Analysis:
    """A deal's analysis for one seat: every decision in order (forced ones too) and the
    accuracy (``deal_accuracy`` over the graded ones; None when none is graded)."""

    game: str
    seat: int
    level: str
    decisions: tuple[Decision, ...]
    accuracy: float | None
    counts: dict[str, int] = field(default_factory=dict)  # grade -> decisions, every grade listed

    def as_dict(self) -> AnalysisDict:
        return {"game": self.game, "seat": self.seat, "level": self.level, "accuracy": self.accuracy,
                "counts": dict(self.counts), "decisions": [d.as_dict() for d in self.decisions]}


class AnalysisDict(TypedDict):
    game: str
    seat: int
    level: str
    accuracy: float | None
    counts: dict[str, int]
    decisions: list[DecisionDict]


def _record_spec(record: object) -> AnyGameSpec:
    if not isinstance(record, Mapping):
        raise AnalysisError("unknown-game", "not a record")
    return _spec(record.get("game"))


def _check_seat(spec: AnyGameSpec, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(spec.seats):
        raise AnalysisError("not-a-seat", repr(seat))


def played_action(before: AnyDeal, after: AnyDeal) -> Action:
    """The legal action of ``before`` that leads to ``after`` (states are values)."""
    seat = before.to_act
    for action in before.legal_actions():
        if before.apply(action, player=seat) == after:
            return action
    raise AnalysisError("not-legal", "no legal action leads to the next state")  # pragma: no cover


def seat_moves(record: Mapping[str, object], seat: int) -> list[tuple[int, AnyDeal, Action]]:
    """``seat``'s moves in a finished record: (step, the state before it, the action), in order.
    AnalysisError("deal-not-over") for an unfinished deal."""
    spec = _record_spec(record)
    _check_seat(spec, seat)
    steps = spec.replay_steps(record)
    if not steps[-1].is_over:
        raise AnalysisError("deal-not-over")
    return [(i, before, played_action(before, after))
            for i, (before, after) in enumerate(zip(steps, steps[1:], strict=False)) if before.to_act == seat]


def analyse(record: Mapping[str, object], seat: int, *, level: str = "strong", draw: int = 0,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Grade every decision of ``seat`` in a finished deal's record (as ``GameSpec.replay`` takes
    it), each graded from the shared estimate of the seat's view at that moment (``assess``;
    ``draw`` varies the estimate's random draws alone: 0 is what the site shows).

    ``progress(done, total)`` is called with ``(0, total)`` first, then after each decision with
    more than one legal action (``total`` of them; forced ones cost nothing and are not counted).
    Raises AnalysisError (a code) or RecordError."""
    _check_draw(draw)
    spec = _record_spec(record)
    agent = _estimator(spec, level)
    moves = seat_moves(record, seat)
    views = [(step, before.view(seat), action) for step, before, action in moves]
    total = sum(1 for _, view, _ in views if len(view.legal_actions()) > 1)
    if progress is not None:
        progress(0, total)
    decisions = []
    done = 0
    for step, view, action in views:
        decision = _assess(spec, agent, level, step, view, action, draw)
        decisions.append(decision)
        if not decision.forced:
            done += 1
            if progress is not None:
                progress(done, total)
    graded = [d for d in decisions if d.grade is not None]
    counts = {g: sum(1 for d in graded if d.grade == g) for g in GRADES}
    return Analysis(spec.key, seat, level, tuple(decisions),
                    deal_accuracy(graded_cost(d.cost, d.margin or 0.0) for d in graded if d.cost is not None),
                    counts)


# -- duplicate -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DuplicateResult:
    """The same deal with ``level`` in ``seat``: its ``score`` there (Chuo Pai cards in the pile,
    Tien Gow net points), the record's own ``played_score`` for the seat, whether the seat was
    ``first`` (alone or joint), and the new deal's ``record``."""

    seat: int
    level: str
    score: int
    played_score: int
    first: bool
    record: dict[str, object]

    @property
    def difference(self) -> int:
        """The level's score less the record's: what the level would have made more."""
        return self.score - self.played_score

    def as_dict(self) -> DuplicateDict:
        return {"seat": self.seat, "level": self.level, "score": self.score, "played_score": self.played_score,
                "difference": self.difference, "first": self.first, "record": self.record}


class DuplicateDict(TypedDict):
    seat: int
    level: str
    score: int
    played_score: int
    difference: int
    first: bool
    record: dict[str, object]


def _players(spec: AnyGameSpec, seat: int, player: AnyAgent,
             opponents: str | Sequence[str]) -> list[AnyAgent | None]:
    names = [opponents] * spec.seats if isinstance(opponents, str) else list(opponents)
    if len(names) != spec.seats:
        raise AnalysisError("bad-opponents", "one level per seat")
    players: list[AnyAgent | None] = []
    for s, name in enumerate(names):
        if s == seat:
            players.append(player)
        elif name not in spec.agent_levels:
            raise AnalysisError("unknown-level", repr(name))
        else:
            players.append(spec.make_agent(name))
    return players


def play_again(record: Mapping[str, object], seat: int, player: AnyAgent, *,
               opponents: str | Sequence[str] = "strong") -> AnyDeal:
    """The record's deal from its dealt state (``replay_steps(record)[0]``: the same shuffle, the
    same leader or banker), every seat played by a computer player as the site plays them
    (``engine.seating.play_seats``: one generator per move, seeded from the deal's seed, the
    actions so far and the seat): ``player`` in ``seat``, ``opponents`` elsewhere (one level, or a
    level per seat as the site stores them — the entry for ``seat`` is ignored)."""
    spec = _record_spec(record)
    _check_seat(spec, seat)
    steps = spec.replay_steps(record)
    if not steps[-1].is_over:
        raise AnalysisError("deal-not-over")
    return play_seats(steps[0], _players(spec, seat, player, opponents))


def duplicate(record: Mapping[str, object], seat: int, *, level: str = "strong",
              opponents: str | Sequence[str] = "strong") -> DuplicateResult:
    """The same deal with ``level`` in ``seat`` (``play_again``) and its result there."""
    spec = _record_spec(record)
    if level not in spec.agent_levels:
        raise AnalysisError("unknown-level", repr(level))
    deal = play_again(record, seat, spec.make_agent(level), opponents=opponents)
    before = spec.replay(record).outcome()
    after = deal.outcome()
    assert before is not None and after is not None
    return DuplicateResult(seat, level, after.scores[seat], before.scores[seat], seat in after.first,
                           spec.to_record(deal))


# -- with hindsight (separate: it reads every hand) ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hindsight:
    """One decision seen with every hand: each legal move played on the real deal, then the rest
    played by ``players`` in every seat (the site's generators). ``results``: every legal move with
    the seat's (first-place share, score) at the end, best first (higher share, then higher score,
    then legal order); ``best`` the first; ``played`` and ``played_result`` the move made."""

    step: int
    played: Action
    best: Action
    played_result: tuple[float, int]
    results: tuple[tuple[Action, tuple[float, int]], ...]

    @property
    def played_was_best(self) -> bool:
        """The move made did as well as the best (ties are listed in legal order)."""
        return self.played_result == self.results[0][1]

    def as_dict(self) -> HindsightDict:
        return {"step": self.step, "played": self.played.as_dict(), "best": self.best.as_dict(),
                "played_was_best": self.played_was_best,
                "played_result": list(self.played_result),
                "results": [{"action": a.as_dict(), "first": r[0], "score": r[1]} for a, r in self.results]}


class ResultDict(TypedDict):
    action: dict[str, object]
    first: float
    score: int


class HindsightDict(TypedDict):
    step: int
    played: dict[str, object]
    best: dict[str, object]
    played_was_best: bool
    played_result: list[float]
    results: list[ResultDict]


def _players_all(spec: AnyGameSpec, players: str) -> list[AnyAgent | None]:
    if players not in spec.agent_levels:
        raise AnalysisError("unknown-level", repr(players))
    return [spec.make_agent(players) for _ in range(spec.seats)]


def _hindsight_at(agents: Sequence[AnyAgent | None], step: int, before: AnyDeal, played: Action) -> Hindsight:
    seat = before.to_act
    assert seat is not None
    results = []
    for candidate in before.legal_actions():
        outcome = play_seats(before.apply(candidate, player=seat), agents).outcome()
        assert outcome is not None
        share = 1 / len(outcome.first) if seat in outcome.first else 0.0
        results.append((candidate, (share, outcome.scores[seat])))
    order = sorted(range(len(results)), key=lambda i: (-results[i][1][0], -results[i][1][1], i))
    ranked = tuple(results[i] for i in order)
    mine = next((r for a, r in results if _key(a) == _key(played)), None)
    if mine is None:
        raise AnalysisError("not-legal", played.notation)
    return Hindsight(step, played, ranked[0][0], mine, ranked)


def hindsight_at(game: str, deal: AnyDeal, played: Action, *, players: str = "greedy") -> Hindsight:
    """One decision with hindsight: ``played`` by the seat to act in ``deal`` (the full state,
    every hand), each legal move tried as ``hindsight`` does."""
    if deal.is_over:
        raise AnalysisError("deal-over")
    return _hindsight_at(_players_all(_spec(game), players), deal.action_count, deal, played)


def hindsight(record: Mapping[str, object], seat: int, *, players: str = "greedy") -> tuple[Hindsight, ...]:
    """"With hindsight", apart from the analysis, which never reads another hand: for each of
    ``seat``'s decisions with more than one legal action, the move that would have done best
    against the hands as they were, had every seat then played like ``players`` (the default,
    ``greedy``, draws nothing and costs microseconds a move). An approximation of the best move had
    the seat seen every hand, not a grade: luck and the later play decide it as much as the move."""
    spec = _record_spec(record)
    agents = _players_all(spec, players)
    return tuple(_hindsight_at(agents, step, before, action)
                 for step, before, action in seat_moves(record, seat) if len(before.legal_actions()) > 1)


__all__ = ["GRADES", "BEST", "GOOD", "INACCURACY", "MISTAKE", "BLUNDER", "BEST_MAX", "GOOD_BELOW",
           "INACCURACY_BELOW", "MISTAKE_BELOW", "CHANCE_SPREAD", "SCORE_WEIGHT", "UNWEIGHED_COST",
           "AnalysisError", "Figures", "Decision", "Analysis", "DuplicateResult", "grade", "move_accuracy",
           "deal_accuracy", "estimate_figures", "cost_of", "estimate_seed", "estimate", "graded_cost", "is_close",
           "decision_of", "FIRST", "SCORE", "UNWEIGHED", "SETTLING_BOUNDS", "assess", "analyse", "seat_moves",
           "played_action", "play_again", "duplicate", "Hindsight", "hindsight", "hindsight_at"]
