"""A loaded game: the stored row and the deal its record replays to (``Game``), the table
service's errors, and the match a deal belongs to.

Everything shown to the player comes from the human seat's ``SeatView`` (``Game.view``): the log
(``paiyou.deals.log``) and the pages and JSON of ``paiyou.tables.table`` read nothing else.

Errors: ``GameNotFound`` (404), ``BadInput`` (400, malformed request), ``StaleVersion`` (409,
the action was made against an older state: nothing changed); the engine's ``IllegalAction``
(422, with the engine's reason code) is raised as the engine raises it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Generic, TypedDict, TypeVar, cast

from engine.games import game as game_rules
from engine.spec import AnyDeal as Deal
from engine.spec import AnySeatView as SeatView
from paiyou.deals.daily_mark import withheld
from paiyou.deals.errors import BadInput as BadInput
from paiyou.deals.log import Event, events
from paiyou.deals.seating import HUMAN as HUMAN
from paiyou.deals.seating import Seating
from paiyou.jsontypes import JsonObject
from paiyou.store.schema import StoredGame

T = TypeVar("T")

HUMAN_SEAT = 0  # the human sits at the bottom of the table drawing


class Match(TypedDict):
    """The match a deal belongs to (``match_of``), kept in ``meta["match"]`` from its second deal."""

    id: str  # its first deal's id
    deal: int  # 1-based
    totals: list[int]  # each seat's score summed over the match's finished deals before this one
    deals: list[list[int]]  # each of those deals' scores


class GameNotFound(Exception):
    code = "unknown-game"


class SeatKeyRequired(Exception):
    """The request does not present this deal's seat key (API 401, page 403); nothing changed."""


class StaleVersion(Exception):
    """The action was made against an older version (status 409); nothing changed."""

    code = "stale-version"

    def __init__(self, game: Game) -> None:
        super().__init__(game.version)
        self.game = game


class _Stored(Generic[T]):
    """A member of ``Game`` that is its stored row's member of the same name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, game: Game, owner: type | None = None) -> T:
        return cast(T, getattr(game.stored, self.name))


@dataclass(frozen=True, slots=True)
class Game:
    """A stored game and its deal, replayed once from the record (``paiyou.deals.service.load``)
    and passed along from there: a request replays its game at most once."""

    stored: StoredGame
    deal: Deal
    # At a table with friends, the seat of the person this request is for (their key's seat:
    # ``paiyou.seats.access``); None for the seat stored with the game (its creator's).
    sitting: int | None = None

    id = _Stored[str]()
    game = _Stored[str]()  # the game's key
    version = _Stored[int]()
    agents = _Stored[tuple[str, ...]]()  # one per seat; each person's seat holds HUMAN

    @property
    def seat(self) -> int:
        """The seat whose view this request shows and acts for."""
        return self.stored.seat if self.sitting is None else self.sitting

    def seated(self, seat: int) -> Game:
        """The same game, for the person at ``seat``."""
        return replace(self, sitting=seat)

    @property
    def seating(self) -> Seating | None:
        """Who sits where at a table with friends; None for a deal against the computer."""
        return Seating.from_meta(self.stored.meta)

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays each seat now: ``HUMAN`` for a person, else the computer's level (at a table
        with friends, a seat left to the computer plays at the table's level)."""
        seating = self.seating
        return self.agents if seating is None else seating.agents(self.agents)

    @property
    def level(self) -> str:
        """The computer players' level (every computer seat plays at the one chosen level)."""
        return next((a for a in self.agents if a != HUMAN), HUMAN)

    @property
    def is_over(self) -> bool:
        return bool(self.deal.is_over)

    def view(self) -> SeatView:
        """The human seat's view: the only thing a page or a response is built from."""
        return self.deal.view(self.seat)

    @property
    def auto_passes(self) -> list[int]:
        """The numbers of the actions that were the human's automatic forced passes."""
        found = self.stored.meta.get("auto_passes", [])
        return [n for n in found if isinstance(n, int)] if isinstance(found, list) else []

    @property
    def timed_out(self) -> list[int]:
        """The numbers of the actions the computer made for a person whose turn's time ran out (a
        table with friends' timer: ``paiyou.seats.friends.timeout``)."""
        found = self.stored.meta.get("timed_out", [])
        return [n for n in found if isinstance(n, int)] if isinstance(found, list) else []

    def events(self) -> list[Event]:
        """The whole public history, in order, from the human seat's view."""
        return events(self.view(), self.game, self.auto_passes, self.timed_out)

    def record(self) -> JsonObject:
        """The deal record (shows every hand): only once the deal is over. It holds the seed, the
        shuffle's salt and the commitment shown during the deal, so anyone can check that
        sha256("<game>:<seed>:<salt>") is that commitment — except a daily deal's before its day's
        reveal (``paiyou.deals.daily_mark.withheld``: every player of the day is still playing it)."""
        record = game_rules(self.game).to_record(self.deal)
        salt = self._shuffle.get("salt")
        if salt is not None:
            record["salt"] = salt
        if self.commitment is not None:  # what the table showed during the deal, to check against
            record["commitment"] = self.commitment
        seating = self.seating
        if seating is not None:  # which seats people played: by number only (no name, no key)
            record["humans"] = list(seating.humans)
        return withheld(record, self.stored.meta)

    @property
    def _shuffle(self) -> Mapping[str, object]:
        """What ``meta["shuffle"]`` keeps of the shuffle (its salt, commitment, whether chosen)."""
        found = self.stored.meta.get("shuffle")
        return found if isinstance(found, dict) else {}

    @property
    def commitment(self) -> str | None:
        """The hex SHA-256 of "<game>:<seed>:<salt>", fixed (and shown) before the first move."""
        found = self._shuffle.get("commitment")
        return str(found) if found is not None else None

    @property
    def seed_chosen(self) -> bool | None:
        """Whether the player chose this deal's seed (a deal against the computer only; a table
        with friends and a match's next deal are always random); None for a deal stored before
        this was recorded."""
        found = self._shuffle.get("chosen")
        return found if isinstance(found, bool) else None


def match_of(game: Game) -> Match:
    """The match a deal belongs to: ``id`` (its first deal's id), ``deal`` (1-based), ``totals``
    (each seat's score summed over the match's finished deals before this one: Tien Gow's net
    points, Chuo Pai's piles) and ``deals`` (each of those deals' scores)."""
    found = game.stored.meta.get("match")
    if isinstance(found, dict):
        return cast(Match, found)  # the store's JSON: ``service.next_deal`` wrote it as a Match
    return {"id": game.id, "deal": 1, "totals": [0] * game_rules(game.game).seats, "deals": []}
