"""What the play pages keep in this browser's cookies: the recent games (to offer "Continue your
deal"), the automatic-pass and speed settings and the statistics. Every cookie is HttpOnly and SameSite=Lax;
nothing read from one is trusted (a game id is looked up in the store, the statistics are parsed
and bounded by ``paiyou.play.stats``)."""
from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

from paiyou.play import service, stats
from paiyou.play.store import current_store, is_valid_id
from paiyou.registry import GAME_KEYS

# The ids of the games this browser started, newest first: only to offer "Continue your deal".
# Never trusted: every id is looked up in the store (an id is the key to its game).
RECENT_COOKIE = "paiyou_games"
RECENT_KEEP = 12
RECENT_MAX_AGE = 90 * 24 * 3600

AUTO_PASS_COOKIE = "paiyou_auto_pass"  # "off" turns the automatic forced pass off (on by default)
LEVEL_COOKIE = "paiyou_level"  # the computer players' level this browser chose last (both games)

# How fast the table shows the computer's moves: the pause (ms) before it asks for the next one.
# Fast by default: a move can be followed, yet the table is never held long (issue 30).
SPEED_COOKIE = "paiyou_speed"
SPEEDS: dict[str, int] = {"instant": 0, "fast": 350, "relaxed": 1000}
DEFAULT_SPEED = "fast"


def _set(response: Response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")


def recent_ids() -> list[str]:
    text = request.cookies.get(RECENT_COOKIE, "")
    return [i for i in text.split(".") if is_valid_id(i)][:RECENT_KEEP]


def remember(response: Response, game_id: str) -> None:
    ids = [game_id] + [i for i in recent_ids() if i != game_id]
    _set(response, RECENT_COOKIE, ".".join(ids[:RECENT_KEEP]), RECENT_MAX_AGE)


def unfinished_games(game: str) -> list[service.Game]:
    """This browser's unfinished deals of ``game`` (newest first), each loaded from the store."""
    found = []
    for game_id in recent_ids():
        try:
            loaded = service.load(current_store(), game_id, game)
        except service.GameNotFound:
            continue
        if not loaded.is_over:
            found.append(loaded)
    return found


def auto_pass() -> bool:
    return request.cookies.get(AUTO_PASS_COOKIE) != "off"


def set_auto_pass(response: Response, on: bool) -> None:
    _set(response, AUTO_PASS_COOKIE, "on" if on else "off", stats.MAX_AGE)


def last_level(game: str) -> str | None:
    """The level this browser chose last, when ``game`` has it (never trusted beyond that)."""
    found = request.cookies.get(LEVEL_COOKIE, "")
    return found if found in service.levels(game) else None


def set_level(response: Response, level: str) -> None:
    _set(response, LEVEL_COOKIE, level, stats.MAX_AGE)


def speed() -> str:
    found = request.cookies.get(SPEED_COOKIE, "")
    return found if found in SPEEDS else DEFAULT_SPEED


def set_speed(response: Response, value: str) -> None:
    _set(response, SPEED_COOKIE, value, stats.MAX_AGE)


def read_stats() -> stats.Stats:
    return stats.read(request.cookies.get(stats.COOKIE), GAME_KEYS, service.levels)


def count_finished(response: Response, before: service.Game, after: service.Game) -> None:
    """The POST that finishes a deal adds it to this browser's statistics."""
    outcome = after.deal.outcome()
    if before.is_over or not after.is_over or outcome is None:
        return
    updated = stats.add(read_stats(), after.game, after.level, after.seat in outcome.first,
                        outcome.scores[after.seat])
    _set(response, stats.COOKIE, stats.dump(updated), stats.MAX_AGE)


def forget_stats(response: Response) -> None:
    response.delete_cookie(stats.COOKIE, path="/")
