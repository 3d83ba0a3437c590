"""What the play pages need from each game, and where to find it.

Each game's ``paiyou/games/<game>/table.py`` provides ``TABLE``, an object of the ``Table``
Protocol below: the parts of the table model, the API view and the form that differ between
games. Everything else (the log, the reveal order, the routes) is shared and game-blind.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol, cast

from paiyou.registry import game_module

Model = dict[str, Any]
Reveals = dict[tuple[str, int, int], int]  # ("play", seat, index in the round) -> reveal step


class Table(Protocol):
    # Where each seat sits in the drawing, by seat (the human at the bottom). The drawing is
    # physical: never mirrored on rtl pages.
    positions: tuple[str, ...]

    def seat_names(self) -> tuple[str, ...]:
        """The players' names by seat, in the page's language."""

    def view_json(self, view: Any) -> Model:
        """The API's view of the game (less ``game`` and ``players``)."""

    def hand_groups(self, view: Any, selected: Sequence[str]) -> list[Model]:
        """The hand as checkable tiles, grouped as the game shows a hand."""

    def legal_choices(self, view: Any) -> Model:
        """The plays you may make: ``plays`` (groups of notations), ``count``, ``can_pass``,
        ``discard`` (how many tiles a face-down discard takes, 0 when none is allowed)."""

    def seats_model(self, view: Any, names: Sequence[str], agents: Sequence[str],
                    order: Reveals) -> list[Model]:
        """Every seat: name, position, tiles left, score, its plays in the round under way."""

    def round_seats(self, view: Any) -> list[int]:
        """The seats of the round's (or trick's) actions so far, in order."""

    def current(self, view: Any) -> Model | None:
        """The play to beat: ``seat`` and ``tiles`` (and what else the game shows of it)."""

    def current_notation(self, view: Any) -> str | None:
        """The play to beat in notation, for explaining a refused move."""

    def result(self, view: Any, names: Sequence[str]) -> Model | None:
        """The end-of-deal table, None before the end."""

    def round_plays(self, view: Any, names: Sequence[str]) -> list[Model]:
        """The plays of the round or trick under way, in order, as ``view``'s seat sees them
        (``seat``, ``name``, ``tiles``, ``pass``, ``face_up``, ``count``: another seat's face-down
        play has no tiles, only its count); empty when none has been made."""

    def last_round(self, view: Any, names: Sequence[str]) -> Model | None:
        """The last finished round or trick (``winner`` name, ``plays``: name, tiles, pass,
        face_up, count), so it stays visible while the next one starts; None before the first."""

    def class_name(self, cls: str) -> str:
        """The label of a group of the hand or of the choices (``hand_groups``' ``family``,
        ``legal_choices``' ``class``), by its engine key."""

    def payment_reason(self, why: str) -> str:
        """Why a payment of the ledger was made (``Payment.why``), in words."""

    def round_number(self, view: Any) -> int:
        """The number of the round or trick under way (or the last one)."""

    def choose_first(self) -> str:
        """What to say when Play is pressed with nothing selected."""

    def record_place(self, number: int, action: int | None) -> str:
        """A place in a deal record, counted from 1: "round 3, action 2" (or "round 3")."""


@cache
def table_of(game: str) -> Table:
    """The game's ``Table`` (KeyError for a key the engine does not list)."""
    return cast(Table, game_module(game, "table").TABLE)
