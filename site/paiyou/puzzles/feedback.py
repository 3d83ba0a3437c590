"""Everything a puzzle says, in the learner's language: the question, the hint, the verdict and
why, and "every play that would beat this". Each kind words its own (``Puzzle.ask``, ``nudge``,
``explanation`` … in ``paiyou.puzzles.kinds`` and ``paiyou.games.<game>.puzzles``), from the
engine's answers and reason codes (``paiyou.reasons``) and the glossary's names; gettext domain
``puzzles``.
"""
from __future__ import annotations

from collections.abc import Sequence

from paiyou.puzzles.kinds import RIGHT, WRONG, game_puzzles, headline, seat_name
from paiyou.puzzles.model import BEAT_OR_PASS, Answer, Puzzle, Verdict

__all__ = ["RIGHT", "WRONG", "headline", "seat_name", "seat_names", "prompt", "situation", "hint",
           "explanation", "beaters", "settlement_rows", "early_death"]


def seat_names(game: str) -> list[str]:
    return [str(name) for name in game_puzzles(game).seat_names]


def prompt(puzzle: Puzzle) -> str:
    if puzzle.prompt is not None:
        return ""  # the lesson's own prompt is rendered by the view (it may hold markup)
    return puzzle.ask()


def situation(puzzle: Puzzle) -> str:
    """A sentence about the position that the tiles alone do not show ("" when none)."""
    return puzzle.situation()


def hint(puzzle: Puzzle) -> str:
    """A nudge made from the engine's verdict, which never gives the answer away."""
    return puzzle.nudge()


def explanation(puzzle: Puzzle, answer: Answer, verdict: Verdict) -> str:
    """Why the answer is right or wrong, in a sentence or two."""
    return puzzle.explanation(answer, verdict)


def beaters(puzzle: Puzzle) -> list[str] | None:
    """Judge: every play of the game that beats the current one; beat-or-pass: every play from
    the hand that beats it (empty: none, you must pass). None when the question has no current."""
    return puzzle.beaters()


def settlement_rows(puzzle: Puzzle) -> Sequence[object]:
    return puzzle.settlement_rows()


def early_death(puzzle: Puzzle) -> bool:
    return puzzle.kind == BEAT_OR_PASS and puzzle.solution.reason == "early-death"
