"""A learner's answer, read from a form or a URL's query, and checked against the engine's solution.

The same fields serve the POST (the form) and the GET that shows the result (the query string of
the redirect), so a result has a URL that reproduces it:

- ``answer``: judge: ``beats`` / ``does-not-beat`` / ``not-a-play``; beat-or-pass: ``play`` or
  ``pass``; bonus: ``play`` or ``none``; round, trick, settlement: ``check``.
- ``tile`` (repeated): indices into the puzzle's hand as displayed (``Puzzle.hand_tiles()``).
- ``seat``: a seat number or ``none``; ``number``: a whole number.
- ``dir-<seat>`` (``pays`` / ``receives``) and ``pay-<seat>``: a settlement line per opponent.

Anything malformed is treated as "no answer", never as an error.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.tiles import Tile
from paiyou.i18n.numerals import parse_whole_number
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BONUS,
    CHUO_PAI,
    JUDGE,
    JUDGE_ANSWERS,
    NONE,
    NUMBER_QUESTIONS,
    PASS,
    ROUND,
    SEAT_COUNT,
    SETTLEMENT,
    TIEN_GOW,
    TRICK,
    Puzzle,
    is_last_trick,
    sort_for,
)

MAX_NUMBER = 10_000


class FormLike(Protocol):
    def get(self, key: str, default: Any = None) -> Any: ...

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


def _int(value: object) -> int | None:
    number = parse_whole_number(value, max_digits=len(str(MAX_NUMBER)))
    return number if number is not None and number <= MAX_NUMBER else None


def read_answer(puzzle: Puzzle, form: FormLike) -> Answer | None:
    """The answer in ``form`` (a request's form or args), or None when there is none."""
    choice = form.get("answer")
    if not isinstance(choice, str) or not choice:
        return None
    kind = puzzle.kind
    if kind == JUDGE:
        return Answer(choice, fields=(("answer", choice),)) if choice in JUDGE_ANSWERS else None
    if kind in (BEAT_OR_PASS, BONUS):
        hand = puzzle.hand_tiles()
        skip = PASS if kind == BEAT_OR_PASS else NONE
        if choice == skip:
            return Answer(choice, fields=(("answer", choice),))
        if choice != "play":
            return None
        indices = sorted({i for i in (_int(v) for v in form.getlist("tile")) if i is not None
                          and 0 <= i < len(hand)})
        tiles = sort_for(puzzle.game, [hand[i] for i in indices])
        fields = tuple(("tile", str(i)) for i in indices) + (("answer", choice),)
        return Answer(choice, tuple(indices), tiles, fields=fields)
    if choice != "check":
        return None
    if kind in (ROUND, TRICK):
        if puzzle.question in NUMBER_QUESTIONS:
            number = _int(form.get("number"))
            if number is None or number < 0:
                return None
            return Answer(choice, number=number, fields=(("number", str(number)), ("answer", choice)))
        seat = form.get("seat")
        seats = {str(s) for s in range(SEAT_COUNT[puzzle.game])} | {NONE}
        if seat not in seats:
            return None
        return Answer(choice, seat=seat, fields=(("seat", seat), ("answer", choice)))
    if kind == SETTLEMENT:
        payments: dict[str, int] = {}
        fields: list[tuple[str, str]] = []
        for seat in range(SEAT_COUNT[TIEN_GOW]):
            if seat == puzzle.winner:
                continue
            amount = _int(form.get(f"pay-{seat}"))
            direction = form.get(f"dir-{seat}", "pays")
            if amount is None or amount < 0 or direction not in ("pays", "receives"):
                return None
            payments[str(seat)] = amount if direction == "pays" else -amount
            fields += [(f"dir-{seat}", direction), (f"pay-{seat}", str(amount))]
        return Answer(choice, payments=payments, fields=(*fields, ("answer", choice)))
    return None


def check(puzzle: Puzzle, answer: Answer) -> Verdict:
    """Is ``answer`` one the engine accepts? And the code that explains the verdict."""
    solution = puzzle.solution
    kind = puzzle.kind
    if kind == JUDGE:
        return Verdict(answer.choice in solution.answers, solution.reason)
    if kind == BEAT_OR_PASS:
        return _check_beat_or_pass(puzzle, answer)
    if kind == BONUS:
        if answer.choice == NONE:
            right = solution.answers == (NONE,)
            return Verdict(right, "right" if right else "bonus-missed")
        if not answer.tiles:
            return Verdict(False, "no-tiles")
        right = answer.notation in solution.answers
        if right:
            return Verdict(True, "right")
        return Verdict(False, "bonus-none" if solution.answers == (NONE,) else "bonus-wrong")
    if kind in (ROUND, TRICK):
        given: Any = answer.number if puzzle.question in NUMBER_QUESTIONS else answer.seat
        right = given in solution.answers
        return Verdict(right, "right" if right else "wrong")
    if kind == SETTLEMENT:
        right = answer.payments == solution.answers[0]
        return Verdict(right, "right" if right else "wrong")
    return Verdict(False, "wrong")


def _check_beat_or_pass(puzzle: Puzzle, answer: Answer) -> Verdict:
    answers = puzzle.solution.answers
    if answer.choice == PASS:
        if answers == (PASS,):
            return Verdict(True, puzzle.solution.reason)
        return Verdict(False, "must-beat" if puzzle.game == CHUO_PAI else "could-beat")
    if not answer.tiles:
        return Verdict(False, "no-tiles")
    if puzzle.game == CHUO_PAI:
        play = cp.classify(answer.tiles)
        if play is not None and play.notation in answers:
            return Verdict(True, "ok")
        return Verdict(False, cp.judge(puzzle.current, answer.notation).reason)
    notation = answer.notation
    if notation in answers:
        return Verdict(True, "ok")
    high_size = len((puzzle.current or "").split())
    if len(answer.tiles) != high_size:
        return Verdict(False, "wrong-count")
    if (is_last_trick(puzzle) and high_size == 1 and not puzzle.pillars_held
            and tg.classify(answer.tiles) is not None):
        return Verdict(False, "early-death")
    return Verdict(False, tg.judge(puzzle.current, notation).reason)

