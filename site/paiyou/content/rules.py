"""The rules texts in ``content/rules/``: parsing (shared with the Babel extractor) and rendering.

The format is described in ``content/rules/README.md``. Parsing is strict: a malformed file raises
``ContentError`` with its line number, so a broken text fails the tests, never a page.

Every translatable piece of text is a ``Text``: one gettext message with the context
``<game>#<section-id>`` and named placeholders for the values that are not translated (numbers,
tile names, rule links). Rendering translates each ``Text`` on its own and falls back to the
English source for any message a catalog does not have yet.

This module imports no Flask at import time; ``render_text`` takes the functions it needs, so the
extractor can use the parser outside an application.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

from paiyou.content.model import ContentError, Placeholder, Text, Value, number_placeholder, parse_text
from paiyou.registry import GAME_KEYS, content_parts, game_module

__all__ = ["ContentError", "Text", "Value", "Document", "parse", "load", "render_text"]

RULE_RE = re.compile(r"^([a-z]+)-([1-9][0-9]?)$")
ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")
KEY_RE = re.compile(r"^[1-6]-[1-6]$")
HEADING_RE = re.compile(r"^(#{1,3}) (.+?) \{#([a-z][a-z0-9-]*)((?: [a-z]+-[0-9]+)*)\}$")
NUMBER_CELL_RE = re.compile(r"^([+−×]?)([0-9]+)$")


def abbreviation(game: str) -> str:
    """A game's short name in the texts: its rule badges (``cp-12``) and tile placeholders
    (``{x=cp:1-2}``) are named with the initials of its key."""
    return "".join(word[0] for word in game.split("-"))


TILE_KINDS = {abbreviation(game): game for game in GAME_KEYS}


def _tile_about(game: str) -> Callable[[str], str]:
    name = GAME_NAMES_EN[game]
    return lambda arg: f"the glossary's {name} name of the tile {arg}"


GAME_NAMES_EN = {game: " ".join(word.capitalize() for word in game.split("-")) for game in GAME_KEYS}
PLACEHOLDERS: dict[str, Placeholder] = {
    "n": number_placeholder(),
    **{kind: Placeholder(lambda arg: "" if _is_key(arg) else f"not a tile key: {arg!r}", _tile_about(game))
       for kind, game in TILE_KINDS.items()},
    "rule": Placeholder(lambda arg: "" if _is_rule(arg) else f"not a rule number: {arg!r}",
                        lambda arg: f"a link to rule {arg.upper()}"),
}


def _is_rule(arg: str) -> bool:
    m = RULE_RE.match(arg)
    return bool(m) and m is not None and m.group(1) in TILE_KINDS


def ladders(game: str) -> tuple[str, ...]:
    """The ladders a rules text may draw (``::: ladder <name>``)."""
    return tuple(game_module(game, "puzzles").PUZZLES.ladders)


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: Text
    kind: str = "paragraph"


@dataclass(frozen=True, slots=True)
class ListBlock:
    items: tuple[Text, ...]
    ordered: bool
    kind: str = "list"


@dataclass(frozen=True, slots=True)
class Figure:
    """Drawn tiles: ``groups`` of tile keys, or a ladder drawn from the engine."""

    figure: str                      # "tiles", "wrong" or "ladder"
    groups: tuple[tuple[str, ...], ...]
    ladder: str | None
    caption: Text | None
    kind: str = "figure"


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell: a message, a number, tiles or a literal mark."""

    text: Text | None = None
    number: int | None = None
    sign: str = ""
    tiles: tuple[str, ...] = ()
    literal: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    line: int = 0
    kind: str = "table"

    @property
    def numeric_columns(self) -> frozenset[int]:
        """The columns whose every body cell is a number or a mark ("—"): their headers are
        aligned to the end like their figures (a first column of figures too, as TG-13's)."""
        width = len(self.header)
        return frozenset(i for i in range(width) if self.rows and all(
            i < len(row) and (row[i].number is not None or bool(row[i].literal)) for row in self.rows))


@dataclass(frozen=True, slots=True)
class Example:
    blocks: tuple[object, ...]
    kind: str = "example"


@dataclass(slots=True)
class Section:
    id: str
    level: int                      # 2 = numbered section, 3 = subsection
    title: Text
    rules: tuple[str, ...]          # "cp-12", … stated in this section
    blocks: list[object] = field(default_factory=list)
    subsections: list[Section] = field(default_factory=list)


@dataclass(slots=True)
class Document:
    game: str
    title: Text
    intro: list[object]
    sections: list[Section]

    def all_sections(self) -> Iterator[Section]:
        for section in self.sections:
            yield section
            yield from section.subsections

    def tables(self) -> list[Table]:
        """Every table, in document order."""
        found: list[Table] = []

        def walk(blocks: list[object] | tuple[object, ...]) -> None:
            for block in blocks:
                if isinstance(block, Table):
                    found.append(block)
                elif isinstance(block, Example):
                    walk(block.blocks)

        walk(self.intro)
        for section in self.all_sections():
            walk(section.blocks)
        return found

    def table_number(self, table: Table) -> int:
        """1 for the first table of the page, 2 for the next, … (names each table's region)."""
        return [t.line for t in self.tables()].index(table.line) + 1

    def rules(self) -> list[str]:
        return [rule for section in self.all_sections() for rule in section.rules]

    def texts(self) -> Iterator[Text]:
        """Every message, in document order."""
        yield self.title
        yield from _block_texts(self.intro)
        for section in self.all_sections():
            yield section.title
            yield from _block_texts(section.blocks)


def _block_texts(blocks: list[object] | tuple[object, ...]) -> Iterator[Text]:
    for block in blocks:
        if isinstance(block, Paragraph):
            yield block.text
        elif isinstance(block, ListBlock):
            yield from block.items
        elif isinstance(block, Figure):
            if block.caption is not None:
                yield block.caption
        elif isinstance(block, Table):
            for row in (block.header, *block.rows):
                yield from (cell.text for cell in row if cell.text is not None)
        elif isinstance(block, Example):
            yield from _block_texts(block.blocks)


# --- parsing -------------------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str, game: str, path: str) -> None:
        self.lines = text.splitlines()
        self.game = game
        self.path = path
        self.ctx = f"{game}#title"
        self.ids: set[str] = set()
        self.rules: set[str] = set()
        self.note = ""  # a "<!-- TRANSLATORS: … -->" line, attached to the next block's messages

    def fail(self, line: int, problem: str) -> ContentError:
        return ContentError(f"{self.path}:{line}", problem)

    def text(self, source: str, line: int, note: str = "") -> Text:
        if self.note:
            note = f"{note}; {self.note}" if note else self.note
        return parse_text(source.strip(), self.ctx, PLACEHOLDERS, f"{self.path}:{line}", line=line,
                          note=note)

    def parse(self) -> Document:
        title: Text | None = None
        intro: list[object] = []
        sections: list[Section] = []
        target = intro
        i = 0
        n = len(self.lines)
        stack: list[list[object]] = []
        while i < n:
            line = self.lines[i]
            lineno = i + 1
            if not line.strip():
                self.note = ""
                i += 1
                continue
            comment = re.fullmatch(r"<!-- TRANSLATORS: (.+?) -->", line.strip())
            if comment:
                self.note = comment.group(1)
                i += 1
                continue
            if line.startswith("<!--"):
                raise self.fail(lineno, "a comment is one line: <!-- TRANSLATORS: … -->")
            heading = HEADING_RE.match(line)
            if heading:
                if stack:
                    raise self.fail(lineno, "heading inside an example box")
                hashes, words, sid, rules_part = heading.groups()
                level = len(hashes)
                if sid in self.ids:
                    raise self.fail(lineno, f"duplicate section id {sid!r}")
                self.ids.add(sid)
                rules = tuple(rules_part.split())
                for rule in rules:
                    m = RULE_RE.match(rule)
                    if not m or rule in self.rules:
                        raise self.fail(lineno, f"bad or repeated rule badge {rule!r}")
                    if m.group(1) != abbreviation(self.game):
                        raise self.fail(lineno, f"rule {rule!r} belongs to the other game")
                    self.rules.add(rule)
                self.ctx = f"{self.game}#{sid}"
                note = {1: "page title", 2: "section heading", 3: "subsection heading"}[level]
                text = self.text(words, lineno, note)
                if level == 1:
                    if title is not None or sections:
                        raise self.fail(lineno, "only one title, before the sections")
                    title = text
                    target = intro
                elif level == 2:
                    if rules:
                        raise self.fail(lineno, "rule badges belong on ### subsections")
                    sections.append(Section(sid, 2, text, rules))
                    target = sections[-1].blocks
                else:
                    if not sections:
                        raise self.fail(lineno, "### before any ##")
                    sections[-1].subsections.append(Section(sid, 3, text, rules))
                    target = sections[-1].subsections[-1].blocks
                i += 1
                continue
            if line.startswith(("#", "\t")):
                raise self.fail(lineno, f"unrecognised line {line!r}")
            if line.startswith(":::"):
                words = line[3:].strip()
                if words == "example":
                    stack.append(target)
                    target = []
                elif words == "end":
                    if not stack:
                        raise self.fail(lineno, "::: end without ::: example")
                    box = Example(tuple(target))
                    target = stack.pop()
                    target.append(box)
                else:
                    target.append(self.figure(words, lineno))
                i += 1
                continue
            if line.startswith("|"):
                rows = []
                while i < n and self.lines[i].startswith("|"):
                    rows.append((i + 1, self.lines[i]))
                    i += 1
                target.append(self.table(rows))
                continue
            item = re.match(r"^(- |[0-9]+\. )(.*)$", line)
            if item:
                ordered = item.group(1) != "- "
                items = []
                while i < n and self.lines[i].strip():
                    comment = re.fullmatch(r"<!-- TRANSLATORS: (.+?) -->", self.lines[i].strip())
                    if comment:  # a note for the next item only
                        self.note = comment.group(1)
                        i += 1
                        continue
                    m = re.match(r"^(- |[0-9]+\. )(.*)$", self.lines[i])
                    if not m or (m.group(1) != "- ") != ordered:
                        raise self.fail(i + 1, "a list must be followed by a blank line")
                    items.append(self.text(m.group(2), i + 1, "list item"))
                    self.note = ""
                    i += 1
                target.append(ListBlock(tuple(items), ordered))
                continue
            start = lineno
            parts = []
            while i < n and self.lines[i].strip():
                if self.lines[i].startswith(("#", ":::", "|", "- ")):
                    raise self.fail(i + 1, "a paragraph must be followed by a blank line")
                parts.append(self.lines[i].strip())
                i += 1
            target.append(Paragraph(self.text(" ".join(parts), start)))
        if stack:
            raise self.fail(n, "::: example without ::: end")
        if title is None:
            raise self.fail(1, "no # title")
        return Document(self.game, title, intro, sections)

    def figure(self, words: str, lineno: int) -> Figure:
        spec, _, caption_src = words.partition("|")
        parts = spec.split()
        if not parts or parts[0] not in ("tiles", "wrong", "ladder"):
            raise self.fail(lineno, f"unknown figure {words!r}")
        caption = self.text(caption_src, lineno, "caption of a picture") if caption_src.strip() else None
        if parts[0] == "ladder":
            if len(parts) != 2 or parts[1] not in ladders(self.game):
                raise self.fail(lineno, f"unknown ladder {spec!r}")
            return Figure("ladder", (), parts[1], caption)
        groups = tuple(tuple(g.split()) for g in " ".join(parts[1:]).split("/"))
        for group in groups:
            if not group or not all(_is_key(k) for k in group):
                raise self.fail(lineno, f"bad tiles in {spec!r}")
        return Figure(parts[0], groups, None, caption)

    def table(self, rows: list[tuple[int, str]]) -> Table:
        def cells(lineno: int, line: str) -> list[str]:
            if not line.rstrip().endswith("|"):
                raise self.fail(lineno, "a table row ends with |")
            return [c.strip() for c in line.strip()[1:-1].split("|")]

        if len(rows) < 3 or not re.fullmatch(r"\|(-+\|)+", rows[1][1].strip()):
            raise self.fail(rows[0][0], "a table needs a header, a |---| line and rows")
        header = tuple(self.cell(c, rows[0][0], "table column heading") for c in cells(*rows[0]))
        body = []
        for lineno, line in rows[2:]:
            row = tuple(self.cell(c, lineno, "table cell") for c in cells(lineno, line))
            if len(row) != len(header):
                raise self.fail(lineno, "row and header have different numbers of cells")
            body.append(row)
        return Table(header, tuple(body), rows[0][0])

    def cell(self, source: str, lineno: int, note: str) -> Cell:
        if source in ("", "—"):
            return Cell(literal=source)
        number = NUMBER_CELL_RE.match(source)
        if number:
            return Cell(number=int(number.group(2)), sign=number.group(1))
        if source.startswith("@"):
            keys = tuple(source[1:].split())
            if not keys or not all(_is_key(k) for k in keys):
                raise self.fail(lineno, f"bad tiles in cell {source!r}")
            return Cell(tiles=keys)
        return Cell(text=self.text(source, lineno, note))


def _is_key(key: str) -> bool:
    return bool(KEY_RE.match(key)) and key[0] <= key[2]


def parse(text: str, game: str, path: str = "<rules>") -> Document:
    if game not in GAME_KEYS:
        raise ValueError(f"unknown game {game!r}")
    return _Parser(text, game, path).parse()


def game_of(path: str | Path) -> str:
    return Path(path).stem


@cache
def _load(path: str, mtime: float) -> Document:
    return parse(Path(path).read_text(encoding="utf-8"), game_of(path), path)


def load(content_dir: str | Path, game: str) -> Document:
    """The parsed rules text of ``game`` (cached until the file changes); a room registered with its
    own content folder (``paiyou.registry.register_room``) keeps it there."""
    path = content_parts(game, content_dir).rules
    return _load(str(path), path.stat().st_mtime)


# --- rendering -----------------------------------------------------------------------------------

_INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"`([^`]+)`"), r'<bdi class="notation" dir="ltr">\1</bdi>'),
    (re.compile(r"\[([^\]]+)\]\(#([a-z][a-z0-9-]*)\)"), r'<a href="#\2">\1</a>'),
)


# Chinese in a text (天九) is marked with its language: screen readers say it in Chinese, and the
# browser shapes it in the Chinese fonts from the first layout on (Chromium kept missing-glyph boxes
# for bold Chinese shaped in the Latin stack while the subset font was still loading).
_CHINESE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _inline(escaped: str, digits: Callable[[str], str], chinese: str = "zh") -> str:
    html = escaped
    for pattern, replacement in _INLINE:
        html = pattern.sub(replacement, html)
    html = _CHINESE.sub(lambda m: f'<span class="zh" lang="{chinese}">{m.group(0)}</span>', html)
    # Notation keeps its left-to-right order; its digits follow the page (fa: ۱-۲).
    return re.sub(r'(<bdi class="notation" dir="ltr">)([^<]*)(</bdi>)',
                  lambda m: m.group(1) + digits(m.group(2)) + m.group(3), html)


def render_text(
    text: Text,
    *,
    translate: Callable[[str, str], str],
    value: Callable[[Value], Markup],
    digits: Callable[[str], str],
    chinese: str = "zh",
) -> Markup:
    """``text`` translated (``translate(ctx, msgid)``), its inline marks turned into HTML, its
    Chinese marked as ``chinese`` (a BCP 47 tag) and its placeholders filled with ``value(v)`` (and
    ``%(<name>_obl)s`` with that value's oblique). A broken translation falls back to the English
    source."""
    from paiyou.i18n.declension import with_forms  # Flask-Babel: not at import time

    values = {v.name: value(v) for v in text.values}
    for source in (translate(text.ctx, text.msgid), text.msgid):
        html = _inline(str(escape(source)), digits, chinese)
        try:  # a name's oblique (%(plum_obl)s) is filled from its value (paiyou.i18n.declension)
            return Markup(html) % with_forms(html, values) if values else Markup(html)
        except (KeyError, ValueError, TypeError):
            continue
    raise AssertionError("unreachable: the English source always formats")


def translated_texts(
    document: Document, translate: Callable[[str, str], str]
) -> Mapping[tuple[str, str], str]:
    return {(t.ctx, t.msgid): translate(t.ctx, t.msgid) for t in document.texts()}
