"""A Chuo Pai deal as an immutable state (CP-1 … CP-5, CP-12 … CP-19).

``Deal.apply(action)`` checks everything and returns a new deal; a rejected action raises
``IllegalAction`` with a reason code and changes nothing. Seats are 0, 1, 2 and the next player
is the next seat number, which the table draws clockwise (CP-2).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from engine.chuo_pai.actions import PASS, Action, as_action
from engine.chuo_pai.families import NAIL, TWO_RED, display_key
from engine.chuo_pai.hands import Counts, counts, counts_to_tiles, remove
from engine.chuo_pai.history import TURNS, Round
from engine.chuo_pai.moves import legal_follows, legal_leads
from engine.chuo_pai.plays import Play, holds, why_not_beating
from engine.chuo_pai.scoring import outcome, winners
from engine.chuo_pai.table import COPIES, HAND_SIZE, SEATS
from engine.chuo_pai.view import SeatView
from engine.errors import IllegalAction
from engine.outcome import Outcome
from engine.rng import make_rng
from engine.tiles import ALL_TILES, Tile


class Deal(NamedTuple):
    seed: int | None
    dealt: tuple[tuple[Tile, ...], ...]  # the hands as dealt, before the bonus
    bonus: tuple[tuple[Tile, ...], ...]  # CP-4 cards moved to each pile
    first_leader: int
    hands: tuple[Counts, ...]
    sizes: tuple[int, ...]
    piles: tuple[int, ...]
    removed: int  # cards that left the game in beaten plays (CP-16)
    to_act: int | None  # None once the deal is over
    current: Play | None  # CP-13: the current highest play, None before the lead
    owner: int | None  # who made the current highest play
    pending: tuple[int, ...]  # followers still to act after ``to_act`` in this round
    round: Round | None  # the round under way
    rounds: tuple[Round, ...]  # finished rounds

    # -- questions ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def leader(self) -> int | None:
        return self.round.leader if self.round else self.to_act

    @property
    def winners(self) -> tuple[int, ...]:
        """CP-19: every seat with the largest pile (joint winners tie); empty until the end."""
        return winners(self.piles) if self.is_over else ()

    @property
    def action_count(self) -> int:
        """How many actions (every seat's plays and passes) the deal has seen."""
        done = sum(len(r.actions) for r in self.rounds)
        return done + (len(self.round.actions) if self.round is not None else 0)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return counts_to_tiles(self.hands[seat])

    def legal_actions(self) -> tuple[Action, ...]:
        if self.to_act is None:
            return ()
        # moves.legal_actions, spelt out: this is the hot path of every play-out
        hand, current = self.hands[self.to_act], self.current
        return legal_leads(hand) if current is None else legal_follows(hand, current)

    def outcome(self) -> Outcome | None:
        return outcome(self.piles) if self.is_over else None

    def view(self, seat: int) -> SeatView:
        return SeatView(seat=seat, hand=counts_to_tiles(self.hands[seat]), hand_counts=self.hands[seat],
                        hand_sizes=self.sizes, piles=self.piles, bonus=self.bonus,
                        first_leader=self.first_leader, to_act=self.to_act, current=self.current,
                        owner=self.owner, round=self.round, rounds=self.rounds, winners=self.winners)

    def watch(self, seat: int) -> SeatView:
        """Every play is face up (CP-5): a watcher sees ``seat``'s view without its hand."""
        return self.view(seat)._replace(hand=(), hand_counts=(0,) * len(self.hands[seat]))

    # -- actions -----------------------------------------------------------------------------
    def apply(self, action: Action | str | Sequence[Tile], player: int | None = None) -> Deal:
        """Play or pass for the seat to act (or for ``player``, which must be that seat)."""
        if self.to_act is None:
            raise IllegalAction("deal-over")
        if player is not None and player != self.to_act:
            raise IllegalAction("not-your-turn", f"seat {self.to_act} is to act")
        play = action if isinstance(action, Play) else as_action(action)
        seat, hand = self.to_act, self.hands[self.to_act]
        if play is PASS:
            if self.current is None:
                raise IllegalAction("must-lead")  # CP-6: the leader may not pass
            if legal_follows(hand, self.current)[0] is not PASS:
                raise IllegalAction("must-beat")  # CP-14
            return self._after_action(seat, PASS)
        assert isinstance(play, Play)
        if not holds(hand, play):
            raise IllegalAction("not-in-hand", play.notation)
        if self.current is not None and play not in self.current.beaten_by_set:
            raise IllegalAction(why_not_beating(self.current, play), play.notation)
        return self._after_action(seat, play)

    def _after_action(self, seat: int, play: Action) -> Deal:
        # Hot path (AI search, benchmarks): build the next state as one tuple, no _replace.
        (seed, dealt, bonus, first, hands, sizes, piles, removed, _to_act, current, owner,
         pending, rnd, rounds) = self
        if play is not PASS:
            assert isinstance(play, Play)
            hands = _replace(hands, seat, remove(hands[seat], play))
            sizes = _replace(sizes, seat, sizes[seat] - play.size)
        if current is None:  # the lead: CP-5, every other seat holding cards acts once
            nxt, last = (seat + 1) % SEATS, (seat + 2) % SEATS
            pending = (nxt, last) if sizes[nxt] and sizes[last] else (nxt,) if sizes[nxt] else (last,)
            return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed,
                               pending[0], play, seat, pending[1:],
                               _new(Round, (seat, (TURNS[seat][play.id],), None)), rounds))
        if play is not PASS:  # CP-13: a beat replaces the current highest play
            assert isinstance(play, Play)
            removed += current.size
            current, owner = play, seat
        assert rnd is not None and owner is not None
        rnd = _new(Round, (rnd.leader, rnd.actions + (TURNS[seat][play.id],), None))
        if pending:
            return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed, pending[0],
                               current, owner, pending[1:], rnd, rounds))
        # The round is over: CP-15 winner, CP-16 scoring, CP-17 end check, CP-18 next leader.
        piles = _replace(piles, owner, piles[owner] + current.size)
        rounds = rounds + (_new(Round, (rnd.leader, rnd.actions, owner)),)
        leader = next_leader(sizes, owner)
        to_act = None if leader < 0 else leader
        return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed, to_act,
                           None, None, (), None, rounds))


def next_leader(sizes: Sequence[int], winner: int) -> int:
    """Who leads after a round won by ``winner``, from the cards each hand holds: -1 when the
    deal is over (CP-17: at most one hand holds cards), else the winner, or the next seat
    clockwise holding cards (CP-18). The one form of this rule: the kernel, the self-play fast
    path, the play-outs and the endgame solver call it."""
    if (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0) <= 1:
        return -1
    while not sizes[winner]:
        winner = (winner + 1) % SEATS
    return winner


_new = tuple.__new__
T = TypeVar("T")


def _replace(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return values[:index] + (value,) + values[index + 1:]


def _check_hands(hands: Sequence[Sequence[Tile]], leader: int) -> None:
    if len(hands) != SEATS:
        raise IllegalAction("not-a-deal", "seats")
    if isinstance(leader, bool) or leader not in range(SEATS):
        raise IllegalAction("not-a-deal", "leader")
    if max(counts([t for h in hands for t in h])) > COPIES:
        raise IllegalAction("not-a-deal", "copies")  # CP-1


def deal_from_hands(hands: Sequence[Sequence[Tile]], first_leader: int, seed: int | None = None) -> Deal:
    """A deal starting from given hands (a full or a partial pack), with the CP-4 bonus applied.
    Raises IllegalAction("not-a-deal", detail) when the hands are not a deal."""
    _check_hands(hands, first_leader)
    dealt = tuple(tuple(sorted(h, key=display_key)) for h in hands)
    held, bonus = [], []
    for hand in dealt:
        c = counts(hand)
        if c[NAIL.index] and c[TWO_RED.index]:  # CP-4: both kinds held: every 1-2 and 2-4 moves
            moved = (NAIL,) * c[NAIL.index] + (TWO_RED,) * c[TWO_RED.index]
            c = tuple(0 if i in (NAIL.index, TWO_RED.index) else n for i, n in enumerate(c))
        else:
            moved = ()
        held.append(c)
        bonus.append(moved)
    sizes = tuple(sum(c) for c in held)
    holders = [s for s in range(SEATS) if sizes[s]]
    to_act = first_leader if len(holders) > 1 and sizes[first_leader] else None
    return Deal(seed=seed, dealt=dealt, bonus=tuple(bonus), first_leader=first_leader,
                hands=tuple(held), sizes=sizes, piles=tuple(len(b) for b in bonus), removed=0,
                to_act=to_act, current=None, owner=None, pending=(), round=None, rounds=())


def position(hands: Sequence[Sequence[Tile]], leader: int,
             actions: Sequence[Action | str] = ()) -> Deal:
    """A position in the middle of a deal: the three hands as they are now (a partial pack; no
    CP-4 bonus is applied), ``leader`` to lead a new round, then ``actions`` applied in order
    (the lead first). Raises IllegalAction for hands that are no position or an illegal action."""
    _check_hands(hands, leader)
    dealt = tuple(tuple(sorted(h, key=display_key)) for h in hands)
    held = tuple(counts(h) for h in dealt)
    sizes = tuple(len(h) for h in dealt)
    if not sizes[leader] or sum(1 for n in sizes if n) < 2:
        raise IllegalAction("not-a-deal", "over")  # CP-17: no round can be played
    deal = Deal(seed=None, dealt=dealt, bonus=((),) * SEATS, first_leader=leader, hands=held,
                sizes=sizes, piles=(0,) * SEATS, removed=0, to_act=leader, current=None, owner=None,
                pending=(), round=None, rounds=())
    for action in actions:
        deal = deal.apply(action)
    return deal


def next_deal(seed: int, first: int | None = None) -> Deal:
    """The next deal of a match. CP-3: every deal draws its own first leader, so ``first`` (the
    finished deal's ``Outcome.next_first``, always None here) changes nothing."""
    return new_deal(seed)


def new_deal(seed: int) -> Deal:
    """CP-3: shuffle the 84 cards with the seeded generator, deal 28 each, pick the first leader."""
    rng = make_rng(seed)
    pack = [t for t in ALL_TILES for _ in range(COPIES)]
    rng.shuffle(pack)
    hands = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS)]
    return deal_from_hands(hands, rng.randrange(SEATS), seed)


__all__ = ["Deal", "new_deal", "deal_from_hands", "position"]
