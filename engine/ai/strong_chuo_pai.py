"""Chuo Pai ``strong``: determinized search with weighted guesses, varied play-outs and an exact
two-seat endgame (docs/ai.md).

``standard`` plays every guess out with all three seats greedy and trusts every guess equally.
``strong`` keeps the counting, the pass inference and successive halving (engine/ai/chuo_pai.py)
and adds:

- **the endgame solved**: once a seat is out, the unseen cards are the other hand, and the rest
  of the deal is searched to the end (engine/ai/chuo_pai_endgame.py), within a count of rounds;
- **interceptors kept**: with 50 or more cards in the other hands, a lead nobody could beat
  (counting every card seen) is not a candidate while any other lead is — held back, it wins
  back the lead later (a careful player never cashes so early; ``standard`` did in 7% of such
  leads);
- **weighted guesses**: each guess is weighted by how well it explains the opponents' last 30
  plays — walking back from the guessed hands, every play greedy would not have made there
  multiplies the weight by 0.7 (a tempered model: most players lead their weakest cards and
  beat cheaply);
- **varied play-outs** on the kernel's integers (engine/chuo_pai/kernel.py): the opponents lead
  as a searching player does — every copy of an identity whose rank among those they hold is
  drawn from the ranks of ``standard``'s own leads (scripts/lead_ranks.py), not always the weakest
  — and beat greedily; the search's own seat plays *careful* — greedy, cashing its sure winners
  first once at most two of its cards are in beatable groups (so weak cards are not stranded,
  CP-19); every seat makes a uniformly random choice at 5% of its play-out steps;
- **about 2.6 times the work** of the first edition: a faster play-out and at least 6 guesses
  per candidate per halving stage — measured, search effort is what ``standard`` lacked most;
- **the work where the choice is wide**: a decision's play-outs grow with its candidates, as
  (candidates / 10) ** 1.5 times the budget, kept within 0.8 and 2.4 times — measured, a
  search's mistakes come from decisions among many candidates (17 or more: 0.0083 of the
  objective lost per decision, against 0.0009 with 2-3 candidates).

All randomness comes from the given generator; the budget is a count, never the clock.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.chuo_pai import FOLLOW_ORDER, LEAD_ORDER, pass_limits, round_order, sample_hands, unseen_counts
from engine.ai.chuo_pai_endgame import TooLarge, solve
from engine.ai.halving import best_first, halve
from engine.chuo_pai import PASS, Action, SeatView
from engine.chuo_pai.deal import next_leader
from engine.chuo_pai.kernel import BEATERS, GROUP, GROUP_BEATERS, NEED, PASS_ID, SIZE, to_action, to_id

SEATS = 3
N_IDS = 21

# Greedy's follower order as play ids (lowest strength first, then tile order).
FOLLOW_IDS: tuple[tuple[int, ...], ...] = tuple(tuple(p.id for p in f) for f in FOLLOW_ORDER)
# The same for a group on the table, as (identity, play id): a group is beaten only by a group of
# its size, so "is it held" is one comparison.
FOLLOW_GROUPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((GROUP[b], b) for b in f) if GROUP[c] >= 0 else () for c, f in enumerate(FOLLOW_IDS))
# careful_lead can differ from greedy only when a hand holds at most this many cards: a group has
# at most four copies and at most two other cards may be left beside it.
CAREFUL_SIZE = 6
NEXT_TWO: tuple[tuple[int, int], ...] = tuple(((s + 1) % SEATS, (s + 2) % SEATS) for s in range(SEATS))
# How the opponents lead in the play-outs: the rank of the led identity among those the hand holds
# (0: the weakest, greedy's lead), at the 64 quantiles of ``standard``'s own chosen leads, with 28
# or more cards in the other two hands (EARLY_LEAD_RANKS) and with fewer — made by
# scripts/lead_ranks.py from its self-play on seeds 300000-300079. Greedy's "always the weakest"
# is far from how a searching player leads: with 42 or more cards out, ``standard`` led its
# weakest identity 9% of the time.
EARLY_LEAD_RANKS = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
                    4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10,
                    10, 11, 12, 12, 13)
LATE_LEAD_RANKS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,
                   1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6,
                   7, 8)
EARLY_LEAD = 28  # cards in the other two hands from which the early table applies


def _held(hand: list[int], play: int) -> bool:
    for i, n in NEED[play]:
        if hand[i] < n:
            return False
    return True


def could_be_beaten(play: int, hand: list[int], total: list[int]) -> bool:
    """Could the cards outside ``hand`` (``total`` counts every card still held by anyone) form a
    play that beats ``play``? The union of the other hands: an upper bound for each of them."""
    g = GROUP[play]
    if g >= 0:
        n = SIZE[play]
        for j, _ in GROUP_BEATERS[play]:
            if total[j] - hand[j] >= n:
                return True
        return False
    for b in BEATERS[play]:
        for i, n in NEED[b]:
            if total[i] - hand[i] < n:
                break
        else:
            return True
    return False


def careful_lead(hand: list[int], total: list[int]) -> int:
    """Greedy's lead (every copy of the weakest identity), except near the end of the hand: when
    all but at most two of its cards are in groups no other hand could beat, cash the biggest
    such group first, so the weak cards are not left stranded (CP-19: a last holder's cards
    score nothing)."""
    first, safe, safe_size, size = -1, -1, 0, 0
    for i in LEAD_ORDER:
        n = hand[i]
        if n:
            size += n
            play = 4 * i + n - 1
            if first < 0:
                first = play
            if n > safe_size:
                for j, _ in GROUP_BEATERS[play]:
                    if total[j] - hand[j] >= n:
                        break
                else:
                    safe, safe_size = play, n
    if safe >= 0 and size - safe_size <= 2:
        return safe
    return first


def greedy_lead(hand: list[int]) -> int:
    for i in LEAD_ORDER:
        n = hand[i]
        if n:
            return 4 * i + n - 1
    raise ValueError("empty hand")


def random_lead(hand: list[int], size: int, rand: Draws) -> int:
    """Every copy of an identity drawn with probability proportional to the copies held."""
    k = int(rand.random() * size)
    for i in range(N_IDS):
        n = hand[i]
        if k < n:
            return 4 * i + n - 1
        k -= n
    return greedy_lead(hand)


DRAWS = 32  # uniform numbers per guess, shared by its play-outs (reused in turn if exhausted)


class Draws:
    """A guess's fixed uniform numbers, read in turn: every candidate's play-out in one guess
    meets the same random choices, and no generator is made per play-out."""

    __slots__ = ("values", "next")

    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.next = 0

    def random(self) -> float:
        k = self.next
        self.next = k + 1 if k + 1 < len(self.values) else 0
        return self.values[k]


def random_gap(rand: Draws, log_keep: float) -> int:
    """How many play-out steps pass before the next random choice: a geometric draw, the same
    as a choice made at random with probability epsilon at every step (``log_keep`` is
    log(1 - epsilon)), for one draw instead of one per step."""
    return int(math.log(1.0 - rand.random()) / log_keep)


def playout(hands: list[list[int]], sizes: list[int], piles: list[int], total: list[int],
            current: int, owner: int, pending: Sequence[int], leader: int, careful: list[bool],
            ranked: Sequence[bool], epsilon: float, rand: Draws) -> None:
    """Finish the deal in place. With ``current`` < 0, ``leader`` leads the next round; otherwise
    the round goes on with the ``pending`` seats. ``total`` counts every card still in a hand.
    A ``ranked`` seat leads every copy of the identity whose rank among those it holds is drawn
    from the lead-rank tables; the others lead greedy's, or careful's near the end. At each step
    the acting seat chooses at random with probability ``epsilon``."""
    size_of, group_of, follow_groups, follow_ids, lead_order = SIZE, GROUP, FOLLOW_GROUPS, FOLLOW_IDS, LEAD_ORDER
    log_keep = math.log(1.0 - epsilon) if epsilon > 0 else 0.0
    gap = random_gap(rand, log_keep) if log_keep else -1  # -1: never random
    # Each seat's weakest identity held, as a place in LEAD_ORDER: copies are only ever taken
    # away, so it only moves on, and greedy's lead costs no search from the bottom.
    low = [0, 0, 0]
    while True:
        if current < 0:
            hand = hands[leader]
            if gap == 0:
                gap = random_gap(rand, log_keep)
                play = random_lead(hand, sizes[leader], rand)
            else:
                gap -= 1
                if careful[leader] and sizes[leader] <= CAREFUL_SIZE:
                    play = careful_lead(hand, total)
                else:  # every copy of the weakest identity, or of the one of a drawn rank
                    k = low[leader]
                    while not hand[lead_order[k]]:
                        k += 1
                    low[leader] = k
                    if ranked[leader]:
                        ranks = EARLY_LEAD_RANKS if sizes[0] + sizes[1] + sizes[2] - sizes[leader] >= EARLY_LEAD \
                            else LATE_LEAD_RANKS
                        d = rand.next  # rand.random(), inline: one draw per ranked lead
                        rand.next = d + 1 if d + 1 < len(rand.values) else 0
                        skip = ranks[int(rand.values[d] * 64)]
                        if skip:  # the skip-th held identity above the weakest, or the strongest held
                            for j in range(k + 1, N_IDS):
                                if hand[lead_order[j]]:
                                    k = j
                                    skip -= 1
                                    if not skip:
                                        break
                    i = lead_order[k]
                    play = 4 * i + hand[i] - 1
            n = size_of[play]
            hand[play >> 2] -= n  # a group of n copies of identity play // 4
            total[play >> 2] -= n
            sizes[leader] -= n
            current, owner = play, leader
            # The followers, each skipped if out of cards (no hand changes before its turn).
            pending = NEXT_TWO[leader]
        for s in pending:
            if not sizes[s]:
                continue
            hand = hands[s]
            beat = -1
            chance = gap == 0
            if chance:
                gap = random_gap(rand, log_keep)
            else:
                gap -= 1
            if group_of[current] >= 0:
                n = size_of[current]
                if chance:
                    found = [b for i, b in follow_groups[current] if hand[i] >= n]
                    if found:
                        beat = found[int(rand.random() * len(found))]
                else:
                    for i, b in follow_groups[current]:
                        if hand[i] >= n:
                            beat = b
                            break
                if beat >= 0:
                    i = beat >> 2
                    hand[i] -= n
                    total[i] -= n
                    sizes[s] -= n
                    current, owner = beat, s
                continue
            if chance:
                found = [b for b in follow_ids[current] if _held(hand, b)]
                if found:
                    beat = found[int(rand.random() * len(found))]
            else:
                for b in follow_ids[current]:
                    if _held(hand, b):
                        beat = b
                        break
            if beat >= 0:
                for i, n in NEED[beat]:
                    hand[i] -= n
                    total[i] -= n
                sizes[s] -= size_of[beat]
                current, owner = beat, s
        piles[owner] += size_of[current]
        current = -1
        leader = next_leader(sizes, owner)  # CP-17, CP-18
        if leader < 0:
            return


def opponent_plays(view: SeatView, limit: int) -> list[tuple[int, int, int]]:
    """The other seats' plays (not passes), newest first, at most ``limit``: (seat, play id, the
    current highest play it answered, or -1 for a lead)."""
    found: list[tuple[int, int, int]] = []
    rounds = view.rounds + ((view.round,) if view.round else ())
    for rnd in rounds:
        current = -1
        for seat, action in rnd.actions:
            if action is PASS:
                continue
            pid = action.id
            if seat != view.seat:
                found.append((seat, pid, current))
            current = pid
    found.reverse()
    return found[:limit]


def likelihood(hands: list[list[int]], plays: list[tuple[int, int, int]], miss: float) -> float:
    """How well a guess explains the opponents' plays: walking back from the guessed hands (each
    play's cards returned to its seat's hand), a play greedy would also have made there counts
    1, any other ``miss`` — a tempered model of opponents who mostly lead their weakest cards and
    beat cheaply."""
    back = [h[:] for h in hands]
    weight = 1.0
    for seat, pid, current in plays:
        hand = back[seat]
        for i, n in NEED[pid]:
            hand[i] += n
        if current < 0:
            expected = greedy_lead(hand)
        else:
            expected = -1
            for b in FOLLOW_IDS[current]:
                if _held(hand, b):
                    expected = b
                    break
        if expected != pid:
            weight *= miss
    return weight


@dataclass(frozen=True, slots=True)
class StrongChuoPaiConfig:
    """``strong``'s tuned values (docs/ai.md): ``TUNED`` is the one the agent plays with."""

    budget: int  # play-out cards per decision among ``pivot`` candidates
    min_batch: int  # guesses per candidate in every halving stage, at least
    max_worlds: int
    epsilon: float  # the chance of a random choice at each play-out step
    weight: float  # first-place share + weight × margin over the best other pile
    keep_out: int  # cards in the other hands from which sure winners are kept
    miss: float  # a guess's weight per opponent play greedy would not have made there
    recent: int  # how many of the opponents' latest plays weigh the guesses
    endgame_limit: int  # rounds the exact two-seat search may open (0: none)
    pivot: int  # candidates for which a decision gets exactly the budget
    power: float  # how fast the budget grows with the candidates ...
    scale: tuple[float, float]  # ... and within which factors of it


TUNED = StrongChuoPaiConfig(budget=23000, min_batch=6, max_worlds=960, epsilon=0.05, weight=0.02,
                            keep_out=50, miss=0.7, recent=30, endgame_limit=1500, pivot=10, power=1.5,
                            scale=(0.8, 2.4))


class StrongChuoPai:
    """Determinized search with careful, varied play-outs and successive halving (docs/ai.md).
    The opponents lead by the lead-rank tables in the play-outs; only this seat plays careful."""

    name = "strong"

    def __init__(self, config: StrongChuoPaiConfig = TUNED) -> None:
        self.config = config

    def work(self, candidates: int) -> float:
        """The factor of the budget (and of ``max_worlds``) a decision among ``candidates`` gets."""
        config = self.config
        low, high = config.scale
        return min(high, max(low, math.pow(candidates / config.pivot, config.power)))

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self._ranked(view, rng, view.legal_actions())[0][0]  # a forced move: no search

    def estimate(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float]]:
        """The candidates ``choose`` weighs, best first in its order, each with its estimated
        first-place chance (0..1, a joint first among k counting 1/k, guesses weighted as in the
        search): the same search, with the same draws from ``rng``."""
        return [(a, first) for a, first, _ in self._ranked(view, rng, view.legal_actions())]

    def estimate_scores(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float, float]]:
        """``estimate`` with a third figure: the expected number of cards in this seat's pile at
        the end of the deal (the same search and draws, but play-outs instead of the exact endgame,
        which does not count piles; a forced move is not searched: nan)."""
        return self._ranked(view, rng, view.legal_actions(), exact=False)

    def sampler(self, view: SeatView) -> StrongChuoPaiSampler:
        """The candidates this search weighs, to be played in common worlds (``engine.estimate``):
        its guesses, weights and play-outs (no exact endgame: it counts no piles)."""
        return StrongChuoPaiSampler(self, view)

    def _ranked(self, view: SeatView, rng: random.Random, legal: tuple[Action, ...],
                exact: bool = True) -> list[tuple[Action, float, float]]:
        if len(legal) == 1:
            return [(legal[0], 1.0, math.nan)]
        me = view.seat
        config = self.config
        unseen = unseen_counts(view)
        solved = self._solved(view, unseen) if exact else None
        if solved is not None:
            return solved
        caps, specials = pass_limits(view)
        cards = sum(view.hand_sizes)
        leader, after = round_order(view)
        current0 = PASS_ID if view.current is None else view.current.id
        owner0 = -1 if view.owner is None else view.owner
        alive = [to_id(a) for a in legal]
        if view.current is None and sum(view.hand_sizes) - view.hand_sizes[me] >= config.keep_out:
            # Keep the interceptors: with many cards still out, a lead nobody can beat is worth
            # more held back (to win back the lead later) than cashed now.
            held = list(view.hand_counts)
            out = [unseen[i] + held[i] for i in range(N_IDS)]
            weak = [p for p in alive if could_be_beaten(p, held, out)]
            alive = weak or alive
        stages = max(1, (len(alive) - 1).bit_length())
        factor = self.work(len(alive))
        max_worlds = int(config.max_worlds * factor)
        total_playouts = max(config.min_batch * 2 * len(alive), int(config.budget * factor) * 4 // (4 + cards))
        worlds: list[tuple[list[list[int]], list[int], list[float], float]] = []
        history = opponent_plays(view, config.recent) if config.miss < 1 else []
        totals = [0.0] * len(alive)
        firsts = [0.0] * len(alive)  # weighted first-place shares, for ``estimate``
        piles_at_end = [0.0] * len(alive)  # weighted final piles, for ``estimate_scores``
        weights = [0.0] * len(alive)
        dropped: list[tuple[Action, float, float]] = []  # halved out, best of each stage first
        evaluated = 0
        weight, epsilon = config.weight, config.epsilon
        ranked = [seat != me for seat in range(SEATS)]
        careful = [seat == me for seat in range(SEATS)]
        for stage in range(stages):
            batch = max(config.min_batch, min(total_playouts // (stages * len(alive)),
                                            max_worlds // stages))
            while len(worlds) < evaluated + batch:
                hands = sample_hands(view, unseen, caps, specials, rng)
                for _ in range(SEATS):  # the draws of an opponent's chance to play careful
                    rng.random()  # (none since tuning): kept, so the decisions stay the measured ones
                weight_of = likelihood(hands, history, config.miss) if history else 1.0
                in_hands = [hands[0][i] + hands[1][i] + hands[2][i] for i in range(N_IDS)]
                draws = [rng.random() for _ in range(DRAWS)]
                worlds.append((hands, in_hands, draws, weight_of))
            for c, play in enumerate(alive):
                value = 0.0
                for world, in_hands, draws, weight_of in worlds[evaluated:evaluated + batch]:
                    hands = [h[:] for h in world]
                    total = in_hands[:]
                    sizes = list(view.hand_sizes)
                    piles = list(view.piles)
                    current, owner = current0, owner0
                    if play >= 0:
                        hand = hands[me]
                        for i, n in NEED[play]:
                            hand[i] -= n
                            total[i] -= n
                        sizes[me] -= SIZE[play]
                        current, owner = play, me
                    playout(hands, sizes, piles, total, current, owner, after, leader, careful, ranked,
                            epsilon, Draws(draws))
                    mine = piles[me]
                    top = max(piles)
                    other = max(piles[(me + 1) % 3], piles[(me + 2) % 3])
                    first = 1.0 / piles.count(top) if mine == top else 0.0
                    firsts[c] += weight_of * first
                    piles_at_end[c] += weight_of * mine
                    weights[c] += weight_of
                    value += weight_of * (first + weight * (mine - other))
                totals[c] += value
            evaluated += batch
            if stage < stages - 1:
                keep, gone = halve(totals)
                dropped[:0] = [(to_action(alive[c]), _share(firsts[c], weights[c]),
                                _share(piles_at_end[c], weights[c])) for c in gone]
                alive = [alive[c] for c in keep]
                totals = [totals[c] for c in keep]
                firsts = [firsts[c] for c in keep]
                piles_at_end = [piles_at_end[c] for c in keep]
                weights = [weights[c] for c in keep]
        return [(to_action(alive[c]), _share(firsts[c], weights[c]), _share(piles_at_end[c], weights[c]))
                for c in best_first(totals)] + dropped

    def _solved(self, view: SeatView, unseen: list[int]) -> list[tuple[Action, float, float]] | None:
        """The two-seat endgame solved exactly, or None: with one seat out, the unseen cards
        are the other hand (engine/ai/chuo_pai_endgame.py); None too past ``endgame_limit``."""
        me, config = view.seat, self.config
        holding = [s for s in range(SEATS) if view.hand_sizes[s]]
        if len(holding) != 2 or me not in holding or config.endgame_limit <= 0:
            return None
        other = holding[0] if holding[1] == me else holding[1]
        if sum(unseen) != view.hand_sizes[other]:
            return None  # not a position of this deal's cards: leave it to the search
        hands = [[0] * N_IDS for _ in range(SEATS)]
        hands[me] = list(view.hand_counts)
        hands[other] = unseen
        _, after = round_order(view)
        try:
            ranked = solve(hands, list(view.piles), PASS_ID if view.current is None else view.current.id,
                           -1 if view.owner is None else view.owner, me, after, config.weight,
                           config.endgame_limit)
        except TooLarge:
            return None
        return [(to_action(play), first, math.nan) for play, _, first in ranked]


class StrongChuoPaiSampler:
    """``StrongChuoPai``'s search of a view as a ``WorldSampler``: the same candidates (the
    interceptors kept), guesses (weighted by the opponents' plays), play-outs and draws."""

    exact = False

    def __init__(self, agent: StrongChuoPai, view: SeatView) -> None:
        config = agent.config
        me = view.seat
        self.view, self.config = view, config
        self.unseen = unseen_counts(view)
        self.caps, self.specials = pass_limits(view)
        self.leader, self.after = round_order(view)
        self.current0 = PASS_ID if view.current is None else view.current.id
        self.owner0 = -1 if view.owner is None else view.owner
        legal = view.legal_actions()
        alive = [to_id(a) for a in legal]
        if view.current is None and sum(view.hand_sizes) - view.hand_sizes[me] >= config.keep_out:
            held = list(view.hand_counts)
            out = [self.unseen[i] + held[i] for i in range(N_IDS)]
            alive = [p for p in alive if could_be_beaten(p, held, out)] or alive
        self.plays = alive
        self.actions = [to_action(p) for p in alive]
        self.history = opponent_plays(view, config.recent) if config.miss < 1 else []
        self.ranked = [seat != me for seat in range(SEATS)]
        self.careful = [seat == me for seat in range(SEATS)]
        self.worlds: list[tuple[list[list[int]], list[int], list[float]]] = []
        # The plays and worlds of the agent's own search of this view (successive halving, ``_ranked``).
        cards = sum(view.hand_sizes)
        stages = max(1, (len(alive) - 1).bit_length())
        factor = agent.work(len(alive))
        max_worlds = int(config.max_worlds * factor)
        total = max(config.min_batch * 2 * len(alive), int(config.budget * factor) * 4 // (4 + cards))
        work, left = 0, len(alive)
        for _ in range(stages):
            work += (left + 1) * max(config.min_batch, min(total // (stages * left), max_worlds // stages))
            left = (left + 1) // 2
        self.work = work

    def draw(self, rng: random.Random) -> float:
        hands = sample_hands(self.view, self.unseen, self.caps, self.specials, rng)
        for _ in range(SEATS):  # as the search draws them
            rng.random()
        weight = likelihood(hands, self.history, self.config.miss) if self.history else 1.0
        in_hands = [hands[0][i] + hands[1][i] + hands[2][i] for i in range(N_IDS)]
        self.worlds.append((hands, in_hands, [rng.random() for _ in range(DRAWS)]))
        return weight

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        view, me, play = self.view, self.view.seat, self.plays[candidate]
        found, in_hands, draws = self.worlds[world]
        hands = [h[:] for h in found]
        total = in_hands[:]
        sizes = list(view.hand_sizes)
        piles = list(view.piles)
        current, owner = self.current0, self.owner0
        if play >= 0:
            hand = hands[me]
            for i, n in NEED[play]:
                hand[i] -= n
                total[i] -= n
            sizes[me] -= SIZE[play]
            current, owner = play, me
        playout(hands, sizes, piles, total, current, owner, self.after, self.leader, self.careful, self.ranked,
                self.config.epsilon, Draws(draws))
        mine, top = piles[me], max(piles)
        return (1.0 / piles.count(top) if mine == top else 0.0), float(mine)


def _share(first: float, weight: float) -> float:
    return first / weight if weight > 0 else 0.0
