"""What one seat may know (TG-6: face-down tiles are never revealed to anyone but their owner).

A ``SeatView`` holds the seat's own hand, every play so far with other seats' face-down tiles
reduced to a count, pillars, hand sizes, the banker and the payments. It is enough to compute the
seat's legal actions, so an AI never needs the full state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from engine.tien_gow.actions import Action, tiles_info
from engine.tien_gow.hands import code_of
from engine.tien_gow.moves import legal_actions
from engine.tien_gow.settlement import Payment
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.tien_gow.deal import Deal, Play, Trick


class SeenPlay(NamedTuple):
    player: int
    face_up: bool
    tiles: tuple[Tile, ...]  # empty for another seat's face-down play
    count: int  # how many tiles were played

    def as_dict(self) -> dict[str, object]:
        return {"player": self.player, "face_up": self.face_up,
                "tiles": [t.key for t in self.tiles], "count": self.count}


class SeenTrick(NamedTuple):
    leader: int
    plays: tuple[SeenPlay, ...]
    winner: int | None  # None while under way

    def as_dict(self) -> dict[str, object]:
        return {"leader": self.leader, "plays": [p.as_dict() for p in self.plays],
                "winner": self.winner}


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    banker: int
    to_act: int | None  # None once the deal is over
    hand: tuple[Tile, ...]  # own tiles, canonical order
    hand_sizes: tuple[int, ...]
    pillars: tuple[int, ...]
    trick: SeenTrick  # the trick under way (no plays between tricks)
    tricks: tuple[SeenTrick, ...]  # finished tricks
    payments: tuple[Payment, ...]  # immediate payments so far, then the final settlement

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def high(self) -> SeenPlay | None:
        """TG-8: the current high set is the last face-up play of the trick under way."""
        for play in reversed(self.trick.plays):
            if play.face_up:
                return play
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else ()."""
        if self.to_act != self.seat:
            return ()
        high = self.high
        high_set = None if high is None else tiles_info(high.tiles)[1]
        n = self.trick.plays[0].count if self.trick.plays else 0
        return legal_actions(self.hand, code_of(self.hand), high_set, n, self.pillars[self.seat])

    def as_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat, "banker": self.banker, "to_act": self.to_act,
            "hand": [t.key for t in self.hand], "hand_sizes": list(self.hand_sizes),
            "pillars": list(self.pillars), "trick": self.trick.as_dict(),
            "tricks": [t.as_dict() for t in self.tricks],
            "payments": [p.as_dict() for p in self.payments],
        }


def _seen(play: Play, seat: int) -> SeenPlay:
    action = play.action
    shown = action.face_up or play.player == seat
    return SeenPlay(play.player, action.face_up, action.tiles if shown else (), len(action.tiles))


def _seen_trick(trick: Trick, seat: int) -> SeenTrick:
    return SeenTrick(trick.leader, tuple(_seen(p, seat) for p in trick.plays), trick.winner)


def seat_view(deal: Deal, seat: int) -> SeatView:
    if isinstance(seat, bool) or seat not in range(len(deal.hands)):
        raise ValueError("not-a-seat")
    return SeatView(
        seat=seat, banker=deal.banker, to_act=deal.to_act, hand=deal.hands[seat],
        hand_sizes=tuple(len(h) for h in deal.hands), pillars=deal.pillars,
        trick=_seen_trick(deal.trick, seat),
        tricks=tuple(_seen_trick(t, seat) for t in deal.tricks), payments=deal.payments,
    )
