"""Babel extractor for the lesson files (``content/puzzles/<game>/NN-<id>.toml``).

Registered in ``translations/puzzles.cfg``::

    [extractors]
    puzzle_lessons = paiyou.puzzles.extract:extract_lessons
    [puzzle_lessons: content/puzzles/**.toml]

Every title, summary, paragraph, caption, prompt and hint becomes one ``pgettext`` message with
the context ``<game>/<lesson-id>``; the extracted comments say what each placeholder stands for.
This module is separate from ``paiyou.content.extract`` (the rules texts), which it does not touch.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from paiyou.puzzles.loading import parse_lesson
from paiyou.puzzles.model import GAMES


def extract_lessons(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    path = Path(getattr(fileobj, "name", ""))
    game = path.parent.name
    if game not in GAMES:
        return
    lesson = parse_lesson(fileobj.read().decode("utf-8"), game, str(path))
    for number, text in enumerate(lesson.texts(), start=1):
        yield number, "pgettext", (text.ctx, text.msgid), text.comments()
