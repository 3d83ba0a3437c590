"""Lessons and puzzles as values: steps, the puzzle kinds' common shape, answers and verdicts.

Answers are never stored: a puzzle states a position and ``Puzzle.solution`` asks the engine
(each kind's ``solve``) which answers are right. Every kind is a frozen dataclass of its own, with
typed fields and a typed solution: the kinds both games share are in ``paiyou.puzzles.kinds``,
a game's own kinds in ``paiyou.games.<game>.puzzles``. Lesson files become these values in
``loading``.

This module imports no Flask and no game: the views and the Babel extractor both use it.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import ClassVar, Protocol, TypedDict, TypeVar, Unpack

from engine.errors import EngineError
from engine.games import GAME_KEYS
from engine.tiles import Tile, parse_tiles
from paiyou.content.model import ContentError, Text, Value

__all__ = [
    "ContentError", "Text", "Value", "Figure", "Explanation", "Solution", "Puzzle", "Step", "Lesson",
    "Answer", "Verdict", "FormLike", "AnswerValue", "lesson_tiles", "lesson_int",
]

GAMES: tuple[str, ...] = GAME_KEYS
# the kinds every game has (paiyou.puzzles.kinds); each game names its own kinds in its room
JUDGE, BEAT_OR_PASS = "judge", "beat-or-pass"
# judge answers (the API's words)
BEATS, DOES_NOT_BEAT, NOT_A_PLAY = "beats", "does-not-beat", "not-a-play"
JUDGE_ANSWERS = (BEATS, DOES_NOT_BEAT, NOT_A_PLAY)
PASS, NONE = "pass", "none"

AnswerValue = str | int | Mapping[str, int]


# -- steps that teach --------------------------------------------------------------------------

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


# -- answers -----------------------------------------------------------------------------------

class FormLike(Protocol):
    """A request's form or query (``werkzeug``'s ``MultiDict``)."""

    def __contains__(self, key: object, /) -> bool: ...

    def __getitem__(self, key: str, /) -> str: ...

    def getlist(self, key: str) -> list[str]: ...


@dataclass(frozen=True)
class Answer:
    """What the learner answered. ``choice`` is the button or seat; ``tiles`` the selected tiles
    (with their indices); ``number`` a number; ``payments`` seat -> amount paid to the winner."""

    choice: str
    indices: tuple[int, ...] = ()
    tiles: tuple[Tile, ...] = ()
    number: int | None = None
    seat: str | None = None
    payments: dict[str, int] = field(default_factory=dict)
    fields: tuple[tuple[str, str], ...] = ()  # the query that reproduces it

    @property
    def notation(self) -> str:
        return " ".join(t.key for t in self.tiles)


@dataclass(frozen=True)
class Verdict:
    """``correct``, and ``code``: the engine's reason code (judge; a wrong play) or a puzzle code
    (``must-beat``, ``could-beat``, ``no-tiles``, ``bonus-…``, ``right``, ``wrong``)."""

    correct: bool
    code: str


# -- puzzles -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    """What the engine says about a puzzle: every accepted answer (the API's form: judge words,
    canonical notations, "pass", "none", seat numbers as text, numbers, or payments by seat) and
    a reason code ("ok", "different-family", "must-pass" …). A kind that explains more has its
    own subclass with typed fields (the plays of a round, the parts of a settlement …)."""

    answers: tuple[AnswerValue, ...]
    reason: str = ""

    @property
    def details(self) -> Mapping[str, object]:
        """The subclass's own fields by name (read-only)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("answers", "reason")}


SolutionT = TypeVar("SolutionT", bound=Solution)


class CommonFields(TypedDict):
    """The fields every kind has, as the loader reads them from a lesson's step (``Puzzle.parse``)."""

    game: str
    id: str
    rules: tuple[str, ...]
    lesson: str | None
    number: int
    expect: object
    prompt: Text | None
    hint: Text | None


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """What every puzzle kind has. A kind subclasses it with its position's fields and answers
    the questions below; ``kind`` names it in the lesson files, the forms and the API."""

    kind: ClassVar[str]
    keys: ClassVar[frozenset[str]] = frozenset()  # the lesson file's keys of this kind
    picks_from_hand: ClassVar[bool] = False  # answered by selecting tiles of a hand (the page's picker)

    game: str
    id: str
    rules: tuple[str, ...]
    lesson: str | None = None  # None for a practice puzzle
    number: int = 0  # the step's number in its lesson
    expect: object = None  # the author's claim, checked against the engine by the content test
    prompt: Text | None = None
    hint: Text | None = None
    difficulty: str = ""  # practice puzzles: easy, medium, hard

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"

    @cached_property
    def solution(self) -> Solution:
        """The engine's answers. ContentError for a position the rules forbid."""
        try:
            return self.solve()
        except EngineError as error:
            raise ContentError(self.key, f"the engine rejects this position: {error}") from None

    def solution_as(self, kind: type[SolutionT]) -> SolutionT:
        """The solution as the kind's own ``Solution`` subclass, which ``solve`` made it."""
        solution = self.solution
        assert isinstance(solution, kind)
        return solution

    def hand_tiles(self) -> tuple[Tile, ...]:
        """The hand the learner picks tiles from, in display order (none by default)."""
        return ()

    def as_api(self) -> dict[str, object]:
        """The puzzle for ``GET /api/v1/<game>/puzzles``."""
        data: dict[str, object] = {"id": self.id, "lesson": self.lesson, "rules": list(self.rules),
                                   "kind": self.kind}
        data.update(self.api_fields())
        data["answers"] = list(self.solution.answers)
        return data

    # -- what each kind answers ----------------------------------------------------------------

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> Puzzle:
        """The puzzle a lesson file's step describes (``common``: the fields every kind has);
        ContentError naming ``where`` for anything malformed."""
        raise NotImplementedError

    def solve(self) -> Solution:
        """The engine's answers to this position."""
        raise NotImplementedError

    def expected_answers(self) -> tuple[AnswerValue, ...]:
        """The author's claim, in the same form as ``Solution.answers``."""
        return (self.expect,)  # type: ignore[return-value]  # checked by the content test

    def api_fields(self) -> dict[str, object]:
        """The position, for the API."""
        raise NotImplementedError

    def read_answer(self, form: FormLike) -> Answer | None:
        """The answer in ``form`` (a request's form or query), or None when there is none."""
        raise NotImplementedError

    def check(self, answer: Answer) -> Verdict:
        """Is ``answer`` one the engine accepts? And the code that explains the verdict."""
        raise NotImplementedError

    # -- what each kind says (in the learner's language: call these in a request) --------------

    def ask(self) -> str:
        """The question, when the lesson has no prompt of its own."""
        raise NotImplementedError

    def nudge(self) -> str:
        """A hint made from the engine's verdict, which never gives the answer away."""
        raise NotImplementedError

    def situation(self) -> str:
        """A sentence about the position that the tiles alone do not show ("" when none)."""
        return ""

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        """Why the answer is right or wrong, in a sentence or two."""
        raise NotImplementedError

    def beaters(self) -> list[str] | None:
        """Every play that would beat the current one, when the kind has a current play."""
        return None

    def settlement_rows(self) -> Sequence[object]:
        """The rows of a settlement table shown with the verdict (none by default): the room's own
        records, which only its ``settlement_table`` macro reads."""
        return []


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


def lesson_notation(notation: object, where: str) -> str:
    """Tile notation written in a lesson, as written (``lesson_tiles`` checks it)."""
    lesson_tiles(notation, where)
    assert isinstance(notation, str)  # lesson_tiles refuses anything else
    return notation


def lesson_int(data: Mapping[str, object], key: str, where: str, lo: int, hi: int,
               default: int | None = None) -> int:
    """A whole number from ``lo`` to ``hi`` written in a lesson."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(where, f"{key}: a whole number from {lo} to {hi}")
    return value
