"""``judge(current, play)``: the engine's answer to a beat-or-pass question (CP-6, CP-12)."""
from __future__ import annotations

from engine.chuo_pai.families import display_key
from engine.chuo_pai.plays import beats, classify, why_not_beating
from engine.judging import Judgement, judge_with
from engine.tiles import Tile


def _order(tiles: tuple[Tile, ...]) -> list[Tile]:
    return sorted(tiles, key=display_key)


def judge(current: str | None, play: str) -> Judgement:
    """``valid``: the cards make a legal play (CP-6); ``beats``: with ``current`` None, same as
    valid, else the play beats ``current`` (CP-12). Raises NotationError for bad notation, or
    for a ``current`` that is no legal play ("current-not-a-play")."""
    return judge_with(current, play, classify=classify, order=_order, beats=beats, why_not=why_not_beating,
                      no_play="not-a-play")
