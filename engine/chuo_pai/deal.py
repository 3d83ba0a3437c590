"""A Chuo Pai deal as an immutable state (CP-1 … CP-5, CP-12 … CP-19).

``Deal.apply(action)`` checks everything and returns a new deal; a rejected action raises
``IllegalAction`` with a reason code and changes nothing. Seats are 0, 1, 2 and the next player
is the next seat number, which the table draws clockwise (CP-2).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.chuo_pai.families import NAIL, TWO_RED, display_key
from engine.chuo_pai.plays import (
    Play,
    beaters_held,
    classify,
    holds,
    leads,
    why_not_beating,
)
from engine.errors import IllegalAction
from engine.rng import make_rng
from engine.tiles import ALL_TILES, Tile, parse_tiles

SEATS = 3
HAND_SIZE = 28
COPIES = 4  # CP-1: four copies of each of the 21 identities, 84 cards

Counts = tuple[int, ...]  # copies held per tile index


class Pass:
    """The follower's pass (CP-14): plays no cards."""

    __slots__ = ()
    tiles: tuple[Tile, ...] = ()
    notation = ""
    size = 0

    def __repr__(self) -> str:
        return "PASS"


PASS = Pass()
Action = Play | Pass


class Round(NamedTuple):
    leader: int
    actions: tuple[tuple[int, Action], ...]  # (seat, play or PASS), the lead first
    winner: int | None  # None while the round is under way


def _counts(tiles: Sequence[Tile]) -> Counts:
    counts = [0] * len(ALL_TILES)
    for t in tiles:
        counts[t.index] += 1
    return tuple(counts)


def _remove(hand: Counts, play: Play) -> Counts:
    left = list(hand)
    for i, n in play.need:
        left[i] -= n
    return tuple(left)


def counts_to_tiles(hand: Counts) -> tuple[Tile, ...]:
    """A hand in display order (family, strongest first)."""
    return tuple(sorted((t for t in ALL_TILES for _ in range(hand[t.index])), key=display_key))


def legal_leads(hand: Counts) -> tuple[Play, ...]:
    """CP-6: every legal play the hand holds; the leader may not pass."""
    return tuple(leads(hand))


def legal_follows(hand: Counts, current: Play) -> tuple[Action, ...]:
    """CP-14: the beating plays the hand holds, or only PASS when there are none."""
    beats = beaters_held(hand, current)
    return tuple(beats) if beats else (PASS,)


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
        if not self.is_over:
            return ()
        top = max(self.piles)
        return tuple(s for s in range(SEATS) if self.piles[s] == top)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return counts_to_tiles(self.hands[seat])

    def legal_actions(self) -> tuple[Action, ...]:
        if self.to_act is None:
            return ()
        hand = self.hands[self.to_act]
        return legal_leads(hand) if self.current is None else legal_follows(hand, self.current)

    def view(self, seat: int) -> "SeatView":
        from engine.chuo_pai.view import SeatView

        return SeatView.of(self, seat)

    # -- actions -----------------------------------------------------------------------------
    def apply(self, action: Action | str | Sequence[Tile], player: int | None = None) -> Deal:
        """Play or pass for the seat to act (or for ``player``, which must be that seat)."""
        if self.to_act is None:
            raise IllegalAction("deal-over")
        if player is not None and player != self.to_act:
            raise IllegalAction("not-your-turn", f"seat {self.to_act} is to act")
        play = action if isinstance(action, Play) else _as_action(action)
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
            hands = _replace(hands, seat, _remove(hands[seat], play))  # type: ignore[arg-type]
            sizes = _replace(sizes, seat, sizes[seat] - play.size)
        if current is None:  # the lead: CP-5, every other seat holding cards acts once
            nxt, last = (seat + 1) % SEATS, (seat + 2) % SEATS
            pending = (nxt, last) if sizes[nxt] and sizes[last] else (nxt,) if sizes[nxt] else (last,)
            return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed,
                               pending[0], play, seat, pending[1:],
                               _new(Round, (seat, ((seat, play),), None)), rounds))
        if play is not PASS:  # CP-13: a beat replaces the current highest play
            removed += current.size
            current, owner = play, seat  # type: ignore[assignment]
        assert rnd is not None and owner is not None
        rnd = _new(Round, (rnd.leader, rnd.actions + ((seat, play),), None))
        if pending:
            return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed, pending[0],
                               current, owner, pending[1:], rnd, rounds))
        # The round is over: CP-15 winner, CP-16 scoring, CP-17 end check, CP-18 next leader.
        piles = _replace(piles, owner, piles[owner] + current.size)
        rounds = rounds + (_new(Round, (rnd.leader, rnd.actions, owner)),)
        if (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0) <= 1:
            to_act = None
        elif sizes[owner]:
            to_act = owner
        else:
            to_act = (owner + 1) % SEATS if sizes[(owner + 1) % SEATS] else (owner + 2) % SEATS
        return _new(Deal, (seed, dealt, bonus, first, hands, sizes, piles, removed, to_act,
                           None, None, (), None, rounds))


_new = tuple.__new__


def _replace(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return values[:index] + (value,) + values[index + 1:]


def _as_action(action: Action | str | Sequence[Tile]) -> Action:
    if isinstance(action, (Play, Pass)):
        return action
    tiles = parse_tiles(action, allow_empty=True) if isinstance(action, str) else tuple(action)
    if not tiles:
        return PASS
    play = classify(tiles)
    if play is None:
        raise IllegalAction("not-a-play", " ".join(t.key for t in tiles))
    return play


def parse_action(text: str) -> Action:
    """An action from notation: ``""`` is a pass; otherwise the tiles must form a legal play."""
    return _as_action(text)


def deal_from_hands(hands: Sequence[Sequence[Tile]], first_leader: int, seed: int | None = None) -> Deal:
    """A deal starting from given hands (a full or a partial pack), with the CP-4 bonus applied."""
    if len(hands) != SEATS:
        raise ValueError("Chuo Pai needs exactly three hands")
    if first_leader not in range(SEATS):
        raise ValueError("first leader must be a seat 0-2")
    all_counts = _counts([t for h in hands for t in h])
    if max(all_counts) > COPIES:
        raise ValueError("more than four copies of one identity")
    dealt = tuple(tuple(sorted(h, key=display_key)) for h in hands)
    counts, bonus = [], []
    for hand in dealt:
        c = _counts(hand)
        if c[NAIL.index] and c[TWO_RED.index]:  # CP-4: both kinds held: every 1-2 and 2-4 moves
            moved = (NAIL,) * c[NAIL.index] + (TWO_RED,) * c[TWO_RED.index]
            c = tuple(0 if i in (NAIL.index, TWO_RED.index) else n for i, n in enumerate(c))
        else:
            moved = ()
        counts.append(c)
        bonus.append(moved)
    sizes = tuple(sum(c) for c in counts)
    holders = [s for s in range(SEATS) if sizes[s]]
    to_act = first_leader if len(holders) > 1 and sizes[first_leader] else None
    return Deal(seed=seed, dealt=dealt, bonus=tuple(bonus), first_leader=first_leader,
                hands=tuple(counts), sizes=sizes, piles=tuple(len(b) for b in bonus), removed=0,
                to_act=to_act, current=None, owner=None, pending=(), round=None, rounds=())


def new_deal(seed: int) -> Deal:
    """CP-3: shuffle the 84 cards with the seeded generator, deal 28 each, pick the first leader."""
    rng = make_rng(seed)
    pack = [t for t in ALL_TILES for _ in range(COPIES)]
    rng.shuffle(pack)
    hands = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS)]
    return deal_from_hands(hands, rng.randrange(SEATS), seed)


__all__ = ["SEATS", "PASS", "Pass", "Action", "Round", "Deal", "new_deal", "deal_from_hands",
           "parse_action", "legal_leads", "legal_follows", "counts_to_tiles"]
