"""Progress per browser, without an account: one cookie per game.

The cookie ``paiyou_puzzles_<game>`` lists the puzzles answered, ``id`` for solved at the first
try, ``id!`` for solved after a wrong answer, ``id?`` for tried but not solved yet, separated by
dots (``cards-1.cards-2!.groups-3?``). It holds nothing hidden (the puzzles are public), so a
plain cookie is enough; it is written on every answer, so nothing is lost on reload. Unknown ids
(a puzzle removed from the content) are dropped when the cookie is read.

Stars per lesson: none until every puzzle of the lesson is solved; then three when all were
solved at the first try, two when at least half were, otherwise one.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from paiyou.puzzles.loading import Course
from paiyou.puzzles.model import Lesson

COOKIE_PREFIX = "paiyou_puzzles_"
MAX_AGE = 365 * 24 * 3600
CLEAN, RETRIED, TRIED = "", "!", "?"
_ENTRY = re.compile(r"^([a-z][a-z0-9-]*)([!?]?)$")


def cookie_name(game: str) -> str:
    return COOKIE_PREFIX + game


@dataclass
class Progress:
    """Puzzle id -> CLEAN / RETRIED / TRIED, in the order first answered."""

    states: dict[str, str]

    @classmethod
    def parse(cls, value: str | None, known: Iterable[str]) -> Progress:
        ids = set(known)
        states: dict[str, str] = {}
        for item in (value or "").split("."):
            m = _ENTRY.match(item)
            if m and m.group(1) in ids:
                states[m.group(1)] = m.group(2)
        return cls(states)

    def dump(self) -> str:
        return ".".join(pid + state for pid, state in self.states.items())

    def solved(self, pid: str) -> bool:
        return self.states.get(pid) in (CLEAN, RETRIED)

    def record(self, pid: str, correct: bool) -> None:
        """An answer: a first right answer is clean; a wrong one marks the puzzle as tried."""
        state = self.states.get(pid)
        if correct:
            if state is None:
                self.states[pid] = CLEAN
            elif state == TRIED:
                self.states[pid] = RETRIED
        elif state is None:
            self.states[pid] = TRIED

    def forget(self, ids: Iterable[str]) -> None:
        for pid in ids:
            self.states.pop(pid, None)

    def solved_count(self, lesson: Lesson) -> int:
        return sum(1 for p in lesson.puzzles if self.solved(p.id))

    def stars(self, lesson: Lesson) -> int:
        puzzles = lesson.puzzles
        if not puzzles or not all(self.solved(p.id) for p in puzzles):
            return 0
        clean = sum(1 for p in puzzles if self.states[p.id] == CLEAN)
        if clean == len(puzzles):
            return 3
        return 2 if 2 * clean >= len(puzzles) else 1

    def next_step(self, lesson: Lesson) -> int:
        """The first step not done yet: the first unsolved puzzle, or the lesson's first step
        when nothing is solved (its explanations come first); 1 when all is solved."""
        if not any(self.solved(p.id) for p in lesson.puzzles):
            return 1
        for p in lesson.puzzles:
            if not self.solved(p.id):
                return p.number
        return 1

    def total(self, course: Course) -> int:
        return sum(1 for p in course.puzzles if self.solved(p.id))
