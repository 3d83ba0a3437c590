"""What the play pages need from each game, and where to find it.

Each game's ``paiyou/games/<game>/table.py`` provides ``TABLE``, an object of the ``Table``
Protocol below: the parts of the table model, the API view and the form that differ between
games. Everything else (the log, the reveal order, the routes) is shared and game-blind.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NotRequired, Protocol, TypedDict, TypeVar, cast

from engine.spec import AnySeatView
from paiyou.registry import game_module

Reveals = dict[tuple[str, int, int], int]  # ("play", seat, index in the round) -> reveal step

# -- the records a Table returns: what the templates read and the API writes, key by key. A game
# adds its own keys in a record of its own that extends these (``ChuoPaiResult(Result)`` …).


class ViewJson(TypedDict):
    """The API's view (less ``game`` and ``players``): what every game's has; a game adds its own."""

    seat: int
    to_act: int | None
    hand: list[str]
    hand_sizes: list[int]
    your_turn: bool
    is_over: bool
    leader: int | None
    legal_actions: list[dict[str, object]]


class HandTile(TypedDict):
    key: str
    playable: bool
    checked: bool


class HandGroup(TypedDict):
    family: str | None       # the group's engine key (``class_name`` names it), None: ``label`` does
    label: NotRequired[str]  # the group's name, when the game names it itself
    tiles: list[HandTile]


ChoiceGroup = TypedDict("ChoiceGroup", {"class": str | None, "plays": list[str]})


class Choices(TypedDict):
    plays: list[ChoiceGroup]
    count: int
    can_pass: bool
    discard: int  # how many tiles a face-down discard takes, 0 when none is allowed


# One play of a seat in the round under way (``tiles`` empty for a pass and for another seat's
# face-down play, which shows only its ``count``).
SeatPlay = TypedDict("SeatPlay", {"tiles": list[str], "pass": bool, "lead": bool, "high": bool,
                                  "face_up": bool, "count": int, "reveal": int | None})


class Seat(TypedDict):
    seat: int
    name: str
    position: str
    agent: str
    human: bool
    left: int
    score: int
    to_act: bool
    leader: bool
    banker: bool
    plays: list[SeatPlay]
    winner: bool


Current = TypedDict("Current", {"seat": int | None, "tiles": list[str],
                                "class": NotRequired[str], "kind": NotRequired[str]})

RoundPlay = TypedDict("RoundPlay", {"seat": int, "name": str, "tiles": list[str], "pass": bool,
                                    "face_up": bool, "count": int})
LastRoundPlay = TypedDict("LastRoundPlay", {"name": str, "tiles": list[str], "pass": bool,
                                            "face_up": bool, "count": int})


class LastRound(TypedDict):
    winner: str  # the winner's name ("" when none)
    you_won: bool
    plays: list[LastRoundPlay]


class ResultRow(TypedDict):
    seat: int
    name: str
    score: int
    winner: bool


class Result(TypedDict):
    """The end-of-deal table: what every game's has; a game adds its own keys (and row keys)."""

    winners: list[int]
    rows: Sequence[ResultRow]
    human_won: bool  # the viewer won (False for a watcher)


V_contra = TypeVar("V_contra", bound=AnySeatView, contravariant=True)


class Table(Protocol[V_contra]):
    """One game's table, generic in the game's view (``Table[chuo_pai.SeatView]``)."""

    # Where each seat sits in the drawing, by its offset from the viewing seat (the viewer at the
    # bottom: ``place``). The drawing is physical: never mirrored on rtl pages.
    positions: tuple[str, ...]

    def seat_names(self) -> tuple[str, ...]:
        """The players' names by seat, in the page's language."""

    def view_json(self, view: V_contra) -> ViewJson:
        """The API's view of the game (less ``game`` and ``players``)."""

    def hand_groups(self, view: V_contra, selected: Sequence[str]) -> list[HandGroup]:
        """The hand as checkable tiles, grouped as the game shows a hand."""

    def legal_choices(self, view: V_contra) -> Choices:
        """The plays you may make: ``plays`` (groups of notations), ``count``, ``can_pass``,
        ``discard`` (how many tiles a face-down discard takes, 0 when none is allowed)."""

    def seats_model(self, view: V_contra, names: Sequence[str], agents: Sequence[str],
                    order: Reveals) -> list[Seat]:
        """Every seat: name, position, tiles left, score, its plays in the round under way."""

    def round_seats(self, view: V_contra) -> list[int]:
        """The seats of the round's (or trick's) actions so far, in order."""

    def current(self, view: V_contra) -> Current | None:
        """The play to beat: ``seat`` and ``tiles`` (and what else the game shows of it)."""

    def current_notation(self, view: V_contra) -> str | None:
        """The play to beat in notation, for explaining a refused move."""

    def result(self, view: V_contra, names: Sequence[str], viewer: int | None) -> Result | None:
        """The end-of-deal table, None before the end. ``viewer``: the seat the page speaks to as
        "you" (None: a watcher, whom no line of the result addresses, whatever seat ``view`` is
        drawn from)."""

    def round_plays(self, view: V_contra, names: Sequence[str]) -> list[RoundPlay]:
        """The plays of the round or trick under way, in order, as ``view``'s seat sees them
        (``seat``, ``name``, ``tiles``, ``pass``, ``face_up``, ``count``: another seat's face-down
        play has no tiles, only its count); empty when none has been made."""

    def last_round(self, view: V_contra, names: Sequence[str]) -> LastRound | None:
        """The last finished round or trick (``winner`` name, ``plays``: name, tiles, pass,
        face_up, count), so it stays visible while the next one starts; None before the first."""

    def class_name(self, cls: str) -> str:
        """The label of a group of the hand or of the choices (``hand_groups``' ``family``,
        ``legal_choices``' ``class``), by its engine key."""

    def payment_reason(self, why: str) -> str:
        """Why a payment of the ledger was made (``Payment.why``), in words."""

    def round_number(self, view: V_contra) -> int:
        """The number of the round or trick under way (or the last one)."""

    def choose_first(self) -> str:
        """What to say when Play is pressed with nothing selected."""

    def record_place(self, number: int, action: int | None) -> str:
        """A place in a deal record, counted from 1: "round 3, action 2" (or "round 3")."""


@cache
def table_of(game: str) -> Table[AnySeatView]:
    """The game's ``Table``, its view type erased (KeyError for a key the engine does not list):
    a caller gives it the view of that same game's deal."""
    return cast(Table[AnySeatView], game_module(game, "table").TABLE)


def place(positions: Sequence[str], seat: int, viewer: int) -> str:
    """Where ``seat`` sits in the drawing seen from ``viewer``'s place (the viewer at the bottom,
    the others in playing order from there): at a table with friends each person sees their own
    seat at the bottom."""
    return positions[(seat - viewer) % len(positions)]
