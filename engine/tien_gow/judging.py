"""``judge(current, play)``: is ``play`` a legal set, and may it go face up over ``current``?"""
from __future__ import annotations

from engine.judging import Judgement, judge_with
from engine.tien_gow.ladders import sort_tiles
from engine.tien_gow.sets import MIXED, TileSet, beats, classify, why_not_beating
from engine.tien_gow.variants import rules_of
from engine.tiles import Tile


def judge(current: str | None, play: str) -> Judgement:
    """``valid``: the tiles form a legal set by themselves (a legal lead, TG-4/TG-5).
    ``beats``: with ``current`` None, same as valid; else the set may go face up over
    ``current`` (TG-7, TG-9). ``reason``: "ok", "not-a-set", "wrong-count", "different-kind",
    "equal-rank", "not-higher" or "supreme-unbeatable". Raises NotationError for bad notation,
    or for a ``current`` that is no legal set ("current-not-a-set")."""
    return judge_with(current, play, classify=classify, order=sort_tiles, beats=beats, why_not=why_not_beating,
                      no_play="not-a-set")


def judge_variant(current: str | None, play: str, variant: tuple[str, ...]) -> Judgement:
    """``judge`` under the table options ``variant`` (VariantError for an unknown one): under
    pure-pairs a mixed set is no set (TG-4 without (e)); the other options change no set."""
    if rules_of(variant).mixed_sets:
        return judge(current, play)

    def pure(tiles: tuple[Tile, ...]) -> TileSet | None:
        found = classify(tiles)
        return None if found is None or found.kind == MIXED else found

    return judge_with(current, play, classify=pure, order=sort_tiles, beats=beats, why_not=why_not_beating,
                      no_play="not-a-set")
