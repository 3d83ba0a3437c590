"""The public log of a deal: every engine event as one seat may see it, with tile keys."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.outcome import MOVES
from engine.spec import AnySeatView as SeatView


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the public log: an engine event (``engine.outcome.Event``: its ``kind`` is one
    of the codes listed there) with tile keys. ``tiles`` are only ever tiles the human seat may
    see."""

    kind: str
    player: int
    tiles: tuple[str, ...] = ()
    count: int = 0
    mine: bool = False  # the human's own action (the "recent" log starts after the last one)
    auto: bool = False  # the human's forced pass, made automatically (the auto-pass setting)


def events(view: SeatView, auto_passes: Sequence[int] = ()) -> list[Event]:
    """The whole public history, in order, as ``view``'s seat may see it (engine events). Every
    action is one move event, so the n-th move event is action number n (``auto_passes``)."""
    me = view.seat
    automatic = set(auto_passes)
    found = []
    moves = 0
    for e in view.events():
        is_move = e.kind in MOVES
        found.append(Event(e.kind, e.player, tuple(t.key for t in e.tiles), e.count,
                           mine=is_move and e.player == me, auto=is_move and moves in automatic))
        moves += is_move
    return found
