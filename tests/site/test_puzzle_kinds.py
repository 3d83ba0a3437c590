"""The puzzles area knows the games only through their presenters (``paiyou.games.<game>.puzzles``):
one per engine game, each kind a typed dataclass, and no game-key branch in the shared code."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine.games import game as engine_game
from paiyou.content import model as content_model
from paiyou.content import rules as rules_content
from paiyou.puzzles import model
from paiyou.puzzles.kinds import all_games, game_puzzles
from paiyou.puzzles.loading import load_course
from paiyou.registry import GAME_KEYS

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site" / "paiyou"
SHARED = [SITE / "puzzles", SITE / "content", SITE / "views" / "puzzles.py", SITE / "views" / "api_judge.py",
          SITE / "api" / "judge.py", SITE / "templates" / "puzzles"]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_engine_game_has_puzzles_of_its_own(key: str) -> None:
    puzzles = game_puzzles(key)
    assert puzzles.key == key and puzzles.seats == engine_game(key).seats
    assert {model.JUDGE, model.BEAT_OR_PASS} <= set(puzzles.kinds)
    for name, cls in puzzles.kinds.items():
        assert issubclass(cls, model.Puzzle) and cls.kind == name
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    for ladder in puzzles.ladders.values():
        assert ladder and all(ranks for ranks in ladder)
    assert len(puzzles.seat_names) == puzzles.seats
    assert set(all_games()) == set(GAME_KEYS)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_each_kind_has_its_own_typed_solution(key: str) -> None:
    for puzzle in load_course(ROOT / "content", key).puzzles:
        assert type(puzzle) is game_puzzles(key).kinds[puzzle.kind]
        assert isinstance(puzzle.solution, model.Solution)
        typed = {f.name for f in dataclasses.fields(puzzle.solution)} - {"answers", "reason"}
        assert set(puzzle.solution.details) == typed


def test_one_content_model_for_the_rules_texts_and_the_lessons() -> None:
    assert rules_content.Text is model.Text is content_model.Text
    assert rules_content.Value is model.Value is content_model.Value
    assert rules_content.ContentError is model.ContentError is content_model.ContentError


def _shared_files() -> list[Path]:
    files: list[Path] = []
    for place in SHARED:
        files += [place] if place.is_file() else sorted(p for p in place.rglob("*") if p.suffix in (".py", ".html"))
    return files


def test_no_game_key_branch_in_the_shared_puzzles_code() -> None:
    names = [re.escape(k) for k in GAME_KEYS] + [re.escape(k.replace("-", "_")) for k in GAME_KEYS]
    constants = [re.escape(k.replace("-", "_").upper()) for k in GAME_KEYS]
    literal = "|".join(names)
    branch = re.compile(rf"""(==|!=|\bin)\s*\(?\s*['"]({literal})['"]|['"]({literal})['"]\s*(==|!=)"""
                        rf"""|(==|!=|\bin)\s*\(?\s*({"|".join(constants)})\b""")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in _shared_files()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1) if branch.search(line)]
    assert not found


def test_no_literal_tile_key_in_the_puzzles_rules() -> None:
    """Tile keys come from the engine (the Nail, the Big Six …), never written in the site."""
    key = re.compile(r"""['"][1-6]-[1-6]['"]""")
    files = _shared_files() + sorted((SITE / "games").glob("*/puzzles.py"))
    found = [f"{p.relative_to(ROOT)}:{n}" for p in files
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1) if key.search(line)]
    assert not found
