"""Chuo Pai agents: ``greedy`` (the baseline) and ``standard`` (see docs/ai.md).

Both read only a ``SeatView``: their own hand, the table, the public history, the piles, the bonus
cards and the other hands' sizes.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.ai.halving import drop_worse_half, ranked
from engine.chuo_pai import kernel
from engine.chuo_pai.actions import PASS, Action
from engine.chuo_pai.deal import next_leader
from engine.chuo_pai.families import STRENGTH
from engine.chuo_pai.kernel import PASS_ID, to_id
from engine.chuo_pai.plays import ALL_PLAYS, Play, classify
from engine.chuo_pai.view import SeatView
from engine.tiles import ALL_TILES

SEATS = 3
N_IDS = len(ALL_TILES)


# -- greedy --------------------------------------------------------------------------------------
def tile_order(play: Play) -> tuple[int, ...]:
    """The deterministic tie-break between plays of equal rank: the play's tile indices, sorted
    (tile index order is ``1-1, 1-2, …, 1-6, 2-2, …, 6-6``), compared lexicographically."""
    return tuple(sorted(t.index for t in play.tiles))


def greedy_follow_key(play: Play) -> tuple[int, tuple[int, ...]]:
    """Greedy's follower order: the lowest strength first (family ladder position counted from
    the bottom, or the special type order), then ``tile_order``."""
    return (play.strength, tile_order(play))


# Identities in greedy's lead order: strength in the family (1 = bottom), then tile index.
LEAD_ORDER: tuple[int, ...] = tuple(t.index for t in sorted(ALL_TILES, key=lambda t: (STRENGTH[t], t.index)))
# GROUP[i][n]: the ordinary group of n copies of identity i (GROUP[i][0] is None).
GROUP: tuple[tuple[Play | None, ...], ...] = tuple(
    (None,) + tuple(classify((t,) * n) for n in range(1, 5)) for t in ALL_TILES)
# FOLLOW_ORDER[p.id]: the plays that beat p, in greedy's follower order.
FOLLOW_ORDER: tuple[tuple[Play, ...], ...] = tuple(
    tuple(sorted(p.beaten_by, key=greedy_follow_key)) for p in ALL_PLAYS)


def greedy_lead(hand_counts: tuple[int, ...] | list[int]) -> Play:
    """Greedy's lead: every copy held of the lowest-ranked identity. Rank is the identity's
    strength in its family (1 = the bottom of its ladder); ties between families and between
    equal-rank identities go to the lower tile index (1-2, then 2-2, 2-3, 2-4, 5-6 …)."""
    for i in LEAD_ORDER:
        n = hand_counts[i]
        if n:
            return GROUP[i][n]  # type: ignore[return-value]
    raise ValueError("empty hand")


def greedy_beat(hand: tuple[int, ...] | list[int], current: Play) -> Play | None:
    """Greedy's beat: the first play in ``FOLLOW_ORDER`` the hand holds, or None."""
    if current.group_index >= 0:
        size = current.size
        for p in FOLLOW_ORDER[current.id]:
            if hand[p.group_index] >= size:
                return p
        return None
    for p in FOLLOW_ORDER[current.id]:
        for i, n in p.need:
            if hand[i] < n:
                break
        else:
            return p
    return None


class GreedyChuoPai:
    """The baseline: beat with the lowest-ranked beating play (else pass); lead all copies of the
    lowest-ranked identity."""

    name = "greedy"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.current is None:
            return greedy_lead(view.hand_counts)
        beat = greedy_beat(view.hand_counts, view.current)
        return PASS if beat is None else beat


# -- simulation ----------------------------------------------------------------------------------
# Greedy on the kernel's play ids (engine.chuo_pai.kernel): a group is 4 × identity + copies − 1.
# GREEDY_GROUP_BEATS[p]: for a group, the identities of its beaters in greedy's follower order;
# GREEDY_SPECIAL_BEATS[p]: for a special combination, its beaters in that order as (play, i, n,
# j, m, k, o), held when hand[i] >= n, hand[j] >= m and hand[k] >= o.
GREEDY_GROUP_BEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(b.group_index for b in FOLLOW_ORDER[p.id]) if p.group_index >= 0 else () for p in ALL_PLAYS)
GREEDY_SPECIAL_BEATS: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...] = tuple(
    tuple(kernel.padded_need(b.id) for b in FOLLOW_ORDER[p.id]) if p.group_index < 0 else ()
    for p in ALL_PLAYS)
assert all(GROUP[i][n].id == 4 * i + n - 1 for i in range(N_IDS) for n in range(1, 5))  # type: ignore[union-attr]


def greedy_playout(hands: list[list[int]], sizes: list[int], piles: list[int], current: int,
                   owner: int, pending: Sequence[int], leader: int) -> None:
    """Finish the deal in place with every seat playing greedy, on play ids. With ``current``
    ``PASS_ID``, ``leader`` leads the next round; otherwise the round under way (``current`` by
    ``owner``) goes on with the ``pending`` seats."""
    lead_order, group_beats, special_beats = LEAD_ORDER, GREEDY_GROUP_BEATS, GREEDY_SPECIAL_BEATS
    need, first_special, followers = kernel.NEED, kernel.FIRST_SPECIAL, kernel.FOLLOWERS
    size = kernel.SIZE[current] if current >= 0 else 0
    while True:
        if current < 0:  # greedy_lead: every copy of the lowest-ranked identity held
            hand = hands[leader]
            for i in lead_order:
                size = hand[i]
                if size:
                    break
            hand[i] = 0
            sizes[leader] -= size
            current, owner = 4 * i + size - 1, leader
            pending = followers[leader]
        for seat in pending:  # greedy_beat: the first beater held in greedy's order
            if not sizes[seat]:  # CP-5: a seat without cards does not act
                continue
            hand = hands[seat]
            if current < first_special:
                for i in group_beats[current]:
                    if hand[i] >= size:
                        hand[i] -= size
                        sizes[seat] -= size
                        current, owner = 4 * i + size - 1, seat
                        break
            else:
                for play, i, n, j, m, k, o in special_beats[current]:
                    if hand[i] >= n and hand[j] >= m and hand[k] >= o:
                        for i, n in need[play]:
                            hand[i] -= n
                        sizes[seat] -= size
                        current, owner = play, seat
                        break
        piles[owner] += size
        current = PASS_ID
        leader = next_leader(sizes, owner)  # CP-17, CP-18
        if leader < 0:
            return


def rollout(hands: list[list[int]], sizes: list[int], piles: list[int], current: Play | None,
            owner: int, pending: list[int], leader: int) -> None:
    """``greedy_playout`` with the current highest play as the engine's ``Play`` (None before a
    lead)."""
    greedy_playout(hands, sizes, piles, PASS_ID if current is None else current.id, owner, pending, leader)


# -- what the view tells about the hidden hands ----------------------------------------------------
def round_order(view: SeatView) -> tuple[int, list[int]]:
    """(the round's leader, the seats holding cards that act after ``view.seat`` in it), CP-5:
    the lead goes round once; a new round starts with the seat to act."""
    me = view.seat
    if view.current is None:
        return me, [s for s in ((me + 1) % SEATS, (me + 2) % SEATS) if view.hand_sizes[s]]
    assert view.round is not None
    leader = view.round.leader
    after = []
    s = (me + 1) % SEATS
    while s != leader:
        if view.hand_sizes[s]:
            after.append(s)
        s = (s + 1) % SEATS
    return leader, after


def unseen_counts(view: SeatView) -> list[int]:
    """Copies of each identity in the other hands: 4, less this seat's hand, every card played
    and the bonus cards (CP-1, CP-4)."""
    played = view.played()
    left = [4 - view.hand_counts[i] - played[i] for i in range(N_IDS)]
    for cards in view.bonus:
        for t in cards:
            left[t.index] -= 1
    return left


def pass_limits(view: SeatView) -> tuple[list[list[int]], list[list[Play]]]:
    """What the passes prove (CP-14: a pass means no beating play was held; hands only shrink).
    Per seat: a cap on the copies of each identity, and the special combinations it cannot hold."""
    caps = [[4] * N_IDS for _ in range(SEATS)]
    specials: list[list[Play]] = [[] for _ in range(SEATS)]
    rounds = view.rounds + ((view.round,) if view.round else ())
    for rnd in rounds:
        current: Play | None = None
        for seat, action in rnd.actions:
            if action is PASS:
                assert current is not None
                if current.group_index >= 0:
                    for p in current.beaten_by:  # groups of the same size, stronger, same family
                        i = p.group_index
                        if caps[seat][i] >= current.size:
                            caps[seat][i] = current.size - 1
                else:
                    specials[seat].append(current)
            else:
                current = action  # type: ignore[assignment]
    return caps, specials


def _holds(hand: list[int], play: Play) -> bool:
    for i, n in play.need:
        if hand[i] < n:
            return False
    return True


def sample_hands(view: SeatView, unseen: list[int], caps: list[list[int]],
                 specials: list[list[Play]], rng: random.Random, tries: int = 6) -> list[list[int]]:
    """One guess at the other two hands: the unseen cards shuffled and dealt to fit the hand sizes
    and the pass limits (a card a seat cannot hold goes to the other), retried when a seat would
    hold a special combination its passes exclude. After ``tries`` failures the last guess is kept."""
    me = view.seat
    a, b = (me + 1) % SEATS, (me + 2) % SEATS
    cards = [i for i in range(N_IDS) for _ in range(unseen[i])]
    cap_a, cap_b = caps[a], caps[b]
    free = min(cap_a) == 4 and min(cap_b) == 4
    banned = [(s, [p for c in specials[s] for p in c.beaten_by]) for s in (a, b) if specials[s]]
    random = rng.random
    for _ in range(tries):
        # a shuffle, cheaper than rng.shuffle: sorted by one draw per card, drawn in card order
        # (as list.sort(key=...) draws them)
        keys = [random() for _ in cards]
        cards = [cards[j] for j in sorted(range(len(cards)), key=keys.__getitem__)]
        hand_a, hand_b = [0] * N_IDS, [0] * N_IDS
        room_a, room_b = view.hand_sizes[a], view.hand_sizes[b]
        if free:
            for i in cards[:room_a]:
                hand_a[i] += 1
            for i in cards[room_a:]:
                hand_b[i] += 1
            ok = True
        else:
            ok = True
            for i in cards:
                if room_a and hand_a[i] < cap_a[i]:
                    hand_a[i] += 1
                    room_a -= 1
                elif room_b and hand_b[i] < cap_b[i]:
                    hand_b[i] += 1
                    room_b -= 1
                elif room_a:
                    hand_a[i] += 1
                    room_a -= 1
                    ok = False
                else:
                    hand_b[i] += 1
                    room_b -= 1
                    ok = False
        hands: list[list[int]] = [[], [], []]
        hands[a], hands[b], hands[me] = hand_a, hand_b, list(view.hand_counts)
        if ok:
            for s, plays in banned:
                if any(_holds(hands[s], p) for p in plays):
                    ok = False
                    break
        if ok:
            break
    return hands


# -- standard --------------------------------------------------------------------------------------
class StandardChuoPai:
    """Determinized Monte Carlo with successive halving (docs/ai.md): the hidden cards are dealt
    at random (respecting the hand sizes, the cards seen and what the passes prove), every legal
    play is tried on the same guesses and the deal is played out greedily; after each batch of
    guesses the weaker half of the plays is dropped, and the play with the best mean result wins.
    A result is the first-place share (1, or 1/k for a joint first among k) plus ``weight`` times
    the margin over the best other pile."""

    name = "standard"

    def __init__(self, budget: int = 12000, worlds: int = 128, weight: float = 0.02) -> None:
        self.budget = budget  # play-out cost per decision, in units of about a microsecond here
        self.worlds = worlds  # the most guesses at the hidden hands per decision
        self.weight = weight

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._ranked(view, rng, list(legal))[0][0]

    def estimate(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float]]:
        """Every legal action with its estimated first-place chance (0..1, a joint first among k
        counting 1/k), best first in the order ``choose`` ranks them: the same search, with the
        same draws from ``rng``."""
        return self._ranked(view, rng, list(view.legal_actions()))

    def estimate_scores(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float, float]]:
        """``estimate`` as an ``Estimator`` gives it: this level weighs no expected score (NaN)."""
        return [(action, first, math.nan) for action, first in self.estimate(view, rng)]

    def sampler(self, view: SeatView) -> StandardChuoPaiSampler:
        """Every legal play, to be played in common worlds (``engine.estimate``) with this
        search's guesses and greedy play-outs."""
        return StandardChuoPaiSampler(self, view)

    def _ranked(self, view: SeatView, rng: random.Random,
                legal: list[Action]) -> list[tuple[Action, float]]:
        me = view.seat
        unseen = unseen_counts(view)
        caps, specials = pass_limits(view)
        cards = sum(view.hand_sizes)
        total = int(self.budget / (6 + 0.35 * cards))  # a play-out's cost grows with the cards left
        leader, after = round_order(view)
        worlds: list[list[list[int]]] = []
        alive = list(legal)
        totals = [0.0] * len(alive)
        firsts = [0.0] * len(alive)  # first-place shares, for ``estimate``
        dropped: list[tuple[Action, float]] = []  # halved out, best of each stage first
        evaluated = 0
        rounds = max(1, (len(alive) - 1).bit_length())
        weight = self.weight
        sizes0, piles0 = list(view.hand_sizes), list(view.piles)
        current0 = PASS_ID if view.current is None else view.current.id
        owner0 = -1 if view.owner is None else view.owner
        need, size_of = kernel.NEED, kernel.SIZE
        for stage in range(rounds):
            batch = max(2, min(total // (rounds * len(alive)), self.worlds // rounds))
            while len(worlds) < evaluated + batch:
                worlds.append(sample_hands(view, unseen, caps, specials, rng))
            for c, action in enumerate(alive):
                value = 0.0
                play = to_id(action)
                for world in worlds[evaluated:evaluated + batch]:
                    hands = [world[0][:], world[1][:], world[2][:]]
                    sizes = sizes0[:]
                    piles = piles0[:]
                    if play >= 0:
                        hand = hands[me]
                        for i, n in need[play]:
                            hand[i] -= n
                        sizes[me] -= size_of[play]
                        greedy_playout(hands, sizes, piles, play, me, after, leader)
                    else:
                        greedy_playout(hands, sizes, piles, current0, owner0, after, leader)
                    mine = piles[me]
                    top = max(piles)
                    other = max(piles[(me + 1) % 3], piles[(me + 2) % 3])
                    first = 1.0 / piles.count(top) if mine == top else 0.0
                    firsts[c] += first
                    value += first + weight * (mine - other)
                totals[c] += value
            evaluated += batch
            if stage < rounds - 1:
                drop_worse_half(alive, totals, firsts, evaluated, dropped)
        return ranked(alive, totals, firsts, evaluated, dropped)


class StandardChuoPaiSampler:
    """``StandardChuoPai``'s search of a view as a ``WorldSampler``: every legal play, the same
    guesses and greedy play-outs; a result is the first-place share and the cards in the pile."""

    exact = False

    def __init__(self, agent: StandardChuoPai, view: SeatView) -> None:
        self.view = view
        self.actions = list(view.legal_actions())
        self.ids = [to_id(a) for a in self.actions]
        self.unseen = unseen_counts(view)
        self.caps, self.specials = pass_limits(view)
        self.leader, self.after = round_order(view)
        self.current0 = PASS_ID if view.current is None else view.current.id
        self.owner0 = -1 if view.owner is None else view.owner
        self.worlds: list[list[list[int]]] = []
        # The plays and worlds of the agent's own search of this view (successive halving, ``_ranked``).
        total = int(agent.budget / (6 + 0.35 * sum(view.hand_sizes)))
        rounds = max(1, (len(self.ids) - 1).bit_length())
        work, alive = 0, len(self.ids)
        for _ in range(rounds):
            work += (alive + 1) * max(2, min(total // (rounds * alive), agent.worlds // rounds))
            alive = (alive + 1) // 2
        self.work = work

    def draw(self, rng: random.Random) -> float:
        self.worlds.append(sample_hands(self.view, self.unseen, self.caps, self.specials, rng))
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        view, play = self.view, self.ids[candidate]
        me = view.seat
        found = self.worlds[world]
        hands = [found[0][:], found[1][:], found[2][:]]
        sizes, piles = list(view.hand_sizes), list(view.piles)
        if play >= 0:
            hand = hands[me]
            for i, n in kernel.NEED[play]:
                hand[i] -= n
            sizes[me] -= kernel.SIZE[play]
            greedy_playout(hands, sizes, piles, play, me, self.after, self.leader)
        else:
            greedy_playout(hands, sizes, piles, self.current0, self.owner0, self.after, self.leader)
        mine, top = piles[me], max(piles)
        return (1.0 / piles.count(top) if mine == top else 0.0), float(mine)
