"""Lesson files: ``content/puzzles/<game>/NN-<id>.toml`` (English source) read into the values.

The format is described in ``content/puzzles/README.md``. Loading is strict: anything malformed
raises ``ContentError`` naming the file and the step, so a broken lesson fails the tests, never a
page. The author's ``answer`` is kept only as a claim (``Puzzle.expect``), which the content test
compares with the engine.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from paiyou.content.model import Placeholder, Text, notations, number_placeholder, parse_text
from paiyou.i18n.controls import CONTROLS
from paiyou.puzzles.kinds import GamePuzzles, all_games, game_puzzles
from paiyou.puzzles.model import (
    ContentError,
    Explanation,
    Figure,
    Lesson,
    Puzzle,
    Step,
    lesson_tiles,
)
from paiyou.registry import GAME_KEYS, content_parts

RULE_RE = re.compile(r"^([A-Z]+)-([1-9][0-9]?)$")
ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")
FILE_RE = re.compile(r"^([0-9]{2})-([a-z][a-z0-9-]*)\.toml$")
EXPLAIN_KEYS = frozenset({"text", "tiles", "wrong", "ladder", "caption", "rules", "figures"})


def _is_rule(arg: str) -> bool:
    m = RULE_RE.match(arg)
    return m is not None and any(g.rule_prefix == m.group(1) for g in all_games().values())


def _seat(arg: str) -> str:
    return "" if arg.isdigit() and int(arg) < max(g.seats for g in all_games().values()) else \
        f"unknown seat {arg!r}"


@cache
def placeholders() -> dict[str, Placeholder]:
    """Every placeholder kind a lesson may use: numbers, rule links, seats, and each game's own."""
    kinds = {
        "n": number_placeholder(),
        "rule": Placeholder(lambda arg: "" if _is_rule(arg) else f"not a rule: {arg!r}",
                            lambda arg: f"a link to rule {arg}"),
    }
    for game in all_games().values():
        kinds.update((kind, p.placeholder) for kind, p in game.placeholders.items())
    kinds["seat"] = Placeholder(_seat, lambda arg: f"a player's name (seat {arg})")
    kinds["button"] = Placeholder(lambda arg: "" if arg in CONTROLS else f"unknown control {arg!r}",
                                  lambda arg: f"the label of the button {CONTROLS[arg].label!r}")
    return kinds


def make_text(source: object, ctx: str, note: str, where: str) -> Text:
    """Parse one English message of a lesson; the notation in it must be tiles."""
    if not isinstance(source, str) or not source.strip():
        raise ContentError(where, f"{note}: expected text")
    text = parse_text(" ".join(source.split()), ctx, placeholders(), where, note=note)
    for notation in notations(text):
        lesson_tiles(notation, where)
    game = game_puzzles(ctx.split("/", 1)[0])  # a lesson's context is <game>/<lesson>
    for value in text.values:
        if value.kind == "seat" and int(value.arg) >= game.seats:
            raise ContentError(where, f"{note}: {game.key} has no seat {value.arg}")
    return text


def _rules(game: GamePuzzles, data: object, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not data:
        raise ContentError(where, "rules: a non-empty list such as ['CP-12']")
    for rule in data:
        m = RULE_RE.match(rule) if isinstance(rule, str) else None
        if not m or m.group(1) != game.rule_prefix or not 1 <= int(m.group(2)) <= game.rule_count:
            raise ContentError(where, f"not a {game.rule_prefix} rule: {rule!r}")
    return tuple(data)


def _figure(game: GamePuzzles, data: Mapping[str, object], ctx: str, where: str) -> Figure:
    caption = make_text(data["caption"], ctx, "caption of a picture", where) if "caption" in data else None
    if "ladder" in data:
        ladder = data["ladder"]
        if not isinstance(ladder, str) or ladder not in game.ladders:
            raise ContentError(where, f"unknown ladder {ladder!r}")
        return Figure((), ladder, caption)
    key = "wrong" if "wrong" in data else "tiles"
    spec = data.get(key)
    if not isinstance(spec, str):
        raise ContentError(where, "a picture needs tiles, wrong or ladder")
    groups = tuple(tuple(t.key for t in lesson_tiles(g, where)) for g in spec.split("/"))
    if not all(groups):
        raise ContentError(where, f"empty group in {spec!r}")
    return Figure(groups, None, caption, wrong=key == "wrong")


def _explanation(game: GamePuzzles, lesson: str, number: int, data: Mapping[str, object],
                 where: str) -> Explanation:
    ctx = f"{game.key}/{lesson}"
    texts = data.get("text")
    if isinstance(texts, str):
        texts = [texts]
    if not isinstance(texts, list) or not texts:
        raise ContentError(where, "an explanation needs text")
    paragraphs = tuple(make_text(t, ctx, "lesson paragraph", where) for t in texts)
    figures: list[Figure] = []
    if any(k in data for k in ("tiles", "wrong", "ladder")):
        figures.append(_figure(game, data, ctx, where))
    listed = data.get("figures", [])
    for fig in listed if isinstance(listed, list) else [None]:  # anything but a list: refused below
        if not isinstance(fig, dict) or set(fig) - {"tiles", "wrong", "ladder", "caption"}:
            raise ContentError(where, "figures: tables with tiles / wrong / ladder and caption")
        figures.append(_figure(game, fig, ctx, where))
    return Explanation(number, paragraphs, tuple(figures), _rules(game, data.get("rules"), where))


def _puzzle(game: GamePuzzles, lesson: str, number: int, data: Mapping[str, object], where: str) -> Puzzle:
    kinds = game.kinds
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ContentError(where, f"kind must be one of {tuple(kinds)}")
    pid = data.get("id")
    if not isinstance(pid, str) or not ID_RE.match(pid):
        raise ContentError(where, "id: lower-case letters, digits and hyphens")
    where = f"{where} ({pid})"
    ctx = f"{game.key}/{lesson}"
    cls = kinds[kind]
    extra = set(data) - cls.keys - {"kind"}
    if extra:
        raise ContentError(where, f"unknown keys {sorted(extra)} for a {kind} step")
    if "answer" not in data:
        raise ContentError(where, "answer: the author's intended answer (checked by the engine)")
    prompt = make_text(data["prompt"], ctx, "puzzle question", where) if "prompt" in data else None
    hint = make_text(data["hint"], ctx, "puzzle hint", where) if "hint" in data else None
    return cls.parse(data, where, game=game.key, id=pid, rules=_rules(game, data.get("rules"), where),
                           lesson=lesson, number=number, expect=data["answer"], prompt=prompt, hint=hint)


def parse_lesson(text: str, game_key: str, filename: str) -> Lesson:
    m = FILE_RE.match(Path(filename).name)
    if not m:
        raise ContentError(filename, "lesson files are named NN-<id>.toml")
    number, lesson_id = int(m.group(1)), m.group(2)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(filename, f"not TOML: {error}") from None
    unknown = set(data) - {"title", "summary", "steps"}
    if unknown:
        raise ContentError(filename, f"unknown keys {sorted(unknown)}")
    game = game_puzzles(game_key)
    ctx = f"{game_key}/{lesson_id}"
    title = make_text(data.get("title"), ctx, "lesson title", filename)
    summary = make_text(data.get("summary"), ctx, "lesson summary (lesson list)", filename)
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ContentError(filename, "a lesson needs [[steps]]")
    steps: list[Step] = []
    for i, raw in enumerate(raw_steps, start=1):
        where = f"{filename} step {i}"
        if not isinstance(raw, dict):
            raise ContentError(where, "a step is a table")
        kind = raw.get("kind", "explain")
        if kind == "explain":
            extra = set(raw) - EXPLAIN_KEYS - {"kind"}
            if extra:
                raise ContentError(where, f"unknown keys {sorted(extra)} for a {kind} step")
            steps.append(_explanation(game, lesson_id, i, raw, where))
        elif any(kind in g.kinds for g in all_games().values()):
            steps.append(_puzzle(game, lesson_id, i, raw, where))
        else:
            raise ContentError(where, f"unknown kind {kind!r}")
    return Lesson(game_key, lesson_id, number, title, summary, tuple(steps))


@dataclass(frozen=True)
class Course:
    """Every lesson of one game, in order."""

    game: str
    lessons: tuple[Lesson, ...]

    @cached_property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(p for lesson in self.lessons for p in lesson.puzzles)

    @cached_property
    def by_id(self) -> dict[str, Puzzle]:
        return {p.id: p for p in self.puzzles}

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)


@cache
def _load(folder: str, game: str, stamp: tuple[tuple[str, float], ...]) -> Course:
    lessons = []
    for name, _mtime in stamp:
        path = Path(folder) / name
        lessons.append(parse_lesson(path.read_text(encoding="utf-8"), game, str(path)))
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise ContentError(folder, f"lessons must be numbered 01, 02, … without gaps: {numbers}")
    ids = [p.id for lesson in lessons for p in lesson.puzzles]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ContentError(folder, f"duplicate puzzle ids {sorted(duplicates)}")
    lesson_ids = [lesson.id for lesson in lessons]
    if len(set(lesson_ids)) != len(lesson_ids):
        raise ContentError(folder, "duplicate lesson ids")
    return Course(game, tuple(lessons))


def load_course(content_dir: str | Path, game: str) -> Course:
    """Every lesson of ``game`` from ``content_dir/puzzles/<game>/`` (cached until a file changes)."""
    if game not in GAME_KEYS:
        raise KeyError(game)
    folder, policy = content_parts(game, content_dir)[1:]
    files = sorted(p for p in folder.glob("*.toml") if p != policy)
    stamp = tuple((p.name, p.stat().st_mtime) for p in files)
    return _load(str(folder), game, stamp)
