"""The answer to "does this play beat the current one?", shared by both games."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import NotationError
from engine.tiles import Tile, format_tiles, parse_tiles

OK = "ok"  # the reason code when the play is legal and (if there is a current play) beats it
P = TypeVar("P")  # a game's combination (Chuo Pai's Play, Tien Gow's TileSet)


@dataclass(frozen=True, slots=True)
class Judgement:
    valid: bool  # the tiles form a legal play (a legal lead) by themselves
    beats: bool  # with no current play: same as valid; otherwise the play beats the current one
    reason: str  # OK or a reason code such as "not-a-play", "different-family", "not-higher"
    play: str  # the play in canonical notation

    def as_dict(self) -> dict[str, object]:
        return {"valid": self.valid, "beats": self.beats, "reason": self.reason, "play": self.play}


def judge_with(current: str | None, play: str, *, classify: Callable[[tuple[Tile, ...]], P | None],
               order: Callable[[tuple[Tile, ...]], Iterable[Tile]], beats: Callable[[P, P], bool],
               why_not: Callable[[P, P], str], no_play: str) -> Judgement:
    """A game's ``judge(current, play)`` from its rules: ``classify`` (the combination some tiles
    make, or None), ``order`` (the canonical order of tiles), ``beats(current, play)`` and
    ``why_not(current, play)`` (the reason code when it does not), and ``no_play`` (the code of
    tiles that make no combination: ``not-a-play``). Raises NotationError for bad notation, or
    ``current-<no_play>`` for a ``current`` that makes none."""
    tiles = parse_tiles(play)
    proposed = classify(tiles)
    canonical = format_tiles(order(tiles))
    highest = None
    if current is not None:
        highest = classify(parse_tiles(current))
        if highest is None:
            raise NotationError(current, f"current-{no_play}")
    if proposed is None:
        return Judgement(False, False, no_play, canonical)
    if highest is None or beats(highest, proposed):
        return Judgement(True, True, OK, canonical)
    return Judgement(True, False, why_not(highest, proposed), canonical)
