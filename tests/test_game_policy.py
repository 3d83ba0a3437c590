"""Each game's declared policy (content/puzzles/<key>/policy.toml, read by tests/game_policy.py):
every registered game has one, and a throwaway game without one, or with a key misspelt, fails
the shared tests loudly instead of passing with nothing checked."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.games import GAME_KEYS
from tests.game_policy import CONTENT, Policy, load_policy, policy_path


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_game_declares_its_policy(key: str) -> None:
    policy = load_policy(key)
    assert policy.min_lessons >= 1 and policy.min_puzzles >= policy.min_puzzles_per_lesson >= 1
    assert policy.pieces in {"cards", "tiles"} and policy.seat_order in {"clockwise", "counter-clockwise"}


def test_a_throwaway_game_needs_a_whole_policy(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_policy("odd-or-even", tmp_path)
    text = policy_path("high-card", CONTENT).read_text(encoding="utf-8")
    folder = policy_path("odd-or-even", tmp_path).parent
    folder.mkdir(parents=True)
    (folder / "policy.toml").write_text(text.replace("min_lessons", "min_lesson"), encoding="utf-8")
    with pytest.raises(ValueError, match="unknown \\['min_lesson'\\], missing \\['min_lessons'\\]"):
        load_policy("odd-or-even", tmp_path)
    (folder / "policy.toml").write_text(text, encoding="utf-8")
    assert load_policy("odd-or-even", tmp_path) == load_policy("high-card")
    assert isinstance(load_policy("odd-or-even", tmp_path), Policy)
