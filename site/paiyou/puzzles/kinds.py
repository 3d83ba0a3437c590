"""What differs between the games' puzzles, behind one Protocol, and the kinds both games share.

Each game's half lives in ``paiyou.games.<game>.puzzles`` as an object ``PUZZLES`` that is a
``GamePuzzles``: its puzzle kinds (classes), its tile order, seats, ladders, the placeholder kinds
its lessons may use, and its practice puzzles. ``game_puzzles(key)`` finds it for any game the
engine knows; nothing here names a game.

``JudgePuzzle`` ("does this beat it?") and ``BeatOrPassPuzzle`` (pick a play from a hand, or
pass) are kinds every game has; a game subclasses them with its own words. ``PlayQuestion`` is
the base of a game's own kinds that ask a seat or a number about plays from a lead, and
``SimplePractice`` the base of practice rules with no special position.
"""
from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Protocol, TypedDict, Unpack, cast

from markupsafe import Markup, escape

from engine.games import game as engine_game
from engine.tiles import Tile, parse_tiles
from paiyou import reasons
from paiyou.content.model import Placeholder
from paiyou.i18n import names
from paiyou.puzzles.checking import read_choice, read_number, read_seat, read_tiles
from paiyou.puzzles.gettext import LazyString, lazy_pgettext
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BEATS,
    DOES_NOT_BEAT,
    JUDGE,
    JUDGE_ANSWERS,
    NONE,
    NOT_A_PLAY,
    PASS,
    Answer,
    AnswerValue,
    CommonFields,
    ContentError,
    FormLike,
    Puzzle,
    Solution,
    Verdict,
    lesson_int,
    lesson_notation,
    lesson_tiles,
)
from paiyou.registry import GAME_KEYS, game_module


@dataclass(frozen=True, slots=True)
class LessonPlaceholder:
    """A placeholder kind of the lessons: how it is checked and described, and drawn in a page."""

    placeholder: Placeholder
    html: Callable[[str], Markup]


class GamePuzzles(Protocol):
    """One game's puzzles (``paiyou.games.<game>.puzzles.PUZZLES``)."""

    @property
    def key(self) -> str: ...

    @property
    def seats(self) -> int: ...

    @property
    def rule_prefix(self) -> str:
        """The rules' names: ``CP`` for CP-1 … (the lesson files name them)."""

    @property
    def rule_count(self) -> int: ...

    @property
    def kinds(self) -> Mapping[str, type[Puzzle]]:
        """The game's puzzle kinds by name, in the order the lesson format lists them."""

    @property
    def ladders(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """Each ladder a lesson can draw: its ranks, strongest first, as tile keys."""

    @property
    def placeholders(self) -> Mapping[str, LessonPlaceholder]:
        """The placeholder kinds this game adds to the lessons (tile and set names …)."""

    @property
    def seat_names(self) -> tuple[LazyString, ...]: ...

    def sort(self, tiles: Sequence[Tile]) -> tuple[Tile, ...]:
        """Tiles in the game's display order."""

    def canonical(self, notation: str) -> str:
        """Notation in the game's canonical order."""

    @property
    def practice(self) -> PracticeRules:
        """How practice puzzles are made from the game's deals."""


class PlayLike(Protocol):
    """An engine play or set: what practice needs of it."""

    @property
    def notation(self) -> str: ...


class PracticeRules(Protocol):
    """A game's part in making practice puzzles (``paiyou.puzzles.practice``)."""

    def hand_size(self, level: str) -> int: ...

    def level_description(self, level: str) -> str:
        """What the practice puzzles of ``level`` (``paiyou.puzzles.practice.LEVELS``) hold, in the
        game's own words (cards or tiles), in the page's language."""

    def hands(self, seed: int) -> list[tuple[Tile, ...]]:
        """The hands of the engine's deal ``seed``, the learner's first."""

    def leads(self, hand: tuple[Tile, ...], max_size: int) -> list[PlayLike]:
        """The plays ``hand`` could lead, up to ``max_size`` tiles."""

    def is_play(self, tiles: tuple[Tile, ...]) -> bool: ...

    def beats(self, current: PlayLike, play: PlayLike) -> bool: ...

    def why_not(self, current: PlayLike, play: PlayLike) -> str:
        """The engine's reason code why ``play`` does not beat ``current``."""

    def special_position(self, level: str, rng: random.Random, currents: list[PlayLike],
                         hand: list[Tile]) -> BeatOrPassPuzzle | None:
        """A beat-or-pass position only this game has (drawn from ``rng``), or None."""

    def beat_or_pass(self, rng: random.Random, current: PlayLike, hand: list[Tile]) -> BeatOrPassPuzzle:
        """The beat-or-pass puzzle over ``current`` with ``hand`` (id and rules come later)."""

    def rules(self, kind: str, reason: str) -> tuple[str, ...]:
        """The rules a practice puzzle teaches, from its kind and the engine's reason code."""


@dataclass(frozen=True)
class RoomPuzzles:
    """A ``GamePuzzles`` made of its parts: a room fills one in (``PUZZLES = RoomPuzzles(...)``)."""

    key: str
    seats: int
    rule_prefix: str
    rule_count: int
    kinds: Mapping[str, type[Puzzle]]
    ladders: Mapping[str, tuple[tuple[str, ...], ...]]
    placeholders: Mapping[str, LessonPlaceholder]
    seat_names: tuple[LazyString, ...]
    practice: PracticeRules
    order: Callable[[Sequence[Tile]], tuple[Tile, ...]]  # the game's display order
    notation: Callable[[str], str]                      # the game's canonical notation

    def sort(self, tiles: Sequence[Tile]) -> tuple[Tile, ...]:
        return self.order(tiles)

    def canonical(self, notation: str) -> str:
        return self.notation(notation)


def allowed_placeholder(kind: str, allowed: Collection[str], about: str) -> Placeholder:
    """A lessons' placeholder whose argument is one of ``allowed``, described as ``about`` (its
    ``{}``: the argument)."""
    return Placeholder(lambda arg: "" if arg in allowed else f"unknown {kind} {arg!r}",
                       lambda arg: about.format(arg))


def named_placeholder(kind: str, words: Mapping[str, object], about: str,
                      allowed: Collection[str] | None = None) -> LessonPlaceholder:
    """A placeholder drawn as the name ``words`` gives its argument (escaped), checked against
    ``allowed`` (``words``' keys when not given)."""
    return LessonPlaceholder(allowed_placeholder(kind, frozenset(words if allowed is None else allowed), about),
                             lambda arg: escape(str(words[arg])))


def tile_placeholder(game: str, kind: str, allowed: Collection[str], about: str) -> LessonPlaceholder:
    """A placeholder naming a tile with the glossary's name in ``game``."""
    return LessonPlaceholder(allowed_placeholder(kind, frozenset(allowed), about),
                             lambda arg: Markup('<span class="tile-name">%s</span>') % str(names.tile_name(arg, game)))


@cache
def game_puzzles(key: str) -> GamePuzzles:
    """The puzzles of the game ``key`` (KeyError for a game the engine does not know)."""
    return cast(GamePuzzles, game_module(key, "puzzles").PUZZLES)


def all_games() -> dict[str, GamePuzzles]:
    return {key: game_puzzles(key) for key in GAME_KEYS}


def seat_name(game: str, seat: int | str) -> str:
    return str(game_puzzles(game).seat_names[int(seat)])


def tile_keys(tiles: Sequence[Tile]) -> str:
    return " ".join(t.key for t in tiles)


RIGHT = (
    lazy_pgettext("verdict", "Right!"),
    lazy_pgettext("verdict", "Well done!"),
    lazy_pgettext("verdict", "Exactly!"),
    lazy_pgettext("verdict", "Correct!"),
)
WRONG = (
    lazy_pgettext("verdict", "Not quite."),
    lazy_pgettext("verdict", "Not this time."),
)


def headline(puzzle: Puzzle, correct: bool) -> str:
    """A short verdict, varied by puzzle but the same on every visit."""
    words = RIGHT if correct else WRONG
    return str(words[zlib.crc32(puzzle.key.encode()) % len(words)])


# -- the kinds every game has ------------------------------------------------------------------

@dataclass(frozen=True)
class JudgeSolution(Solution):
    play: object = None  # the engine's reading of the proposed play (None when it is none)


@dataclass(frozen=True, kw_only=True)
class JudgePuzzle(Puzzle):
    """Does ``play`` beat ``current`` (or, without a current play, is it a play at all)?"""

    kind = JUDGE
    keys = frozenset({"id", "kind", "rules", "current", "play", "answer", "prompt", "hint"})

    current: str | None = None
    play: str = ""

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> JudgePuzzle:
        found = data.get("current")
        current = None if found is None else game_puzzles(common["game"]).canonical(lesson_notation(found, where))
        return cls(current=current, play=lesson_notation(data.get("play"), where), **common)

    def solve(self) -> JudgeSolution:
        judgement = engine_game(self.game).judge(self.current, self.play)
        if not judgement.valid:
            answer = NOT_A_PLAY
        else:
            answer = BEATS if judgement.beats else DOES_NOT_BEAT
        return JudgeSolution((answer,), judgement.reason, judgement.play)

    def api_fields(self) -> dict[str, object]:
        return {"current": self.current, "play": self.play}

    def read_answer(self, form: FormLike) -> Answer | None:
        choice = read_choice(form)
        return Answer(choice, fields=(("answer", choice),)) if choice in JUDGE_ANSWERS else None

    def check(self, answer: Answer) -> Verdict:
        solution = self.solution
        return Verdict(answer.choice in solution.answers, solution.reason)

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        return reasons.explain(self.game, self.solution.reason, self.current, self.play)


class BeatOrPassPosition(TypedDict):
    """A beat-or-pass step's position as the game writes it (``BeatOrPassPuzzle.position``)."""

    current: str
    hand: str


@dataclass(frozen=True, kw_only=True)
class BeatOrPassPuzzle(Puzzle):
    """Beat ``current`` with a play from ``hand``, or pass when the rules allow nothing else."""

    kind = BEAT_OR_PASS
    picks_from_hand = True

    current: str = ""
    hand: str = ""

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> BeatOrPassPuzzle:
        return cls(**cls.position(data, where, common["game"]), **common)

    @staticmethod
    def position(data: Mapping[str, object], where: str, game: str) -> BeatOrPassPosition:
        """The current play and the hand, as the game writes them."""
        found = data.get("current")
        if found is None:
            raise ContentError(where, "beat-or-pass needs the current play")
        current = lesson_notation(found, where)
        puzzles = game_puzzles(game)
        if not lesson_tiles(data.get("hand"), where):
            raise ContentError(where, "an empty hand")
        return {"current": puzzles.canonical(current),
                "hand": tile_keys(puzzles.sort(lesson_tiles(data["hand"], where)))}

    def hand_tiles(self) -> tuple[Tile, ...]:
        return game_puzzles(self.game).sort(parse_tiles(self.hand, allow_empty=True))

    def api_fields(self) -> dict[str, object]:
        return {"current": self.current, "hand": self.hand}

    def expected_answers(self) -> tuple[AnswerValue, ...]:
        return expected_plays(self.game, self.expect)

    def read_answer(self, form: FormLike) -> Answer | None:
        choice = read_choice(form)
        if choice is None:
            return None
        return read_tiles(form, choice, self.hand_tiles(), PASS, game_puzzles(self.game).sort)

    def beaters(self) -> list[str] | None:
        answers = self.solution.answers
        return [] if answers == (PASS,) else [str(a) for a in answers]


def expected_plays(game: str, expect: object) -> tuple[AnswerValue, ...]:
    """An author's answer that is a play, a list of plays, "pass" or "none", made canonical."""
    items = expect if isinstance(expect, list) else [expect]
    canonical = game_puzzles(game).canonical
    return tuple(x if x in (PASS, NONE) else canonical(str(x)) for x in items)


class LeadAndQuestion(TypedDict):
    """A play question's lead and question (``PlayQuestion.lead_and_question``)."""

    leader: int
    actions: tuple[str, ...]
    question: str


@dataclass(frozen=True, kw_only=True)
class PlayQuestion(Puzzle):
    """Plays from a lead (``leader``, then ``actions``) and a question about them, answered by a
    seat (or "none") or, for the kind's ``number_questions``, by a number. A game subclasses it
    with the rest of its position and its words."""

    questions: ClassVar[tuple[str, ...]] = ()  # what the lessons may ask
    number_questions: ClassVar[tuple[str, ...]] = ()

    leader: int
    actions: tuple[str, ...]  # the plays in order, as the game writes them
    question: str

    @classmethod
    def lead_and_question(cls, data: Mapping[str, object], where: str, game: str) -> LeadAndQuestion:
        """The leader, the actions and the question of a lesson's step."""
        leader = lesson_int(data, "leader", where, 0, game_puzzles(game).seats - 1)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ContentError(where, "actions: a list of plays")
        question = data.get("question")
        if not isinstance(question, str) or question not in cls.questions:
            raise ContentError(where, f"question: one of {cls.questions}")
        return {"leader": leader, "actions": tuple(actions), "question": question}

    def expected_answers(self) -> tuple[AnswerValue, ...]:
        e = self.expect
        if self.question in self.number_questions:
            return (e,)  # type: ignore[return-value]
        return (e if e == NONE else str(e),)

    def read_answer(self, form: FormLike) -> Answer | None:
        choice = read_choice(form)
        if choice != "check":
            return None
        if self.question in self.number_questions:
            return read_number(form, choice)
        return read_seat(form, choice, {str(s) for s in range(game_puzzles(self.game).seats)} | {NONE})

    def check(self, answer: Answer) -> Verdict:
        given = answer.number if self.question in self.number_questions else answer.seat
        right = given in self.solution.answers
        return Verdict(right, "right" if right else "wrong")


class SimplePractice:
    """The practice rules of a game whose beat-or-pass puzzles are nothing but a play to beat and
    a hand: no special position. A room's ``Practice`` subclasses it with the rest of the rules."""

    def __init__(self, game: str, beat_or_pass_kind: type[BeatOrPassPuzzle]) -> None:
        self.game = game
        self.beat_or_pass_kind = beat_or_pass_kind

    def special_position(self, level: str, rng: random.Random, currents: list[PlayLike],
                         hand: list[Tile]) -> BeatOrPassPuzzle | None:
        return None

    def beat_or_pass(self, rng: random.Random, current: PlayLike, hand: list[Tile]) -> BeatOrPassPuzzle:
        return self.beat_or_pass_kind(game=self.game, id="", rules=(), current=current.notation,
                                      hand=tile_keys(game_puzzles(self.game).sort(hand)))
