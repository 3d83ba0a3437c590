"""What the jobs share: the languages, games and seeds they cover, and small helpers."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from werkzeug.test import TestResponse

from engine.games import GAME_KEYS
from engine.games import GAMES as GAME_SPECS
from paiyou.config import LANGUAGE_CODES

CHECKOUT = Path(__file__).resolve().parents[2]
LANGS = LANGUAGE_CODES
GAMES = GAME_KEYS
SEATS = {key: spec.seats for key, spec in GAME_SPECS.items()}
LEVELS = ("easy", "medium", "hard")
PLAY_SEEDS = (1, 2, 3, 42, 2026)
PRACTICE_SEEDS = (0, 1, 2, 3, 42, 2026)
HX = {"HX-Request": "true"}
STEP_PATH = re.compile(r"^/([a-z]{2})/(chuo-pai|tien-gow)/puzzles/([a-z0-9-]+)/(\d+)$")

Fields = list[tuple[str, str]]


def json_of(response: TestResponse | None) -> dict[str, Any]:
    if response is None:
        return {}
    try:
        data = json.loads(response.get_data(as_text=True))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def first(responses: Sequence[TestResponse]) -> TestResponse | None:
    return responses[0] if responses else None
