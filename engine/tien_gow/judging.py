"""``judge(current, play)``: is ``play`` a legal set, and may it go face up over ``current``?"""
from __future__ import annotations

from engine.errors import NotationError
from engine.judging import OK, Judgement
from engine.tien_gow.ladders import sort_tiles
from engine.tien_gow.sets import beats, classify, why_not_beating
from engine.tiles import parse_tiles


def judge(current: str | None, play: str) -> Judgement:
    """``valid``: the tiles form a legal set by themselves (a legal lead, TG-4/TG-5).
    ``beats``: with ``current`` None, same as valid; else the set may go face up over
    ``current`` (TG-7, TG-9). ``reason``: "ok", "not-a-set", "wrong-count", "different-kind",
    "equal-rank", "not-higher" or "supreme-unbeatable". Raises NotationError for bad notation,
    or for a ``current`` that is no legal set ("current-not-a-set")."""
    tiles = parse_tiles(play)
    proposed = classify(tiles)
    canonical = " ".join(t.key for t in sort_tiles(tiles))
    highest = None
    if current is not None:
        highest = classify(parse_tiles(current))
        if highest is None:
            raise NotationError(current, "current-not-a-set")
    if proposed is None:
        return Judgement(False, False, "not-a-set", canonical)
    if highest is None or beats(highest, proposed):
        return Judgement(True, True, OK, canonical)
    return Judgement(True, False, why_not_beating(highest, proposed), canonical)
