"""``judge(current, play)``: the engine's answer to a beat-or-pass question (CP-6, CP-12)."""
from __future__ import annotations

from engine.chuo_pai.families import display_key
from engine.chuo_pai.plays import beats, classify, why_not_beating
from engine.errors import NotationError
from engine.judging import OK, Judgement
from engine.tiles import format_tiles, parse_tiles


def judge(current: str | None, play: str) -> Judgement:
    """Raises NotationError for bad notation, or for a ``current`` that is no legal play."""
    tiles = parse_tiles(play)
    proposed = classify(tiles)
    canonical = proposed.notation if proposed else format_tiles(sorted(tiles, key=display_key))
    highest = None
    if current is not None:
        highest = classify(parse_tiles(current))
        if highest is None:
            raise NotationError(current, "current-not-a-play")
    if proposed is None:
        return Judgement(False, False, "not-a-play", canonical)
    if highest is None:
        return Judgement(True, True, OK, canonical)
    if beats(highest, proposed):
        return Judgement(True, True, OK, canonical)
    return Judgement(True, False, why_not_beating(highest, proposed), canonical)
