"""High Card's puzzles (``paiyou.puzzles.kinds.GamePuzzles``): the two kinds every game has."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import lazy_pgettext, pgettext

from engine import high_card as hc
from engine.tiles import ALL_TILES, Tile, parse_tiles
from paiyou.games.high_card.vocabulary import LADDER
from paiyou.i18n.numerals import num
from paiyou.puzzles.kinds import BeatOrPassPuzzle, JudgePuzzle, PlayLike, RoomPuzzles, SimplePractice, tile_keys
from paiyou.puzzles.model import BEAT_OR_PASS, JUDGE, PASS, Answer, Solution, Verdict

KEY = hc.KEY


def sort(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=hc.rank, reverse=True))


@dataclass(frozen=True, kw_only=True)
class Judge(JudgePuzzle):
    def ask(self) -> str:
        return pgettext("puzzle prompt", "Does the proposed play beat the current highest play?")

    def nudge(self) -> str:
        return pgettext("puzzle hint", "Add up the pips of each tile.")

    def beaters(self) -> list[str] | None:
        if self.current is None:
            return None
        return [t.key for t in sort(ALL_TILES) if hc.judge(self.current, t.key).beats]


@dataclass(frozen=True, kw_only=True)
class BeatOrPass(BeatOrPassPuzzle):
    def solve(self) -> Solution:
        return Solution(tuple(t.key for t in self.hand_tiles() if hc.judge(self.current, t.key).beats) or (PASS,),
                        "ok")

    def check(self, answer: Answer) -> Verdict:
        answers = self.solution.answers
        if answer.choice == PASS:  # right only when nothing in the hand beats
            return Verdict(answers == (PASS,), self.solution.reason if answers == (PASS,) else "must-beat")
        if not answer.tiles:
            return Verdict(False, "no-tiles")
        if answer.notation in answers:
            return Verdict(True, "ok")
        return Verdict(False, hc.judge(self.current, answer.notation).reason)

    def ask(self) -> str:
        return pgettext("puzzle prompt", "Beat the current play with a higher tile, or pass if you cannot.")

    def nudge(self) -> str:
        return pgettext("puzzle hint", "Add up the pips of each tile.")

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        return ""


class Practice(SimplePractice):
    def hand_size(self, level: str) -> int:
        return hc.HAND

    def level_description(self, level: str) -> str:
        return pgettext("difficulty", "Single tiles from a hand of %(count)s.", count=num(hc.HAND))

    def hands(self, seed: int) -> list[tuple[Tile, ...]]:
        return [tuple(h) for h in hc.new_deal(seed).dealt]

    def leads(self, hand: tuple[Tile, ...], max_size: int) -> list[PlayLike]:
        return [hc.Action(t) for t in hand]

    def is_play(self, tiles: tuple[Tile, ...]) -> bool:
        return len(tiles) == 1

    def beats(self, current: PlayLike, play: PlayLike) -> bool:
        return hc.judge(current.notation, play.notation).beats

    def why_not(self, current: PlayLike, play: PlayLike) -> str:
        return hc.judge(current.notation, play.notation).reason

    def rules(self, kind: str, reason: str) -> tuple[str, ...]:
        return ("HC-1",)


def canonical(notation: str) -> str:
    return tile_keys(sort(parse_tiles(notation, allow_empty=True)))


PUZZLES = RoomPuzzles(
    key=KEY,
    seats=hc.SEATS,
    rule_prefix="HC",
    rule_count=2,
    kinds={JUDGE: Judge, BEAT_OR_PASS: BeatOrPass},
    ladders={"all": tuple(rung for rung in LADDER if rung)},
    placeholders={},
    seat_names=(lazy_pgettext("seat", "Ana"), lazy_pgettext("seat", "Bo"), lazy_pgettext("seat", "Cy"),
                lazy_pgettext("seat", "Dev"))[:hc.SEATS],
    practice=Practice(KEY, BeatOrPass),
    order=sort,
    notation=canonical,
)
