"""Babel extractor for the lessons, one message per ``Text``.

Registered in ``translations/puzzles.cfg``::

    [extractors]
    puzzle_lessons = paiyou.puzzles.extract:extract_lessons
    [puzzle_lessons: content/puzzles/**.toml]

A lesson (``content/puzzles/<game>/NN-<id>.toml``) gives every title, summary, paragraph,
caption, prompt and hint, with the context ``<game>/<lesson-id>``. The extracted comments say what
each placeholder stands for. A course's ``policy.toml`` (what the tests ask of it) has no text.
The rules texts' extractor is the content's (``paiyou.content.extract``).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO

from paiyou.content.model import Message, messages
from paiyou.puzzles.loading import parse_lesson
from paiyou.registry import GAME_KEYS, POLICY_FILE


def extract_lessons(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                    options: Mapping[str, object]) -> Iterator[Message]:
    path = Path(getattr(fileobj, "name", ""))
    game = path.parent.name
    if game not in GAME_KEYS or path.name == POLICY_FILE:
        return
    lesson = parse_lesson(fileobj.read().decode("utf-8"), game, str(path))
    yield from messages(lesson.texts(), lambda number, _text: number)
