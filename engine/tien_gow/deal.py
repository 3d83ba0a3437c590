"""A Tien Gow deal as an immutable state (TG-2, TG-3, TG-6 … TG-12, TG-16, TG-19).

``Deal.apply(action)`` checks everything and returns a new deal; a rejected action raises
``IllegalAction`` with a reason code and changes nothing. Seats are 0-3 in play order (TG-2).
The final settlement is entered in ``payments`` when the last trick ends. ``rules`` are the
deal's table options (``engine.tien_gow.variants``; ``with_rules`` puts a fresh deal under them).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import NamedTuple

from engine.errors import IllegalAction
from engine.outcome import Outcome, Payment
from engine.rng import make_rng
from engine.tien_gow.actions import INFO_CACHE, Action, tiles_info
from engine.tien_gow.hands import GUARDS, code_of
from engine.tien_gow.history import Trick, Turn
from engine.tien_gow.ladders import PACK, sort_tiles
from engine.tien_gow.moves import early_death, legal_actions
from engine.tien_gow.sets import BEATEN_BY, MIXED, TileSet, why_not_beating
from engine.tien_gow.settlement import final_payments, immediate_payments, net, outcome
from engine.tien_gow.table import HAND_SIZE, SEATS
from engine.tien_gow.variants import DEFAULT, Rules, rules_of
from engine.tien_gow.view import NO_SEAT, SeatView, seen_trick
from engine.tiles import Tile, parse_tiles, tile

_BEATERS: tuple[frozenset[TileSet], ...] = tuple(frozenset(b) for b in BEATEN_BY)
_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)


class Deal(NamedTuple):
    seed: int | None  # None for a deal built from given hands
    banker: int
    dealt: tuple[tuple[Tile, ...], ...]  # the hands as dealt, canonical order
    hands: tuple[tuple[Tile, ...], ...]  # the tiles still held, canonical order
    codes: tuple[int, ...]  # the same hands as packed codes (engine.tien_gow.hands)
    pillars: tuple[int, ...]
    leader: int  # of the trick under way; once the deal is over, the winner of the last trick
    plays: tuple[Turn, ...]  # the trick under way
    high: TileSet | None  # TG-8: the current high set, None before the lead
    high_seat: int  # who played it (-1 before the lead)
    tricks: tuple[Trick, ...]  # finished tricks
    payments: tuple[Payment, ...]  # the ledger so far (TG-16, then TG-18 at the end)
    rules: Rules = DEFAULT  # the table options it is played under

    # -- questions ---------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.plays:
            return (self.leader + len(self.plays)) % SEATS
        return self.leader if self.codes[self.leader] else None

    @property
    def is_over(self) -> bool:
        """TG-11: the deal ends when the hands are empty."""
        return not self.plays and not self.codes[self.leader]

    @property
    def winner(self) -> int | None:
        """TG-11: the winner of the last trick wins the deal, whatever the pillars."""
        return self.leader if self.is_over else None

    @property
    def next_banker(self) -> int | None:
        """TG-19: the deal's winner banks next (a winning banker stays banker)."""
        return self.winner

    @property
    def net(self) -> tuple[int, ...]:
        return net(self.payments)

    @property
    def action_count(self) -> int:
        """How many actions (every seat's) the deal has seen."""
        return sum(len(t.plays) for t in self.tricks) + len(self.plays)

    def outcome(self) -> Outcome | None:
        return outcome(self.leader, self.payments) if self.is_over else None

    @property
    def trick(self) -> Trick:
        """The trick under way (no plays yet between tricks)."""
        return Trick(self.leader, self.plays, None)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self.hands[seat]

    def legal_actions(self) -> tuple[Action, ...]:
        high = self.high
        if high is not None:
            seat = (self.leader + len(self.plays)) % SEATS
            return legal_actions(self.hands[seat], self.codes[seat], high, len(high.tiles),
                                 self.pillars[seat], self.rules)
        if self.codes[self.leader]:
            return legal_actions(self.hands[self.leader], self.codes[self.leader], None, 0, 0,
                                 self.rules)
        return ()  # the deal is over

    def view(self, seat: int) -> SeatView:
        if isinstance(seat, bool) or seat not in range(SEATS):
            raise ValueError("not-a-seat")
        return SeatView(
            seat=seat, banker=self.banker, to_act=self.to_act, hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands), pillars=self.pillars,
            trick=seen_trick(self.trick, seat),
            tricks=tuple(seen_trick(t, seat) for t in self.tricks), payments=self.payments,
            rules=self.rules,
        )

    def watch(self, seat: int) -> SeatView:
        """A watcher sees ``seat``'s place with no hand and every face-down tile as a count
        (TG-6: seen by no seat)."""
        return replace(self.view(seat), hand=(), trick=seen_trick(self.trick, NO_SEAT),
                       tricks=tuple(seen_trick(t, NO_SEAT) for t in self.tricks))

    # -- actions -----------------------------------------------------------------------------
    def apply(self, action: Action, player: int | None = None) -> Deal:
        """Play ``action`` for the seat to act (or for ``player``, which must be that seat)."""
        plays, leader = self.plays, self.leader
        if plays:
            seat = (leader + len(plays)) % SEATS
        elif self.codes[leader]:
            seat = leader
        else:
            raise IllegalAction("deal-over")
        if player is not None and player != seat:
            raise IllegalAction("not-your-turn", str(seat))
        if action.__class__ is not Action:
            raise IllegalAction("not-an-action")
        tiles, face_up = action.tiles, action.face_up
        code, tset = INFO_CACHE.get(tiles) or tiles_info(tiles)
        hand_code = self.codes[seat]
        high, high_seat = self.high, self.high_seat
        if high is None:  # the lead (TG-4)
            if not face_up:
                raise IllegalAction("must-lead-face-up")
            if tset is None:
                raise IllegalAction("not-a-set", action.notation)  # TG-5
            if ((hand_code | GUARDS) - code) & GUARDS != GUARDS:
                raise IllegalAction("not-in-hand", action.notation)
            if tset.kind == MIXED and not self.rules.mixed_sets:
                raise IllegalAction("pure-pairs", action.notation)  # TG-4 without (e)
            high, high_seat = tset, seat
        else:  # a follower (TG-6)
            n = len(high.tiles)
            if len(tiles) != n:
                raise IllegalAction("wrong-count", str(n))
            if face_up and tset is None:
                raise IllegalAction("not-a-set", action.notation)
            if ((hand_code | GUARDS) - code) & GUARDS != GUARDS:
                raise IllegalAction("not-in-hand", action.notation)
            if face_up:
                if early_death(len(self.hands[seat]), n, self.pillars[seat], self.rules):
                    raise IllegalAction("early-death")  # TG-12
                assert tset is not None  # a face-up play that is no set was refused above
                if tset not in _BEATERS[high.id]:  # TG-7, TG-8, TG-9
                    raise IllegalAction("does-not-beat", why_not_beating(high, tset))
                high, high_seat = tset, seat
        hand = list(self.hands[seat])
        for t in tiles:
            hand.remove(t)
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        codes = list(self.codes)
        codes[seat] = hand_code - code
        plays = plays + (_new_tuple(Turn, (seat, action)),)
        if len(plays) < SEATS:
            return _new_tuple(Deal, (self.seed, self.banker, self.dealt, tuple(hands), tuple(codes),
                                     self.pillars, leader, plays, high, high_seat, self.tricks,
                                     self.payments, self.rules))
        return self._end_trick(tuple(hands), tuple(codes), plays, high, high_seat)

    def _end_trick(self, hands: tuple[tuple[Tile, ...], ...], codes: tuple[int, ...],
                   plays: tuple[Turn, ...], high: TileSet, winner: int) -> Deal:
        """TG-10: the owner of the high set takes one pillar per tile and leads next."""
        pillars = list(self.pillars)
        pillars[winner] += len(high.tiles)
        payments = self.payments + immediate_payments(winner, high, self.banker, self.rules)  # TG-16
        if not codes[winner]:  # TG-11: the hands are empty; TG-18: settle
            lead = tiles_info(plays[0].action.tiles)[1]
            assert lead is not None
            payments += final_payments(tuple(pillars), self.banker, winner, self.leader, lead, high,
                                       self.rules)
        return Deal(self.seed, self.banker, self.dealt, hands, codes, tuple(pillars), winner, (),
                    None, -1, self.tricks + (Trick(self.leader, plays, winner),), payments,
                    self.rules)


def _as_tiles(hand: str | Iterable[Tile | str]) -> tuple[Tile, ...]:
    if isinstance(hand, str):
        return parse_tiles(hand, allow_empty=True)
    return tuple(t if isinstance(t, Tile) else tile(t) for t in hand)


def deal_from_hands(hands: Sequence[str | Iterable[Tile | str]], banker: int,
                    seed: int | None = None) -> Deal:
    """A deal starting from given hands: four hands of 8 tiles making up the 32-tile pack (each
    hand as Tile values, ``a-b`` keys, or one notation string). The banker leads trick 1 (TG-3).
    Raises IllegalAction("not-a-deal", detail) when the hands are not a deal."""
    if isinstance(banker, bool) or banker not in range(SEATS):
        raise IllegalAction("not-a-deal", "banker")
    if isinstance(hands, str) or len(hands) != SEATS:
        raise IllegalAction("not-a-deal", "seats")
    dealt = tuple(sort_tiles(_as_tiles(h)) for h in hands)
    if any(len(h) != HAND_SIZE for h in dealt):
        raise IllegalAction("not-a-deal", "hand-size")
    if sort_tiles(t for h in dealt for t in h) != PACK:
        raise IllegalAction("not-a-deal", "tiles")  # TG-1: exactly the 32 tiles
    codes = tuple(code_of(h) for h in dealt)
    return Deal(seed, banker, dealt, dealt, codes, (0,) * SEATS, banker, (), None, -1, (), ())


def position(hands: Sequence[str | Iterable[Tile | str]], *, banker: int, leader: int,
             pillars: Sequence[int] = (0,) * SEATS, plays: Sequence[Action] = (),
             rules: Rules = DEFAULT) -> Deal:
    """A position in the middle of a deal: the four hands as they are at the start of a trick
    (equal sizes, part of the pack), the pillars won so far, ``leader`` to lead the trick, then
    the trick's ``plays`` applied in order, under ``rules``. Raises IllegalAction("not-a-deal",
    detail) for hands that are no position, or the engine's code for an illegal play."""
    for seat in (banker, leader):
        if isinstance(seat, bool) or seat not in range(SEATS):
            raise IllegalAction("not-a-deal", "seat")
    if isinstance(hands, str) or len(hands) != SEATS or len(pillars) != SEATS:
        raise IllegalAction("not-a-deal", "seats")
    now = tuple(sort_tiles(_as_tiles(h)) for h in hands)
    size = len(now[0])
    if not 0 < size <= HAND_SIZE or any(len(h) != size for h in now):
        raise IllegalAction("not-a-deal", "hand-size")  # every hand is one trick's tiles short
    if Counter(t for h in now for t in h) - Counter(PACK):
        raise IllegalAction("not-a-deal", "tiles")  # TG-1: no tile beyond the pack's copies
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in pillars) \
            or sum(pillars) > HAND_SIZE - size:
        raise IllegalAction("not-a-deal", "pillars")  # TG-10: one pillar per tile of a won trick
    deal = Deal(None, banker, now, now, tuple(code_of(h) for h in now), tuple(pillars), leader,
                (), None, -1, (), (), rules)
    for action in plays:
        deal = deal.apply(action)
    return deal


def next_deal(seed: int, first: int | None = None) -> Deal:
    """The next deal of a match. TG-19: the winner of the last trick (the finished deal's
    ``Outcome.next_first``) banks it."""
    return new_deal(seed, first)


def new_deal(seed: int, banker: int | None = None) -> Deal:
    """TG-3: with the generator ``make_rng(seed)``, draw a random banker, then shuffle the 32
    tiles and deal 8 to each seat (seat 0 gets the first 8). The banker is always drawn, so
    giving ``banker`` changes who banks but never the tiles."""
    rng = make_rng(seed)
    drawn = rng.randrange(SEATS)
    pack = list(PACK)
    rng.shuffle(pack)
    hands = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS)]
    return deal_from_hands(hands, drawn if banker is None else banker, seed)


def with_rules(deal: Deal, variant: tuple[str, ...], previous: Deal | None = None) -> Deal:
    """A freshly dealt ``deal`` under the table options ``variant`` (VariantError for an unknown
    one). ``previous``: the match's deal before it; under a rising banker, a banker who kept the
    bank (TG-19: won it as banker) counts one more deal in a row (×3, ×4 …)."""
    if deal.action_count:
        raise IllegalAction("deal-started")
    run = 1
    if previous is not None and previous.banker == deal.banker:
        run = previous.rules.banker_run + 1
    return deal._replace(rules=rules_of(variant, run))


def variant_of(deal: Deal) -> tuple[str, ...]:
    """The table options ``deal`` is played under (sorted keys; () for the default rules)."""
    return deal.rules.variant
