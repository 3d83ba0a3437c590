"""A learner's answer, read from a form or a URL's query, and checked against the engine's solution.

The same fields serve the POST (the form) and the GET that shows the result (the query string of
the redirect), so a result has a URL that reproduces it:

- ``answer``: judge: ``beats`` / ``does-not-beat`` / ``not-a-play``; beat-or-pass: ``play`` or
  ``pass``; bonus: ``play`` or ``none``; round, trick, settlement: ``check``.
- ``tile`` (repeated): indices into the puzzle's hand as displayed (``Puzzle.hand_tiles()``).
- ``seat``: a seat number or ``none``; ``number``: a whole number.
- ``dir-<seat>`` (``pays`` / ``receives``) and ``pay-<seat>``: a settlement line per opponent.

Anything malformed is treated as "no answer", never as an error. Each kind reads and checks its
own answers (``Puzzle.read_answer``, ``Puzzle.check``) with the helpers here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.tiles import Tile
from paiyou.i18n.numerals import parse_whole_number
from paiyou.puzzles.model import Answer, FormLike, Puzzle, Verdict

__all__ = ["Answer", "Verdict", "FormLike", "read_answer", "check", "read_int", "read_choice",
           "read_tiles", "read_seat", "read_number", "read_payments"]

MAX_NUMBER = 10_000


def read_int(value: object) -> int | None:
    number = parse_whole_number(value, max_digits=len(str(MAX_NUMBER)))
    return number if number is not None and number <= MAX_NUMBER else None


_int = read_int  # its earlier name (tests/site/test_numerals.py)


def field(form: FormLike, key: str, default: str | None = None) -> str | None:
    """One field of ``form`` (its first value), or ``default``."""
    return form[key] if key in form else default


def read_choice(form: FormLike) -> str | None:
    choice = field(form, "answer")
    return choice if isinstance(choice, str) and choice else None


def read_tiles(form: FormLike, choice: str, hand: Sequence[Tile], skip: str,
               order: Callable[[Sequence[Tile]], tuple[Tile, ...]]) -> Answer | None:
    """``skip`` ("pass", "none") or ``play`` with the tiles picked from ``hand`` (in ``order``)."""
    if choice == skip:
        return Answer(choice, fields=(("answer", choice),))
    if choice != "play":
        return None
    indices = sorted({i for i in (read_int(v) for v in form.getlist("tile")) if i is not None
                      and 0 <= i < len(hand)})
    tiles = order([hand[i] for i in indices])
    fields = tuple(("tile", str(i)) for i in indices) + (("answer", choice),)
    return Answer(choice, tuple(indices), tiles, fields=fields)


def read_number(form: FormLike, choice: str) -> Answer | None:
    number = read_int(field(form, "number"))
    if number is None or number < 0:
        return None
    return Answer(choice, number=number, fields=(("number", str(number)), ("answer", choice)))


def read_seat(form: FormLike, choice: str, seats: set[str]) -> Answer | None:
    seat = field(form, "seat")
    if seat is None or seat not in seats:
        return None
    return Answer(choice, seat=seat, fields=(("seat", seat), ("answer", choice)))


def read_payments(form: FormLike, choice: str, seats: Sequence[int]) -> Answer | None:
    """A settlement: for each of ``seats``, the amount paid to the winner (negative: received)."""
    payments: dict[str, int] = {}
    fields: list[tuple[str, str]] = []
    for seat in seats:
        amount = read_int(field(form, f"pay-{seat}"))
        direction = field(form, f"dir-{seat}", "pays")
        if amount is None or amount < 0 or direction is None or direction not in ("pays", "receives"):
            return None
        payments[str(seat)] = amount if direction == "pays" else -amount
        fields += [(f"dir-{seat}", direction), (f"pay-{seat}", str(amount))]
    return Answer(choice, payments=payments, fields=(*fields, ("answer", choice)))


def read_answer(puzzle: Puzzle, form: FormLike) -> Answer | None:
    """The answer in ``form`` (a request's form or args), or None when there is none."""
    return puzzle.read_answer(form)


def check(puzzle: Puzzle, answer: Answer) -> Verdict:
    """Is ``answer`` one the engine accepts? And the code that explains the verdict."""
    return puzzle.check(answer)
