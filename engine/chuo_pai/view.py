"""What one seat may know (CP-2 … CP-19 are public except the other hands).

A view holds the seat's own hand, the table, every played card (all plays are face up), piles,
the bonus cards, and only the *number* of cards in the other hands. The AI and the browser only
ever get a view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.chuo_pai.deal import (
    Action,
    Round,
    counts_to_tiles,
    legal_follows,
    legal_leads,
)
from engine.chuo_pai.plays import Play
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.chuo_pai.deal import Deal


class SeatView(NamedTuple):
    seat: int
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]  # own copies per tile index
    hand_sizes: tuple[int, ...]  # every seat's number of cards
    piles: tuple[int, ...]
    bonus: tuple[tuple[Tile, ...], ...]
    first_leader: int
    to_act: int | None
    current: Play | None
    owner: int | None
    round: Round | None
    rounds: tuple[Round, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, deal: Deal, seat: int) -> SeatView:
        return cls(seat=seat, hand=counts_to_tiles(deal.hands[seat]), hand_counts=deal.hands[seat],
                   hand_sizes=deal.sizes, piles=deal.piles, bonus=deal.bonus,
                   first_leader=deal.first_leader, to_act=deal.to_act, current=deal.current,
                   owner=deal.owner, round=deal.round, rounds=deal.rounds, winners=deal.winners)

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions, computed from the view alone (empty when not its turn)."""
        if not self.my_turn:
            return ()
        if self.current is None:
            return legal_leads(self.hand_counts)
        return legal_follows(self.hand_counts, self.current)

    def played(self) -> tuple[int, ...]:
        """Copies of each identity seen on the table so far, for counting cards."""
        seen = [0] * len(self.hand_counts)
        rounds = self.rounds + ((self.round,) if self.round else ())
        for rnd in rounds:
            for _seat, play in rnd.actions:
                for t in play.tiles:
                    seen[t.index] += 1
        return tuple(seen)
