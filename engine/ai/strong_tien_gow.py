"""Tien Gow ``strong``: determinized search with play-outs that imitate ``standard`` (docs/ai.md).

``standard`` plays every guess out with all four seats greedy and gives each candidate only two
guesses in its first halving stage, so it is noisy and it breaks the Supreme (its own greedy
future plays 2-4 and 1-2 as singles anyway). ``strong``:

- candidates: every lead; as a follower every face-up beat and the 8 discards that give up
  least, leaving out discards that break the Supreme (2-4 with 1-2) while other discards exist;
- holding the Supreme as a follower, a beat that takes the trick for certain is played at once
  (the lead then cashes the Supreme); other sure tricks are left to the search, because taking
  them all at once spends the tiles that win the last trick;
- play-outs on packed codes (engine/tien_gow/kernel.py) where the opponents **imitate
  ``standard``**: each lead, and each choice between discarding and a beat, is drawn from a
  model fitted to ``standard``'s self-play (engine/ai/tien_gow_imitation.py, written by
  scripts/fit_imitation.py); their discards are their weakest tiles, kept from breaking the
  Supreme in 60% of the guesses. The searching seat plays **careful**: greedy, except that it
  never breaks the Supreme (2-4 and 1-2 are neither played as singles nor discarded while both
  are held and anything else will do) and leads it when it holds it, with a small chance of a
  random choice at every step;
- a play-out scores the seat's net plus 5 if it takes the last trick;
- **exact ends**: with at most 5 tiles in hand, every play-out ends in an exact solve of the
  last two tiles of each hand (``solve``: max^n with the guess's hands known, each seat playing
  for its own net), and with at most 2 the rest of the deal is solved from the candidate on,
  instead of being played out;
- successive halving with at least 8 guesses per candidate per stage and a larger budget;
- what depends on a hand alone is remembered per hand (greedy's lead, a discard, the legal
  actions of the exact ends), which halves the time of a decision and changes no estimate.

Every draw comes from the given generator; the budget is a count, never the clock.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai import tien_gow_imitation as imitation
from engine.ai.halving import best_first, halve
from engine.ai.tien_gow import (
    LEAD_SETS,
    WEAK_SHIFTS,
    WEAK_TILES,
    beat_order,
    discard_candidates,
    net_so_far,
    search_candidates,
    trick_ids,
    unseen_tiles,
)
from engine.ai.tien_gow import weakest_code as greedy_weakest_code
from engine.tien_gow import SETS, Action, SeatView
from engine.tien_gow.kernel import (
    BEATERS,
    DOWN,
    FOLLOWERS,
    GUARDS,
    LOW,
    N_IDS,
    POSITION,
    SET_CODE,
    SET_SIZE,
    SINGLE_BEATS,
    SUPREME_ID,
    action_code,
    add_payments,
    end_trick,
    final,
    holds,
    immediate,
    leads,
    legal_ids,
    to_action,
    to_id,
)
from engine.tien_gow.sets import MIXED
from engine.tien_gow.variants import DEFAULT, Rules
from engine.tiles import Tile

SEATS = 4

LEAD_IDS: tuple[tuple[int, int], ...] = tuple((SET_CODE[s.id], s.id) for s in LEAD_SETS)
PURE_LEAD_IDS: tuple[tuple[int, int], ...] = tuple(  # pure-pairs: no mixed set is led (TG-4)
    (code, s) for code, s in LEAD_IDS if SETS[s].kind != MIXED)
BEAT_IDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((SET_CODE[b.id], b.id) for b in sorted((SETS[i] for _, i in BEATERS[h.id]), key=beat_order))
    for h in SETS)
BEAT_KEY: tuple[tuple[int, tuple[int, ...]], ...] = tuple(beat_order(s) for s in SETS)
BIG_SIX_UNIT = 1 << (3 * POSITION[next(t for t in WEAK_TILES if t.key == "2-4")])
LITTLE_THREE_UNIT = 1 << (3 * POSITION[next(t for t in WEAK_TILES if t.key == "1-2")])
SUPREME_CODE = BIG_SIX_UNIT | LITTLE_THREE_UNIT
SUPREME_SINGLES = frozenset(i for i, s in enumerate(SETS) if len(s.tiles) == 1
                            and s.tiles[0].key in ("2-4", "1-2"))


def weakest_code(hand: int, n: int, keep_supreme: bool) -> int:
    """The ``n`` weakest tiles in greedy's tile order, as a code; with ``keep_supreme`` and both
    halves of the Supreme held, 2-4 and 1-2 go last: greedy's choice among the other tiles, then
    the Supreme's halves in greedy's order for as many as are still wanted."""
    if not (keep_supreme and hand & SUPREME_CODE == SUPREME_CODE):
        return greedy_weakest_code(hand, n)
    found = greedy_weakest_code(hand - SUPREME_CODE, n)
    n -= (found & LOW).bit_count() + 2 * ((found >> 1) & LOW).bit_count()  # a field holds 0 … 2
    for shift in WEAK_SHIFTS:
        if n and (1 << shift) & SUPREME_CODE:
            found += 1 << shift
            n -= 1
    return found


# The play-outs of one decision meet the same hands again and again, so what depends on a hand
# alone is remembered (bounded memos, pure functions of their keys): greedy's lead per hand; per
# tiles to give and carefulness, the tiles a hand discards; for the exact ends, a hand's legal
# leads, and a follower's legal actions by hand and set to beat (when early death does not
# apply). Together with the settlement below they make a decision about twice as fast.
_MEMO_LIMIT = 200_000
_GREEDY_LEADS: dict[int, int] = {}
_GREEDY_PURE_LEADS: dict[int, int] = {}  # the same under pure-pairs
_DISCARDS: tuple[tuple[dict[int, int], dict[int, int]], ...] = tuple(({}, {}) for _ in range(5))
_LEADS: dict[int, list[int]] = {}
_PURE_LEADS: dict[int, list[int]] = {}  # the same under pure-pairs
_FOLLOWS: dict[int, list[int]] = {}


def _remember(memo: dict[int, list[int]], key: int, options: list[int]) -> list[int]:
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    memo[key] = options
    return options


def playout(codes: list[int], pillars: list[int], net: list[int], banker: int, left: int,
            leader: int, high: int, high_seat: int, played: int, lead: int, careful: list[bool],
            imitate: list[bool], epsilon: float, rand: random.Random, solve_at: int = 0,
            rules: Rules = DEFAULT) -> int:
    """Finish the deal in place and return the winner of the last trick (``played`` plays made in
    the trick under way; 0: ``leader`` leads). ``net`` collects every payment. A seat in
    ``imitate`` leads, and beats or discards, as the model of ``standard`` draws it
    (engine/ai/tien_gow_imitation.py); the others play careful (``careful``) or greedy, choosing
    at random with chance ``epsilon``. A discard is of the weakest tiles, the Supreme kept whole by
    a careful seat. From the first trick that starts with at most ``solve_at`` tiles in each hand,
    the rest is solved exactly (``solve``) instead of played out. Every seat plays by ``rules``
    (the deal's table options): the play-outs reason with the rules the deal is played by."""
    G = GUARDS
    mixed = rules.mixed_sets
    lead_ids, greedy_leads = (LEAD_IDS, _GREEDY_LEADS) if mixed else (PURE_LEAD_IDS, _GREEDY_PURE_LEADS)
    ledger: list[tuple[int, int, int, str]] = []
    while True:
        if played == 0:
            if left <= solve_at:
                end = solve(codes, pillars, banker, left, leader, 0, -1, -1, -1, rules)
                for seat in range(SEATS):
                    net[seat] += end[seat]
                add_payments(net, ledger)
                return end[4]
            hand = codes[leader]
            g = hand | G
            if imitate[leader]:
                lead = imitated_lead(hand, left, rand, mixed)
            elif careful[leader] and hand & SUPREME_CODE == SUPREME_CODE:
                lead = SUPREME_ID
            elif epsilon and rand.random() < epsilon:
                options = [s for code, s in lead_ids if (g - code) & G == G]
                lead = options[int(rand.random() * len(options))]
            else:
                lead = greedy_leads.get(hand, -1)
                if lead < 0:
                    for code, lead in lead_ids:  # noqa: B007 - the loop leaves ``lead`` at the first held
                        if (g - code) & G == G:
                            break
                    if len(greedy_leads) > _MEMO_LIMIT:
                        greedy_leads.clear()
                    greedy_leads[hand] = lead
            codes[leader] = hand - SET_CODE[lead]
            high, high_seat, played = lead, leader, 1
        n = SET_SIZE[lead]
        last_single = n == 1 and left == 1 and rules.early_death  # TG-12 can apply
        for k in range(played, SEATS):
            seat = (leader + k) % SEATS
            hand = codes[seat]
            choice = -1
            if not (last_single and not pillars[seat]):  # TG-12 early death
                g = hand | G
                beats = BEAT_IDS[high]
                if imitate[seat]:
                    choice = imitated_follow(g, high, left, k == SEATS - 1, not pillars[seat], rand)
                elif epsilon and rand.random() < epsilon:
                    options = [s for code, s in beats if (g - code) & G == G]
                    if options and rand.random() < 0.5:
                        choice = options[int(rand.random() * len(options))]
                elif careful[seat]:
                    protect = hand & SUPREME_CODE == SUPREME_CODE
                    for code, s in beats:
                        if (g - code) & G == G and not (protect and s in SUPREME_SINGLES):
                            choice = s
                            break
                else:
                    for code, s in beats:
                        if (g - code) & G == G:
                            choice = s
                            break
            if choice >= 0:
                codes[seat] = hand - SET_CODE[choice]
                high, high_seat = choice, seat
            else:
                memo = _DISCARDS[n][careful[seat]]
                given = memo.get(hand, 0)
                if not given:
                    if len(memo) > _MEMO_LIMIT:
                        memo.clear()
                    given = memo[hand] = weakest_code(hand, n, careful[seat])
                codes[seat] = hand - given
        left = end_trick(pillars, ledger, banker, high_seat, leader, lead, high, n, left, rules)
        if not left:
            add_payments(net, ledger)
            return high_seat
        leader, played = high_seat, 0


# The model's tables laid out for the draws: a set's place in greedy's lead order, and the rank
# weights padded so that every rank reads its own entry; per set to beat, each beat as (code,
# beat weight, set) in greedy's beat order, and the low bits of every field those beats use.
_GREEDY_LEAD_PLACE: dict[int, int] = {s: place for place, (_, s) in enumerate(LEAD_IDS)}
_LEAD_RANK_WEIGHTS: tuple[tuple[float, ...], ...] = tuple(
    tuple(weights[min(rank, len(weights) - 1)] for rank in range(len(LEAD_IDS)))
    for weights in imitation.LEAD_RANK)
_BEATS_WEIGHED: tuple[tuple[tuple[int, float, int], ...], ...] = tuple(
    tuple((code, imitation.BEAT[s], s) for code, s in beats) for beats in BEAT_IDS)
_BEAT_FIELDS: tuple[int, ...] = tuple(
    sum(3 << (3 * i) for i in range(N_IDS) if any(code >> (3 * i) & 7 for code, _ in beats))
    for beats in BEAT_IDS)
_BEAT_RANK_WEIGHTS: tuple[tuple[float, ...], ...] = tuple(
    tuple(weights[min(rank, len(weights) - 1)] for rank in range(max(map(len, BEAT_IDS)) + 1))
    for weights in imitation.BEAT_RANK)


def imitated_lead(hand: int, left: int, rand: random.Random, mixed: bool = True) -> int:
    """A lead drawn from the model of ``standard`` (``left`` tiles in ``hand``): each set held
    (no mixed set unless ``mixed``: pure-pairs) weighs its set's weight times its rank's in
    greedy's lead order, for the phase. (The sets held come from the kernel's masks, put in
    greedy's order; the draw walks them.)"""
    phase = imitation.PHASE[left]
    rank_weight = _LEAD_RANK_WEIGHTS[phase]
    set_weight = imitation.LEAD_SET[phase]
    sets = sorted(leads(hand, mixed), key=_GREEDY_LEAD_PLACE.__getitem__)
    weights: list[float] = []
    total = 0.0
    for rank, s in enumerate(sets):
        weight = set_weight[s] * rank_weight[rank]
        total += weight
        weights.append(weight)
    x = rand.random() * total
    for i, weight in enumerate(weights):
        x -= weight
        if x < 0:
            return sets[i]
    return sets[-1]  # rounding left x at 0


def imitated_follow(g: int, high: int, left: int, last: bool, pillarless: bool, rand: random.Random) -> int:
    """A follow drawn from the model of ``standard``: -1 to discard, else the set that beats
    ``high`` to play (in greedy's beat order; early death is the caller's)."""
    if not g & _BEAT_FIELDS[high]:  # no tile of any beat held
        rand.random()  # the draw is made all the same
        return -1
    rank_weight = _BEAT_RANK_WEIGHTS[left]
    down = imitation.DOWN[left][last][pillarless]
    G = GUARDS
    weights: list[float] = []
    sets: list[int] = []
    total = down
    for code, weight, s in _BEATS_WEIGHED[high]:
        if (g - code) & G == G:
            weight *= rank_weight[len(weights)]
            total += weight
            weights.append(weight)
            sets.append(s)
    x = rand.random() * total - down
    if x < 0 or not sets:
        return -1
    for i, weight in enumerate(weights):
        x -= weight
        if x < 0:
            return sets[i]
    return sets[-1]


def solve(codes: list[int], pillars: list[int], banker: int, left: int, leader: int, played: int,
          lead: int, high: int, high_seat: int, rules: Rules = DEFAULT) -> tuple[int, int, int, int, int]:
    """The exact end of a deal with every hand known: each seat, in turn, plays the action that
    gives it the best net result from here on when the others do the same (max^n; ties go to
    the first action in the kernel's legal order). Returns the four seats' payments from here
    on and the winner of the last trick; ``codes`` and ``pillars`` are left as they were.
    (``played`` may be 4: the trick is then settled first.) Every seat plays and is paid by
    ``rules``."""
    if played == SEATS:
        return _end_trick(codes, pillars, banker, left, leader, lead, high, high_seat, rules)
    seat = (leader + played) % SEATS
    if played == 0:
        if left == 1:
            return _last_single(codes, pillars, banker, leader, rules)
        memo = _LEADS if rules.mixed_sets else _PURE_LEADS
        options = memo.get(codes[seat]) or _remember(memo, codes[seat], leads(codes[seat], rules.mixed_sets))
    else:
        n = SET_SIZE[lead]
        if n == 1 and left == 1 and not pillars[seat] and rules.early_death:  # TG-12: no memo
            options = legal_ids(codes[seat], left, high, n, pillars[seat], rules)
        else:
            key = codes[seat] << 6 | high  # the set to beat fixes the tiles per play
            options = _FOLLOWS.get(key) or _remember(_FOLLOWS, key, legal_ids(codes[seat], left, high, n, 1))
    best: tuple[int, int, int, int, int] | None = None
    hand = codes[seat]
    for action in options:
        if action >= DOWN:
            codes[seat] = hand - (action - DOWN)
            result = solve(codes, pillars, banker, left, leader, played + 1, lead, high, high_seat, rules)
        else:
            codes[seat] = hand - SET_CODE[action]
            result = solve(codes, pillars, banker, left, leader, played + 1,
                           action if played == 0 else lead, action, seat, rules)
        if best is None or result[seat] > best[seat]:
            best = result
    codes[seat] = hand
    assert best is not None
    return best


def _end_trick(codes: list[int], pillars: list[int], banker: int, left: int, leader: int, lead: int,
               high: int, winner: int, rules: Rules = DEFAULT) -> tuple[int, int, int, int, int]:
    """Settle a finished trick (TG-10, TG-16, and TG-18 after the last) and solve the rest."""
    n = SET_SIZE[lead]
    pillars[winner] += n
    if left == n:
        result = final_net(pillars, banker, winner, leader, lead, high, rules)
    else:
        result = solve(codes, pillars, banker, left - n, winner, 0, -1, -1, -1, rules)
    pillars[winner] -= n
    if high == SUPREME_ID or n == 4:  # paid at once (TG-16)
        ledger: list[tuple[int, int, int, str]] = []
        immediate(winner, high, banker, ledger, rules.banker_times)
        net = list(result)
        add_payments(net, ledger)
        return net[0], net[1], net[2], net[3], net[4]
    return result


def _last_single(codes: list[int], pillars: list[int], banker: int,
                 leader: int, rules: Rules = DEFAULT) -> tuple[int, int, int, int, int]:
    """The last trick of single tiles: beating weakly dominates discarding there (the winner of
    the last trick is paid; a beaten beat costs nothing), so each follower beats if it can and
    early death (TG-12) allows it, when ``rules`` keep it. (A single is beaten only by singles:
    the units of ``SINGLE_BEATS``.)"""
    early = rules.early_death
    lead = (codes[leader].bit_length() - 1) // 3
    high, winner = lead, leader
    for seat in FOLLOWERS[leader]:
        code = codes[seat]
        if (pillars[seat] or not early) and code & SINGLE_BEATS[high]:
            high, winner = (code.bit_length() - 1) // 3, seat
    pillars[winner] += 1
    result = final_net(pillars, banker, winner, leader, lead, high, rules)
    pillars[winner] -= 1
    return result


_FINAL_NETS: dict[tuple[int, ...], tuple[int, int, int, int, int]] = {}


def final_net(pillars: list[int], banker: int, winner: int, leader: int, lead: int,
              high: int, rules: Rules = DEFAULT) -> tuple[int, int, int, int, int]:
    """The kernel's final settlement (``final``: TG-13 … TG-18) as each seat's payments, and
    the winner: remembered, since the exact ends settle the same few endings again and again."""
    key = (pillars[0], pillars[1], pillars[2], pillars[3], banker, winner, leader, lead, high,
           rules.banker_times, rules.excess_doubled)
    result = _FINAL_NETS.get(key)
    if result is None:
        ledger: list[tuple[int, int, int, str]] = []
        final(pillars, banker, winner, leader, lead, high, ledger, rules)
        net = [0, 0, 0, 0, winner]
        add_payments(net, ledger)
        if len(_FINAL_NETS) > 100_000:
            _FINAL_NETS.clear()
        result = _FINAL_NETS[key] = (net[0], net[1], net[2], net[3], winner)
    return result


def sample_codes(view: SeatView, unseen_codes: list[int], rng: random.Random) -> list[int]:
    """One guess at the other hands: the unseen tiles (as units) shuffled and dealt to fit the
    hand sizes; the rest stand for the others' face-down discards (which prove nothing, TG-6)."""
    tiles = unseen_codes[:]
    rng.shuffle(tiles)
    codes = [0] * SEATS
    start = 0
    for seat in range(SEATS):
        if seat == view.seat:
            codes[seat] = sum(1 << (3 * POSITION[t]) for t in view.hand)
        else:
            size = view.hand_sizes[seat]
            codes[seat] = sum(tiles[start:start + size])
            start += size
    return codes


@dataclass(frozen=True, slots=True)
class StrongTienGowConfig:
    """``strong``'s tuned values (docs/ai.md): ``TUNED`` is the one the agent plays with."""

    budget: int  # play-out work per decision (tiles in play × play-outs)
    min_batch: int  # guesses per candidate in every halving stage, at least
    max_worlds: int
    discards: int  # face-down candidates weighed, at most
    epsilon: float  # the chance of a random choice at each play-out step
    careful_share: float  # an opponent's chance per guess to discard carefully
    solve_at: int  # tiles per hand from which a guess's end is solved exactly
    exact_from: int  # tiles in hand from which play-outs end in an exact solve
    exact_budget: int  # solved play-outs per such decision
    last_trick_bonus: float  # a play-out's score: net + this if it wins the last trick


TUNED = StrongTienGowConfig(budget=85000, min_batch=8, max_worlds=400, discards=8, epsilon=0.05,
                            careful_share=0.6, solve_at=2, exact_from=5, exact_budget=600,
                            last_trick_bonus=5.0)


class StrongTienGow:
    """Determinized search with play-outs that imitate ``standard``, and successive halving
    (docs/ai.md)."""

    name = "strong"

    def __init__(self, config: StrongTienGowConfig = TUNED) -> None:
        self.config = config

    def candidates(self, view: SeatView, legal: tuple[Action, ...]) -> list[Action]:
        return search_candidates(view, legal, lambda n: self.discards(view.hand, n))

    def discards(self, hand: tuple[Tile, ...], n: int) -> list[tuple[Tile, ...]]:
        """The discards of ``n`` tiles weighed: those that give up least, keeping the Supreme
        whole while another discard exists."""
        options = discard_candidates(hand, n, len(hand) ** 4)
        keys = {t.key for t in hand}
        if "2-4" in keys and "1-2" in keys:
            whole = [c for c in options if not any(t.key in ("2-4", "1-2") for t in c)]
            options = whole or options
        return options[:self.config.discards]

    def sure_trick(self, view: SeatView, alive: list[Action]) -> Action | None:
        """A trick worth taking at once: the cheapest face-up beat that takes it for certain — last
        to act, or no set of unseen tiles could answer it — and keeps the Supreme whole, when
        this seat holds the Supreme (the lead then cashes it). (Taking every sure trick spends
        the tiles that win the last one: 16.8% last tricks against three ``standard`` instead of
        29.5%.)"""
        if not view.trick.plays:
            return None
        last = len(view.trick.plays) == SEATS - 1
        out = 0
        for t in unseen_tiles(view):
            out += 1 << (3 * POSITION[t])
        keys = {t.key for t in view.hand}
        protect = "2-4" in keys and "1-2" in keys
        ups = sorted((a for a in alive if a.face_up), key=lambda a: BEAT_KEY[to_id(a)])
        for action in ups:
            s = to_id(action)
            if protect and s in SUPREME_SINGLES:
                continue
            if not (last or not any(holds(out, code) for code, _ in BEAT_IDS[s])):
                continue
            if protect:
                return action
        return None

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self._ranked(view, rng, view.legal_actions())[0][0]  # a forced move: no search

    def estimate(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float]]:
        """The candidates ``choose`` weighs, best first in its order, each with its estimated chance
        to win the last trick (0..1): the same search, with the same draws from ``rng``. (The
        order is by net points plus the last trick's bonus, so a later candidate may show a higher
        chance.)"""
        return [(a, wins) for a, wins, _, _ in self._ranked(view, rng, view.legal_actions())]

    def estimate_scores(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float, float]]:
        """Every candidate searched (no shortcut for a sure trick or a single candidate), best
        first in the search's order, with its first-place chance (the best net result of the deal,
        a tie among k counting 1/k) and its expected net points at the end of the deal. A forced
        move is not searched: nan."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return [(legal[0], math.nan, math.nan)]
        return [(a, first, net) for a, _, first, net in self._search(view, rng, self.candidates(view, legal))]

    def sampler(self, view: SeatView) -> StrongTienGowSampler:
        """Every candidate this search weighs (no shortcut for a sure trick), to be played in
        common worlds (``engine.estimate``): its guesses, play-outs and exact ends."""
        return StrongTienGowSampler(self, view)

    def _ranked(self, view: SeatView, rng: random.Random,
                legal: tuple[Action, ...]) -> list[tuple[Action, float, float, float]]:
        if len(legal) == 1:
            return [(legal[0], 1.0, math.nan, math.nan)]
        alive = self.candidates(view, legal)
        if len(alive) == 1:
            return [(alive[0], 1.0, math.nan, math.nan)]
        sure = self.sure_trick(view, alive)
        if sure is not None:
            return [(sure, 1.0, math.nan, math.nan)]
        return self._search(view, rng, alive)

    def _search(self, view: SeatView, rng: random.Random,
                alive: list[Action]) -> list[tuple[Action, float, float, float]]:
        """Each of ``alive`` with its share of last tricks won, first places and mean net points."""
        me = view.seat
        plays = view.trick.plays
        leader, left = view.trick.leader, len(view.hand)  # a follower has not played yet
        high0, high_seat0, lead0 = trick_ids(view)
        net0 = net_so_far(view)
        ids = [to_id(a) for a in alive]
        unseen = [1 << (3 * POSITION[t]) for t in unseen_tiles(view)]
        tiles = sum(view.hand_sizes)
        solve_at = self.config.solve_at if left <= self.config.exact_from else 0
        total = self.config.exact_budget if solve_at else self.config.budget // (4 + tiles)
        stages = max(1, (len(ids) - 1).bit_length())
        worlds: list[tuple[list[int], list[bool], int]] = []
        totals = [0.0] * len(ids)
        wins = [0] * len(ids)  # last tricks won, for ``estimate``
        firsts = [0.0] * len(ids)  # first places (best net, a tie among k: 1/k) and ...
        nets = [0] * len(ids)  # ... net points, for ``estimate_scores``
        dropped: list[tuple[Action, float, float, float]] = []  # halved out, best of each stage first
        evaluated = 0
        banker, pillars0, played0, rules = view.banker, view.pillars, len(plays), view.rules
        epsilon, bonus = self.config.epsilon, self.config.last_trick_bonus
        imitate = [seat != me for seat in range(SEATS)]
        for stage in range(stages):
            batch = max(self.config.min_batch, min(total // (stages * len(ids)), self.config.max_worlds // stages))
            while len(worlds) < evaluated + batch:
                codes = sample_codes(view, unseen, rng)
                careful = [rng.random() < self.config.careful_share for _ in range(SEATS)]
                careful[me] = True
                worlds.append((codes, careful, rng.getrandbits(32)))
            for c, action in enumerate(ids):
                value = 0.0
                for world, careful, seed in worlds[evaluated:evaluated + batch]:
                    codes = world[:]
                    pillars = list(pillars0)
                    net = net0[:]
                    rand = random.Random(seed)
                    if left <= solve_at:  # the whole rest is solved, from this very play
                        codes[me] -= action_code(action)
                        if action >= DOWN:
                            end = solve(codes, pillars, banker, left, leader, played0 + 1, lead0, high0,
                                        high_seat0, rules)
                        elif plays:
                            end = solve(codes, pillars, banker, left, leader, played0 + 1, lead0, action, me, rules)
                        else:
                            end = solve(codes, pillars, banker, left, me, 1, action, action, me, rules)
                        value += end[me] + bonus * (end[4] == me)
                        wins[c] += end[4] == me
                        final = [net0[s] + end[s] for s in range(SEATS)]  # ``end`` pays from here on
                        firsts[c] += _first_share(final, me)
                        nets[c] += final[me]
                        continue
                    if action >= DOWN:
                        codes[me] -= action - DOWN
                        winner = playout(codes, pillars, net, banker, left, leader, high0, high_seat0,
                                         played0 + 1, lead0, careful, imitate, epsilon, rand, solve_at, rules=rules)
                    else:
                        codes[me] -= SET_CODE[action]
                        if not plays:
                            winner = playout(codes, pillars, net, banker, left, me, action, me, 1, action,
                                             careful, imitate, epsilon, rand, solve_at, rules=rules)
                        else:
                            winner = playout(codes, pillars, net, banker, left, leader, action, me,
                                             played0 + 1, lead0, careful, imitate, epsilon, rand, solve_at, rules=rules)
                    value += net[me] + bonus * (winner == me)
                    wins[c] += winner == me
                    firsts[c] += _first_share(net, me)
                    nets[c] += net[me]
                totals[c] += value
            evaluated += batch
            if stage < stages - 1:
                keep, gone = halve(totals)
                dropped[:0] = [(to_action(ids[c]), wins[c] / evaluated, firsts[c] / evaluated,
                                nets[c] / evaluated) for c in gone]
                ids = [ids[c] for c in keep]
                alive = [alive[c] for c in keep]
                totals = [totals[c] for c in keep]
                wins = [wins[c] for c in keep]
                firsts = [firsts[c] for c in keep]
                nets = [nets[c] for c in keep]
        return [(to_action(ids[c]), wins[c] / evaluated, firsts[c] / evaluated, nets[c] / evaluated)
                for c in best_first(totals)] + dropped


class StrongTienGowSampler:
    """``StrongTienGow``'s search of a view as a ``WorldSampler``: the same candidates, guesses,
    play-outs (a generator per world, shared by every candidate) and exact ends; a result is the
    first-place share of the deal's net results and the net points."""

    exact = False

    def __init__(self, agent: StrongTienGow, view: SeatView) -> None:
        config = agent.config
        self.view, self.config = view, config
        self.actions = agent.candidates(view, view.legal_actions())
        self.ids = [to_id(a) for a in self.actions]
        self.high0, self.high_seat0, self.lead0 = trick_ids(view)
        self.net0 = net_so_far(view)
        self.unseen = [1 << (3 * POSITION[t]) for t in unseen_tiles(view)]
        left = len(view.hand)
        self.solve_at = config.solve_at if left <= config.exact_from else 0
        self.imitate = [seat != view.seat for seat in range(SEATS)]
        self.worlds: list[tuple[list[int], list[bool], int]] = []
        # The plays and worlds of the agent's own search of this view (successive halving, ``_search``).
        total = config.exact_budget if self.solve_at else config.budget // (4 + sum(view.hand_sizes))
        stages = max(1, (len(self.ids) - 1).bit_length())
        work, alive = 0, len(self.ids)
        for _ in range(stages):
            work += (alive + 1) * max(config.min_batch, min(total // (stages * alive), config.max_worlds // stages))
            alive = (alive + 1) // 2
        self.work = work

    def draw(self, rng: random.Random) -> float:
        codes = sample_codes(self.view, self.unseen, rng)
        careful = [rng.random() < self.config.careful_share for _ in range(SEATS)]
        careful[self.view.seat] = True
        self.worlds.append((codes, careful, rng.getrandbits(32)))
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        view, action = self.view, self.ids[candidate]
        me, plays = view.seat, view.trick.plays
        leader, left = view.trick.leader, len(view.hand)
        banker, played0, rules = view.banker, len(plays), view.rules
        high0, high_seat0, lead0 = self.high0, self.high_seat0, self.lead0
        found, careful, seed = self.worlds[world]
        codes = found[:]
        pillars = list(view.pillars)
        if left <= self.solve_at:  # the whole rest is solved, from this very play
            codes[me] -= action_code(action)
            if action >= DOWN:
                end = solve(codes, pillars, banker, left, leader, played0 + 1, lead0, high0, high_seat0, rules)
            elif plays:
                end = solve(codes, pillars, banker, left, leader, played0 + 1, lead0, action, me, rules)
            else:
                end = solve(codes, pillars, banker, left, me, 1, action, action, me, rules)
            net = [self.net0[s] + end[s] for s in range(SEATS)]
            return _first_share(net, me), float(net[me])
        net = self.net0[:]
        rand = random.Random(seed)
        epsilon, imitate, solve_at = self.config.epsilon, self.imitate, self.solve_at
        if action >= DOWN:
            codes[me] -= action - DOWN
            playout(codes, pillars, net, banker, left, leader, high0, high_seat0, played0 + 1, lead0, careful,
                    imitate, epsilon, rand, solve_at, rules=rules)
        else:
            codes[me] -= SET_CODE[action]
            if not plays:
                playout(codes, pillars, net, banker, left, me, action, me, 1, action, careful, imitate, epsilon,
                        rand, solve_at, rules=rules)
            else:
                playout(codes, pillars, net, banker, left, leader, action, me, played0 + 1, lead0, careful,
                        imitate, epsilon, rand, solve_at, rules=rules)
        return _first_share(net, me), float(net[me])


def _first_share(net: Sequence[int], me: int) -> float:
    """``me``'s share of first place: 1/k when ``me`` is among the k best net results."""
    top = max(net[:SEATS])
    return 1.0 / list(net[:SEATS]).count(top) if net[me] == top else 0.0
