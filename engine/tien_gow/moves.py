"""The legal actions of one hand (TG-4, TG-6, TG-7, TG-12), from what its owner can see.

Both ``Deal.legal_actions`` and ``SeatView.legal_actions`` call ``legal_actions`` here, so an AI
holding only a view gets exactly the engine's list. Order: face-up sets first, then face-down
discards (in canonical order).
"""
from __future__ import annotations

from itertools import combinations

from engine.tien_gow.actions import SET_ACTIONS, Action, intern
from engine.tien_gow.hands import GUARDS
from engine.tien_gow.sets import BEATEN_BY, MIXED, SETS, TileSet
from engine.tien_gow.variants import DEFAULT, Rules
from engine.tiles import Tile

_SINGLE_UP: dict[Tile, Action] = {s.tiles[0]: SET_ACTIONS[s.id] for s in SETS if s.size == 1}
_SINGLE_DOWN: dict[Tile, Action] = {t: intern((t,), False) for t in _SINGLE_UP}
_MULTI: tuple[tuple[int, Action], ...] = tuple(
    (s.code, SET_ACTIONS[s.id]) for s in SETS if s.size > 1
)
# pure-pairs (TG-4 without (e)): the sets of 2 tiles that are no mixed set
_PURE_MULTI: tuple[tuple[int, Action], ...] = tuple(
    (s.code, SET_ACTIONS[s.id]) for s in SETS if s.size > 1 and s.kind != MIXED
)
_BEATS: tuple[tuple[tuple[int, Action], ...], ...] = tuple(
    tuple((p.code, SET_ACTIONS[p.id]) for p in beaten_by) for beaten_by in BEATEN_BY
)


def legal_leads(hand: tuple[Tile, ...], hand_code: int, rules: Rules = DEFAULT) -> tuple[Action, ...]:
    """TG-4: every set the hand holds, face up (a leader may not lead face down): its singles
    in canonical order, then its sets of 2-4 tiles in set-table order (no mixed set under
    pure-pairs)."""
    guarded = hand_code | GUARDS
    singles = tuple(map(_SINGLE_UP.__getitem__, dict.fromkeys(hand)))
    multi = _MULTI if rules.mixed_sets else _PURE_MULTI
    return singles + tuple(a for code, a in multi if (guarded - code) & GUARDS == GUARDS)


def beating_sets(hand_code: int, high: TileSet) -> tuple[Action, ...]:
    """TG-7 / TG-9: the sets the hand holds that may go face up over ``high``."""
    guarded = hand_code | GUARDS
    return tuple(a for code, a in _BEATS[high.id] if (guarded - code) & GUARDS == GUARDS)


def discards(hand: tuple[Tile, ...], n: int) -> tuple[Action, ...]:
    """TG-6: every distinct choice of ``n`` tiles of the (canonically ordered) hand, face down."""
    if n == 1:
        return tuple(map(_SINGLE_DOWN.__getitem__, dict.fromkeys(hand)))
    return tuple(intern(c, False) for c in dict.fromkeys(combinations(hand, n)))


def early_death(hand_size: int, n: int, pillars: int, rules: Rules = DEFAULT) -> bool:
    """TG-12: on a final single-tile trick a follower with no pillar may not play face up
    (never under no-early-death). Every hand holds the same number of tiles at a trick's start,
    so the trick is the last when the follower's hand (not yet played to it) holds exactly ``n``
    tiles."""
    return n == 1 and hand_size == 1 and pillars == 0 and rules.early_death


def legal_actions(hand: tuple[Tile, ...], hand_code: int, high: TileSet | None, n: int,
                  pillars: int, rules: Rules = DEFAULT) -> tuple[Action, ...]:
    """The legal actions of the seat to act under ``rules``: a leader when ``high`` is None, else
    a follower of an ``n``-tile trick whose current high set (TG-8) is ``high`` (a set led under
    pure-pairs is no mixed set, and only a mixed set beats one: no filter is needed there)."""
    if high is None:
        return legal_leads(hand, hand_code, rules)
    ups = () if early_death(len(hand), n, pillars, rules) else beating_sets(hand_code, high)
    return ups + discards(hand, n)
