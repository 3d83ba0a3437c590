"""Your statistics, per browser (no account): for each game and level, deals played, first places
and the sum of your scores, kept in one cookie. Updated only by the POST that finishes a deal
(never by a GET); a forged cookie only fools its owner, and malformed parts are ignored.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TypedDict

COOKIE = "paiyou_stats"
MAX_AGE = 365 * 24 * 3600
MAX_TEXT = 2000  # a cookie stays far below the browsers' 4 KiB

Stats = dict[str, dict[str, list[float]]]  # game -> level -> [deals, first places, score sum]


class StatsRow(TypedDict):
    level: str
    deals: int
    firsts: int
    average: float


def read(text: str | None, games: Sequence[str], levels_of: Callable[[str], Sequence[str]]) -> Stats:
    """The statistics in a cookie's text, keeping only known games and levels and sane numbers."""
    try:
        raw = json.loads(text or "{}") if len(text or "") <= MAX_TEXT else {}
    except ValueError:
        raw = {}
    found: Stats = {}
    if not isinstance(raw, dict):
        return found
    for game in games:
        per_level = raw.get(game)
        if not isinstance(per_level, dict):
            continue
        for level in levels_of(game):
            row = per_level.get(level)
            if (isinstance(row, list) and len(row) == 3
                    and all(isinstance(v, int | float) and not isinstance(v, bool) for v in row)
                    and 0 <= row[1] <= row[0] < 10**6):
                found.setdefault(game, {})[level] = [int(row[0]), int(row[1]), float(row[2])]
    return found


def add(stats: Stats, game: str, level: str, first: bool, score: float) -> Stats:
    """``stats`` with one more finished deal."""
    row = stats.setdefault(game, {}).setdefault(level, [0, 0, 0.0])
    row[0] += 1
    row[1] += int(first)
    row[2] += score
    return stats


def dump(stats: Stats) -> str:
    return json.dumps(stats, separators=(",", ":"))


def rows(stats: Stats, game: str, levels: Sequence[str]) -> list[StatsRow]:
    """One row per level with deals played: deals, first places, average score."""
    out: list[StatsRow] = []
    for level in levels:
        row = stats.get(game, {}).get(level)
        if row and row[0]:
            out.append({"level": level, "deals": int(row[0]), "firsts": int(row[1]),
                        "average": row[2] / row[0]})
    return out
