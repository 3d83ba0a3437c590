"""What a game's content and computer players must satisfy, as the game declares it.

Each game keeps ``content/puzzles/<key>/policy.toml`` next to its lessons; the shared tests
(tests/content/test_puzzles.py, tests/engine/test_game_interface.py) read it instead of holding a
table of games; a tiny game declares small numbers. A game without the file, or with a key the
loader does not know, fails loudly.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


@dataclass(frozen=True)
class Policy:
    rule_prefix: str                 # the rules' ids: <prefix>-<n> (CP-7)
    rule_sections: int               # the rules are <prefix>-1 .. <prefix>-<rule_sections>
    path_covers_every_rule: bool     # the lessons name every one of them (else a subset)
    min_lessons: int
    min_puzzles: int
    min_puzzles_per_lesson: int
    pieces: str                      # "cards" or "tiles": a hand's pieces ([words.<lang>] of terms.toml)
    puzzle_kinds: tuple[str, ...]    # kinds of puzzle the course must have
    levels: tuple[str, ...]          # the computer levels, weakest first
    seats: int
    seat_order: str                  # "clockwise" or "counter-clockwise"
    has_face_down: bool              # a seat may play tiles face down
    first_has_top_score: bool        # every seat placed first has the deal's highest score


def policy_path(key: str, content: Path | None = None) -> Path:
    """Where the game keeps its policy: where its room declares it (``paiyou.registry.Room.content_parts``:
    beside its lessons, in its room's content folder or the repository's); for a key no room
    declares, or in a given ``content`` folder, beside its lessons there."""
    from paiyou.registry import GAMES, POLICY_FILE, content_parts
    if content is None and key in GAMES:
        return content_parts(key, CONTENT).policy
    return (content or CONTENT) / "puzzles" / key / POLICY_FILE


def load_policy(key: str, content: Path | None = None) -> Policy:
    """The game's declared policy; FileNotFoundError without one, ValueError on unknown or missing keys."""
    data = tomllib.loads(policy_path(key, content).read_text(encoding="utf-8"))
    fields = set(Policy.__dataclass_fields__)
    if set(data) != fields:
        raise ValueError(f"{key}/policy.toml: unknown {sorted(set(data) - fields)}, "
                         f"missing {sorted(fields - set(data))}")
    return Policy(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
