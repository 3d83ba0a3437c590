"""``standard`` chooses exactly as before its play-outs moved onto the kernels: a frozen copy of
the old algorithm (commit 9274b57: its greedy play-outs on ``Play`` / ``TileSet`` objects, its
guesses and its search loop, verbatim) and the engine's agent answer every view of many
self-played deals with the same action, the same estimates and the same draws from the
generator."""
from __future__ import annotations

import random

import pytest

from engine.ai import make_agent
from engine.ai.chuo_pai import greedy_beat, greedy_lead, pass_limits, round_order, unseen_counts
from engine.ai.tien_gow import LEAD_SETS, WEAK_TILES, beat_order, discard_candidates, unseen_tiles
from engine.chuo_pai.actions import PASS, Action
from engine.chuo_pai.plays import Play
from engine.chuo_pai.view import SeatView
from engine.games import game
from engine.rng import make_rng
from engine.tien_gow.actions import make_action, tiles_info
from engine.tien_gow.hands import GUARDS, UNIT, code_of
from engine.tien_gow.ladders import POSITION
from engine.tien_gow.sets import BEATEN_BY, SETS, SUPREME, TileSet
from engine.tien_gow.settlement import final_payments, immediate_payments
from engine.tiles import Tile


# The halving helpers as standard used them when it was frozen (engine.ai.halving may change).
def better_half(totals: list[float]) -> list[int]:
    keep = sorted(range(len(totals)), key=lambda c: -totals[c])[:(len(totals) + 1) // 2]
    keep.sort()
    return keep


def first_best(totals: list[float]) -> int:
    return max(range(len(totals)), key=lambda c: totals[c])


def best_first(totals: list[float]) -> list[int]:
    return sorted(range(len(totals)), key=lambda c: -totals[c])

SEATS_CP = 3
N_IDS = 21


# -- Chuo Pai, frozen ---------------------------------------------------------------------------
def cp_rollout(hands: list[list[int]], sizes: list[int], piles: list[int], current: Play | None,
            owner: int, pending: list[int], leader: int) -> None:
    """Finish the deal in place with every seat playing greedy. With ``current`` None, ``leader``
    leads the next round; otherwise the round under way goes on with the ``pending`` seats."""
    while True:
        if current is None:
            hand = hands[leader]
            play = greedy_lead(hand)
            for i, n in play.need:
                hand[i] -= n
            sizes[leader] -= play.size
            current, owner = play, leader
            pending = [s for s in ((leader + 1) % SEATS_CP, (leader + 2) % SEATS_CP) if sizes[s]]
        for s in pending:
            hand = hands[s]
            beat = greedy_beat(hand, current)
            if beat is not None:
                for i, n in beat.need:
                    hand[i] -= n
                sizes[s] -= beat.size
                current, owner = beat, s
        piles[owner] += current.size
        current = None
        if (sizes[0] > 0) + (sizes[1] > 0) + (sizes[2] > 0) <= 1:
            return
        leader = owner
        while not sizes[leader]:
            leader = (leader + 1) % SEATS_CP



def _holds(hand: list[int], play: Play) -> bool:
    for i, n in play.need:
        if hand[i] < n:
            return False
    return True


def cp_sample_hands(view: SeatView, unseen: list[int], caps: list[list[int]],
                 specials: list[list[Play]], rng: random.Random, tries: int = 6) -> list[list[int]]:
    """One guess at the other two hands: the unseen cards shuffled and dealt to fit the hand sizes
    and the pass limits (a card a seat cannot hold goes to the other), retried when a seat would
    hold a special combination its passes exclude. After ``tries`` failures the last guess is kept."""
    me = view.seat
    a, b = (me + 1) % SEATS_CP, (me + 2) % SEATS_CP
    cards = [i for i in range(N_IDS) for _ in range(unseen[i])]
    cap_a, cap_b = caps[a], caps[b]
    free = min(cap_a) == 4 and min(cap_b) == 4
    banned = [(s, [p for c in specials[s] for p in c.beaten_by]) for s in (a, b) if specials[s]]
    for _ in range(tries):
        cards.sort(key=lambda _: rng.random())  # a shuffle, cheaper than rng.shuffle
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



class FrozenStandardChuoPai:
    """Determinized Monte Carlo with successive halving (docs/ai.md): the hidden cards are dealt
    at random (respecting the hand sizes, the cards seen and what the passes prove), every legal
    play is tried on the same guesses and the deal is played out greedily; after each batch of
    guesses the weaker half of the plays is dropped, and the play with the best mean result wins.
    A result is the first-place share (1, or 1/k for a joint first among k) plus ``weight`` times
    the margin over the best other pile."""

    name = "frozen standard"

    def __init__(self, budget: int = 12000, worlds: int = 128, halving: bool = True,
                 weight: float = 0.02) -> None:
        self.budget = budget  # play-out cost per decision, in units of about a microsecond here
        self.worlds = worlds  # the most guesses at the hidden hands per decision
        self.halving = halving
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
        rounds = max(1, (len(alive) - 1).bit_length()) if self.halving else 1
        weight = self.weight
        for stage in range(rounds):
            batch = max(2, min(total // (rounds * len(alive)), self.worlds // rounds))
            while len(worlds) < evaluated + batch:
                worlds.append(cp_sample_hands(view, unseen, caps, specials, rng))
            for c, action in enumerate(alive):
                value = 0.0
                for world in worlds[evaluated:evaluated + batch]:
                    hands = [h[:] for h in world]
                    sizes = list(view.hand_sizes)
                    piles = list(view.piles)
                    if view.current is None:
                        current, owner = action, me
                    else:
                        current, owner = view.current, view.owner  # type: ignore[assignment]
                        if action is not PASS:
                            current, owner = action, me
                    if action is not PASS:
                        hand = hands[me]
                        for i, n in action.need:  # type: ignore[union-attr]
                            hand[i] -= n
                        sizes[me] -= action.size
                    cp_rollout(hands, sizes, piles, current, owner, after, leader)  # type: ignore[arg-type]
                    mine = piles[me]
                    top = max(piles)
                    other = max(piles[(me + 1) % 3], piles[(me + 2) % 3])
                    first = 1.0 / piles.count(top) if mine == top else 0.0
                    firsts[c] += first
                    value += first + weight * (mine - other)
                totals[c] += value
            evaluated += batch
            if stage < rounds - 1:
                keep = better_half(totals)
                gone = [c for c in best_first(totals) if c not in keep]
                dropped[:0] = [(alive[c], firsts[c] / evaluated) for c in gone]
                alive = [alive[c] for c in keep]
                totals = [totals[c] for c in keep]
                firsts = [firsts[c] for c in keep]
        best = first_best(totals)
        order = [best] + [c for c in best_first(totals) if c != best]
        return [(alive[c], firsts[c] / evaluated) for c in order] + dropped


# -- Tien Gow, frozen ---------------------------------------------------------------------------
SEATS = 4
_LEAD_CODES: tuple[tuple[int, TileSet], ...] = tuple((t.code, t) for t in LEAD_SETS)
_BEAT_CODES: tuple[tuple[tuple[int, TileSet], ...], ...] = tuple(
    tuple((b.code, b) for b in sorted(BEATEN_BY[h.id], key=beat_order)) for h in SETS)
_WEAK_SHIFTS: tuple[int, ...] = tuple(3 * POSITION[t] for t in WEAK_TILES)


def _weakest_code(hand: int, n: int) -> int:
    """The packed code of greedy's ``n`` weakest tiles of a packed hand."""
    found = 0
    for shift in _WEAK_SHIFTS:
        held = (hand >> shift) & 3
        if held:
            if held >= n:
                return found + (n << shift)
            found += held << shift
            n -= held
    return found


def tg_rollout(codes: list[int], pillars: list[int], net: list[int], banker: int, left: int,
            leader: int, high: TileSet | None, high_seat: int, played: int,
            lead: TileSet | None) -> int:
    """Finish the deal in place with every seat playing greedy; return the last trick's winner.
    ``left``: tiles in each hand at the start of the trick under way; ``played``: plays made in it
    so far (0: ``leader`` leads); ``lead``: the set that
    was led. ``net`` collects the payments."""
    G = GUARDS
    while True:
        if high is None:
            hand = codes[leader]
            g = hand | G
            for code, tset in _LEAD_CODES:  # noqa: B007 - the loop leaves ``tset`` at the first held
                if (g - code) & G == G:
                    break
            codes[leader] = hand - code
            high, high_seat, lead, played = tset, leader, tset, 1
        n = lead.size  # type: ignore[union-attr]
        last_single = n == 1 and left == 1
        for k in range(played, SEATS):
            seat = (leader + k) % SEATS
            hand = codes[seat]
            if not (last_single and not pillars[seat]):  # TG-12 early death
                g = hand | G
                for code, tset in _BEAT_CODES[high.id]:
                    if (g - code) & G == G:
                        codes[seat] = hand - code
                        high, high_seat = tset, seat
                        break
                else:
                    codes[seat] = hand - _weakest_code(hand, n)
            else:
                codes[seat] = hand - _weakest_code(hand, n)
        pillars[high_seat] += n
        if high.kind == SUPREME or n == 4:
            for p in immediate_payments(high_seat, high, banker):
                net[p.payer] -= p.amount
                net[p.payee] += p.amount
        left -= n
        if not left:
            for p in final_payments(tuple(pillars), banker, high_seat, leader, lead, high):  # type: ignore[arg-type]
                net[p.payer] -= p.amount
                net[p.payee] += p.amount
            return high_seat
        leader, high, played = high_seat, None, 0


def tg_sample_codes(view: SeatView, unseen: list[Tile], rng: random.Random) -> list[int]:
    """One guess at the other hands (packed codes): the unseen tiles shuffled and dealt to fit the
    hand sizes; what is left over stands for the others' face-down discards. (A face-down play
    proves nothing: TG-6 lets a player discard a winner.)"""
    tiles = sorted(unseen, key=lambda _: rng.random())
    codes = [0] * SEATS
    start = 0
    for seat in range(SEATS):
        if seat == view.seat:
            codes[seat] = code_of(view.hand)
        else:
            size = view.hand_sizes[seat]
            codes[seat] = sum(UNIT[t] for t in tiles[start:start + size])
            start += size
    return codes



class FrozenStandardTienGow:
    """Determinized Monte Carlo with successive halving: the unseen tiles are dealt at random to
    the other hands (the rest stand for their face-down discards), every candidate is tried on the
    same guesses and the deal is played out greedily; the weaker half of the candidates is dropped
    after each batch, and the action with the best mean net result is chosen."""

    name = "frozen standard"

    def __init__(self, budget: int = 12000, worlds: int = 128, discards: int = 8,
                 halving: bool = True) -> None:
        self.budget = budget  # play-out cost per decision, in units of about a microsecond here
        self.worlds = worlds
        self.discards = discards
        self.halving = halving

    def candidates(self, view: SeatView, legal: tuple[Action, ...]) -> list[Action]:
        if not view.trick.plays:
            return list(legal)
        n = view.trick.plays[0].count
        ups = [a for a in legal if a.face_up]
        downs = [make_action(c, False) for c in discard_candidates(view.hand, n, self.discards)]
        return ups + downs

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        alive = self.candidates(view, legal)
        if len(alive) == 1:
            return alive[0]
        return self._ranked(view, rng, alive)[0][0]

    def estimate(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float]]:
        """The candidates (every face-up play, the likeliest discards) with their estimated
        first-place chance (0..1: the best net result of the deal, a tie among k counting 1/k),
        best first in the order ``choose`` ranks them, with the same draws from ``rng``."""
        return self._ranked(view, rng, self.candidates(view, view.legal_actions()))

    def _ranked(self, view: SeatView, rng: random.Random,
                alive: list[Action]) -> list[tuple[Action, float]]:
        me = view.seat
        plays = view.trick.plays
        leader, left = view.trick.leader, len(view.hand)
        if plays:
            high_play = view.high
            assert high_play is not None
            high0: TileSet | None = tiles_info(high_play.tiles)[1]
            high_seat0 = high_play.player
            lead0: TileSet | None = tiles_info(plays[0].tiles)[1]
        else:
            high0, high_seat0, lead0 = None, -1, None
        net0 = [0] * SEATS
        for p in view.payments:
            net0[p.payer] -= p.amount
            net0[p.payee] += p.amount
        info = [(code_of(a.tiles), tiles_info(a.tiles)[1], a.face_up) for a in alive]
        unseen = unseen_tiles(view)
        total = int(self.budget / (4 + 3 * sum(view.hand_sizes)))
        rounds = max(1, (len(alive) - 1).bit_length()) if self.halving else 1
        worlds: list[list[int]] = []
        totals = [0.0] * len(alive)
        firsts = [0.0] * len(alive)  # first-place shares, for ``estimate``
        dropped: list[tuple[Action, float]] = []  # halved out, best of each stage first
        evaluated = 0
        banker, pillars0, played0 = view.banker, view.pillars, len(plays)
        for stage in range(rounds):
            batch = max(2, min(total // (rounds * len(alive)), self.worlds // rounds))
            while len(worlds) < evaluated + batch:
                worlds.append(tg_sample_codes(view, unseen, rng))
            for c, (code, tset, up) in enumerate(info):
                value = 0
                for world in worlds[evaluated:evaluated + batch]:
                    codes = world[:]
                    codes[me] -= code
                    pillars = list(pillars0)
                    net = net0[:]
                    if not plays:
                        tg_rollout(codes, pillars, net, banker, left, me, tset, me, 1, tset)
                    elif up:
                        tg_rollout(codes, pillars, net, banker, left, leader, tset, me, played0 + 1, lead0)
                    else:
                        tg_rollout(codes, pillars, net, banker, left, leader, high0, high_seat0, played0 + 1, lead0)
                    value += net[me]
                    top = max(net)
                    if net[me] == top:
                        firsts[c] += 1.0 / net.count(top)
                totals[c] += value
            evaluated += batch
            if stage < rounds - 1:
                keep = better_half(totals)
                gone = [c for c in best_first(totals) if c not in keep]
                dropped[:0] = [(alive[c], firsts[c] / evaluated) for c in gone]
                alive = [alive[c] for c in keep]
                info = [info[c] for c in keep]
                totals = [totals[c] for c in keep]
                firsts = [firsts[c] for c in keep]
        best = first_best(totals)
        order = [best] + [c for c in best_first(totals) if c != best]
        return [(alive[c], firsts[c] / evaluated) for c in order] + dropped


# -- the comparison -------------------------------------------------------------------------------
def decision_views(game_key: str, deals: int) -> list:
    """The view of every decision with more than one legal action in ``deals`` deals played by one
    random and otherwise greedy seats (the random seat makes the positions varied)."""
    rules = game(game_key)
    agents = [make_agent("random" if seat == 0 else "greedy", game_key) for seat in range(rules.seats)]
    views = []
    for seed in range(deals):
        deal, rng = rules.new_deal(1000 + seed), make_rng(seed)
        while not deal.is_over:
            view = deal.view(deal.to_act)
            if len(view.legal_actions()) > 1:
                views.append(view)
            deal = deal.apply(agents[deal.to_act].choose(view, rng), player=deal.to_act)
    return views


FROZEN = {"chuo-pai": FrozenStandardChuoPai, "tien-gow": FrozenStandardTienGow}


@pytest.mark.parametrize("game_key", ["chuo-pai", "tien-gow"])
def test_standard_chooses_as_the_frozen_algorithm(game_key):
    views = decision_views(game_key, 12)
    assert len(views) > 150
    standard, frozen = make_agent("standard", game_key), FROZEN[game_key]()
    for number, view in enumerate(views):
        new_rng, old_rng = make_rng(number), make_rng(number)
        assert standard.choose(view, new_rng) == frozen.choose(view, old_rng), number
        assert new_rng.getstate() == old_rng.getstate(), number  # the same draws


@pytest.mark.parametrize("game_key", ["chuo-pai", "tien-gow"])
def test_standard_estimates_as_the_frozen_algorithm(game_key):
    standard, frozen = make_agent("standard", game_key), FROZEN[game_key]()
    for number, view in enumerate(decision_views(game_key, 3)[::2]):
        assert standard.estimate(view, make_rng(number)) == frozen.estimate(view, make_rng(number)), number
