"""The deal record of a one-tile trick game (High Card, and every game copied from it): the dealt
hands, then every action in order (docs/records.md).

``{"format": 1, "game": <key>, "seed", "first", "hands": [[tile keys] x seats],
"actions": [{"player", "tiles": [one key]}], "winners"}``; every failure is a ``RecordError`` at
its path (``engine.records``' checked readers). A game declares its ``TrickRecords`` (its key,
seats, deck, hand size, how it deals and how a seat plays) and exports its three functions: the reading is written once.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from engine.errors import IllegalAction, Path, RecordError, illegal, mismatch
from engine.outcome import Outcome
from engine.records import (
    Record,
    as_object,
    as_seat,
    as_seed,
    int_field,
    list_field,
    read_variant,
    replayed,
    require,
    tiles_of,
)
from engine.spec import Action
from engine.tiles import Tile

FORMAT = 1


class TrickDeal(Protocol):
    """What the record reads and writes of a one-tile trick game's deal."""

    @property
    def seed(self) -> int | None: ...

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]: ...

    @property
    def first(self) -> int: ...

    @property
    def history(self) -> Sequence[tuple[int, Action]]: ...

    def outcome(self) -> Outcome | None: ...


D = TypeVar("D", bound=TrickDeal)


@dataclass(frozen=True, slots=True)
class TrickRecords(Generic[D]):
    """The records of one game: ``to_record``, ``replay``, ``replay_steps`` (``GameRules``)."""

    key: str
    seats: int
    deck: tuple[Tile, ...]
    hand: int
    deal: Callable[[int | None, tuple[tuple[Tile, ...], ...], int], D]  # (seed, dealt hands, first)
    next_deal: Callable[[int, int | None], D]  # what the seed deals (the record's check)
    move: Callable[[D, Sequence[Tile], int], D]  # the deal after a seat plays these tiles (or IllegalAction)

    def to_record(self, deal: D) -> dict[str, object]:
        outcome = deal.outcome()
        return {"format": FORMAT, "game": self.key, "seed": deal.seed, "first": deal.first,
                "hands": [[t.key for t in h] for h in deal.dealt],
                "actions": [{"player": s, "tiles": [t.key for t in a.tiles]} for s, a in deal.history],
                "winners": list(outcome.first) if outcome else None}

    def _start(self, record: Record) -> D:
        if int_field(record, "format") != FORMAT:
            raise RecordError(("format",), "unsupported-format", {"value": record["format"]})
        if require(record, "game") != self.key:
            raise RecordError(("game",), "wrong-game", {"value": record["game"]})
        read_variant(record, ())  # a game of this form has no table options
        hands = list_field(record, "hands")
        if len(hands) != self.seats:
            raise RecordError(("hands",), "wrong-type", {"expected": "list", "length": self.seats})
        first = as_seat(require(record, "first"), self.seats, ("first",))
        seed = as_seed(record.get("seed"))
        dealt = tuple(tiles_of(h, ("hands", i)) for i, h in enumerate(hands))
        if (sorted(t.key for h in dealt for t in h) != sorted(t.key for t in self.deck)
                or {len(h) for h in dealt} != {self.hand}):
            raise RecordError(("hands",), "illegal", {"reason": "not-the-deck"})
        if seed is not None and dealt != self.next_deal(seed, first).dealt:
            raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
        return self.deal(seed, dealt, first)

    def _play(self, deal: D, entry: object, where: Path, last: bool, states: list[D]) -> D:
        step = as_object(entry, where)
        player = as_seat(require(step, "player", where), self.seats, (*where, "player"))
        tiles = tiles_of(require(step, "tiles", where), (*where, "tiles"))
        try:
            deal = self.move(deal, tiles, player)
        except IllegalAction as error:
            raise illegal(where, error) from None
        states.append(deal)
        return deal

    @staticmethod
    def _check(record: Record, deal: D) -> None:
        stated = record.get("winners")
        outcome = deal.outcome()
        engine = list(outcome.first) if outcome else None
        if stated is not None and stated != engine:
            raise mismatch(("winners",), stated, engine)

    def replay_steps(self, record: object) -> tuple[D, ...]:
        """Every state of a checked record, the dealt one first."""
        return tuple(replayed(record, self._start, "actions", self._play, self._check))

    def replay(self, record: object) -> D:
        return self.replay_steps(record)[-1]
