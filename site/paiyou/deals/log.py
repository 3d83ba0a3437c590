"""The public log of a deal: every engine event as one seat may see it, with tile keys."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.spec import AnySeatView as SeatView
from paiyou.registry import game as game_rules


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the public log: an engine event (``engine.outcome.Event``: its ``kind`` is one
    of the codes listed there) with tile keys. ``tiles`` are only ever tiles the human seat may
    see."""

    kind: str
    player: int
    tiles: tuple[str, ...] = ()
    count: int = 0
    move: bool = False  # one seat's action (a kind of the game's ``GameSpec.move_kinds``)
    mine: bool = False  # the human's own action (the "recent" log starts after the last one)
    auto: bool = False  # the human's forced pass, made automatically (the auto-pass setting)
    timed_out: bool = False  # a person's move the computer made when their turn's time ran out


def events(view: SeatView, game: str, auto_passes: Sequence[int] = (),
           timed_out: Sequence[int] = ()) -> list[Event]:
    """The whole public history of a deal of ``game``, in order, as ``view``'s seat may see it
    (engine events). Every action is one move event, so the n-th move event is action number n
    (``auto_passes``, and ``timed_out``: the moves the turn timer made for a person)."""
    move_kinds = game_rules(game).move_kinds
    me = view.seat
    automatic, timer = set(auto_passes), set(timed_out)
    found = []
    moves = 0
    for e in view.events():
        is_move = e.kind in move_kinds
        found.append(Event(e.kind, e.player, tuple(t.key for t in e.tiles), e.count, move=is_move,
                           mine=is_move and e.player == me, auto=is_move and moves in automatic,
                           timed_out=is_move and moves in timer))
        moves += is_move
    return found
