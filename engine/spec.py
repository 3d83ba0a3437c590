"""The one interface every game provides: ``GameSpec``, and the shapes of its deal and views.

``engine.games`` lists one ``GameSpec`` per game key. Callers (the command line, the benchmarks,
the site) use only these members, so a third game is an engine package plus one entry there.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, Self, cast, runtime_checkable

from engine.judging import Judgement
from engine.outcome import Event, Outcome
from engine.tiles import Tile

SeatOrder = Literal["clockwise", "counter-clockwise"]
# (seed, the deal's getrandbits, each seat's getrandbits) -> a record's JSON line (see GameSpec)
RandomRecordLine = Callable[[int, Callable[[int], int], Sequence[Callable[[int], int]]], str]


class Action(Protocol):
    """A move: the tiles it plays (empty for a pass) and whether they lie face up."""

    @property
    def tiles(self) -> tuple[Tile, ...]: ...

    @property
    def face_up(self) -> bool: ...

    @property
    def notation(self) -> str: ...

    def as_dict(self) -> dict[str, object]: ...


class SeatView(Protocol):
    """What one seat may know. Nothing in it reveals another seat's hidden tiles."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def hand(self) -> tuple[Tile, ...]: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def events(self) -> tuple[Event, ...]: ...

    def outcome(self) -> Outcome | None: ...

    def as_dict(self) -> dict[str, Any]: ...


class Deal(Protocol):
    """An immutable state: ``apply`` returns the next one or raises ``IllegalAction``."""

    @property
    def seed(self) -> int | None: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def action_count(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Any, player: int | None = None) -> Self: ...

    def view(self, seat: int) -> SeatView: ...

    def outcome(self) -> Outcome | None: ...


@runtime_checkable
class Agent(Protocol):
    """A computer player: chooses from the seat's view only, every random draw from ``rng``."""

    name: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


class Estimator(Agent, Protocol):
    """An agent that also weighs its candidates: (action, chance of first place 0..1, expected
    score; NaN where the level gives none) for each move it considers."""

    def estimate_scores(self, view: Any, rng: random.Random) -> Sequence[tuple[Any, float, float]]: ...


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a caller needs to know of a game.

    - ``new_deal(seed)``: a shuffled deal; ``next_deal(seed, first)``: the next deal of a match,
      ``first`` being the finished deal's ``Outcome.next_first`` (who leads or banks it);
      ``position(...)``: a deal from given hands and history (each game's own keywords, for
      puzzles and tests).
    - ``action(tiles, face_up)``: the move a player means by these tiles (it raises
      ``IllegalAction`` when the game has no such move); ``parse_action(text)`` from notation.
    - ``to_record`` / ``replay``: the deal record (docs/records.md); ``replay`` checks it;
      ``replay_steps`` gives every state of a checked record (for a review).
    - ``judge(current, play)``: does ``play`` beat ``current``.
    - ``agent_levels``: the computer players, weakest first; ``make_agent(level)`` builds one.
    - ``estimating_levels``: the levels (of ``agent_levels``, weakest first) whose agent is an
      ``Estimator``, declared by the game (empty: none); ``make_estimator(level)`` builds one.
    - ``random_record_line(seed, deal_bits, seat_bits)``: optional, a fast form of self-play by
      ``random`` seats only: the compact JSON line (and its newline) of ``to_record`` of deal
      ``seed``, ``deal_bits`` drawing as ``make_bits(seed)`` and ``seat_bits[s]`` as seat ``s``'s
      generator. ``None``: ``python -m engine selfplay`` plays such deals through the engine.
    """

    key: str
    seats: int
    seat_order: SeatOrder
    has_face_down: bool  # whether a move may be played face down (Tien Gow's discards, TG-6)
    new_deal: Callable[[int], Deal]
    next_deal: Callable[[int, int | None], Deal]  # a match's next deal: seed, Outcome.next_first
    position: Callable[..., Deal]
    action: Callable[[Sequence[Tile], bool], Action]
    parse_action: Callable[[str], Action]
    to_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[Any], Deal]  # a record: a mapping as read from JSON
    replay_steps: Callable[[Any], tuple[Deal, ...]]  # every state of a checked record, dealt first
    judge: Callable[[str | None, str], Judgement]
    agent_levels: tuple[str, ...]
    make_agent: Callable[[str], Agent]
    random_record_line: RandomRecordLine | None = None
    estimating_levels: tuple[str, ...] = ()

    def make_estimator(self, level: str) -> Estimator:
        """The agent of ``level`` as an ``Estimator``; KeyError for a level not in
        ``estimating_levels``."""
        if level not in self.estimating_levels:
            raise KeyError(level)
        return cast(Estimator, self.make_agent(level))
