"""A fast Chuo Pai play-out kernel: the rules of ``engine.chuo_pai`` on small integers.

A play is its index in ``ALL_PLAYS`` (``PASS_ID`` is the pass), a hand is a list of 21 copy
counts, and a position is a few mutable lists changed in place: no state object per step, only
the small list of legal ids when one is asked for (and a follower list at each lead). Every table
is built once at import from the engine's own enumeration (CP-6 … CP-12), and ``legal_ids`` lists the legal actions
in exactly
the engine's order (``Deal.legal_actions``), so a random player choosing by index through the
kernel makes the very same deal as through the engine (tests/engine/chuo_pai/test_kernel.py).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from engine.chuo_pai import ALL_PLAYS, PASS, Action, Deal
from engine.chuo_pai.deal import next_leader

SEATS = 3
N_IDS = 21
PASS_ID = -1
N_PLAYS = len(ALL_PLAYS)

NEED: tuple[tuple[tuple[int, int], ...], ...] = tuple(p.need for p in ALL_PLAYS)
SIZE: tuple[int, ...] = tuple(p.size for p in ALL_PLAYS)
GROUP: tuple[int, ...] = tuple(p.group_index for p in ALL_PLAYS)  # the identity, -1 for special
STRENGTH: tuple[int, ...] = tuple(p.strength for p in ALL_PLAYS)
# BEATERS[p]: the plays that beat p, in the engine's order. For a group, as (identity, play) so
# "is it held" is one comparison with the group's size.
BEATERS: tuple[tuple[int, ...], ...] = tuple(tuple(b.id for b in p.beaten_by) for p in ALL_PLAYS)
GROUP_BEATERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((b.group_index, b.id) for b in p.beaten_by) if p.group_index >= 0 else ()
    for p in ALL_PLAYS)
SPECIAL_IDS: tuple[int, ...] = tuple(p.id for p in ALL_PLAYS if p.group_index < 0)


def padded_need(play: int) -> tuple[int, int, int, int, int, int, int]:
    """(play, i, n, j, m, k, o): a special combination, held when hand[i] >= n, hand[j] >= m and
    hand[k] >= o (a need of two identities padded with (0, 0)), so "is it held" needs no loop."""
    (i, n), (j, m), (k, o) = (NEED[play] + ((0, 0),))[:3]
    return play, i, n, j, m, k, o


# SPECIAL_BEATERS[p]: for a special combination, its beaters (all special, CP-12) as padded needs.
SPECIAL_BEATERS: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...] = tuple(
    tuple(padded_need(b) for b in BEATERS[p.id]) if p.group_index < 0 else () for p in ALL_PLAYS)
KEYS: tuple[list[str], ...] = tuple([t.key for t in p.tiles] for p in ALL_PLAYS)

# Special leads by table: per type, (head, first total, second total, table) where the table maps
# the three counts held (each capped at 3) to the type's plays the hand holds, in engine order.
_CAP = (0, 1, 2, 3, 3)


def _special_tables() -> tuple[tuple[int, int, int, tuple[tuple[int, ...], ...]], ...]:
    found = []
    kinds = list(dict.fromkeys(ALL_PLAYS[s].kind for s in SPECIAL_IDS))
    for kind in kinds:
        members = [s for s in SPECIAL_IDS if ALL_PLAYS[s].kind == kind]
        ids = sorted({i for s in members for i, _ in NEED[s]})
        head = next(i for i in ids if all(any(i == j for j, _ in NEED[s]) for s in members))
        a, b = [i for i in ids if i != head]
        table = []
        for key in range(64):
            held = {head: key >> 4, a: (key >> 2) & 3, b: key & 3}
            table.append(tuple(s for s in members if all(held[i] >= n for i, n in NEED[s])))
        found.append((head, a, b, tuple(table)))
    return tuple(found)


SPECIAL_TABLES = _special_tables()
# Per type, (head, first total, second total, counts): how many of the type's plays a hand holds,
# as counts[head copies][first's][second's] (uncapped counts, 0 … 4 each).
SpecialCounts: TypeAlias = tuple[tuple[tuple[int, ...], ...], ...]
SPECIAL_COUNTS: tuple[tuple[int, int, int, SpecialCounts], ...] = tuple(
    (h, a, b, tuple(tuple(tuple(len(table[(_CAP[x] << 4) | (_CAP[y] << 2) | _CAP[z]]) for z in range(5))
                          for y in range(5)) for x in range(5)))
    for h, a, b, table in SPECIAL_TABLES)
assert len(SPECIAL_COUNTS) == 4  # CP-10: four special types (random_deal counts them unrolled)


def legal_ids(hand: list[int], current: int) -> list[int]:
    """The legal actions of a hand as play ids, in the engine's order: every play held when
    leading (``current`` is ``PASS_ID``: no play on the table, CP-6), else the held plays that
    beat ``current`` or only ``PASS_ID`` (CP-12, CP-14)."""
    if current < 0:
        found = [4 * i + n for i in range(N_IDS) for n in range(hand[i])]
        for h, a, b, table in SPECIAL_TABLES:
            if hand[h] and (hand[a] or hand[b]):
                found.extend(table[(_CAP[hand[h]] << 4) | (_CAP[hand[a]] << 2) | _CAP[hand[b]]])
        return found
    g = GROUP[current]
    if g >= 0:
        size = SIZE[current]
        found = [p for i, p in GROUP_BEATERS[current] if hand[i] >= size]
    else:
        found = [p for p in BEATERS[current] if all(hand[i] >= n for i, n in NEED[p])]
    return found if found else [PASS_ID]


def count_leads(hand: list[int]) -> int:
    """How many legal leads a hand has: one group per card held (1 … k copies of an identity
    held k times) plus the special combinations held."""
    count = sum(hand)
    for h, a, b, table in SPECIAL_TABLES:
        if hand[h] and (hand[a] or hand[b]):
            count += len(table[(_CAP[hand[h]] << 4) | (_CAP[hand[a]] << 2) | _CAP[hand[b]]])
    return count


def lead_at(hand: list[int], index: int) -> int:
    """The ``index``-th legal lead in the engine's order, without building the list."""
    for i in range(N_IDS):
        held = hand[i]
        if index < held:
            return 4 * i + index
        index -= held
    return special_lead_at(hand, index)


def special_lead_at(hand: list[int], index: int) -> int:
    """The ``index``-th special combination the hand can lead, in the engine's order (the leads
    after the groups)."""
    for h, a, b, table in SPECIAL_TABLES:
        if hand[h] and (hand[a] or hand[b]):
            plays = table[(_CAP[hand[h]] << 4) | (_CAP[hand[a]] << 2) | _CAP[hand[b]]]
            if index < len(plays):
                return plays[index]
            index -= len(plays)
    raise IndexError(index)


def to_action(play: int) -> Action:
    """The engine's action for a kernel play id."""
    return PASS if play < 0 else ALL_PLAYS[play]


def to_id(action: Action) -> int:
    return PASS_ID if action is PASS else action.id


# How ``random_deal`` writes a deal down, as (out, leads, follows, ends): it appends to ``out``
# ``leads[seat][play]`` for a lead, ``follows[seat][play]`` for a follow (``follows[seat][PASS_ID]``,
# the last entry, for a pass) and ``ends[winner]`` after each round: any labels the caller chose,
# such as the pieces of a record's JSON. (A plain tuple: one is made per deal, and a named one
# costs more to make.)
Trace: TypeAlias = tuple[list[str], Sequence[Sequence[str]], Sequence[Sequence[str]], Sequence[str]]


class Position:
    """A mutable position: the hands, sizes and piles, the current highest play and its owner,
    the seat to act and the followers still to act after it (CP-5, CP-13). ``step`` plays one
    action in place; ``to_act`` is -1 once the deal is over."""

    __slots__ = ("hands", "sizes", "piles", "current", "owner", "to_act", "pending", "leader")

    def __init__(self, hands: list[list[int]], sizes: list[int], piles: list[int], current: int,
                 owner: int, to_act: int, pending: list[int], leader: int) -> None:
        self.hands = hands
        self.sizes = sizes
        self.piles = piles
        self.current = current
        self.owner = owner
        self.to_act = to_act
        self.pending = pending
        self.leader = leader

    @classmethod
    def of(cls, deal: Deal) -> Position:
        """The kernel position of an engine deal."""
        return cls([list(h) for h in deal.hands], list(deal.sizes), list(deal.piles),
                   PASS_ID if deal.current is None else deal.current.id,
                   -1 if deal.owner is None else deal.owner,
                   -1 if deal.to_act is None else deal.to_act, list(deal.pending),
                   -1 if deal.leader is None else deal.leader)

    def copy(self) -> Position:
        return Position([h[:] for h in self.hands], self.sizes[:], self.piles[:], self.current,
                        self.owner, self.to_act, self.pending[:], self.leader)

    def legal(self) -> list[int]:
        return legal_ids(self.hands[self.to_act], self.current)

    def step(self, play: int) -> None:
        """Play ``play`` (assumed legal) for the seat to act (CP-5, CP-13 … CP-18)."""
        seat = self.to_act
        sizes = self.sizes
        if play >= 0:
            hand = self.hands[seat]
            for i, n in NEED[play]:
                hand[i] -= n
            sizes[seat] -= SIZE[play]
        if self.current < 0:  # the lead: every other seat holding cards acts once (CP-5)
            self.leader = seat
            nxt, last = (seat + 1) % SEATS, (seat + 2) % SEATS
            self.pending = [s for s in (nxt, last) if sizes[s]]
            self.current, self.owner = play, seat
        elif play >= 0:
            self.current, self.owner = play, seat
        if self.pending:
            self.to_act = self.pending.pop(0)
            return
        self.piles[self.owner] += SIZE[self.current]  # CP-16
        self.current = PASS_ID
        self.to_act = next_leader(sizes, self.owner)  # CP-17, CP-18

    def winners(self) -> tuple[int, ...]:
        top = max(self.piles)
        return tuple(s for s in range(SEATS) if self.piles[s] == top)


FOLLOWERS: tuple[tuple[int, int], ...] = tuple(((s + 1) % SEATS, (s + 2) % SEATS) for s in range(SEATS))
FIRST_SPECIAL = min(SPECIAL_IDS)  # group ids come first: 4 × identity + copies − 1
LAST_FIRST = tuple(reversed(range(N_IDS)))  # the identities, last first
# n.bit_length() for the n legal actions of a position (at most 28 groups and the specials of a
# 28-card hand: well under 128), by look-up: cheaper than the method call
BIT_LENGTH: tuple[int, ...] = tuple(n.bit_length() for n in range(128))
assert all(GROUP[p] == p >> 2 and SIZE[p] == (p & 3) + 1 for p in range(FIRST_SPECIAL))


def random_deal(hands: list[list[int]], sizes: list[int], piles: list[int], leader: int,
                bits: Sequence[Callable[[int], int]], trace: Trace | None = None) -> None:
    """Play a deal from its first lead to the end in place, every action uniformly random among
    the legal ones, drawn from the acting seat's ``getrandbits`` (``bits[seat]``) exactly as
    ``Random.choice(deal.legal_actions())`` draws it: CPython's ``_randbelow(n)`` takes
    ``getrandbits(n.bit_length())`` until the draw is below ``n``, forced actions included (for
    ``n`` = 1, single bits until a 0). ``trace`` writes down the deal (see ``Trace``)."""
    need, size_of, group_beaters, special_beaters = NEED, SIZE, GROUP_BEATERS, SPECIAL_BEATERS
    followers, first_special, last_first, bit_length = FOLLOWERS, FIRST_SPECIAL, LAST_FIRST, BIT_LENGTH
    # the special types' heads, totals and counts, as locals: a loop over the four costs more
    (h0, a0, b0, counts0), (h1, a1, b1, counts1), (h2, a2, b2, counts2), (h3, a3, b3, counts3) = SPECIAL_COUNTS
    if trace is not None:
        out, lead_labels, follow_labels, end_labels = trace
    while True:
        hand = hands[leader]
        draw = bits[leader]
        groups = sizes[leader]  # one group lead per card held, then the special combinations
        n = (groups + counts0[hand[h0]][hand[a0]][hand[b0]] + counts1[hand[h1]][hand[a1]][hand[b1]]
             + counts2[hand[h2]][hand[a2]][hand[b2]] + counts3[hand[h3]][hand[a3]][hand[b3]])
        k = bit_length[n]
        r = draw(k)
        while r >= n:
            r = draw(k)
        if 2 * r < groups:  # lead_at, inlined for the groups: 1 … k copies of each identity held
            for i, copies in enumerate(hand):
                if r < copies:
                    play = 4 * i + r
                    hand[i] -= r + 1
                    break
                r -= copies
        elif r < groups:  # the same, walked from the last card: half the steps on average
            r = groups - 1 - r  # cards after the r-th
            for i, copies in zip(last_first, reversed(hand), strict=True):
                if r < copies:
                    play = 4 * i + copies - 1 - r
                    hand[i] -= copies - r
                    break
                r -= copies
        else:
            play = special_lead_at(hand, r - groups)
            for i, n in need[play]:
                hand[i] -= n
        size = size_of[play]
        sizes[leader] -= size
        if trace is not None:
            out.append(lead_labels[leader][play])
        current, owner = play, leader
        for seat in followers[leader]:
            if not sizes[seat]:
                continue
            hand = hands[seat]
            draw = bits[seat]
            found = []  # plain loops: cheaper than comprehensions for these few items
            if current < first_special:
                for i, p in group_beaters[current]:
                    if hand[i] >= size:
                        found.append(p)
            else:
                for p, i, n, j, m, i2, n2 in special_beaters[current]:
                    if hand[i] >= n and hand[j] >= m and hand[i2] >= n2:
                        found.append(p)
            if found:
                n = len(found)
                k = bit_length[n]
                r = draw(k)
                while r >= n:
                    r = draw(k)
                play = current = found[r]
                if play < first_special:
                    hand[play >> 2] -= size
                else:
                    for i, n in need[play]:
                        hand[i] -= n
                sizes[seat] -= size
                owner = seat
                if trace is not None:
                    out.append(follow_labels[seat][play])
            else:
                while draw(1):  # the forced pass's draw
                    pass
                if trace is not None:
                    out.append(follow_labels[seat][PASS_ID])
        piles[owner] += size
        if trace is not None:
            out.append(end_labels[owner])
        # CP-17, CP-18 inline: deal.next_leader's second form (a call per round costs this
        # loop about 8%); test_kernel.py::test_random_deal_ends_rounds_as_next_leader
        if sizes.count(0) >= SEATS - 1:  # CP-17: at most one hand holds cards
            return
        leader = owner
        while not sizes[leader]:  # CP-18
            leader = (leader + 1) % SEATS
