"""Tien Gow pool members (bench/pool/__init__.py): written apart from engine/ai, from the rules
(TG-4 … TG-18) and the view alone — except ``cheat``, which reads every hand."""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from engine.tien_gow import SETS, SeatView, TileSet, beats, classify, make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.ladders import STRENGTH, SUIT
from engine.tien_gow.moves import legal_leads
from engine.tien_gow.sets import BEATEN_BY
from engine.tiles import TILE_BY_KEY, Tile

CIVIL_TOP, MILITARY_TOP = 11, 6
SUPREME_HALVES = (TILE_BY_KEY["2-4"], TILE_BY_KEY["1-2"])
PACK_COUNTS: dict[Tile, int] = {}
for _s in SETS:
    if len(_s.tiles) == 1:
        PACK_COUNTS[_s.tiles[0]] = 2 if _s.kind == "civil" else 1


def value(t: Tile) -> float:
    """How strong a tile is within its suit (0 … 1)."""
    s = classify((t,))
    assert s is not None
    return s.strength / (CIVIL_TOP if s.kind == "civil" else MILITARY_TOP)


def set_value(s: TileSet) -> float:
    if s.kind == "supreme":
        return 1.0
    if s.kind == "mixed":
        return s.strength / 4
    return s.strength / (CIVIL_TOP if s.kind == "civil" else MILITARY_TOP)


def unseen(view: SeatView) -> dict[Tile, int]:
    left = dict(PACK_COUNTS)
    for t in view.hand:
        left[t] -= 1
    for trick in view.tricks + (view.trick,):
        for play in trick.plays:
            for t in play.tiles:
                left[t] -= 1
    return left


def answerable(s: TileSet, out: dict[Tile, int]) -> bool:
    """Could tiles nobody has shown make a set that beats ``s``?"""
    for b in SETS:
        if beats(s, b):
            need: dict[Tile, int] = {}
            for t in b.tiles:
                need[t] = need.get(t, 0) + 1
            if all(out[t] >= n for t, n in need.items()):
                return True
    return False


def holds_supreme(hand: tuple[Tile, ...]) -> bool:
    return all(h in hand for h in SUPREME_HALVES)


def weakest_discard(hand: tuple[Tile, ...], n: int, keep: tuple[Tile, ...] = ()) -> tuple[Tile, ...]:
    """The ``n`` weakest tiles, keeping the ``keep`` tiles while others remain."""
    order = sorted(hand, key=lambda t: (t in keep, value(t), t.index))
    return tuple(order[:n])


def last_to_act(view: SeatView) -> bool:
    return len(view.trick.plays) == 3


def high_set(view: SeatView) -> TileSet:
    high = view.high
    assert high is not None
    found = classify(high.tiles)
    assert found is not None
    return found


def up_sets(legal: tuple[Any, ...], keep: tuple[Tile, ...]) -> list[TileSet]:
    """The face-up beats that leave the ``keep`` tiles alone, cheapest first."""
    ups = []
    for a in legal:
        if a.face_up:
            s = classify(a.tiles)
            assert s is not None
            if not any(t in keep for t in s.tiles):
                ups.append(s)
    return sorted(ups, key=lambda s: (s.strength, s.tiles[0].index))


class Careful:
    """A careful heuristic player: counts tiles; leads the Supreme and unanswerable quartets at
    once, else its weakest set (its strongest unanswerable one on the last two tricks); takes a
    trick it is sure of with the cheapest such set; beats otherwise only when still pillarless
    near the end; discards its weakest tiles, never breaking the Supreme."""

    name = "careful"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        out = unseen(view)
        hand = view.hand
        keep = SUPREME_HALVES if holds_supreme(hand) else ()
        if not view.trick.plays:
            sets = [classify(a.tiles) for a in legal]
            for s in sets:
                if s is not None and s.kind == "supreme":
                    return make_action(s.tiles, True)
            sure = [s for s in sets if s is not None and not answerable(s, out)]
            quartets = [s for s in sure if len(s.tiles) == 4]
            if quartets:
                return make_action(quartets[0].tiles, True)
            if len(hand) <= 2 and sure:
                return make_action(max(sure, key=lambda s: (len(s.tiles), set_value(s))).tiles, True)
            plain = [s for s in sets if s is not None and not any(t in keep for t in s.tiles)] or \
                [s for s in sets if s is not None]
            return make_action(min(plain, key=lambda s: (set_value(s), -len(s.tiles))).tiles, True)
        n = view.trick.plays[0].count
        ups = up_sets(legal, keep)
        for s in ups:
            if last_to_act(view) or not answerable(s, out):
                return make_action(s.tiles, True)
        if ups and view.pillars[view.seat] == 0 and len(hand) <= 3:
            return make_action(ups[0].tiles, True)
        return make_action(weakest_discard(hand, n, keep), False)


class Grabber:
    """Beats whenever it can, with its strongest beat; leads its strongest set."""

    name = "grabber"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ups = [a for a in legal if a.face_up]
        if ups:
            return max(ups, key=lambda a: (set_value(classify(a.tiles)), len(a.tiles)))  # type: ignore[arg-type]
        return make_action(weakest_discard(view.hand, view.trick.plays[0].count), False)


class Saver:
    """Keeps its strength for the last trick: leads pairs and sets first (weakest), beats only
    when last to act, else discards its weakest tiles."""

    name = "saver"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not view.trick.plays:
            return min(legal, key=lambda a: (-len(a.tiles), set_value(classify(a.tiles))))  # type: ignore[arg-type]
        ups = [a for a in legal if a.face_up]
        if ups and (last_to_act(view) or len(view.hand) == 1):
            return min(ups, key=lambda a: set_value(classify(a.tiles)))  # type: ignore[arg-type]
        return make_action(weakest_discard(view.hand, view.trick.plays[0].count), False)


class Cheat:
    """Reads every hand: tries every face-up action and the discards of its weakest tiles on
    the true hands, plays the deal out with everybody greedy (``engine.ai.tien_gow.rollout``)
    and keeps its best net. An upper bound on sight without search, not a fair player."""

    name = "cheat"
    sees_all = True

    def choose_seeing(self, deal: Any, seat: int, rng: random.Random) -> Any:
        from engine.ai.tien_gow import rollout
        from engine.tien_gow.kernel import to_id

        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        plays = deal.plays
        options = [a for a in legal if a.face_up]
        if plays:
            n = len(plays[0].action.tiles)
            downs = sorted(dict.fromkeys(combinations(deal.hands[seat], n)),
                           key=lambda c: sum(value(t) for t in c))[:8]
            options += [make_action(c, False) for c in downs]
        best, best_net = options[0], None
        net0 = list(deal.net)
        for action in options:
            codes, pillars, net = list(deal.codes), list(deal.pillars), net0[:]
            from engine.tien_gow.kernel import DOWN, SET_CODE
            k = to_id(action)
            codes[seat] -= (k - DOWN) if k >= DOWN else SET_CODE[k]
            left = len(deal.hands[seat])
            tset = classify(action.tiles) if action.face_up else None
            if not plays:
                rollout(codes, pillars, net, deal.banker, left, seat, tset, seat, 1, tset)
            else:
                lead = classify(plays[0].action.tiles)
                high, high_seat = (tset, seat) if tset is not None else (deal.high, deal.high_seat)
                rollout(codes, pillars, net, deal.banker, left, deal.leader, high, high_seat,
                        len(plays) + 1, lead)
            if best_net is None or net[seat] > best_net:
                best, best_net = action, net[seat]
        return best

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        raise TypeError("cheat needs the deal: choose_seeing")


# -- expert -------------------------------------------------------------------------------------

# TG-1, TG-7: for each identity, the identities of its suit that beat it as a single, and those
# it beats.
STRONGER: dict[Tile, tuple[Tile, ...]] = {
    t: tuple(u for u in PACK_COUNTS if SUIT[u] == SUIT[t] and STRENGTH[u] > STRENGTH[t])
    for t in PACK_COUNTS
}
WEAKER: dict[Tile, tuple[Tile, ...]] = {
    t: tuple(u for u in PACK_COUNTS if SUIT[u] == SUIT[t] and STRENGTH[u] < STRENGTH[t])
    for t in PACK_COUNTS
}

LEADER_WEAK = 0.7  # how often the last leader's tile is as weak as a random unseen one (not sensitive)
KEEPERS = 3  # tiles held back for the end (2 and 4 were worse against standard)
CHEAP_STANDS = 0.7  # a beat of spare tiles this likely to stand is taken: pillars, and the lead
BARE_HAND = 4  # without a pillar, from this hand size on, beat when likely to stand (TG-12, TG-13)
BARE_STANDS = 0.5
ARMED_ABOVE = 2  # with more tiles in hand, every opponent is counted armed: most get a pillar in time


class Count:
    """What a seat can count: the unseen tiles — in other hands or among their face-down
    discards, which prove nothing (TG-6) — and so the chance that one unseen tile is still held."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.out = unseen(view)
        self.total = sum(self.out.values())

    def live(self, seats: tuple[int, ...]) -> float:
        """The chance that one unseen tile sits in one of these seats' hands."""
        if not self.total:
            return 0.0
        return min(1.0, sum(self.view.hand_sizes[s] for s in seats) / self.total)

    def escapes(self, s: TileSet, live: float) -> float:
        """The chance that no hand can beat ``s`` (TG-7), each unseen tile held with chance
        ``live``; for a set of several tiles, one of three hands must hold all of a beating set."""
        if s.kind == "supreme":
            return 1.0  # TG-9: nothing beats it led
        if s.size == 1:
            return float((1.0 - live) ** sum(self.out[u] for u in STRONGER[s.tiles[0]]))
        chance = 1.0
        for b in BEATEN_BY[s.id]:
            need: dict[Tile, int] = {}
            for t in b.tiles:
                need[t] = need.get(t, 0) + 1
            if all(self.out[t] >= k for t, k in need.items()):
                chance *= 1.0 - min(1.0, 3 * (live / 3) ** b.size)
        return chance

    def sure(self, s: TileSet) -> bool:
        """No set of unseen tiles beats ``s``: once sure, always sure (unseen tiles only go)."""
        return s.kind == "supreme" or not answerable(s, self.out)

    def stands_last(self, t: Tile) -> float:
        """The chance that ``t``, led on a last single trick, stands: then only an opponent with
        a pillar may beat it (TG-12), holding one tile of what is unseen three tiles on. Before
        the last two tricks every opponent counts (29.6% for standard on tuning seeds instead of
        29.9%, counting only those already holding a pillar)."""
        single = classify((t,))
        assert single is not None
        view = self.view
        armed = sum(1 for s in range(4) if s != view.seat and view.pillars[s] > 0)
        if len(view.hand) > ARMED_ABOVE:
            armed = 3
        return self.escapes(single, min(1.0, armed / max(1, self.total - 3)))

    def beats_last(self, t: Tile) -> float:
        """Roughly, the chance that ``t`` takes a last single trick led by another: the leader's
        tile lies below it in its suit (less often than a random unseen tile would: a leader keeps
        its best) and nobody else beats it."""
        if not self.total:
            return 0.0
        below = sum(self.out[u] for u in WEAKER[t]) / self.total
        return LEADER_WEAK * below * self.stands_last(t)


def sets_in(hand: tuple[Tile, ...]) -> list[TileSet]:
    """Every set the hand holds (its legal leads, TG-4)."""
    found = []
    for a in legal_leads(hand, code_of(hand)):
        s = classify(a.tiles)
        assert s is not None
        found.append(s)
    return found


def without(hand: tuple[Tile, ...], tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    rest = list(hand)
    for t in tiles:
        rest.remove(t)
    return tuple(rest)


def sure_split(hand: tuple[Tile, ...], count: Count) -> list[TileSet] | None:
    """The hand as sets nobody can beat when led, if it splits so: led one after another they
    keep the lead to the end and win the last trick for certain. The largest sets are tried
    first, so that a quartet or the Supreme is cashed (TG-16) rather than split into singles."""
    if not hand:
        return []
    first = hand[0]
    for s in sorted(sets_in(hand), key=lambda s: -s.size):
        if first in s.tiles and count.sure(s):
            rest = sure_split(without(hand, s.tiles), count)
            if rest is not None:
                return [s] + rest
    return None


class Expert:
    """A counting, end-minded player. It holds back the three tiles likeliest to stand on the
    last trick; leads the Supreme at once, else the spare set likeliest to stand (keeping the
    lead), and runs off its hand when it is all sure sets (a doubling set last, TG-15); takes a
    trick with spare tiles when the beat will likely stand, or when still pillarless near the
    end; plays the last two tricks by the chances that its tiles stand; otherwise discards the
    tiles least likely to stand, never breaking the Supreme."""

    name = "expert"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        count = Count(view)
        if not view.trick.plays:
            return make_action(self.lead(view, count), True)
        return self.follow(view, count, legal)

    def keepers(self, hand: tuple[Tile, ...], count: Count) -> tuple[Tile, ...]:
        """The tiles likeliest to stand on the last trick, kept out of earlier tricks."""
        ranked = sorted(hand, key=lambda t: (-count.stands_last(t), -value(t), t.index))
        return tuple(ranked[:KEEPERS])

    # -- leading ------------------------------------------------------------------------------
    def lead(self, view: SeatView, count: Count) -> tuple[Tile, ...]:
        hand = view.hand
        split = sure_split(hand, count)
        if split is not None:  # every trick left is ours: a doubling set last (TG-15)
            split.sort(key=lambda s: (s.kind == "supreme" or s.is_quartet, -s.size))
            return split[0].tiles
        sets = sets_in(hand)
        for s in sets:
            if s.kind == "supreme":  # TG-16 money and two pillars at once, and the lead stays
                return s.tiles
        live = count.live(tuple(s for s in range(4) if s != view.seat))
        if len(hand) == 2:
            return self.lead_of_two(view, count, sets, live)
        keep = self.keepers(hand, count)
        spare = [s for s in sets if not any(t in keep for t in s.tiles)] or sets
        sure = [s for s in spare if count.sure(s)]
        big = [s for s in sure if s.size >= 2]
        if big:  # pillars for spare tiles, and everyone else must throw away as many
            return max(big, key=lambda s: (s.size, -set_value(s))).tiles
        if sure and view.pillars[view.seat] == 0:  # the first pillar, as cheaply as sure
            return min(sure, key=lambda s: (set_value(s), -s.size)).tiles
        # The spare set likeliest to stand, weakest of equals: a lead given away cheaply hands
        # the others the tempo (leading the weakest set instead: 34.6% for standard, not 31.7%, tuning seeds).
        return max(spare, key=lambda s: (count.escapes(s, live), -s.size, -set_value(s))).tiles

    def lead_of_two(self, view: SeatView, count: Count, sets: list[TileSet], live: float) -> tuple[Tile, ...]:
        """Two tiles left: the pair, or the single giving the better chance at the last trick —
        taking this one and leading the other, or losing it and beating with the other."""
        best, best_chance = sets[0].tiles, -1.0
        for s in sets:
            if s.size == 2:
                chance = count.escapes(s, live)
            else:
                other = without(view.hand, s.tiles)[0]
                stand = count.escapes(s, live)
                chance = stand * count.stands_last(other) + (1 - stand) * count.beats_last(other)
            if chance > best_chance:
                best, best_chance = s.tiles, chance
        return best

    # -- following ----------------------------------------------------------------------------
    def follow(self, view: SeatView, count: Count, legal: tuple[Any, ...]) -> Any:
        hand = view.hand
        n = view.lead_count
        supreme = holds_supreme(hand) and len(hand) > n
        keep = SUPREME_HALVES if supreme else ()
        ups = up_sets(legal, keep)
        if not ups:
            return self.discard(hand, count, n, keep)
        if len(hand) == n:  # the last trick: the strongest beat has the best chance to stand
            return make_action(ups[-1].tiles, True)
        after = tuple((view.trick.leader + i) % 4 for i in range(len(view.trick.plays) + 1, 4))
        live_after = count.live(after)
        stands = {s.id: (count.escapes(s, live_after) if after else 1.0) for s in ups}
        for s in ups:  # a trick surely ours, then sure leads to the end
            if stands[s.id] == 1.0 and sure_split(without(hand, s.tiles), count) is not None:
                return make_action(s.tiles, True)
        if supreme:  # take the lead for certain, then lead the Supreme
            for s in ups:
                if stands[s.id] == 1.0:
                    return make_action(s.tiles, True)
        if len(hand) == 2 and n == 1:
            return self.follow_of_two(view, count, ups, stands)
        held = self.keepers(hand, count)
        cheap = [s for s in ups if stands[s.id] >= CHEAP_STANDS and not any(t in held for t in s.tiles)]
        if cheap:
            return make_action(cheap[0].tiles, True)
        if view.pillars[view.seat] == 0 and len(hand) <= BARE_HAND:  # a pillar before the end
            best = max(ups, key=lambda s: (stands[s.id], -s.strength))
            if stands[best.id] >= BARE_STANDS:
                return make_action(best.tiles, True)
        return self.discard(hand, count, n, keep)

    def follow_of_two(self, view: SeatView, count: Count, ups: list[TileSet], stands: dict[int, float]) -> Any:
        """Two tiles left on a single lead: beat and lead the other tile last, or discard and
        beat the last lead with the better tile (only with a pillar, TG-12)."""
        hand = view.hand
        kept = max(hand, key=lambda t: (count.stands_last(t), value(t)))
        best: Any = make_action(without(hand, (kept,)), False)
        best_chance = count.beats_last(kept) if view.pillars[view.seat] else 0.0
        for s in ups:
            other = without(hand, s.tiles)[0]
            win = stands[s.id]
            chance = win * count.stands_last(other) + (1 - win) * count.beats_last(other)
            if chance > best_chance:
                best, best_chance = make_action(s.tiles, True), chance
        return best

    def discard(self, hand: tuple[Tile, ...], count: Count, n: int, keep: tuple[Tile, ...]) -> Any:
        """Face down, the ``n`` tiles least likely to stand at the end (counted, with half the
        tile's place in its suit), the Supreme kept whole."""
        order = sorted(hand, key=lambda t: (t in keep, count.stands_last(t) + value(t) / 2, value(t), t.index))
        return make_action(tuple(order[:n]), False)


POOL: dict[str, Any] = {"careful": Careful, "grabber": Grabber, "saver": Saver, "cheat": Cheat,
                        "expert": Expert}
