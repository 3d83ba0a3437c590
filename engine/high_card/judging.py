"""Does a play beat the current one (HC-2): exactly one tile, a strictly higher total."""
from __future__ import annotations

from engine.errors import NotationError
from engine.high_card.actions import rank
from engine.judging import OK, Judgement
from engine.tiles import parse_tiles


def judge(current: str | None, play: str) -> Judgement:
    try:
        tiles = parse_tiles(play)
    except NotationError:
        return Judgement(False, False, "not-a-play", play)
    if len(tiles) != 1:
        return Judgement(False, False, "not-a-play", play)
    if current is None:
        return Judgement(True, True, OK, play)
    beats = rank(tiles[0]) > rank(parse_tiles(current)[0])
    return Judgement(True, beats, OK if beats else "not-higher", play)
