"""The engine decides: every puzzle's right answers, from the game's engine package.

Each kind solves its own position (``Puzzle.solve``, the engine's answers, which
``Puzzle.solution`` caches); ``expected_answers`` puts the author's claim in the same form, so the
content test can compare the two.
"""
from __future__ import annotations

from paiyou.puzzles.model import AnswerValue, Puzzle, Solution


def solve(puzzle: Puzzle) -> Solution:
    """The engine's answers to ``puzzle``. Raises ContentError for a position the rules forbid."""
    return puzzle.solution


def expected_answers(puzzle: Puzzle) -> tuple[AnswerValue, ...]:
    """The author's claim, in the same form as ``Solution.answers`` (for the content test)."""
    return puzzle.expected_answers()
