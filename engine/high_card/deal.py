"""The immutable deal of High Card (HC-1, HC-2)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.errors import IllegalAction
from engine.high_card.actions import Action, by_rank, rank
from engine.high_card.table import DECK, HAND, SEATS
from engine.high_card.view import Play, SeatView
from engine.outcome import Outcome
from engine.rng import make_rng
from engine.tiles import Tile


class _State(NamedTuple):
    hands: list[list[Tile]]
    leader: int
    won: list[int]
    tricks: list[tuple[Play, ...]]


def trick_winner(*plays: Play) -> int:
    """The seat that wins a trick (or holds it so far): a play beats the one holding the trick with
    a higher total (HC-2)."""
    holder = plays[0]
    for play in plays[1:]:
        if rank(play[1].tile) > rank(holder[1].tile):
            holder = play
    return holder[0]


class Deal(NamedTuple):
    seed: int | None
    dealt: tuple[tuple[Tile, ...], ...]
    first: int
    history: tuple[Play, ...] = ()

    def _state(self) -> _State:
        hands = [list(h) for h in self.dealt]
        leader, won, tricks = self.first, [0] * SEATS, []
        for i in range(0, len(self.history) - SEATS + 1, SEATS):
            trick = self.history[i:i + SEATS]
            leader = trick_winner(*trick)
            won[leader] += 1
            tricks.append(trick)
        for seat, action in self.history:
            hands[seat].remove(action.tile)
        return _State(hands, leader, won, tricks)

    @property
    def is_over(self) -> bool:
        return len(self.history) == SEATS * HAND

    @property
    def action_count(self) -> int:
        return len(self.history)

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        if len(self.history) % SEATS == 0:
            return self._state().leader
        return (self.history[-1][0] + 1) % SEATS  # the next seat in playing order

    def legal_actions(self) -> list[Action]:
        to_act = self.to_act
        if to_act is None:
            return []
        return [Action(t) for t in by_rank(self._state().hands[to_act])]

    def apply(self, action: Action, player: int | None = None) -> Deal:
        to_act = self.to_act
        if to_act is None:
            raise IllegalAction("deal-over")
        if player is not None and player != to_act:
            raise IllegalAction("not-your-turn")
        if not isinstance(action, Action) or action not in self.legal_actions():
            raise IllegalAction("not-in-hand")
        return self._replace(history=(*self.history, (to_act, action)))

    def view(self, seat: int) -> SeatView:
        state = self._state()
        open_trick = self.history[len(state.tricks) * SEATS:]
        return SeatView(seat, by_rank(state.hands[seat]), tuple(len(h) for h in state.hands), self.to_act,
                        state.leader, open_trick, tuple(state.tricks), tuple(state.won), self.history,
                        self.first, self.outcome())

    def watch(self, seat: int) -> SeatView:
        """Every card is played face up: a watcher sees ``seat``'s view without its hand."""
        return self.view(seat)._replace(hand=())

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        state = self._state()
        best = max(state.won)
        return Outcome(tuple(s for s in range(SEATS) if state.won[s] == best), tuple(state.won), (), state.leader)


def next_deal(seed: int, first: int | None) -> Deal:
    rng = make_rng(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = tuple(tuple(deck[s * HAND:(s + 1) * HAND]) for s in range(SEATS))
    return Deal(seed, hands, rng.randrange(SEATS) if first is None else first)


def new_deal(seed: int) -> Deal:
    return next_deal(seed, None)


def position(hands: Sequence[Sequence[Tile]], first: int = 0) -> Deal:
    """A deal from given hands (puzzles and tests)."""
    return Deal(None, tuple(tuple(h) for h in hands), first)
