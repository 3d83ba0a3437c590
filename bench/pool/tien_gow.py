"""Tien Gow pool members (bench/pool/__init__.py): written apart from engine/ai, from the rules
(TG-4 … TG-18) and the view alone — except ``cheat``, which reads every hand."""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from engine.tien_gow import SETS, SeatView, TileSet, beats, classify, make_action
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
        ups = sorted((classify(a.tiles) for a in legal if a.face_up),
                     key=lambda s: (s.strength, s.tiles[0].index))  # type: ignore[union-attr]
        ups = [s for s in ups if s is not None and not (keep and any(t in keep for t in s.tiles))]
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


POOL: dict[str, Any] = {"careful": Careful, "grabber": Grabber, "saver": Saver, "cheat": Cheat}
