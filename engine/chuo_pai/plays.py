"""Chuo Pai plays: classification (CP-6, CP-9, CP-10), beating (CP-8, CP-11, CP-12).

Every legal play is enumerated once, at import: 84 ordinary groups (21 identities x 1-4 copies)
and 64 special combinations (4 types x 16 compositions). A play is then an interned value, and
"does P beat H" and "which plays beat H" are table look-ups.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import ClassVar

from engine.chuo_pai.families import (
    FAMILY_OF,
    SPECIAL,
    SPECIAL_STRENGTH,
    SPECIAL_TYPES,
    STRENGTH,
    display_key,
)
from engine.tiles import ALL_TILES, TILE_BY_KEY, Tile


class Play:
    """A legal play. ``need`` is ((tile index, copies), ...); ``kind`` is the identity's key for an
    ordinary group or the special type (``tian-jiu`` …) for a special combination."""

    __slots__ = ("id", "tiles", "cls", "kind", "size", "strength", "need", "notation", "beaten_by",
                 "beaten_by_set", "group_index")

    def __init__(self, pid: int, tiles: tuple[Tile, ...], cls: str, kind: str, strength: int) -> None:
        self.id = pid
        self.tiles = tuple(sorted(tiles, key=display_key))
        self.cls = cls
        self.kind = kind
        self.size = len(tiles)
        self.strength = strength
        self.need = tuple(sorted(Counter(t.index for t in tiles).items()))
        self.notation = " ".join(t.key for t in self.tiles)
        self.beaten_by: tuple[Play, ...] = ()
        self.beaten_by_set: frozenset[Play] = frozenset()
        self.group_index = -1 if cls == SPECIAL else tiles[0].index  # the identity of a group

    face_up: ClassVar[bool] = True  # every Chuo Pai play lies face up

    def as_dict(self) -> dict[str, object]:
        return {"tiles": self.notation}

    @property
    def is_special(self) -> bool:
        return self.cls == SPECIAL

    def __repr__(self) -> str:
        return f"Play({self.notation!r})"

    def __str__(self) -> str:
        return self.notation

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_play_from_notation, (self.notation,))


def _enumerate() -> tuple[Play, ...]:
    found: list[Play] = []
    for t in ALL_TILES:  # CP-6(a): 1-4 copies of one identity
        for n in range(1, 5):
            found.append(Play(len(found), (t,) * n, FAMILY_OF[t], t.key, STRENGTH[t]))
    for kind, (head_key, total_keys) in SPECIAL_TYPES.items():  # CP-10
        head = TILE_BY_KEY[head_key]
        totals = [TILE_BY_KEY[k] for k in total_keys]
        for heads in range(1, 4):
            for m in range(1, 5 - heads):
                for mix in combinations_with_replacement(totals, m):
                    found.append(Play(len(found), (head,) * heads + mix, SPECIAL, kind, SPECIAL_STRENGTH[kind]))
    return tuple(found)


ALL_PLAYS: tuple[Play, ...] = _enumerate()
_BY_COUNTS: dict[tuple[tuple[int, int], ...], Play] = {p.need: p for p in ALL_PLAYS}


def _beats(play: Play, current: Play) -> bool:
    """CP-12: same class, same number of cards, strictly stronger."""
    return play.cls == current.cls and play.size == current.size and play.strength > current.strength


for _current in ALL_PLAYS:
    _current.beaten_by = tuple(p for p in ALL_PLAYS if _beats(p, _current))
    _current.beaten_by_set = frozenset(_current.beaten_by)


def holds(hand: tuple[int, ...], play: Play) -> bool:
    """Does a hand (copies per tile index) contain the play?"""
    for i, n in play.need:
        if hand[i] < n:
            return False
    return True


LeadTable = dict[tuple[int, int, int], tuple["Play", ...]]


def _lead_tables() -> tuple[tuple[tuple[tuple[Play, ...], ...], ...],
                            list[tuple[int, int, int, LeadTable]]]:
    """Plays a hand can lead, by look-up: ordinary groups per (identity, copies held), special
    combinations per type and (heads, first totals, second totals) held, each capped at 3."""
    groups = tuple(
        tuple(tuple(p for p in ALL_PLAYS if p.cls != SPECIAL and p.need[0][0] == t.index
                    and p.size <= held) for held in range(5))
        for t in ALL_TILES
    )
    specials = []
    for kind, (head_key, (a_key, b_key)) in SPECIAL_TYPES.items():
        h, a, b = TILE_BY_KEY[head_key].index, TILE_BY_KEY[a_key].index, TILE_BY_KEY[b_key].index
        table = {
            (hh, aa, bb): tuple(p for p in ALL_PLAYS if p.kind == kind
                                and holds(_hand_of({h: hh, a: aa, b: bb}), p))
            for hh in range(4) for aa in range(4) for bb in range(4)
        }
        specials.append((h, a, b, table))
    return groups, specials


def _hand_of(held: dict[int, int]) -> tuple[int, ...]:
    return tuple(held.get(i, 0) for i in range(len(ALL_TILES)))


def classify(tiles: Iterable[Tile]) -> Play | None:
    """The legal play these tiles form, or None (CP-6: nothing else is a legal play)."""
    return _BY_COUNTS.get(tuple(sorted(Counter(t.index for t in tiles).items())))


_GROUPS, _SPECIALS = _lead_tables()
_CAP = (0, 1, 2, 3, 3)  # copies held, capped at 3: no special combination uses more of one kind


def leads(hand: tuple[int, ...]) -> list[Play]:
    """Every legal play the hand holds (CP-6), by table look-up."""
    found = [p for i, held in enumerate(hand) if held for p in _GROUPS[i][held]]
    for h, a, b, table in _SPECIALS:
        if hand[h] and (hand[a] or hand[b]):
            found.extend(table[(_CAP[hand[h]], _CAP[hand[a]], _CAP[hand[b]])])
    return found


def beaters_held(hand: tuple[int, ...], current: Play) -> list[Play]:
    """The plays in the hand that beat ``current`` (CP-12)."""
    if current.group_index < 0:
        return [p for p in current.beaten_by if holds(hand, p)]
    size = current.size  # a group is beaten only by groups of the same size
    return [p for p in current.beaten_by if hand[p.group_index] >= size]


def beats(current: Play, play: Play) -> bool:
    """CP-12: does ``play`` beat the current highest play?"""
    return _beats(play, current)


def why_not_beating(current: Play, play: Play) -> str:
    """The reason code for a legal play that does not beat ``current`` (checked in CP-12 order)."""
    if play.cls != current.cls:
        return "different-family"
    if play.size != current.size:
        return "different-count"
    if play.strength == current.strength:
        return "equal-rank"  # CP-8 / CP-11: equal never beats
    return "not-higher"


def _play_from_notation(notation: str) -> Play:
    from engine.tiles import parse_tiles

    found = classify(parse_tiles(notation))
    assert found is not None
    return found
