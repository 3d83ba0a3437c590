"""What both games' views say in one shape: the public history as events, and the result.

The site draws a log and a result table from these, for either game, without knowing which game
it is showing.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.tiles import Tile

# Event kinds: the kinds every game's log may use (a seat leads, beats or passes; the deal is
# over). Each game declares the kinds it adds as data of its own package (``EVENT_KINDS`` and
# ``MOVE_KINDS``, read through its ``GameSpec``); this module names no game's and no module adds to it.
LEAD, BEAT, PASS, OVER = "lead", "beat", "pass", "over"
KINDS: frozenset[str] = frozenset({LEAD, BEAT, PASS, OVER})
MOVES: frozenset[str] = frozenset({LEAD, BEAT, PASS})  # the kinds that are one seat's action


class Event(NamedTuple):
    """One line of the public history. ``tiles`` are only tiles the viewing seat may see: another
    seat's face-down discard has ``count`` tiles and no ``tiles``. ``player`` is -1 where no seat
    is meant (a deal that ended without a trick)."""

    kind: str
    player: int
    tiles: tuple[Tile, ...] = ()
    count: int = 0  # type: ignore[assignment]  # a field named like tuple.count, on purpose


class Payment(NamedTuple):
    payer: int
    payee: int
    amount: int  # always positive
    why: str  # a code such as "settlement"; each game lists its own

    def as_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "why": self.why}


class Outcome(NamedTuple):
    """The result of a finished deal.

    ``first``: the seats in first place (Chuo Pai CP-19 joint winners; Tien Gow TG-11 the winner of
    the last trick). ``scores``: each seat's score (Chuo Pai its pile, Tien Gow its net points).
    ``ledger``: the payments behind the scores (Tien Gow TG-13 … TG-18; empty for Chuo Pai).
    ``next_first``: who leads or banks the next deal, None when the rules draw it (CP-3)."""

    first: tuple[int, ...]
    scores: tuple[int, ...]
    ledger: tuple[Payment, ...] = ()
    next_first: int | None = None


def net(payments: tuple[Payment, ...] | list[Payment], seats: int) -> tuple[int, ...]:
    """Each seat's total of all payments (received minus paid); the totals sum to zero."""
    totals = [0] * seats
    for p in payments:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    return tuple(totals)
