"""Tien Gow agents: ``greedy`` (the baseline) and ``standard`` (see docs/ai.md).

Both read only a ``SeatView``: their own hand, the trick under way, the finished tricks (other
seats' face-down tiles only as a count), pillars, hand sizes, the banker and the payments.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import combinations

from engine import outcome
from engine.ai.halving import drop_worse_half, ranked
from engine.tien_gow.actions import Action, make_action, tiles_info
from engine.tien_gow.hands import GUARDS, UNIT, code_of
from engine.tien_gow.kernel import LOW, SET_CODE, SET_SIZE, SINGLE_BEATS, add_payments, end_trick
from engine.tien_gow.ladders import (
    CIVIL,
    CIVIL_LADDER,
    COPIES,
    MILITARY,
    MILITARY_LADDER,
    ORDER,
    POSITION,
    STRENGTH,
    SUIT,
)
from engine.tien_gow.sets import BEATEN_BY, MIXED, MIXED_TYPES, SETS, SUPREME, TileSet
from engine.tien_gow.variants import DEFAULT, Rules
from engine.tien_gow.view import SeatView
from engine.tiles import Tile

SEATS = 4

# -- greedy --------------------------------------------------------------------------------------
_TOP = {CIVIL: len(CIVIL_LADDER), MILITARY: len(MILITARY_LADDER)}  # 11 and 6


def tile_weakness(t: Tile) -> tuple[Fraction, int, int]:
    """Greedy's order of single tiles, weakest first: the tile's strength as a fraction of the top
    of its suit's ladder (civil k/11, military k/6), then military before civil, then the
    canonical tile order."""
    return (Fraction(STRENGTH[t], _TOP[SUIT[t]]), 1 if SUIT[t] == CIVIL else 0, POSITION[t])


def set_weakness(s: TileSet) -> tuple[Fraction, int, tuple[int, ...]]:
    """Greedy's order of sets for leading, weakest first: the set's strength as a fraction of the
    top of its own ladder (civil singles and pairs k/11; military singles and pairs k/6 with the
    military tile strengths; mixed sets by type k/4; the Supreme, unbeatable when led, 1), then
    more tiles first, then the canonical tile order."""
    if s.kind == SUPREME:
        value = Fraction(1)
    elif s.kind == MIXED:
        value = Fraction(s.strength, len(MIXED_TYPES))
    else:
        value = Fraction(s.strength, _TOP[s.kind])
    return (value, -s.size, tuple(POSITION[t] for t in s.tiles))


def beat_order(s: TileSet) -> tuple[int, tuple[int, ...]]:
    """Greedy's order of beating sets (they share one kind and structure): the lowest strength
    first, then the canonical tile order."""
    return (s.strength, tuple(POSITION[t] for t in s.tiles))


WEAK_TILES: tuple[Tile, ...] = tuple(sorted(ORDER, key=tile_weakness))
LEAD_SETS: tuple[TileSet, ...] = tuple(sorted(SETS, key=set_weakness))


def weakest_tiles(hand: tuple[Tile, ...], n: int) -> tuple[Tile, ...]:
    """The ``n`` weakest tiles of a hand in greedy's tile order."""
    return tuple(sorted(hand, key=tile_weakness)[:n])


class GreedyTienGow:
    """The baseline: beat with the weakest set that beats when it can, otherwise discard the
    weakest tiles face down; lead the weakest legal set."""

    name = "greedy"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if not view.trick.plays:
            return min(legal, key=lambda a: set_weakness(tiles_info(a.tiles)[1]))  # type: ignore[arg-type]
        ups = [a for a in legal if a.face_up]
        if ups:
            return min(ups, key=lambda a: beat_order(tiles_info(a.tiles)[1]))  # type: ignore[arg-type]
        return make_action(weakest_tiles(view.hand, view.trick.plays[0].count), False)




# -- simulation ----------------------------------------------------------------------------------
# Hands are packed codes (engine.tien_gow.hands): 3 bits per identity, so "holds" and "remove"
# are integer operations.
WEAK_SHIFTS: tuple[int, ...] = tuple(3 * POSITION[t] for t in WEAK_TILES)
_WEAK_UNITS: tuple[int, ...] = tuple(1 << shift for shift in WEAK_SHIFTS)


def weakest_code(hand: int, n: int) -> int:
    """The packed code of greedy's ``n`` weakest tiles of a packed hand."""
    found = 0
    for shift in WEAK_SHIFTS:
        held = (hand >> shift) & 3
        if held:
            if held >= n:
                return found + (n << shift)
            found += held << shift
            n -= held
    return found


# Greedy on the kernel's set ids (engine.tien_gow.kernel): leads in set order, beats in beat order.
GREEDY_LEADS: tuple[tuple[int, int], ...] = tuple((SET_CODE[t.id], t.id) for t in LEAD_SETS)
GREEDY_PURE_LEADS: tuple[tuple[int, int], ...] = tuple(  # pure-pairs: no mixed set is led (TG-4)
    (code, s) for code, s in GREEDY_LEADS if SETS[s].kind != MIXED)
GREEDY_BEATS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((SET_CODE[b.id], b.id) for b in sorted(BEATEN_BY[h.id], key=beat_order)) for h in SETS)
assert all(SET_CODE[t.id] == t.code for t in SETS)  # the kernel packs hands as the engine does


def greedy_playout(codes: list[int], pillars: list[int], net: list[int], banker: int, left: int,
                   leader: int, high: int, high_seat: int, played: int, lead: int,
                   leads_seen: dict[int, tuple[int, int]], rules: Rules = DEFAULT) -> int:
    """Finish the deal in place with every seat playing greedy, on set ids; return the last
    trick's winner. ``left``: tiles in each hand at the start of the trick under way; ``played``:
    plays made in it so far (0: ``leader`` leads, ``high`` and ``lead`` -1); ``lead``: the set
    that was led. ``net`` collects the payments (the kernel's settlement, TG-13 … TG-18).
    ``leads_seen`` remembers greedy's lead (code, set) per hand: the play-outs of one decision
    meet the same hands again and again, and the search for the weakest set held is long (one
    memo serves one rule set). Every seat plays and is paid by ``rules``, the deal's options."""
    G = GUARDS
    leads = GREEDY_LEADS if rules.mixed_sets else GREEDY_PURE_LEADS
    beats, set_size, weak_units, low = GREEDY_BEATS, SET_SIZE, _WEAK_UNITS, LOW
    single_beat_mask = SINGLE_BEATS
    ledger: list[tuple[int, int, int, str]] = []
    while True:
        if high < 0:
            hand = codes[leader]
            found = leads_seen.get(hand)
            if found is None:
                g = hand | G
                for code, high in leads:  # noqa: B007 - the loop leaves ``high`` at the first held
                    if (g - code) & G == G:
                        break
                found = leads_seen[hand] = code, high
            code, high = found
            codes[leader] = hand - code
            high_seat, lead, played = leader, high, 1
        n = set_size[lead]
        last_single = n == 1 and left == 1 and rules.early_death  # TG-12 can apply
        for k in range(played, SEATS):
            seat = (leader + k) % SEATS
            hand = codes[seat]
            code = 0
            if n == 1:  # singles: the tiles held are the nonzero fields, a beat is one of them
                held = (hand | hand >> 1) & low
                if held & single_beat_mask[high] and not (last_single and not pillars[seat]):  # TG-12
                    for code, beat in beats[high]:
                        if held & code:
                            high, high_seat = beat, seat
                            break
                else:  # no beat: the weakest tile, face down
                    for code in weak_units:  # noqa: B007 - the loop leaves ``code`` at the weakest held
                        if held & code:
                            break
            else:
                g = hand | G
                for code, beat in beats[high]:
                    if (g - code) & G == G:
                        high, high_seat = beat, seat
                        break
                else:
                    code = weakest_code(hand, n)
            codes[seat] = hand - code
        left = end_trick(pillars, ledger, banker, high_seat, leader, lead, high, n, left, rules)
        if not left:
            add_payments(net, ledger)
            return high_seat
        leader, high, played = high_seat, -1, 0


def rollout(codes: list[int], pillars: list[int], net: list[int], banker: int, left: int,
            leader: int, high: TileSet | None, high_seat: int, played: int,
            lead: TileSet | None) -> int:
    """``greedy_playout`` with the high set and the led set as the engine's ``TileSet`` (None
    before a lead)."""
    return greedy_playout(codes, pillars, net, banker, left, leader, -1 if high is None else high.id,
                          high_seat, played, -1 if lead is None else lead.id, {})


# -- what the view tells about the hidden tiles ----------------------------------------------------
def unseen_tiles(view: SeatView) -> list[Tile]:
    """The tiles this seat has not seen: the pack less its hand, every face-up tile and its own
    face-down tiles. They are in the other hands or among the others' face-down discards."""
    left = dict(COPIES)
    for t in view.hand:
        left[t] -= 1
    for trick in view.tricks + (view.trick,):
        for play in trick.plays:
            for t in play.tiles:  # face-up tiles, and this seat's own face-down ones
                left[t] -= 1
    return [t for t in ORDER for _ in range(left[t])]


def sample_codes(view: SeatView, unseen: list[Tile], rng: random.Random) -> list[int]:
    """One guess at the other hands (packed codes): the unseen tiles shuffled and dealt to fit the
    hand sizes; what is left over stands for the others' face-down discards. (A face-down play
    proves nothing: TG-6 lets a player discard a winner.)"""
    random = rng.random
    keys = [random() for _ in unseen]  # a shuffle: one draw per tile in order, as sorted(key=...) draws
    tiles = [unseen[j] for j in sorted(range(len(unseen)), key=keys.__getitem__)]
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


# -- standard --------------------------------------------------------------------------------------
def _set_id(tiles: tuple[Tile, ...]) -> int:
    """The id of the set these tiles make, -1 if none (a face-down discard may be no set)."""
    tset = tiles_info(tiles)[1]
    return -1 if tset is None else tset.id


def trick_ids(view: SeatView) -> tuple[int, int, int]:
    """The trick under way as the play-outs take it: the high set's id, its seat, and the id of
    the set led (-1, -1, -1 before the lead)."""
    plays = view.trick.plays
    if not plays:
        return -1, -1, -1
    high = view.high
    assert high is not None
    return _set_id(high.tiles), high.player, _set_id(plays[0].tiles)


def net_so_far(view: SeatView) -> list[int]:
    """Each seat's net points from the payments so far (TG-16's immediate ones)."""
    return list(outcome.net(view.payments, SEATS))


def search_candidates(view: SeatView, legal: tuple[Action, ...],
                      discards: Callable[[int], Iterable[tuple[Tile, ...]]]) -> list[Action]:
    """The actions a search weighs: every legal lead; as a follower, every face-up beat, then the
    face-down discards of the tile groups ``discards(n)`` gives (``n``: the tiles led)."""
    if not view.trick.plays:
        return list(legal)
    n = view.trick.plays[0].count
    ups = [a for a in legal if a.face_up]
    return ups + [make_action(c, False) for c in discards(n)]


_RANK = {t: i for i, t in enumerate(WEAK_TILES)}


def discard_candidates(hand: tuple[Tile, ...], n: int, limit: int) -> list[tuple[Tile, ...]]:
    """The ``limit`` discards of ``n`` tiles that give up the least, by greedy's tile order (the
    sum of the tiles' places, weakest 0), ties by canonical order."""
    options = list(dict.fromkeys(combinations(hand, n)))
    options.sort(key=lambda c: (sum(_RANK[t] for t in c), tuple(POSITION[t] for t in c)))
    return options[:limit]


class StandardTienGow:
    """Determinized Monte Carlo with successive halving: the unseen tiles are dealt at random to
    the other hands (the rest stand for their face-down discards), every candidate is tried on the
    same guesses and the deal is played out greedily; the weaker half of the candidates is dropped
    after each batch, and the action with the best mean net result is chosen."""

    name = "standard"

    def __init__(self, budget: int = 12000, worlds: int = 128, discards: int = 8,
                 halving: bool = True) -> None:
        self.budget = budget  # play-out cost per decision, in units of about a microsecond here
        self.worlds = worlds
        self.discards = discards
        self.halving = halving

    def candidates(self, view: SeatView, legal: tuple[Action, ...]) -> list[Action]:
        return search_candidates(view, legal, lambda n: discard_candidates(view.hand, n, self.discards))

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

    def estimate_scores(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float, float]]:
        """``estimate`` as an ``Estimator`` gives it: this level weighs no expected score (NaN)."""
        return [(action, first, math.nan) for action, first in self.estimate(view, rng)]

    def sampler(self, view: SeatView) -> StandardTienGowSampler:
        """The candidates, to be played in common worlds (``engine.estimate``) with this search's
        guesses and greedy play-outs."""
        return StandardTienGowSampler(self, view)

    def _ranked(self, view: SeatView, rng: random.Random,
                alive: list[Action]) -> list[tuple[Action, float]]:
        me = view.seat
        plays = view.trick.plays
        leader, left = view.trick.leader, len(view.hand)
        high0, high_seat0, lead0 = trick_ids(view)
        net0 = net_so_far(view)
        alive = list(alive)  # cut in place, stage by stage
        info = [(code_of(a.tiles), _set_id(a.tiles), a.face_up) for a in alive]
        unseen = unseen_tiles(view)
        total = int(self.budget / (4 + 3 * sum(view.hand_sizes)))
        rounds = max(1, (len(alive) - 1).bit_length()) if self.halving else 1
        worlds: list[list[int]] = []
        totals = [0.0] * len(alive)
        firsts = [0.0] * len(alive)  # first-place shares, for ``estimate``
        dropped: list[tuple[Action, float]] = []  # halved out, best of each stage first
        evaluated = 0
        banker, pillars0, played0, rules = view.banker, view.pillars, len(plays), view.rules
        leads_seen: dict[int, tuple[int, int]] = {}
        for stage in range(rounds):
            batch = max(2, min(total // (rounds * len(alive)), self.worlds // rounds))
            while len(worlds) < evaluated + batch:
                worlds.append(sample_codes(view, unseen, rng))
            for c, (code, tset, up) in enumerate(info):
                value = 0
                for world in worlds[evaluated:evaluated + batch]:
                    codes = world[:]
                    codes[me] -= code
                    pillars = list(pillars0)
                    net = net0[:]
                    if not plays:
                        greedy_playout(codes, pillars, net, banker, left, me, tset, me, 1, tset, leads_seen, rules)
                    elif up:
                        greedy_playout(codes, pillars, net, banker, left, leader, tset, me, played0 + 1, lead0,
                                       leads_seen, rules)
                    else:
                        greedy_playout(codes, pillars, net, banker, left, leader, high0, high_seat0, played0 + 1,
                                       lead0, leads_seen, rules)
                    value += net[me]
                    top = max(net)
                    if net[me] == top:
                        firsts[c] += 1.0 / net.count(top)
                totals[c] += value
            evaluated += batch
            if stage < rounds - 1:
                keep = drop_worse_half(alive, totals, firsts, evaluated, dropped)
                info = [info[c] for c in keep]
        return ranked(alive, totals, firsts, evaluated, dropped)


class StandardTienGowSampler:
    """``StandardTienGow``'s search of a view as a ``WorldSampler``: the same candidates, guesses
    and greedy play-outs; a result is the first-place share of the deal's net results (a tie among
    k counting 1/k) and the net points."""

    exact = False

    def __init__(self, agent: StandardTienGow, view: SeatView) -> None:
        self.view = view
        self.actions = agent.candidates(view, view.legal_actions())
        self.info = [(code_of(a.tiles), _set_id(a.tiles), a.face_up) for a in self.actions]
        self.high0, self.high_seat0, self.lead0 = trick_ids(view)
        self.net0 = net_so_far(view)
        self.unseen = unseen_tiles(view)
        self.leads_seen: dict[int, tuple[int, int]] = {}
        self.worlds: list[list[int]] = []
        # The plays and worlds of the agent's own search of this view (successive halving, ``_ranked``).
        total = int(agent.budget / (4 + 3 * sum(view.hand_sizes)))
        rounds = max(1, (len(self.info) - 1).bit_length()) if agent.halving else 1
        work, alive = 0, len(self.info)
        for _ in range(rounds):
            work += (alive + 1) * max(2, min(total // (rounds * alive), agent.worlds // rounds))
            alive = (alive + 1) // 2
        self.work = work

    def draw(self, rng: random.Random) -> float:
        self.worlds.append(sample_codes(self.view, self.unseen, rng))
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        view = self.view
        me, plays = view.seat, view.trick.plays
        leader, left = view.trick.leader, len(view.hand)
        banker, played0, rules = view.banker, len(plays), view.rules
        code, tset, up = self.info[candidate]
        codes = self.worlds[world][:]
        codes[me] -= code
        pillars = list(view.pillars)
        net = self.net0[:]
        if not plays:
            greedy_playout(codes, pillars, net, banker, left, me, tset, me, 1, tset, self.leads_seen, rules)
        elif up:
            greedy_playout(codes, pillars, net, banker, left, leader, tset, me, played0 + 1, self.lead0,
                           self.leads_seen, rules)
        else:
            greedy_playout(codes, pillars, net, banker, left, leader, self.high0, self.high_seat0, played0 + 1,
                           self.lead0, self.leads_seen, rules)
        top = max(net)
        return (1.0 / net.count(top) if net[me] == top else 0.0), float(net[me])
