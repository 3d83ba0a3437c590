"""Chuo Pai pool members (bench/pool/__init__.py): written apart from engine/ai, from the rules
(CP-6 … CP-19) and the view alone — except ``cheat``, which reads every hand."""
from __future__ import annotations

import random
from functools import cache
from math import comb
from typing import Any

from engine.chuo_pai import ALL_PLAYS, PASS, Play, SeatView

N_IDS = 21
GROUPS = {(p.group_index, p.size): p for p in ALL_PLAYS if p.group_index >= 0}
FAMILY_MEMBERS = {i: [p.group_index for p in ALL_PLAYS if p.size == 1 and p.group_index >= 0
                      and p.cls == GROUPS[i, 1].cls] for i in range(N_IDS)}


def unseen(view: SeatView) -> list[int]:
    """Copies of each identity not in my hand, not played and not in a bonus pile."""
    left = [4 - n for n in view.hand_counts]
    for i, n in enumerate(view.played()):
        left[i] -= n
    for cards in view.bonus:
        for t in cards:
            left[t.index] -= 1
    return left


def beatable(play: Play, out: list[int]) -> bool:
    """Could cards nobody has shown form a play beating ``play``?"""
    return any(all(out[i] >= n for i, n in b.need) for b in play.beaten_by)


def weakest_first(play: Play) -> tuple[int, int, tuple[int, ...]]:
    return (play.strength, play.size, tuple(t.index for t in play.tiles))


def seats_after(view: SeatView) -> list[int]:
    """The seats still to act in this round after me."""
    leader = view.round.leader if view.round else view.seat
    found, s = [], (view.seat + 1) % 3
    while s != leader:
        if view.hand_sizes[s]:
            found.append(s)
        s = (s + 1) % 3
    return found


class Careful:
    """A careful heuristic player: counts cards; leads its weakest beatable group and keeps its
    sure winners to win back the lead, cashing them only when they are all it has left or few
    cards are out; as a follower with someone still to act, beats with the cheapest play nobody
    can answer."""

    name = "careful"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        out = unseen(view)
        if view.current is None:
            hand = view.hand_counts
            groups = [GROUPS[i, n] for i, n in enumerate(hand) if n]
            specials = [p for p in legal if isinstance(p, Play) and p.is_special and not beatable(p, out)]
            safe = [g for g in groups if not beatable(g, out)] + specials
            weak = [g for g in groups if beatable(g, out)]
            if safe and (not weak or sum(out) <= 6):
                return max(safe, key=lambda p: (p.size, p.strength))
            return min(weak, key=weakest_first)
        beats = sorted((p for p in legal if isinstance(p, Play)), key=weakest_first)
        if seats_after(view):
            for p in beats:
                if not beatable(p, out):
                    return p
        return beats[0]


class Cashier:
    """Takes what it can now: leads its sure winners first (largest first), then its biggest
    group; follows with the strongest beat."""

    name = "cashier"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        out = unseen(view)
        if view.current is None:
            safe = [p for p in legal if not beatable(p, out)]  # type: ignore[arg-type]
            if safe:
                return max(safe, key=lambda p: (p.size, p.strength))  # type: ignore[union-attr]
            return max(legal, key=lambda p: (p.size, -p.strength))  # type: ignore[union-attr]
        return max(legal, key=lambda p: (p.strength, -sum(t.index for t in p.tiles)))  # type: ignore[union-attr]


class Bulk:
    """Leads the largest play it holds (specials included), weakest among equals; follows with
    the cheapest beat."""

    name = "bulk"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.current is None:
            return max(legal, key=lambda p: (p.size, -p.strength, [-t.index for t in p.tiles]))  # type: ignore[union-attr]
        return min(legal, key=weakest_first)  # type: ignore[arg-type]


class Cheat:
    """Reads every hand: tries each legal action on the true hands and plays the deal out with
    everybody greedy (``engine.ai.chuo_pai.rollout``, which plays exactly like the greedy agent),
    keeping the best first-place share, then margin, for itself. An upper bound on sight without
    search, not a fair player."""

    name = "cheat"
    sees_all = True

    def choose_seeing(self, deal: Any, seat: int, rng: random.Random) -> Any:
        from engine.ai.chuo_pai import rollout

        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_value = legal[0], (-1.0, 0)
        for action in legal:
            hands = [list(h) for h in deal.hands]
            sizes, piles = list(deal.sizes), list(deal.piles)
            current, owner = deal.current, deal.owner
            if action is not PASS:
                for i, n in action.need:
                    hands[seat][i] -= n
                sizes[seat] -= action.size
                current, owner = action, seat
            leader = deal.leader if deal.current is not None else seat
            pending = [s for s in deal.pending if sizes[s]] if deal.current is not None else \
                [s for s in ((seat + 1) % 3, (seat + 2) % 3) if sizes[s]]
            rollout(hands, sizes, piles, current, owner, pending, leader)
            top, mine = max(piles), piles[seat]
            value = ((1.0 / piles.count(top)) if mine == top else 0.0,
                     mine - max(p for s, p in enumerate(piles) if s != seat))
            if value > best_value:
                best, best_value = action, value
        return best

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        raise TypeError("cheat needs the deal: choose_seeing")


@cache
def at_least(unseen_total: int, copies: int, hand: int, wanted: int) -> float:
    """P(a hand of ``hand`` cards dealt from ``unseen_total`` holds at least ``wanted`` of the
    ``copies`` copies of one identity): the hypergeometric tail."""
    if wanted <= 0:
        return 1.0
    if copies < wanted or hand < wanted:
        return 0.0
    whole = comb(unseen_total, hand)
    return sum(comb(copies, x) * comb(unseen_total - copies, hand - x)
               for x in range(wanted, min(copies, hand) + 1)) / whole


class Reading:
    """What the expert knows of the two other hands: the unseen copies, each seat's most copies
    of each identity (its hand size and what its passes prove, CP-14) and the plays its passes
    rule out."""

    __slots__ = ("out", "total", "sizes", "cap", "ruled_out", "other", "memo")

    def __init__(self, view: SeatView) -> None:
        self.out = unseen(view)
        self.total = sum(self.out)
        self.sizes = view.hand_sizes
        self.cap = {s: [min(n, view.hand_sizes[s]) for n in self.out] for s in range(3) if s != view.seat}
        self.ruled_out: dict[int, set[Play]] = {s: set() for s in self.cap}
        first, second = self.cap
        self.other = {first: second, second: first}
        self.memo: dict[tuple[int, int, int], float] = {}
        for rnd in view.rounds + ((view.round,) if view.round else ()):
            current: Play | None = None
            for seat, action in rnd.actions:
                if isinstance(action, Play):
                    current = action
                elif current is not None and seat in self.cap:
                    # A pass proves the seat held no beat then; hands only shrink (CP-20).
                    self.ruled_out[seat].update(current.beaten_by)
                    if current.group_index >= 0:
                        for beat in current.beaten_by:
                            j = beat.group_index
                            self.cap[seat][j] = min(self.cap[seat][j], current.size - 1)

    def holds_chance(self, seat: int, index: int, wanted: int) -> float:
        """P(seat holds at least ``wanted`` copies of identity ``index``)."""
        key = (seat, index, wanted)
        found = self.memo.get(key)
        if found is None:
            if self.cap[seat][index] < wanted:
                found = 0.0
            elif self.out[index] - self.cap[self.other[seat]][index] >= wanted:
                found = 1.0  # the other seat cannot hold enough of them to leave this one short
            else:
                found = at_least(self.total, self.out[index], self.sizes[seat], wanted)
            self.memo[key] = found
        return found

    def may_beat(self, play: Play, seats: list[int]) -> bool:
        """Could one of ``seats`` hold a play beating ``play``? (beat_chance > 0, cheaply)"""
        for seat in seats:
            if self.sizes[seat] < play.size:
                continue
            cap, ruled_out = self.cap[seat], self.ruled_out[seat]
            for beat in play.beaten_by:
                if beat not in ruled_out and all(cap[i] >= n for i, n in beat.need):
                    return True
        return False

    def beat_chance(self, play: Play, seats: list[int]) -> float:
        """P(one of ``seats`` holds a play beating ``play``), taking the beats as independent."""
        stands = 1.0
        for seat in seats:
            if self.sizes[seat] < play.size:
                continue
            if play.group_index >= 0:
                for beat in play.beaten_by:
                    stands *= 1.0 - self.holds_chance(seat, beat.group_index, play.size)
                continue
            best_by_kind: dict[str, float] = {}
            for beat in play.beaten_by:
                if beat in self.ruled_out[seat]:
                    continue
                chance = 1.0
                for index, wanted in beat.need:
                    chance *= self.holds_chance(seat, index, wanted)
                if chance > best_by_kind.get(beat.kind, 0.0):
                    best_by_kind[beat.kind] = chance
            for chance in best_by_kind.values():
                stands *= 1.0 - chance
        return 1.0 - stands


class Expert:
    """A card-counting player that keeps control: it throws away, one card at a time, the groups
    least likely ever to stand, holds its sure winners while the others can still lead into them
    (cashing only those nobody can lead into, or all of them at the end), and as a follower
    beats with the play that best trades the chance of taking the round against what it spends."""

    name = "expert"
    cash_below = 6  # with at most this many cards out, sure winners are cashed: the end is near
    split_below = 0.8  # a group standing less often than this is led one card at a time
    lead_value = 1.0  # a round won as follower gives the next lead, worth about a card

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        reading = Reading(view)
        opponents = [s for s in reading.cap if view.hand_sizes[s]]
        if view.current is None:
            return self.lead(view, reading, opponents, legal)
        return self.follow(view, reading, opponents, legal)

    def lead(self, view: SeatView, reading: Reading, opponents: list[int], legal: tuple[Any, ...]) -> Play:
        groups = [GROUPS[i, n] for i, n in enumerate(view.hand_counts) if n]
        chance = {g: 1.0 - reading.beat_chance(g, opponents) for g in groups}
        specials = [p for p in legal if isinstance(p, Play) and p.is_special
                    and not reading.may_beat(p, opponents)]
        sure = [g for g in groups if chance[g] == 1.0] + specials
        weak = [g for g in groups if chance[g] < 1.0]
        # Nothing else left, the end near, or one opponent left (whose hand is then known): cash.
        if sure and (not weak or reading.total <= self.cash_below or len(opponents) == 1):
            return max(sure, key=lambda p: (p.size, p.strength))
        # A sure group nobody can lead into intercepts nothing: bank it now, keeping the lead.
        idle = [g for g in sure if not g.is_special and not self.intercepts(g, reading)]
        if idle:
            return max(idle, key=lambda p: (p.size, p.strength))
        # Throw away the group least likely to stand, the one most outnumbered by unseen stronger
        # cards first: the others' strong cards fall on it, and what we keep grows safer.
        junk = min(weak, key=lambda g: (round(chance[g], 2), -self.threats(g, reading), g.size))
        if chance[junk] < self.split_below:
            return GROUPS[junk.group_index, 1]  # it will be beaten: hand the beater one card only
        return junk

    @staticmethod
    def intercepts(group: Play, reading: Reading) -> bool:
        """Could an opponent still lead a group of this size that this one beats?"""
        return any(group in GROUPS[j, group.size].beaten_by_set
                   for j in FAMILY_MEMBERS[group.group_index]
                   if max(cap[j] for cap in reading.cap.values()) >= group.size)

    @staticmethod
    def threats(group: Play, reading: Reading) -> int:
        """Unseen cards of the stronger identities that could still make a beat of the group."""
        return sum(reading.out[b.group_index] for b in group.beaten_by
                   if reading.out[b.group_index] >= group.size)

    def follow(self, view: SeatView, reading: Reading, opponents: list[int], legal: tuple[Any, ...]) -> Play:
        """The beat with the best chance of standing (cards banked plus the lead) less what it
        spends (the lead value of the cards it takes from the hand); last to act, it always stands."""
        hand = view.hand_counts
        after = seats_after(view)
        worth = self.worth(hand, reading, opponents)
        beats = sorted((p for p in legal if isinstance(p, Play)), key=weakest_first)
        best, best_score = beats[0], -1e9
        for play in beats:
            stands = 1.0 - reading.beat_chance(play, after) if after else 1.0
            spent = sum(worth[i][hand[i]] - worth[i][hand[i] - n] for i, n in play.need)
            score = stands * (play.size + self.lead_value) - spent
            if score > best_score + 1e-9:
                best, best_score = play, score
        return best

    @staticmethod
    def worth(hand: tuple[int, ...], reading: Reading, opponents: list[int]) -> list[list[float]]:
        """worth[i][n]: n copies of identity i kept, at the cards they would bank led now."""
        return [[n * (1.0 - reading.beat_chance(GROUPS[i, n], opponents)) if n else 0.0
                 for n in range(held + 1)] for i, held in enumerate(hand)]


POOL: dict[str, Any] = {"careful": Careful, "cashier": Cashier, "bulk": Bulk, "cheat": Cheat, "expert": Expert}
