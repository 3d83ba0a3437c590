"""Lesson files: ``content/puzzles/<game>/NN-<id>.toml`` (English source) read into the values.

The format is described in ``content/puzzles/README.md``. Loading is strict: anything malformed
raises ``ContentError`` naming the file and the step, so a broken lesson fails the tests, never a
page. The author's ``answer`` is kept only as a claim (``Puzzle.expect``), which the content test
compares with the engine.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from engine import chuo_pai as cp
from engine.chuo_pai import families as cpf
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BONUS,
    CHUO_PAI,
    GAMES,
    JUDGE,
    KINDS,
    ROUND,
    ROUND_QUESTIONS,
    RULE_RE,
    SEAT_COUNT,
    SETTLEMENT,
    TIEN_GOW,
    TRICK,
    TRICK_QUESTIONS,
    ContentError,
    Explanation,
    Figure,
    Lesson,
    Puzzle,
    Step,
    canonical,
    lesson_tiles,
    make_text,
    sort_for,
)

RULE_PREFIX = {CHUO_PAI: "CP", TIEN_GOW: "TG"}
RULE_COUNT = {CHUO_PAI: 20, TIEN_GOW: 20}
LADDER_NAMES = {CHUO_PAI: tuple(cpf.FAMILIES), TIEN_GOW: ("civil", "military")}
ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")
FILE_RE = re.compile(r"^([0-9]{2})-([a-z][a-z0-9-]*)\.toml$")

_STEP_KEYS = {
    "explain": {"text", "tiles", "wrong", "ladder", "caption", "rules", "figures"},
    JUDGE: {"id", "kind", "rules", "current", "play", "answer", "prompt", "hint"},
    BEAT_OR_PASS: {"id", "kind", "rules", "current", "hand", "pillars", "answer", "prompt", "hint"},
    BONUS: {"id", "kind", "rules", "hand", "answer", "prompt", "hint"},
    ROUND: {"id", "kind", "rules", "hands", "leader", "actions", "question", "answer", "prompt",
            "hint"},
    TRICK: {"id", "kind", "rules", "leader", "lead", "actions", "question", "answer", "prompt",
            "hint"},
    SETTLEMENT: {"id", "kind", "rules", "banker", "pillars", "winner", "leader", "lead",
                 "won_with", "answer", "prompt", "hint"},
}


def _rules(game: str, data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not data:
        raise ContentError(where, "rules: a non-empty list such as ['CP-12']")
    for rule in data:
        m = RULE_RE.match(rule) if isinstance(rule, str) else None
        if not m or m.group(1) != RULE_PREFIX[game] or not 1 <= int(m.group(2)) <= RULE_COUNT[game]:
            raise ContentError(where, f"not a {RULE_PREFIX[game]} rule: {rule!r}")
    return tuple(data)


def _int(data: dict[str, Any], key: str, where: str, lo: int, hi: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(where, f"{key}: a whole number from {lo} to {hi}")
    return value


def _figure(game: str, data: dict[str, Any], ctx: str, where: str) -> Figure:
    caption = make_text(data["caption"], ctx, "caption of a picture", where) if "caption" in data else None
    if "ladder" in data:
        if data["ladder"] not in LADDER_NAMES[game]:
            raise ContentError(where, f"unknown ladder {data['ladder']!r}")
        return Figure((), data["ladder"], caption)
    key = "wrong" if "wrong" in data else "tiles"
    spec = data.get(key)
    if not isinstance(spec, str):
        raise ContentError(where, "a picture needs tiles, wrong or ladder")
    groups = tuple(tuple(t.key for t in lesson_tiles(g, where)) for g in spec.split("/"))
    if not all(groups):
        raise ContentError(where, f"empty group in {spec!r}")
    return Figure(groups, None, caption, wrong=key == "wrong")


def _explanation(game: str, lesson: str, number: int, data: dict[str, Any], where: str) -> Explanation:
    ctx = f"{game}/{lesson}"
    texts = data.get("text")
    if isinstance(texts, str):
        texts = [texts]
    if not isinstance(texts, list) or not texts:
        raise ContentError(where, "an explanation needs text")
    paragraphs = tuple(make_text(t, ctx, "lesson paragraph", where) for t in texts)
    figures: list[Figure] = []
    if any(k in data for k in ("tiles", "wrong", "ladder")):
        figures.append(_figure(game, data, ctx, where))
    for fig in data.get("figures", []):
        if not isinstance(fig, dict) or set(fig) - {"tiles", "wrong", "ladder", "caption"}:
            raise ContentError(where, "figures: tables with tiles / wrong / ladder and caption")
        figures.append(_figure(game, fig, ctx, where))
    return Explanation(number, paragraphs, tuple(figures), _rules(game, data.get("rules"), where))


def _puzzle(game: str, lesson: str, number: int, data: dict[str, Any], where: str) -> Puzzle:
    kind = data.get("kind")
    if kind not in KINDS[game]:
        raise ContentError(where, f"kind must be one of {KINDS[game]}")
    pid = data.get("id")
    if not isinstance(pid, str) or not ID_RE.match(pid):
        raise ContentError(where, "id: lower-case letters, digits and hyphens")
    where = f"{where} ({pid})"
    ctx = f"{game}/{lesson}"
    kw: dict[str, Any] = {}
    if kind in (JUDGE, BEAT_OR_PASS):
        current = data.get("current")
        if current is not None:
            lesson_tiles(current, where)
            kw["current"] = canonical(game, current)
        elif kind == BEAT_OR_PASS:
            raise ContentError(where, "beat-or-pass needs the current play")
    if kind == JUDGE:
        lesson_tiles(data.get("play"), where)
        kw["play"] = data["play"]
    if kind in (BEAT_OR_PASS, BONUS):
        if not lesson_tiles(data.get("hand"), where):
            raise ContentError(where, "an empty hand")
        kw["hand"] = " ".join(t.key for t in sort_for(game, lesson_tiles(data["hand"], where)))
    if kind == BEAT_OR_PASS and game == TIEN_GOW:
        kw["pillars_held"] = _int(data, "pillars", where, 0, 8, default=1)
    if kind == ROUND:
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != cp.SEATS:
            raise ContentError(where, "hands: three hands")
        for h in hands:
            lesson_tiles(h, where)
        kw["hands"] = tuple(hands)
    if kind in (ROUND, TRICK):
        kw["leader"] = _int(data, "leader", where, 0, SEAT_COUNT[game] - 1)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ContentError(where, "actions: a list of plays")
        kw["actions"] = tuple(actions)
        questions = ROUND_QUESTIONS if kind == ROUND else TRICK_QUESTIONS
        if data.get("question") not in questions:
            raise ContentError(where, f"question: one of {questions}")
        kw["question"] = data["question"]
    if kind in (TRICK, SETTLEMENT):
        lesson_tiles(data.get("lead"), where)
        kw["lead"] = canonical(game, data["lead"])
    if kind == SETTLEMENT:
        kw["banker"] = _int(data, "banker", where, 0, 3)
        kw["winner"] = _int(data, "winner", where, 0, 3)
        kw["leader"] = _int(data, "leader", where, 0, 3)
        pillars = data.get("pillars")
        if not isinstance(pillars, list) or len(pillars) != 4 or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pillars):
            raise ContentError(where, "pillars: four whole numbers")
        kw["pillars"] = tuple(pillars)
        lesson_tiles(data.get("won_with"), where)
        kw["won_with"] = canonical(game, data["won_with"])
    if "answer" not in data:
        raise ContentError(where, "answer: the author's intended answer (checked by the engine)")
    prompt = make_text(data["prompt"], ctx, "puzzle question", where) if "prompt" in data else None
    hint = make_text(data["hint"], ctx, "puzzle hint", where) if "hint" in data else None
    return Puzzle(game=game, id=pid, kind=kind, rules=_rules(game, data.get("rules"), where),
                  lesson=lesson, number=number, expect=data["answer"], prompt=prompt, hint=hint,
                  **kw)


def parse_lesson(text: str, game: str, filename: str) -> Lesson:
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
    ctx = f"{game}/{lesson_id}"
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
        allowed = _STEP_KEYS.get(kind)
        if allowed is None:
            raise ContentError(where, f"unknown kind {kind!r}")
        extra = set(raw) - allowed - {"kind"}
        if extra:
            raise ContentError(where, f"unknown keys {sorted(extra)} for a {kind} step")
        if kind == "explain":
            steps.append(_explanation(game, lesson_id, i, raw, where))
        else:
            steps.append(_puzzle(game, lesson_id, i, raw, where))
    return Lesson(game, lesson_id, number, title, summary, tuple(steps))


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
    if game not in GAMES:
        raise KeyError(game)
    folder = Path(content_dir) / "puzzles" / game
    files = sorted(p for p in folder.glob("*.toml"))
    stamp = tuple((p.name, p.stat().st_mtime) for p in files)
    return _load(str(folder), game, stamp)
