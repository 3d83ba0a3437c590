"""What one seat of High Card knows, and the log of the deal (its events)."""
from __future__ import annotations

from typing import NamedTuple

from engine.high_card.actions import Action, rank
from engine.high_card.table import DECK, SEATS
from engine.outcome import BEAT, LEAD, OVER, Event, Outcome
from engine.tiles import Tile

UNDER = "under"  # a follow that does not beat: this game's own kind, a move
# The kinds this game adds to engine.outcome.KINDS, and those of them that are a seat's action.
EVENT_KINDS: frozenset[str] = frozenset({UNDER})
MOVE_KINDS: frozenset[str] = frozenset({UNDER})
Play = tuple[int, Action]  # (seat, action)


class SeatView(NamedTuple):
    seat: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    leader: int
    trick: tuple[Play, ...]  # the open trick
    tricks: tuple[tuple[Play, ...], ...]  # the finished ones
    won: tuple[int, ...]  # tricks won by seat
    history: tuple[Play, ...]
    first: int
    final: Outcome | None

    @property
    def is_over(self) -> bool:
        return self.final is not None

    def legal_actions(self) -> list[Action]:
        if self.to_act != self.seat:  # a watcher's view has no hand: no action either
            return []
        return [Action(t) for t in self.hand]

    def events(self) -> tuple[Event, ...]:
        out: list[Event] = []
        highest = 0  # the total holding the open trick (HC-2)
        for i, (seat, action) in enumerate(self.history):
            kind = LEAD if i % SEATS == 0 else BEAT if rank(action.tile) > highest else UNDER
            if kind != UNDER:
                highest = rank(action.tile)
            out.append(Event(kind, seat, action.tiles, 1))
        if self.final is not None:
            out.append(Event(OVER, -1))
        return tuple(out)

    def outcome(self) -> Outcome | None:
        return self.final

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat cannot see: the other hands (every tile is dealt, HC-1)."""
        played = {a.tile for _s, a in self.history}
        return tuple(t for t in DECK if t not in played and t not in self.hand)

    def as_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "hand": [t.key for t in self.hand], "hand_sizes": list(self.hand_sizes),
                "to_act": self.to_act, "trick": [[s, a.notation] for s, a in self.trick],
                "tricks_won": list(self.won), "is_over": self.is_over}
