"""Babel extractor for the rules texts (``content/rules/<game>.md``).

Registered in ``translations/rules.cfg``::

    [extractors]
    rules_content = paiyou.content.extract:extract_rules
    [rules_content: content/rules/*.md]

Each heading, paragraph, list item, caption and table cell becomes one ``pgettext`` message with
the context ``<game>#<section-id>`` (for example ``chuo-pai#beating``); the extracted comments
tell translators what every named placeholder stands for. The game is the file's name;
``README.md`` (the format's description) is skipped.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from paiyou.content.rules import GAMES, game_of, parse


def extract_rules(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    name = getattr(fileobj, "name", "")
    game = game_of(name)
    if game not in GAMES:
        return
    document = parse(fileobj.read().decode("utf-8"), game, name)
    for text in document.texts():
        yield text.line, "pgettext", (text.ctx, text.msgid), text.comments()
