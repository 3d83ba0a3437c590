"""Progress per browser, without an account: one cookie per game.

The cookie ``paiyou_puzzles_<game>`` lists the puzzles answered, ``id`` for solved at the first
try, ``id!`` for solved after a wrong answer, ``id?`` for tried but not solved yet, separated by
dots (``cards-1.cards-2!.groups-3?``). It holds nothing hidden (the puzzles are public), so a
plain cookie is enough; it is written on every answer, so nothing is lost on reload. Unknown ids
(a puzzle removed from the content) are dropped when the cookie is read.

Stars per lesson: none until every puzzle of the lesson is solved; then three when all were
solved at the first try, two when at least half were, otherwise one.

First tries and a streak, over the lessons' and the practice puzzles alike: the cookie
``paiyou_streak_<game>`` holds ``<first>.<streak>.<best>.<last>``: how many puzzles were solved
at the first try, the current run of them, the best run, and the last puzzle answered (a second
answer to it, right after a miss or sent again, is a retry: it neither counts nor breaks the
run). A wrong answer ends the run.
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


STREAK_PREFIX = "paiyou_streak_"
_STREAK = re.compile(r"^(\d{1,6})\.(\d{1,6})\.(\d{1,6})\.([A-Za-z0-9:_-]{0,60})$")


def cookie_name(game: str) -> str:
    return COOKIE_PREFIX + game


def streak_cookie_name(game: str) -> str:
    return STREAK_PREFIX + game


@dataclass
class Streak:
    """First-try answers and the run of them (see the module docstring)."""

    first: int = 0
    current: int = 0
    best: int = 0
    last: str = ""  # the last puzzle answered

    @classmethod
    def parse(cls, value: str | None) -> Streak:
        m = _STREAK.match(value or "")
        if not m:
            return cls()
        first, current, best = (int(m.group(n)) for n in (1, 2, 3))
        return cls(first, min(current, best), best, m.group(4))

    def dump(self) -> str:
        return f"{self.first}.{self.current}.{self.best}.{self.last}"

    def record(self, key: str, correct: bool, first_try: bool) -> None:
        """An answer to puzzle ``key``: right at the first try (``first_try``, and not again the
        last puzzle answered) counts and lengthens the run; wrong ends it; a retry changes
        nothing else."""
        key = key[:60]
        if not correct:
            self.current = 0
        elif first_try and key != self.last:
            self.first += 1
            self.current += 1
            self.best = max(self.best, self.current)
        self.last = key


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
