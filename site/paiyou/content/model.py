"""One content model for the rules texts (``content/rules/``) and the lessons (``content/puzzles/``).

A ``Text`` is one translatable message: a gettext context, the English ``msgid`` with named
placeholders ``%(name)s``, and the ``Value`` each placeholder stands for (a number, a tile's name,
a rule link …, inserted untranslated). ``parse_text`` reads the source form ``{name=kind:arg}``;
which kinds a source may use, and what they mean, is its ``Placeholder`` table. Broken content
raises ``ContentError`` naming where, so it fails the tests, never a page.

This module imports no Flask: the Babel extractors use it.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

PLACEHOLDER_RE = re.compile(r"\{([a-z][a-z0-9_]*)=([a-z]+):([^}\s]+)\}")


class ContentError(ValueError):
    """Malformed content: ``where`` (a file, a line, a step) and the ``problem``."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where, self.problem = where, problem


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A kind of placeholder value: ``check(arg)`` names what is wrong with an argument ("" when
    nothing is), ``about(arg)`` says what the value stands for, for translators."""

    check: Callable[[str], str]
    about: Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Value:
    """A placeholder's value, inserted untranslated: a number, a glossary name, a rule link."""

    name: str
    kind: str
    arg: str
    about: str  # what it stands for, for translators

    def describe(self) -> str:
        return f"%({self.name})s = {self.about}"


@dataclass(frozen=True, slots=True)
class Text:
    """One translatable message: gettext context ``ctx``, English ``msgid``, its placeholders."""

    ctx: str
    msgid: str
    values: tuple[Value, ...]
    line: int = 0  # where it starts in its file (rules texts), 0 when not known
    note: str = ""  # what the message is (heading, caption, lesson paragraph …), for translators

    def comments(self) -> list[str]:
        return ([self.note] if self.note else []) + [v.describe() for v in self.values]


def parse_text(source: str, ctx: str, kinds: Mapping[str, Placeholder], where: str, *,
               line: int = 0, note: str = "") -> Text:
    """One English message: ``{name=kind:arg}`` placeholders, ``**bold**``, `` `1-2` ``."""
    values: dict[str, Value] = {}

    def replace(match: re.Match[str]) -> str:
        name, kind, arg = match.groups()
        placeholder = kinds.get(kind)
        if placeholder is None:
            raise ContentError(where, f"unknown placeholder kind {kind!r}")
        problem = placeholder.check(arg)
        if problem:
            raise ContentError(where, problem)
        value = Value(name, kind, arg, placeholder.about(arg))
        if values.setdefault(name, value) != value:
            raise ContentError(where, f"placeholder {name!r} used with two values")
        return f"%({name})s"

    msgid = PLACEHOLDER_RE.sub(replace, source)
    if "{" in msgid or "}" in msgid:
        raise ContentError(where, f"malformed placeholder in {source!r}")
    if re.search(r"%(?!\([a-z][a-z0-9_]*\)s)", msgid):
        raise ContentError(where, "a bare % sign (write it in words)")
    if re.search(r"[0-9]", re.sub(r"`[^`]*`|%\([a-z0-9_]+\)s", "", msgid)):
        raise ContentError(where, f"digits in prose must be placeholders {{x=n:…}}: {source!r}")
    if msgid.count("**") % 2 or msgid.count("`") % 2:
        raise ContentError(where, "unbalanced ** or `")
    return Text(ctx, msgid, tuple(values.values()), line, note)


def notations(text: Text) -> list[str]:
    """The tile notation written between backticks in ``text``."""
    return re.findall(r"`([^`]*)`", text.msgid)


Message = tuple[int, str, tuple[str, str], list[str]]  # one message as a Babel extractor yields it


def messages(texts: Iterator[Text], number: Callable[[int, Text], int]) -> Iterator[Message]:
    """Babel's view of ``texts``: one ``pgettext`` message each, with its translator comments."""
    for i, text in enumerate(texts, start=1):
        yield number(i, text), "pgettext", (text.ctx, text.msgid), text.comments()


def number_placeholder(what: str = "number") -> Placeholder:
    return Placeholder(lambda arg: "" if arg.isdigit() else f"not a {what}: {arg!r}",
                       lambda arg: f"the number {arg}")
