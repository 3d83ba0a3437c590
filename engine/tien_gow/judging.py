"""``judge(current, play)``: is ``play`` a legal set, and may it go face up over ``current``?"""
from __future__ import annotations

from engine.judging import Judgement, judge_with
from engine.tien_gow.ladders import sort_tiles
from engine.tien_gow.sets import beats, classify, why_not_beating


def judge(current: str | None, play: str) -> Judgement:
    """``valid``: the tiles form a legal set by themselves (a legal lead, TG-4/TG-5).
    ``beats``: with ``current`` None, same as valid; else the set may go face up over
    ``current`` (TG-7, TG-9). ``reason``: "ok", "not-a-set", "wrong-count", "different-kind",
    "equal-rank", "not-higher" or "supreme-unbeatable". Raises NotationError for bad notation,
    or for a ``current`` that is no legal set ("current-not-a-set")."""
    return judge_with(current, play, classify=classify, order=sort_tiles, beats=beats, why_not=why_not_beating,
                      no_play="not-a-set")
