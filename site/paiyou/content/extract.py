"""Babel extractor for the rules texts, one message per ``Text``.

Registered in ``translations/rules.cfg``::

    [extractors]
    rules_content = paiyou.content.extract:extract_rules
    [rules_content: content/rules/*.md]

A rules text (``content/rules/<game>.md``) gives each heading, paragraph, list item, caption and
table cell, with the context ``<game>#<section-id>`` (for example ``chuo-pai#beating``) and its
line number; ``README.md`` (the format's description) is skipped. The extracted comments say what
each placeholder stands for. The lessons' extractor is the puzzles' (``paiyou.puzzles.extract``).

A game's sources (``content/sources/<game>.toml``, ``paiyou.content.sources``) give their messages
through ``extract_sources`` (``[sources_content: content/sources/*.toml]``), with the context
``<game>/sources#<record>``; ``README.md`` and the files of other names are skipped.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO

from paiyou.content import sources
from paiyou.content.model import Message, messages
from paiyou.content.rules import game_of, parse
from paiyou.registry import GAME_KEYS


def extract_rules(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                  options: Mapping[str, object]) -> Iterator[Message]:
    name = getattr(fileobj, "name", "")
    game = game_of(name)
    if game not in GAME_KEYS:
        return
    document = parse(fileobj.read().decode("utf-8"), game, name)
    yield from messages(document.texts(), lambda _number, text: text.line)


def extract_sources(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                    options: Mapping[str, object]) -> Iterator[Message]:
    name = getattr(fileobj, "name", "")
    game = game_of(name)
    if game not in GAME_KEYS:
        return
    document = sources.parse(fileobj.read().decode("utf-8"), game, name)
    yield from messages(document.texts(), lambda number, _text: number)
