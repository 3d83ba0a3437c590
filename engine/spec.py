"""The one interface every game provides: ``GameSpec``, and the shapes of its deal, views and players.

``engine.games`` lists one ``GameSpec`` per game key, each declared by its game
(``engine/games/<game>.py``). Callers (the command line, the analysis, the benchmarks, the site) use
only these members, so a third game is an engine package, its agents and its declaration.

Everything is generic in the game's own types: ``A`` its action (an ``Action``), ``V`` its seat view
(a ``SeatView[A]``), ``D`` its deal (a ``Deal[A, V]``). A caller that knows the game gets them back
(``GameSpec[ChuoPaiAction, ChuoPaiView, ChuoPaiDeal]``); a game-blind caller holds an
``AnyGameSpec`` (``engine.games.game(key)``), in which actions, views and deals are the Protocols.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, Self, TypeVar, cast, runtime_checkable

from engine.errors import VariantError
from engine.judging import Judgement
from engine.outcome import KINDS, MOVES, Event, Outcome
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


A = TypeVar("A", bound=Action)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class SeatView(Protocol[A_co]):
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

    def legal_actions(self) -> Sequence[A_co]: ...

    def events(self) -> tuple[Event, ...]: ...

    def outcome(self) -> Outcome | None: ...

    def as_dict(self) -> dict[str, object]: ...


V = TypeVar("V", bound="SeatView[Action]")
V_co = TypeVar("V_co", bound="SeatView[Action]", covariant=True)
V_contra = TypeVar("V_contra", bound="SeatView[Action]", contravariant=True)
D = TypeVar("D")


class Deal(Protocol[A, V_co]):
    """An immutable state: ``apply`` returns the next one or raises ``IllegalAction``."""

    @property
    def seed(self) -> int | None: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def action_count(self) -> int: ...

    def legal_actions(self) -> Sequence[A]: ...

    def apply(self, action: A, player: int | None = None) -> Self: ...

    def view(self, seat: int) -> V_co: ...

    def watch(self, seat: int) -> V_co:
        """What anyone may see, drawn from ``seat``'s place: no hand and no face-down tile (a
        watcher's view of a table with friends)."""
        ...

    def outcome(self) -> Outcome | None: ...


@runtime_checkable
class Agent(Protocol[V_contra, A_co]):
    """A computer player: chooses from the seat's view only, every random draw from ``rng``."""

    name: str

    def choose(self, view: V_contra, rng: random.Random) -> A_co: ...


class WorldSampler(Protocol):
    """A view's candidates played in sampled worlds (``engine.estimate``): ``actions`` the
    candidates, ``work`` the plays (a candidate in a world) and the worlds drawn by the agent's own
    search of the view (a world costs about a play); ``draw(rng)`` draws the next world of the
    hidden hands from ``rng`` and keeps it, returning its weight (how well it explains the play
    seen); ``play(c, k)`` is candidate ``c``'s (first-place share, score) in world ``k`` — the same
    whatever was played before (common random numbers). ``exact``: nothing is hidden, every world
    is the same (one is played, no margin)."""

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def work(self) -> int: ...

    @property
    def exact(self) -> bool: ...

    def draw(self, rng: random.Random) -> float: ...

    def play(self, candidate: int, world: int) -> tuple[float, float]: ...


class Estimator(Agent[V_contra, A_co], Protocol[V_contra, A_co]):
    """An agent that also weighs its candidates (the analysis and the hints read it)."""

    def sampler(self, view: V_contra) -> WorldSampler:
        """The view's candidates, to be played in common worlds (``engine.estimate``)."""
        ...

    def estimate_scores(self, view: V_contra, rng: random.Random) -> Sequence[tuple[A_co, float, float]]:
        """The candidates it weighs, best first in its order, each with its chance of first place
        (0..1) and its expected score (NaN where the level gives none)."""
        ...


@dataclass(frozen=True, slots=True)
class Level(Generic[V, A]):
    """A computer player of a game: its level name, its factory, and, when the level's agent is an
    ``Estimator``, the same factory as ``estimator`` (``Level.estimating``), else None."""

    name: str
    make: Callable[[], Agent[V, A]]
    estimator: Callable[[], Estimator[V, A]] | None = None

    @staticmethod
    def estimating(name: str, make: Callable[[], Estimator[V, A]]) -> Level[V, A]:
        """A level whose agent also estimates (its ``make`` and ``estimator`` are ``make``)."""
        return Level(name, make, make)


@dataclass(frozen=True, slots=True)
class VariantOption:
    """One table option of a game's rules (a variant found in its sources), off by default.
    ``key`` as in records, URLs and the command line; ``rule`` the rule it changes (``TG-12``);
    ``meaning`` one line of English (the site words it in its own catalogs); ``sources`` the
    public sources that play it (as ../shared/rules/sources.md names them)."""

    key: str
    rule: str
    meaning: str
    sources: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"key": self.key, "rule": self.rule, "meaning": self.meaning, "sources": list(self.sources)}


@dataclass(frozen=True, slots=True)
class Variants(Generic[D]):
    """A game's table options: ``options`` (in key order); ``vary(deal, variant, previous)`` the
    freshly dealt ``deal`` under the sorted option keys ``variant``, ``previous`` being the
    match's deal before it (None for a match's first deal: a rising banker counts from it);
    ``judge(current, play, variant)`` the referee under those options; ``of(deal)`` the option
    keys a deal is played under (a match's next deal keeps them)."""

    options: tuple[VariantOption, ...]
    vary: Callable[[D, tuple[str, ...], D | None], D]
    judge: Callable[[str | None, str, tuple[str, ...]], Judgement]
    of: Callable[[D], tuple[str, ...]]


def check_variant(options: Sequence[VariantOption], value: object) -> tuple[str, ...]:
    """The option keys ``value`` names (a list or tuple of distinct known keys, any order), sorted;
    VariantError otherwise: not a list, an entry that is no string, a key twice, a key
    ``options`` does not have (every key, for a game with no options)."""
    if not isinstance(value, (list, tuple)):
        raise VariantError("not-a-list")
    known = {option.key for option in options}
    for key in value:
        if not isinstance(key, str):
            raise VariantError("not-a-key")
        if key not in known:
            raise VariantError(key)
    if len(set(value)) != len(value):
        raise VariantError("repeated")
    return tuple(sorted(value))


class GameRules(Protocol[A_co, D]):
    """What a game package of the engine exports (``engine.chuo_pai``, ``engine.tien_gow``), the
    rules' half of its ``GameSpec`` (``GameSpec.of``)."""

    @property
    def KEY(self) -> str: ...  # a module's constant

    @property
    def SEATS(self) -> int: ...

    @property
    def SEAT_ORDER(self) -> SeatOrder: ...

    @property
    def HAS_FACE_DOWN(self) -> bool: ...

    @property
    def EVENT_KINDS(self) -> frozenset[str]: ...  # the kinds of event the game adds to the shared ones

    @property
    def MOVE_KINDS(self) -> frozenset[str]: ...  # those of them that are one seat's action

    def new_deal(self, seed: int, /) -> D: ...

    def next_deal(self, seed: int, first: int | None, /) -> D: ...

    @property
    def position(self) -> Callable[..., D]: ...

    def action_from_tiles(self, tiles: Sequence[Tile], face_up: bool, /) -> A_co: ...

    def parse_action(self, text: str, /) -> A_co: ...

    def to_record(self, deal: D, /) -> dict[str, object]: ...

    def replay(self, record: object, /) -> D: ...

    def replay_steps(self, record: object, /) -> tuple[D, ...]: ...

    def judge(self, current: str | None, play: str, /) -> Judgement: ...


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[A, V, D]):
    """Everything a caller needs to know of a game.

    - ``new_deal(seed)``: a shuffled deal; ``next_deal(seed, first)``: the next deal of a match,
      ``first`` being the finished deal's ``Outcome.next_first`` (who leads or banks it);
      ``position(...)``: a deal from given hands and history (each game's own keywords, for
      puzzles and tests: the one member a game-blind caller cannot call).
    - ``action(tiles, face_up)``: the move a player means by these tiles (it raises
      ``IllegalAction`` when the game has no such move); ``parse_action(text)`` from notation.
    - ``to_record`` / ``replay``: the deal record (docs/records.md), JSON; ``replay`` takes what
      was read from JSON (anything) and checks it (``RecordError``); ``replay_steps`` gives every
      state of a checked record (for a review).
    - ``judge(current, play)``: does ``play`` beat ``current``.
    - ``levels``: the computer players, weakest first (``Level``), the one declaration of them:
      ``agent_levels`` their names, ``make_agent(level)`` builds one; ``estimating_levels`` the
      names of those whose agent is an ``Estimator`` (weakest first, empty when none is),
      ``make_estimator(level)`` builds one. Both raise KeyError for a level they do not have.
    - ``event_kinds``, ``move_kinds``: the kinds of ``Event`` its views' logs use (the shared
      ``engine.outcome.KINDS`` and the game's own), and those that are one seat's action.
    - ``random_record_line(seed, deal_bits, seat_bits)``: optional, a fast form of self-play by
      ``random`` seats only: the compact JSON line (and its newline) of ``to_record`` of deal
      ``seed``, ``deal_bits`` drawing as ``make_bits(seed)`` and ``seat_bits[s]`` as seat ``s``'s
      generator. ``None``: ``python -m engine selfplay`` plays such deals through the engine.
    - ``variants``: the game's table options (``Variants``), None for a game that has none:
      ``variant_options`` lists them, ``check_variant(value)`` reads a list of their keys
      (VariantError, code ``unknown-variant``), ``under(deal, variant, previous)`` puts a fresh
      deal under them, ``variant_of(deal)`` reads them back and ``judge_under(current, play,
      variant)`` judges by them. The empty variant is the default rules, the very deal
      ``new_deal`` and ``next_deal`` make.
    """

    key: str
    seats: int
    seat_order: SeatOrder
    has_face_down: bool  # whether a move may be played face down (Tien Gow's discards, TG-6)
    new_deal: Callable[[int], D]
    next_deal: Callable[[int, int | None], D]  # a match's next deal: seed, Outcome.next_first
    position: Callable[..., D]
    action: Callable[[Sequence[Tile], bool], A]
    parse_action: Callable[[str], A]
    to_record: Callable[[D], dict[str, object]]
    replay: Callable[[object], D]  # a record as read from JSON
    replay_steps: Callable[[object], tuple[D, ...]]  # every state of a checked record, dealt first
    judge: Callable[[str | None, str], Judgement]
    levels: tuple[Level[V, A], ...]
    random_record_line: RandomRecordLine | None = None
    event_kinds: frozenset[str] = KINDS  # every kind of event its log has, the shared ones with its own
    move_kinds: frozenset[str] = MOVES  # those that are one seat's action (``Deal.action_count``)
    variants: Variants[D] | None = None

    def __post_init__(self) -> None:
        names = [level.name for level in self.levels]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.key}: a level is declared twice: {names}")
        if not MOVES <= self.move_kinds <= self.event_kinds:
            raise ValueError(f"{self.key}: its move kinds are not kinds of its events")

    @classmethod
    def of(cls, rules: GameRules[A, D], levels: tuple[Level[V, A], ...],
           random_record_line: RandomRecordLine | None = None,
           variants: Variants[D] | None = None) -> GameSpec[A, V, D]:
        """The spec of a game package (``GameRules``) with its computer players."""
        return GameSpec(
            key=rules.KEY, seats=rules.SEATS, seat_order=rules.SEAT_ORDER, has_face_down=rules.HAS_FACE_DOWN,
            new_deal=rules.new_deal, next_deal=rules.next_deal, position=rules.position,
            action=rules.action_from_tiles, parse_action=rules.parse_action, to_record=rules.to_record,
            replay=rules.replay, replay_steps=rules.replay_steps, judge=rules.judge,
            levels=levels, random_record_line=random_record_line,
            event_kinds=KINDS | rules.EVENT_KINDS, move_kinds=MOVES | rules.MOVE_KINDS,
            variants=variants)

    @property
    def variant_options(self) -> tuple[VariantOption, ...]:
        return () if self.variants is None else self.variants.options

    def check_variant(self, value: object) -> tuple[str, ...]:
        return check_variant(self.variant_options, value)

    def under(self, deal: D, variant: tuple[str, ...], previous: D | None = None) -> D:
        """``deal`` (just dealt) under the checked option keys ``variant``; the deal itself for
        the default rules."""
        if not variant or self.variants is None:
            return deal
        return self.variants.vary(deal, variant, previous)

    def variant_of(self, deal: D) -> tuple[str, ...]:
        """The option keys ``deal`` is played under (() for the default rules)."""
        return () if self.variants is None else self.variants.of(deal)

    def judge_under(self, current: str | None, play: str, variant: tuple[str, ...]) -> Judgement:
        if not variant or self.variants is None:
            return self.judge(current, play)
        return self.variants.judge(current, play, variant)

    @property
    def agent_levels(self) -> tuple[str, ...]:
        return tuple(level.name for level in self.levels)

    @property
    def estimating_levels(self) -> tuple[str, ...]:
        return tuple(level.name for level in self.levels if level.estimator is not None)

    def make_agent(self, level: str) -> Agent[V, A]:
        for found in self.levels:
            if found.name == level:
                return found.make()
        raise KeyError(level)

    def make_estimator(self, level: str) -> Estimator[V, A]:
        for found in self.levels:
            if found.name == level and found.estimator is not None:
                return found.estimator()
        raise KeyError(level)


# -- for game-blind callers ---------------------------------------------------------------------------

AnySeatView = SeatView[Action]
AnyDeal = Deal[Action, AnySeatView]
AnyAgent = Agent[AnySeatView, Action]
AnyEstimator = Estimator[AnySeatView, Action]
AnyGameSpec = GameSpec[Action, AnySeatView, AnyDeal]


def erased(spec: GameSpec[A, V, D]) -> AnyGameSpec:
    """``spec`` as game-blind code holds it: its actions, views and deals as the Protocols.

    Python's types have no "a GameSpec of some action, view and deal types", so this is the one
    cast of the contract, made where a spec enters the registry (``engine.games.register``). It is
    sound for every caller that hands a spec's members only what came from that same spec (its
    deals, their views and legal actions, its agents' choices, its parsed actions), which is what
    a game-blind caller can do."""
    return cast(AnyGameSpec, spec)
