"""A fast Tien Gow play-out kernel: the rules of ``engine.tien_gow`` on small integers.

A hand is a packed code (3 bits per identity in canonical order, as ``Deal.codes``); an action is
an int: a face-up set is its index in ``SETS`` (0 … 60), a face-down discard is ``DOWN`` plus the
packed code of its tiles. ``legal_ids`` lists the legal actions in exactly the engine's order
(``Deal.legal_actions``: face-up sets, then the distinct discards in combination order), so a
random player choosing by index makes the very same deal through the kernel as through the
engine (tests/engine/tien_gow/test_kernel.py). Settlement (TG-13 … TG-18) is computed here on
ints and checked against the engine's ledger by the same tests. Every rule the table options
change (``engine.tien_gow.variants.Rules``: TG-4, TG-12, TG-14) takes the deal's ``rules`` here
too, the default rules when not given; tests/engine/tien_gow/test_variants.py holds the kernel to
the engine under each combination.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, product
from typing import TypeAlias

from engine.tien_gow import SETS, Action, Deal, make_action
from engine.tien_gow.ladders import COPIES
from engine.tien_gow.sets import BEATEN_BY
from engine.tien_gow.variants import DEFAULT, Rules

SEATS = 4
N_IDS = 21
DOWN = 64  # face-down actions are DOWN + code; face-up ones are set ids below len(SETS)
GUARDS = sum(4 << (3 * i) for i in range(N_IDS))

# The canonical order of identities, read off the single sets (SETS lists the 21 singles first,
# in canonical order), so a code's field i is the identity ORDER[i].
ORDER = tuple(s.tiles[0] for s in SETS if len(s.tiles) == 1)
POSITION = {t: i for i, t in enumerate(ORDER)}
assert len(ORDER) == N_IDS and all(SETS[i].tiles == (ORDER[i],) for i in range(N_IDS))

SET_CODE: tuple[int, ...] = tuple(sum(1 << (3 * POSITION[t]) for t in s.tiles) for s in SETS)
SET_SIZE: tuple[int, ...] = tuple(len(s.tiles) for s in SETS)
SUPREME_ID = next(s.id for s in SETS if s.kind == "supreme")
BIG_SIX_ID = next(s.id for s in SETS if s.tiles and s.notation == "2-4")
LITTLE_THREE_ID = next(s.id for s in SETS if s.notation == "1-2")
# Multi-tile sets in SETS order, and the sets that beat each set (TG-7, TG-9: sets.BEATEN_BY),
# in engine order, as (code, id).
MULTI: tuple[tuple[int, int], ...] = tuple((SET_CODE[s.id], s.id) for s in SETS if len(s.tiles) > 1)
BEATERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((SET_CODE[b.id], b.id) for b in BEATEN_BY[h.id]) for h in SETS)
SET_BY_CODE: dict[int, int] = {SET_CODE[s.id]: s.id for s in SETS}


LOW = sum(1 << (3 * i) for i in range(N_IDS))  # the low bit of every field
FIELD_OF: dict[int, int] = {1 << (3 * i): i for i in range(N_IDS)}  # a field's unit -> position
# The civil pair of an identity by its field's unit (only civil identities come twice, TG-1).
PAIR_OF: dict[int, int] = {SET_CODE[s.id] >> 1: s.id for s in SETS
                           if len(s.tiles) == 2 and s.tiles[0] is s.tiles[1]}
# Military pairs and the Supreme (one copy of each tile): by the mask of their tiles' fields.
SINGLE_COPY_SETS: tuple[tuple[int, int], ...] = tuple(
    (SET_CODE[s.id], s.id) for s in SETS
    if len(s.tiles) == 2 and s.tiles[0] is not s.tiles[1] and s.kind != "mixed")
# Mixed sets grouped by their civil head, in SETS order: (head unit, ((code, id), ...)).
MIXED_BY_HEAD: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = tuple(
    (1 << (3 * POSITION[head]),
     tuple((SET_CODE[s.id], s.id) for s in SETS if s.kind == "mixed" and s.tiles[0] is head))
    for head in dict.fromkeys(s.tiles[0] for s in SETS if s.kind == "mixed"))
assert [i for _, i in MULTI] == (sorted(PAIR_OF.values()) + [i for _, i in SINGLE_COPY_SETS]
                                 + [i for _, group in MIXED_BY_HEAD for _, i in group])


def leads(hand: int, mixed: bool = True) -> list[int]:
    """TG-4: every set the hand holds, in the engine's order (singles in canonical order, then
    civil pairs, military pairs and the Supreme, mixed sets unless ``mixed`` is False:
    pure-pairs), read off bit masks."""
    nz = (hand | hand >> 1) & LOW
    found = []
    x = nz
    while x:
        low = x & -x
        found.append(FIELD_OF[low])
        x ^= low
    x = (hand >> 1) & LOW
    while x:
        low = x & -x
        found.append(PAIR_OF[low])
        x ^= low
    for code, s in SINGLE_COPY_SETS:
        if nz & code == code:
            found.append(s)
    if not mixed:
        return found
    g = hand | GUARDS
    for head, group in MIXED_BY_HEAD:
        if nz & head:
            for code, s in group:
                if (g - code) & GUARDS == GUARDS:
                    found.append(s)
    return found


def holds(hand: int, code: int) -> bool:
    return ((hand | GUARDS) - code) & GUARDS == GUARDS


def tiles_of(code: int) -> list[int]:
    """The identities (canonical positions) of a code, one entry per copy, canonical order."""
    return [i for i in range(N_IDS) for _ in range((code >> (3 * i)) & 3)]


_DISCARDS: dict[tuple[int, int], tuple[int, ...]] = {}


def discards(hand: int, n: int) -> Sequence[int]:
    """TG-6: every distinct choice of ``n`` tiles of the hand, face down, in the engine's order
    (combinations of the canonically ordered hand, first occurrences)."""
    if n <= 2:
        # combinations of a sorted hand come in sorted order, so the distinct ones are: each
        # identity held (n = 1); per identity held, its pair if held twice, then it with each
        # later identity held (n = 2)
        units = []
        x = (hand | hand >> 1) & LOW
        while x:
            low = x & -x
            units.append(low)
            x ^= low
        if n == 1:
            return [DOWN + u for u in units]
        pairs = []
        for a, u in enumerate(units):
            if hand & (u << 1):
                pairs.append(DOWN + 2 * u)
            for v in units[a + 1:]:
                pairs.append(DOWN + u + v)
        return pairs
    key = (hand, n)
    found = _DISCARDS.get(key)
    if found is None:
        tiles = [1 << (3 * i) for i in tiles_of(hand)]
        codes = dict.fromkeys(map(sum, combinations(tiles, n)))
        found = tuple(DOWN + c for c in codes)
        if len(_DISCARDS) > 200_000:  # a bounded memo: play-outs meet the same small hands often
            _DISCARDS.clear()
        _DISCARDS[key] = found
    return found


def legal_ids(hand: int, size: int, high: int, n: int, pillars: int,
              rules: Rules = DEFAULT) -> list[int]:
    """The legal actions of the seat to act, in the engine's order: a leader (``high`` -1) leads
    any set held (TG-4: singles in canonical order, then the larger sets in table order; no mixed
    set under pure-pairs); a follower of an ``n``-tile trick may beat ``high`` face up (TG-7),
    unless early death forbids it (TG-12: a final single and no pillar, when the rules keep it),
    and may always discard ``n`` tiles (TG-6)."""
    if high < 0:
        return leads(hand, rules.mixed_sets)
    g = hand | GUARDS
    if n == 1 and size == 1 and pillars == 0 and rules.early_death:
        found = []
    else:
        found = [s for code, s in BEATERS[high] if (g - code) & GUARDS == GUARDS]
    found += discards(hand, n)
    return found


def to_action(action: int) -> Action:
    """The engine's action for a kernel action."""
    if action >= DOWN:
        return make_action([ORDER[i] for i in tiles_of(action - DOWN)], False)
    return make_action(SETS[action].tiles, True)


def to_id(action: Action) -> int:
    code = sum(1 << (3 * POSITION[t]) for t in action.tiles)
    return SET_BY_CODE[code] if action.face_up else DOWN + code


def action_code(action: int) -> int:
    """The tiles an action plays, as a code."""
    return action - DOWN if action >= DOWN else SET_CODE[action]


def immediate(winner: int, won_with: int, banker: int, ledger: list[tuple[int, int, int, str]],
              times: int = 2) -> None:
    """TG-16: the Supreme collects 2, a quartet 4, from each other player, doubled with the banker
    (``times``: the rules' ``banker_times``)."""
    if won_with == SUPREME_ID:
        money, why = 2, "supreme"
    elif SET_SIZE[won_with] == 4:
        money, why = 4, "quartet"
    else:
        return
    for k in (1, 2, 3):
        o = (winner + k) % SEATS
        ledger.append((o, winner, money * (times if banker in (o, winner) else 1), why))


def final(pillars: Sequence[int], banker: int, winner: int, leader: int, lead: int, won_with: int,
          ledger: list[tuple[int, int, int, str]], rules: Rules = DEFAULT) -> None:
    """TG-13 … TG-18: the final settlement under ``rules``, in the engine's ledger order."""
    times, excess_doubled = rules.banker_times, rules.excess_doubled
    f = 2 if (SET_SIZE[won_with] == 4 or won_with == SUPREME_ID or won_with == LITTLE_THREE_ID) else 1
    if pillars[winner] == 8:
        f *= 2
    capture = lead == LITTLE_THREE_ID and won_with == BIG_SIX_ID
    for k in (1, 2, 3):
        o = (winner + k) % SEATS
        p = pillars[o]
        base = 5 if p == 0 else 4 - p
        if banker in (o, winner) and (excess_doubled or base > 0 or o != banker):
            amount = base * times * f
        else:
            amount = base * f
        if amount > 0:
            if capture and o != leader:
                ledger.append((leader, winner, amount, "capture"))
            else:
                ledger.append((o, winner, amount, "settlement"))
        elif amount < 0:
            ledger.append((winner, o, -amount, "settlement"))


def end_trick(pillars: list[int], ledger: list[tuple[int, int, int, str]], banker: int, winner: int,
              leader: int, lead: int, high: int, n: int, left: int, rules: Rules = DEFAULT) -> int:
    """A trick of ``n``-tile sets, ``lead`` led by ``leader``, won by ``winner`` with ``high``,
    each hand having held ``left`` tiles before it: TG-10 its tiles go to the winner's pillars,
    TG-16 the Supreme or a quartet collects at once, and after the last trick (TG-11) the final
    settlement (TG-13 … TG-18) goes into the ledger, under ``rules``. The tiles left in each hand
    (0: over)."""
    pillars[winner] += n
    if high == SUPREME_ID or n == 4:
        immediate(winner, high, banker, ledger, rules.banker_times)
    left -= n
    if not left:
        final(pillars, banker, winner, leader, lead, high, ledger, rules)
    return left


FOLLOWERS: tuple[tuple[int, ...], ...] = tuple(
    tuple((s + k) % SEATS for k in (1, 2, 3)) for s in range(SEATS))


class Position:
    """A mutable position: packed hands, tiles per hand at the trick's start (``left``), pillars,
    the ledger, the trick under way (leader, plays made, the led set, the high set and its seat)
    and the deal's rules. ``step`` plays one action in place; ``over`` once the hands are empty."""

    __slots__ = ("codes", "left", "pillars", "ledger", "banker", "leader", "played", "lead",
                 "high", "high_seat", "over", "rules")

    def __init__(self, codes: list[int], left: int, pillars: list[int],
                 ledger: list[tuple[int, int, int, str]], banker: int, leader: int, played: int,
                 lead: int, high: int, high_seat: int, rules: Rules = DEFAULT) -> None:
        self.codes = codes
        self.left = left
        self.pillars = pillars
        self.ledger = ledger
        self.banker = banker
        self.leader = leader
        self.played = played
        self.lead = lead
        self.high = high
        self.high_seat = high_seat
        self.over = left == 0
        self.rules = rules

    @classmethod
    def of(cls, deal: Deal) -> Position:
        """The kernel position of an engine deal."""
        codes = [sum(1 << (3 * POSITION[t]) for t in h) for h in deal.hands]
        plays = deal.plays
        left = len(deal.hands[deal.leader]) + (len(plays[0].action.tiles) if plays else 0)
        lead = to_id(plays[0].action) if plays else -1
        high = -1 if deal.high is None else deal.high.id
        ledger = [(p.payer, p.payee, p.amount, p.why) for p in deal.payments]
        return cls(codes, left, list(deal.pillars), ledger, deal.banker, deal.leader, len(plays),
                   lead, high, deal.high_seat, deal.rules)

    def copy(self) -> Position:
        return Position(self.codes[:], self.left, self.pillars[:], self.ledger[:], self.banker,
                        self.leader, self.played, self.lead, self.high, self.high_seat, self.rules)

    @property
    def to_act(self) -> int:
        return -1 if self.over else (self.leader + self.played) % SEATS

    def legal(self) -> list[int]:
        seat = (self.leader + self.played) % SEATS
        if not self.played:
            return legal_ids(self.codes[seat], self.left, -1, 0, 0, self.rules)
        # A follower has not played to this trick yet: it holds ``left`` tiles (TG-12).
        return legal_ids(self.codes[seat], self.left, self.high, SET_SIZE[self.lead],
                         self.pillars[seat], self.rules)

    def step(self, action: int) -> None:
        """Play ``action`` (assumed legal) for the seat to act (TG-6 … TG-11, TG-16, TG-18)."""
        seat = (self.leader + self.played) % SEATS
        if action >= DOWN:
            self.codes[seat] -= action - DOWN
        else:
            self.codes[seat] -= SET_CODE[action]
            if not self.played:
                self.lead = action
            self.high, self.high_seat = action, seat
        self.played += 1
        if self.played < SEATS:
            return
        winner = self.high_seat
        self.left = end_trick(self.pillars, self.ledger, self.banker, winner, self.leader, self.lead,
                              self.high, SET_SIZE[self.lead], self.left, self.rules)
        self.over = not self.left
        self.leader, self.played, self.high = winner, 0, -1

    def net(self) -> list[int]:
        totals = [0] * SEATS
        for payer, payee, amount, _ in self.ledger:
            totals[payer] -= amount
            totals[payee] += amount
        return totals


# A single is beaten only by singles (TG-7), which SETS lists in canonical order: the beats of a
# single high are the held units of this mask, lowest first.
SINGLE_BEATS: tuple[int, ...] = tuple(sum(code for code, _ in BEATERS[s]) for s in range(N_IDS))
assert all([b for _, b in BEATERS[s]] == sorted(b for _, b in BEATERS[s] if b < N_IDS)
           for s in range(N_IDS))


def add_payments(net: list[int], ledger: Sequence[tuple[int, int, int, str]]) -> None:
    """Add a ledger's payments (payer, payee, amount, why) to each seat's ``net`` in place."""
    for payer, payee, amount, _ in ledger:
        net[payer] -= amount
        net[payee] += amount


def _held_set_tables() -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
    """The leads beyond singles and civil pairs (military pairs, the Supreme, mixed sets: TG-4)
    in two tables, each over the fields of half of those sets' tiles: (fields mask, the sets
    held by every value those fields can take). No such set has tiles in both halves, so a
    hand's leads beyond its singles and civil pairs are the two entries' sets (in set order)."""
    sets = SINGLE_COPY_SETS + tuple(pair for _, group in MIXED_BY_HEAD for pair in group)
    parts: list[int] = []  # fields masks of identities linked by a set
    for code, _ in sets:
        mask = sum(7 * unit for unit in FIELD_OF if code & unit)
        for part in [p for p in parts if p & mask]:
            parts.remove(part)
            mask |= part
        parts.append(mask)
    tables = []
    for half in (sum(parts[0::2]), sum(parts[1::2])):
        units = [unit for unit in FIELD_OF if half & unit]
        table = {}
        for copies in product(*(range(COPIES[ORDER[FIELD_OF[unit]]] + 1) for unit in units)):
            hand = sum(c * unit for c, unit in zip(copies, units, strict=True))
            table[hand] = tuple(s for code, s in sets if holds(hand, code))
        tables.append((half, table))
    return tuple(tables)


(HELD_SETS_A, HELD_A), (HELD_SETS_B, HELD_B) = _held_set_tables()
HELD_COUNT_A = {fields: len(sets) for fields, sets in HELD_A.items()}  # how many, without len()
HELD_COUNT_B = {fields: len(sets) for fields, sets in HELD_B.items()}
# n.bit_length() for the n legal actions of a lead or a single follow (8 tiles: well under 64),
# by look-up: cheaper than the method call
BIT_LENGTH: tuple[int, ...] = tuple(n.bit_length() for n in range(64))


def held_mask(code: int) -> int:
    """The identities a code holds, one bit each (bit i: canonical position i): a small int,
    cheaper to step through than the code's 63 bits. A code's octal digits are its fields."""
    return int(oct(code)[2:].replace("2", "1"), 2)


# How ``random_deal`` writes a deal down, as (out, leads, follows, discards, ends): it appends to
# ``out`` ``leads[seat][set]`` for a lead, ``discards[seat][i]`` for a follower's face-down single
# of identity i (canonical position), ``follows[seat][action]`` for each other action of a
# follower and ``ends[winner]`` after each trick: any labels the caller chose, such as the pieces
# of a record's JSON. (A plain tuple: one is made per deal, and a named one costs more to make.)
Trace: TypeAlias = tuple[list[str], Sequence[Sequence[str]], Sequence[Mapping[int, str]],
                         Sequence[Sequence[str]], Sequence[str]]
POSITION_OF_BIT: dict[int, int] = {1 << i: i for i in range(N_IDS)}  # a held_mask bit -> i
UNIT_AT: tuple[int, ...] = tuple(1 << (3 * i) for i in range(N_IDS))  # i -> its field's unit
# SINGLE_BEATS as held_mask bits: the identities whose single beats a single high (TG-7)
SINGLE_BEAT_BITS: tuple[int, ...] = tuple(held_mask(units) for units in SINGLE_BEATS)


def random_deal(codes: list[int], banker: int, bits: Sequence[Callable[[int], int]],
                trace: Trace | None = None) -> tuple[list[int], list[tuple[int, int, int, str]], int]:
    """Play a fresh deal (the banker leads, TG-3) to the end in place, every action uniformly
    random among the legal ones, drawn from the acting seat's ``getrandbits`` (``bits[seat]``)
    exactly as ``Random.choice(deal.legal_actions())`` draws it: CPython's ``_randbelow(n)`` takes
    ``getrandbits(n.bit_length())`` until the draw is below ``n``. Returns (pillars, ledger,
    winner); ``trace`` writes the deal down (see ``Trace``). Single tiles are picked on each
    hand's ``held_mask``, kept alongside its code: fewer steps than on the code itself."""
    pillars = [0, 0, 0, 0]
    ledger: list[tuple[int, int, int, str]] = []
    leader, left = banker, 8
    beaters, set_code, g_all, low_bits = BEATERS, SET_CODE, GUARDS, LOW
    field_of, pair_of, set_size, followers = FIELD_OF, PAIR_OF, SET_SIZE, FOLLOWERS
    position_of_bit, unit_at, single_beat_bits = POSITION_OF_BIT, UNIT_AT, SINGLE_BEAT_BITS
    fields_a, held_a, fields_b, held_b = HELD_SETS_A, HELD_A, HELD_SETS_B, HELD_B
    held_count_a, held_count_b, bit_length = HELD_COUNT_A, HELD_COUNT_B, BIT_LENGTH
    masks = [int(oct(code)[2:].replace("2", "1"), 2) for code in codes]  # held_mask, inlined
    if trace is not None:
        out, lead_labels, follow_labels, discard_labels, end_labels = trace
    while True:
        # the lead: ``leads(hand)[r]`` without the list (singles, civil pairs, then the rest)
        hand = codes[leader]
        mask = masks[leader]
        doubles = (hand >> 1) & low_bits
        singles, pairs = mask.bit_count(), doubles.bit_count()
        draw = bits[leader]
        m = singles + pairs + held_count_a[hand & fields_a] + held_count_b[hand & fields_b]
        k = bit_length[m]
        r = draw(k)
        while r >= m:
            r = draw(k)
        if r < singles:
            held = mask
            while r:  # drop the r lowest bits (a while loop: cheaper than a range here)
                held &= held - 1
                r -= 1
            bit = held & -held
            lead = position_of_bit[bit]
            unit = unit_at[lead]
            hand -= unit
            if not hand & unit:  # its only copy
                masks[leader] = mask ^ bit
        elif r < singles + pairs:
            r -= singles
            while r:
                doubles &= doubles - 1
                r -= 1
            unit = doubles & -doubles
            lead = pair_of[unit]
            hand -= 2 * unit
            masks[leader] = mask ^ (1 << field_of[unit])
        else:
            lead = sorted(held_a[hand & fields_a] + held_b[hand & fields_b])[r - singles - pairs]
            hand -= set_code[lead]
            masks[leader] = held_mask(hand)
        codes[leader] = hand
        if trace is not None:
            out.append(lead_labels[leader][lead])
        n = set_size[lead]
        high, high_seat = lead, leader
        early = n == 1 and left == 1
        for seat in followers[leader]:
            hand = codes[seat]
            draw = bits[seat]
            if n == 1:  # the beats and discards, without the list: bits of the held mask
                mask = masks[seat]
                beats = mask & single_beat_bits[high] if not early or pillars[seat] else 0
                up = beats.bit_count() if beats else 0
                m = up + mask.bit_count()
                k = bit_length[m]
                r = draw(k)
                while r >= m:
                    r = draw(k)
                if r < up:
                    while r:
                        beats &= beats - 1
                        r -= 1
                    bit = beats & -beats
                    high = position_of_bit[bit]
                    high_seat = seat
                    unit = unit_at[high]
                    if trace is not None:
                        out.append(follow_labels[seat][high])
                else:
                    r -= up
                    held = mask
                    while r:
                        held &= held - 1
                        r -= 1
                    bit = held & -held
                    i = position_of_bit[bit]
                    unit = unit_at[i]
                    if trace is not None:
                        out.append(discard_labels[seat][i])
                hand -= unit
                codes[seat] = hand
                if not hand & unit:
                    masks[seat] = mask ^ bit
                continue
            found = []  # a plain loop: cheaper than a comprehension for these few items
            g = hand | g_all
            for code, s in beaters[high]:
                if (g - code) & g_all == g_all:
                    found.append(s)
            up = len(found)
            if n == 2:  # discards(hand, 2) counted: pairs of distinct identities, and doubles
                held = (hand | hand >> 1) & low_bits
                later = held.bit_count()
                m = up + later * (later - 1) // 2 + ((hand >> 1) & low_bits).bit_count()
            else:
                found += discards(hand, n)
                m = len(found)
            k = m.bit_length()
            r = draw(k)
            while r >= m:
                r = draw(k)
            if r < up:
                action = high = found[r]
                high_seat = seat
                code = set_code[action]
            elif n == 2:  # discards(hand, 2)[r - up] without the list
                r -= up
                while True:
                    unit = held & -held
                    held ^= unit
                    later -= 1
                    if hand & (unit << 1):  # held twice: its pair comes first
                        if not r:
                            code = 2 * unit
                            break
                        r -= 1
                    if r < later:
                        while r:
                            held &= held - 1
                            r -= 1
                        code = unit + (held & -held)
                        break
                    r -= later
                action = DOWN + code
            else:
                action = found[r]
                code = action - DOWN
            hand -= code
            codes[seat] = hand
            masks[seat] = held_mask(hand)
            if trace is not None:
                out.append(follow_labels[seat][action])
        if trace is not None:
            out.append(end_labels[high_seat])
        pillars[high_seat] += n  # end_trick's second form, inline: a call per trick costs this
        if high == SUPREME_ID or n == 4:  # loop about 6% (test_selfplay.py, test_kernel.py)
            immediate(high_seat, high, banker, ledger)
        left -= n
        if not left:
            final(pillars, banker, high_seat, leader, lead, high, ledger)
            return pillars, ledger, high_seat
        leader = high_seat
