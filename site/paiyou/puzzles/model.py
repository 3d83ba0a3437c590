"""Lessons and puzzles as values: their vocabulary, texts, steps and the helpers they share.

Answers are never stored: a puzzle states a position and ``Puzzle.solution`` asks the engine
(``solving``) which answers are right. Lesson files become these values in ``loading``.

This module imports no Flask; the views and the Babel extractor both use it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.chuo_pai import families as cpf
from engine.errors import EngineError
from engine.tien_gow import ladders as tgl
from engine.tien_gow.sets import MIXED_TYPES
from engine.tiles import TILE_BY_KEY, Tile, parse_tiles

CHUO_PAI, TIEN_GOW = "chuo-pai", "tien-gow"
GAMES: tuple[str, ...] = (CHUO_PAI, TIEN_GOW)
SEAT_COUNT = {CHUO_PAI: cp.SEATS, TIEN_GOW: tg.SEATS}

JUDGE, BEAT_OR_PASS, BONUS, ROUND, TRICK, SETTLEMENT = (
    "judge", "beat-or-pass", "bonus", "round", "trick", "settlement")
KINDS: dict[str, tuple[str, ...]] = {
    CHUO_PAI: (JUDGE, BEAT_OR_PASS, BONUS, ROUND),
    TIEN_GOW: (JUDGE, BEAT_OR_PASS, TRICK, SETTLEMENT),
}
# judge answers (the API's words)
BEATS, DOES_NOT_BEAT, NOT_A_PLAY = "beats", "does-not-beat", "not-a-play"
JUDGE_ANSWERS = (BEATS, DOES_NOT_BEAT, NOT_A_PLAY)
PASS, NONE = "pass", "none"
# round (Chuo Pai) and trick (Tien Gow) questions: a seat (or "none") or a number
ROUND_QUESTIONS = ("next-to-act", "winner", "next-leader", "scored", "removed")
TRICK_QUESTIONS = ("winner", "pillars")
NUMBER_QUESTIONS = ("scored", "removed", "pillars")

VALUE_KINDS: dict[str, frozenset[str] | None] = {
    "n": None,
    "cp": frozenset(TILE_BY_KEY),
    "tg": frozenset(TILE_BY_KEY),
    "rule": None,
    "family": frozenset((*cpf.FAMILIES, cpf.SPECIAL)),
    "special": frozenset(cpf.SPECIAL_TYPES),
    "mixed": frozenset(name for name, _head, _total in MIXED_TYPES),
    "set": frozenset(("single", "civil-pair", "military-pair", "supreme", "mixed-pair",
                      "mixed-triple", "quartet")),
    "suit": frozenset(("civil", "military")),
    "seat": frozenset(("0", "1", "2", "3")),
}
PLACEHOLDER_RE = re.compile(r"\{([a-z][a-z0-9_]*)=([a-z]+):([^}\s]+)\}")
RULE_RE = re.compile(r"^(CP|TG)-([1-9][0-9]?)$")


class ContentError(ValueError):
    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where, self.problem = where, problem


# -- texts -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Value:
    """A placeholder's value, inserted untranslated: a number, a glossary name, a rule link."""

    name: str
    kind: str
    arg: str

    def describe(self) -> str:
        """What the placeholder stands for, for translators."""
        what = {
            "n": f"the number {self.arg}",
            "cp": f"the glossary's Chuo Pai name of the card {self.arg}",
            "tg": f"the glossary's Tien Gow name of the tile {self.arg}",
            "rule": f"a link to rule {self.arg}",
            "family": f"the glossary's name of the Chuo Pai family {self.arg}",
            "special": f"the glossary's name of the special combination {self.arg}",
            "mixed": f"the glossary's name of the mixed set {self.arg}",
            "set": f"the glossary's name of the set kind {self.arg}",
            "suit": f"the glossary's name of the suit {self.arg}",
            "seat": f"a player's name (seat {self.arg})",
        }[self.kind]
        return f"%({self.name})s = {what}"


@dataclass(frozen=True, slots=True)
class Text:
    """One translatable message of a lesson: gettext context ``ctx``, English ``msgid``."""

    ctx: str
    msgid: str
    values: tuple[Value, ...]
    note: str = ""

    def comments(self) -> list[str]:
        return ([self.note] if self.note else []) + [v.describe() for v in self.values]


def make_text(source: object, ctx: str, note: str, where: str) -> Text:
    """Parse one English message: ``{name=kind:arg}`` placeholders, ``**bold**``, `` `1-2` ``."""
    if not isinstance(source, str) or not source.strip():
        raise ContentError(where, f"{note}: expected text")
    values: dict[str, Value] = {}

    def replace(match: re.Match[str]) -> str:
        name, kind, arg = match.groups()
        if kind not in VALUE_KINDS:
            raise ContentError(where, f"unknown placeholder kind {kind!r}")
        allowed = VALUE_KINDS[kind]
        if kind == "n" and not arg.isdigit():
            raise ContentError(where, f"not a number: {arg!r}")
        if kind == "rule" and not RULE_RE.match(arg):
            raise ContentError(where, f"not a rule: {arg!r}")
        if allowed is not None and arg not in allowed:
            raise ContentError(where, f"unknown {kind} {arg!r}")
        value = Value(name, kind, arg)
        if values.setdefault(name, value) != value:
            raise ContentError(where, f"placeholder {name!r} used with two values")
        return f"%({name})s"

    msgid = PLACEHOLDER_RE.sub(replace, " ".join(source.split()))
    if "{" in msgid or "}" in msgid:
        raise ContentError(where, f"malformed placeholder in {source!r}")
    if re.search(r"%(?!\([a-z][a-z0-9_]*\)s)", msgid):
        raise ContentError(where, "a bare % sign")
    if re.search(r"[0-9]", re.sub(r"`[^`]*`|%\([a-z0-9_]+\)s", "", msgid)):
        raise ContentError(where, f"digits in prose must be placeholders {{x=n:…}}: {source!r}")
    if msgid.count("**") % 2 or msgid.count("`") % 2:
        raise ContentError(where, "unbalanced ** or `")
    for notation in re.findall(r"`([^`]*)`", msgid):
        lesson_tiles(notation, where)
    return Text(ctx, msgid, tuple(values.values()), note)


# -- values ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Figure:
    """Drawn tiles: groups of keys (``wrong`` marks them as no legal play), or a ladder."""

    groups: tuple[tuple[str, ...], ...]
    ladder: str | None
    caption: Text | None
    wrong: bool = False


@dataclass(frozen=True, slots=True)
class Explanation:
    """A step that teaches: paragraphs, pictures, and the rules it states."""

    number: int
    paragraphs: tuple[Text, ...]
    figures: tuple[Figure, ...]
    rules: tuple[str, ...]
    kind: str = "explain"


@dataclass(frozen=True, slots=True)
class Solution:
    """What the engine says about a puzzle.

    ``answers``: every accepted answer (the API's form: judge words, canonical notations, "pass",
    "none", seat numbers as text, numbers, or payment dictionaries). ``reason``: the engine's
    reason code for judge puzzles ("ok", "different-family" …). ``details``: what the feedback
    needs to explain the answer (the plays of a round, the settlement's parts …).
    """

    answers: tuple[Any, ...]
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Puzzle:
    game: str
    id: str
    kind: str
    rules: tuple[str, ...]
    lesson: str | None = None  # None for a practice puzzle
    number: int = 0  # the step's number in its lesson
    # judge / beat-or-pass
    current: str | None = None
    play: str | None = None
    hand: str | None = None
    pillars_held: int | None = None  # Tien Gow beat-or-pass: the follower's pillars (TG-12)
    # round (Chuo Pai) / trick (Tien Gow)
    hands: tuple[str, ...] = ()
    leader: int = 0
    actions: tuple[str, ...] = ()  # round: plays and "pass"; trick: "up:…"/"down:…" after the lead
    question: str = ""
    # settlement (Tien Gow)
    banker: int = 0
    pillars: tuple[int, ...] = ()
    winner: int = 0
    lead: str | None = None
    won_with: str | None = None
    # the author's claim, checked against the engine by the content test
    expect: Any = None
    prompt: Text | None = None
    hint: Text | None = None
    difficulty: str = ""  # practice puzzles: easy, medium, hard

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"

    def hand_tiles(self) -> tuple[Tile, ...]:
        """The hand (beat-or-pass, bonus) in display order; form values are indices into it."""
        return sort_for(self.game, parse_tiles(self.hand or "", allow_empty=True))

    @cached_property
    def solution(self) -> Solution:
        # Imported here, not at the top: solving builds on these values, so they must load
        # without it.
        from paiyou.puzzles.solving import solve

        return solve(self)

    def as_api(self) -> dict[str, Any]:
        """The puzzle for ``GET /api/v1/<game>/puzzles``."""
        data: dict[str, Any] = {"id": self.id, "lesson": self.lesson, "rules": list(self.rules),
                                "kind": self.kind}
        if self.kind == JUDGE:
            data.update(current=self.current, play=self.play)
        elif self.kind == BEAT_OR_PASS:
            data.update(current=self.current, hand=self.hand)
            if self.game == TIEN_GOW:
                data.update(pillars=self.pillars_held, last_trick=is_last_trick(self))
        elif self.kind == BONUS:
            data.update(hand=self.hand)
        elif self.kind == ROUND:
            data.update(hands=list(self.hands), leader=self.leader, actions=list(self.actions),
                        question=self.question)
        elif self.kind == TRICK:
            data.update(leader=self.leader, lead=self.lead, actions=list(self.actions),
                        question=self.question)
        elif self.kind == SETTLEMENT:
            data.update(banker=self.banker, pillars=list(self.pillars), winner=self.winner,
                        leader=self.leader, lead=self.lead, won_with=self.won_with)
        data["answers"] = list(self.solution.answers)
        return data


Step = Explanation | Puzzle


@dataclass(frozen=True, slots=True)
class Lesson:
    game: str
    id: str
    number: int
    title: Text
    summary: Text
    steps: tuple[Step, ...]

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(s for s in self.steps if isinstance(s, Puzzle))

    def rules(self) -> set[str]:
        return {r for s in self.steps for r in s.rules}

    def texts(self) -> Iterator[Text]:
        yield self.title
        yield self.summary
        for step in self.steps:
            if isinstance(step, Explanation):
                yield from step.paragraphs
                yield from (f.caption for f in step.figures if f.caption is not None)
            else:
                yield from (t for t in (step.prompt, step.hint) if t is not None)


# -- helpers -----------------------------------------------------------------------------------

def lesson_tiles(notation: object, where: str) -> tuple[Tile, ...]:
    """Tiles written in a lesson; ContentError naming ``where`` when the notation is bad."""
    if not isinstance(notation, str):
        raise ContentError(where, f"expected tile notation, got {notation!r}")
    try:
        return parse_tiles(notation, allow_empty=True)
    except EngineError as error:
        raise ContentError(where, f"bad tiles {notation!r}: {error}") from None


def sort_for(game: str, tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Tiles in the game's display order (Chuo Pai: family, strongest first; Tien Gow: canonical)."""
    if game == CHUO_PAI:
        return tuple(sorted(tiles, key=cpf.display_key))
    return tgl.sort_tiles(tiles)


def canonical(game: str, notation: str) -> str:
    """Notation in the game's canonical order (classified plays keep the engine's order)."""
    tiles = parse_tiles(notation, allow_empty=True)
    if game == CHUO_PAI:
        play = cp.classify(tiles)
        return play.notation if play else " ".join(t.key for t in sort_for(game, tiles))
    return " ".join(t.key for t in tgl.sort_tiles(tiles))


def counts(tiles: Sequence[Tile]) -> tuple[int, ...]:
    found = [0] * len(TILE_BY_KEY)
    for t in tiles:
        found[t.index] += 1
    return tuple(found)


def is_last_trick(puzzle: Puzzle) -> bool:
    """Tien Gow: the follower's hand holds exactly as many tiles as were led (TG-11, TG-12)."""
    if puzzle.current is None or puzzle.hand is None:
        return False
    return len(parse_tiles(puzzle.hand)) == len(parse_tiles(puzzle.current))
