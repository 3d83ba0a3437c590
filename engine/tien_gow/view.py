"""What one seat may know (TG-6: face-down tiles are never revealed to anyone but their owner).

A ``SeatView`` holds the seat's own hand, every play so far with other seats' face-down tiles
reduced to a count, pillars, hand sizes, the banker and the payments. It is enough to compute the
seat's legal actions, so an AI never needs the full state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.outcome import BEAT, LEAD, OVER, Event, Outcome, Payment
from engine.tien_gow.actions import Action, tiles_info
from engine.tien_gow.hands import code_of
from engine.tien_gow.history import Trick, Turn
from engine.tien_gow.moves import early_death, legal_actions
from engine.tien_gow.sets import SUPREME as SUPREME_KIND
from engine.tien_gow.settlement import outcome
from engine.tien_gow.variants import DEFAULT, Rules
from engine.tiles import Tile

# The kinds of event Tien Gow adds to the log: the banker (TG-3), a face-down discard (TG-6, a
# move), a trick's winner (TG-10) and the immediate payments (TG-16).
BANKER = "banker"
DISCARD = "discard"
TRICK = "trick"
SUPREME = "supreme"
QUARTET = "quartet"
EVENT_KINDS: frozenset[str] = frozenset({BANKER, DISCARD, TRICK, SUPREME, QUARTET})
MOVE_KINDS: frozenset[str] = frozenset({DISCARD})


class SeenTurn(NamedTuple):
    player: int
    face_up: bool
    tiles: tuple[Tile, ...]  # empty for another seat's face-down play
    count: int  # type: ignore[assignment]  # how many tiles were played (shadows tuple.count)

    def as_dict(self) -> dict[str, object]:
        return {"player": self.player, "face_up": self.face_up,
                "tiles": [t.key for t in self.tiles], "count": self.count}


class SeenTrick(NamedTuple):
    leader: int
    plays: tuple[SeenTurn, ...]
    winner: int | None  # None while under way

    def as_dict(self) -> dict[str, object]:
        return {"leader": self.leader, "plays": [p.as_dict() for p in self.plays],
                "winner": self.winner}

    @property
    def high(self) -> SeenTurn | None:
        """TG-8: the high set is the trick's last face-up play."""
        for play in reversed(self.plays):
            if play.face_up:
                return play
        return None


NO_SEAT = -1  # the seat of a watcher, who sees no face-down tile


def seen_trick(trick: Trick, seat: int) -> SeenTrick:
    """The trick as ``seat`` sees it: other seats' face-down tiles become a count."""
    return SeenTrick(trick.leader, tuple(_seen(p, seat) for p in trick.plays), trick.winner)


def _seen(play: Turn, seat: int) -> SeenTurn:
    action = play.action
    shown = action.face_up or play.player == seat
    return SeenTurn(play.player, action.face_up, action.tiles if shown else (), len(action.tiles))


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
    rules: Rules = DEFAULT  # the deal's table options: legal actions and payments follow them

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def high(self) -> SeenTurn | None:
        """TG-8: the current high set is the last face-up play of the trick under way."""
        return self.trick.high

    @property
    def winner(self) -> int | None:
        """TG-11: once the deal is over, the winner of the last trick."""
        return self.tricks[-1].winner if self.is_over and self.tricks else None

    @property
    def lead_count(self) -> int:
        """How many tiles the trick under way was led with (0 before the lead)."""
        return self.trick.plays[0].count if self.trick.plays else 0

    @property
    def early_death(self) -> bool:
        """TG-12 forbids this seat, to act now, to play face up."""
        return (self.my_turn and bool(self.trick.plays)
                and early_death(len(self.hand), self.lead_count, self.pillars[self.seat], self.rules))

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else () (and () in a watcher's view)."""
        if self.to_act != self.seat or not self.hand:
            return ()
        high = self.high
        high_set = None if high is None else tiles_info(high.tiles)[1]
        return legal_actions(self.hand, code_of(self.hand), high_set, self.lead_count,
                             self.pillars[self.seat], self.rules)

    def outcome(self) -> Outcome | None:
        winner = self.winner
        return outcome(winner, self.payments) if winner is not None else None

    def events(self) -> tuple[Event, ...]:
        """The public history in order: the banker (TG-3), every lead, beat and face-down discard
        (another seat's as a count only), each trick's winner with the set that won it (TG-10)
        and the TG-16 Supreme or quartet it earns, and the end."""
        out: list[Event] = [Event(BANKER, self.banker)]
        for trick in self.tricks + ((self.trick,) if self.trick.plays else ()):
            high: tuple[Tile, ...] = ()
            for i, play in enumerate(trick.plays):
                kind = LEAD if i == 0 else (BEAT if play.face_up else DISCARD)
                if play.face_up:
                    high = play.tiles
                out.append(Event(kind, play.player, play.tiles, play.count))
            if trick.winner is not None:
                out.append(Event(TRICK, trick.winner, high, len(high)))
                won_with = tiles_info(high)[1] if high else None
                if won_with is not None and won_with.kind == SUPREME_KIND:
                    out.append(Event(SUPREME, trick.winner, high, len(high)))
                elif len(high) == 4:
                    out.append(Event(QUARTET, trick.winner, high, len(high)))
        if self.is_over:
            out.append(Event(OVER, self.winner if self.winner is not None else -1))
        return tuple(out)

    def as_dict(self) -> dict[str, object]:
        """The view as JSON: exactly what the seat may see (the table options only when some are
        on, and the banker's deals in a row only under a rising banker)."""
        found: dict[str, object] = {
            "seat": self.seat, "banker": self.banker, "to_act": self.to_act,
            "hand": [t.key for t in self.hand], "hand_sizes": list(self.hand_sizes),
            "pillars": list(self.pillars), "trick": self.trick.as_dict(),
            "tricks": [t.as_dict() for t in self.tricks],
            "payments": [p.as_dict() for p in self.payments],
        }
        if self.rules.variant:
            found["variant"] = list(self.rules.variant)
        if self.rules.banker_run != 1:
            found["banker_run"] = self.rules.banker_run
        return found
