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

import random
from collections.abc import Sequence
from typing import Any

from engine.chuo_pai import ALL_PLAYS, PASS, Action, Deal

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
        owner = self.owner
        self.piles[owner] += SIZE[self.current]  # CP-16
        self.current = PASS_ID
        if (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0) <= 1:  # CP-17
            self.to_act = -1
            return
        while not sizes[owner]:  # CP-18
            owner = (owner + 1) % SEATS
        self.to_act = owner

    def winners(self) -> tuple[int, ...]:
        top = max(self.piles)
        return tuple(s for s in range(SEATS) if self.piles[s] == top)


def random_deal(hands: list[list[int]], sizes: list[int], piles: list[int], leader: int,
                rngs: Sequence[random.Random], trace: list[int] | None = None) -> None:
    """Play a deal from its first lead to the end in place, every action uniformly random among
    the legal ones, drawn from the acting seat's generator exactly as
    ``rngs[seat].choice(deal.legal_actions())`` draws it (one ``_randbelow`` per action, forced
    ones included). ``trace`` collects (seat, play) pairs
    flattened, and -2 - winner after each round."""
    # CPython's Random.choice draws with _randbelow: calling it directly keeps the same stream
    belows: list[Any] = [r._randbelow for r in rngs]  # type: ignore[attr-defined]
    need, size_of, group_beaters, beaters = NEED, SIZE, GROUP_BEATERS, BEATERS
    while True:
        hand = hands[leader]
        play = lead_at(hand, belows[leader](count_leads(hand)))
        for i, n in need[play]:
            hand[i] -= n
        size = size_of[play]
        sizes[leader] -= size
        if trace is not None:
            trace += (leader, play)
        current, owner = play, leader
        for seat in ((leader + 1) % SEATS, (leader + 2) % SEATS):
            if not sizes[seat]:
                continue
            hand = hands[seat]
            if group_beaters[current]:
                found = [p for i, p in group_beaters[current] if hand[i] >= size]
            elif GROUP[current] >= 0:
                found = []
            else:
                found = [p for p in beaters[current] if all(hand[i] >= n for i, n in need[p])]
            if found:
                play = found[belows[seat](len(found))]
                for i, n in need[play]:
                    hand[i] -= n
                sizes[seat] -= size
                current, owner = play, seat
            else:
                belows[seat](1)
                play = PASS_ID
            if trace is not None:
                trace += (seat, play)
        piles[owner] += size
        if trace is not None:
            trace.append(-2 - owner)
        if (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0) <= 1:
            return
        leader = owner
        while not sizes[leader]:
            leader = (leader + 1) % SEATS


def random_record(deal: Deal, rngs: Sequence[random.Random]) -> dict[str, Any]:
    """The record (``to_record``) of a fresh deal played to the end by uniformly random players
    drawing from ``rngs`` (one per seat) — the same record as playing it through the engine, built from a kernel
    trace instead of a new immutable state and a full seat view per action."""
    hands = [list(h) for h in deal.hands]
    sizes, piles = list(deal.sizes), list(deal.piles)
    trace: list[int] = []
    if deal.to_act is not None:
        random_deal(hands, sizes, piles, deal.to_act, rngs, trace)
    rounds: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    leader = -1
    k = 0
    while k < len(trace):
        item = trace[k]
        if item <= -2:
            rounds.append({"leader": leader, "actions": actions, "winner": -2 - item})
            actions, leader = [], -1
            k += 1
            continue
        seat, play = item, trace[k + 1]
        if leader < 0:
            leader = seat
        actions.append({"player": seat, "tiles": KEYS[play] if play >= 0 else []})
        k += 2
    top = max(piles)
    return {
        "format": 1, "game": "chuo-pai", "seed": deal.seed,
        "hands": [[t.key for t in h] for h in deal.dealt],
        "bonus": [[t.key for t in b] for b in deal.bonus],
        "first_leader": deal.first_leader, "rounds": rounds, "piles": piles,
        "winners": [s for s in range(SEATS) if piles[s] == top],
    }
