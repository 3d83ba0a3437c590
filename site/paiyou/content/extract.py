"""Babel extractors for the content: the rules texts and the lessons, one message per ``Text``.

Registered in ``translations/rules.cfg`` and ``translations/puzzles.cfg``::

    [extractors]
    rules_content = paiyou.content.extract:extract_rules
    [rules_content: content/rules/*.md]

    [extractors]
    puzzle_lessons = paiyou.content.extract:extract_lessons
    [puzzle_lessons: content/puzzles/**.toml]

A rules text (``content/rules/<game>.md``) gives each heading, paragraph, list item, caption and
table cell, with the context ``<game>#<section-id>`` (for example ``chuo-pai#beating``) and its
line number; ``README.md`` (the format's description) is skipped. A lesson
(``content/puzzles/<game>/NN-<id>.toml``) gives every title, summary, paragraph, caption, prompt
and hint, with the context ``<game>/<lesson-id>``. The extracted comments say what each
placeholder stands for. A course's ``policy.toml`` (what the tests ask of it) has no text.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO

from paiyou.content.model import messages
from paiyou.content.rules import game_of, parse
from paiyou.puzzles.loading import POLICY_FILE, parse_lesson
from paiyou.registry import GAME_KEYS

Message = tuple[int, str, tuple[str, str], list[str]]


def extract_rules(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                  options: Mapping[str, object]) -> Iterator[Message]:
    name = getattr(fileobj, "name", "")
    game = game_of(name)
    if game not in GAME_KEYS:
        return
    document = parse(fileobj.read().decode("utf-8"), game, name)
    yield from messages(document.texts(), lambda _number, text: text.line)


def extract_lessons(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                    options: Mapping[str, object]) -> Iterator[Message]:
    path = Path(getattr(fileobj, "name", ""))
    game = path.parent.name
    if game not in GAME_KEYS or path.name == POLICY_FILE:
        return
    lesson = parse_lesson(fileobj.read().decode("utf-8"), game, str(path))
    yield from messages(lesson.texts(), lambda number, _text: number)
