"""The daily API's answers (``paiyou.views.api_daily``): its errors in the game API's form
(``{"error", "message"}`` in the request's language, ``paiyou.api.games.error``), the result's
body and the share text.

Codes: ``daily-unknown`` (404: a malformed date, a day before the first or not begun — nothing
about a future day is said), ``unknown-game`` (404: a game that is not listed), ``daily-already-
played`` (409, with the deal's ``id``), ``bad-progress-key`` (400: not a progress key's form),
``unknown-progress-key`` (403: no player has it — forged or replaced), ``not-a-daily`` (404: the
deal is not a daily deal), ``daily-no-result`` (404: the deal's result was not recorded), the
leaderboard's ``bad-page`` (400), ``page-out-of-range`` (404) and ``daily-board-closed`` (403), a
name's ``bad-name`` and ``reserved-name`` (400), and the limits' ``too-many-daily-reads`` (429 with
``Retry-After``).
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache

from babel import Locale
from babel.dates import format_date
from flask import Blueprint, Response, jsonify, request
from flask_babel import get_locale, pgettext
from werkzeug.exceptions import HTTPException

from engine.daily import FIRST_DAY, DailyError
from paiyou.api.games import error, http_error
from paiyou.api.games import install as install_game_api
from paiyou.daily import names
from paiyou.daily.service import AlreadyPlayed, Result
from paiyou.deals.game import Game
from paiyou.deals.keys import bearer_key, seat_for_key
from paiyou.i18n.languages import isolated
from paiyou.i18n.names import game_name
from paiyou.i18n.numerals import format_number, signed_number, to_native_digits
from paiyou.jsontypes import JsonObject
from paiyou.registry import listed_games
from paiyou.store.daily import KEY_PATTERN, DailyStore, DailyStoreError
from paiyou.web import limits
from paiyou.web.private import no_store

WON_MARK, LOST_MARK = "\N{LARGE GREEN SQUARE}", "\N{BLACK LARGE SQUARE}"


def daily_message(code: str) -> str:
    messages = {
        "daily-unknown": pgettext(
            "daily api", "There is no daily deal on that date: a date is written %(format)s, and the first daily "
                         "deal is that of %(first)s.", format=isolated("YYYY-MM-DD"), first=long_date(FIRST_DAY)),
        "unknown-game": pgettext("daily api", "There is no daily deal of that game."),
        "daily-already-played": pgettext(
            "daily api", "You have already played today's deal of this game: only the first one counts. "
                         "Its id is in \"id\"."),
        "bad-progress-key": pgettext("daily api", "\"player\" must be the progress key given to you."),
        "unknown-progress-key": pgettext(
            "daily api", "This progress key belongs to nobody: it is wrong, or it was replaced by a new one."),
        "not-a-daily": pgettext("daily api", "This deal is not a daily deal."),
        "daily-no-result": pgettext("daily api", "This daily deal's result was not recorded."),
        "deal-not-over": pgettext("daily api", "The result against the field is given once the deal is over."),
        "bad-page": pgettext("daily api", "\"page\" must be a whole number from %(first)s.", first=format_number(1)),
        "page-out-of-range": pgettext(
            "daily api", "The leaderboard has no such page: see \"pages\" on its first page."),
        "daily-board-closed": pgettext(
            "daily api", "The leaderboard of an open day is shown to players who finished its deal (send your "
                         "progress key as a bearer token); everyone sees it from the day's reveal."),
        "bad-name": names.refusal("bad-name"),
        "reserved-name": names.refusal("reserved-name"),
        "too-many-daily-reads": pgettext(
            "daily api", "Too many requests for daily results from your address: wait a little (see %(header)s).",
            header="Retry-After"),
    }
    return str(messages[code])


def long_date(day: date) -> str:
    """``day`` in the reader's language and digits (Babel's long form)."""
    return _long_date(day, get_locale())


@lru_cache(maxsize=256)  # a few days in five languages: formatting one was a twentieth of the day's page
def _long_date(day: date, locale: Locale | None) -> str:
    return to_native_digits(format_date(day, format="long", locale=locale), locale)


def daily_error(code: str, status: int, **extra: object) -> tuple[Response, int]:
    return error(code, status, daily_message(code), **extra)


def unknown_day(_: DailyError) -> tuple[Response, int]:
    """Every DailyError a request can meet is about its day (or game): one 404 that says nothing
    more (a future day must not be told from a malformed one)."""
    return daily_error("daily-unknown", 404)


def already_played(e: AlreadyPlayed) -> tuple[Response, int]:
    return daily_error("daily-already-played", 409, id=e.deal_id)


def share_marks(rounds: tuple[bool, ...]) -> str:
    """The share text's last line: one mark per round or trick won or lost."""
    return "".join(WON_MARK if won else LOST_MARK for won in rounds)


def share_text(result: Result, marks: bool = True) -> str:
    """The spoiler-free share text in the reader's language: the date, the game, the matchpoints,
    the score and the par, and one mark per round or trick won or lost — never a tile. Without
    ``marks``: all but the marks (what every reader of the same figures shares), ending in a
    newline."""
    day = long_date(result.day)
    lines = [
        pgettext("daily", "Paiyou daily deal, %(game)s, %(date)s", game=game_name(result.game), date=day),
        pgettext("daily", "Matchpoints: %(matchpoints)s%% · score %(score)s · par %(par)s",
                 matchpoints=format_number(round(result.matchpoints)), score=signed_number(result.score),
                 par=signed_number(result.par)),
    ]
    return "\n".join([*(str(line) for line in lines), share_marks(result.rounds) if marks else ""])


def result_response(result: Result) -> tuple[Response, int]:
    return no_store(jsonify({**result.as_json(), "share": share_text(result)})), 200




# -- the API blueprint's rules --------------------------------------------------------------------

class NotListed(Exception):
    """A game with no daily deal (not listed on the site: ``PAIYOU_LISTED_GAMES``)."""


class BadProgressKey(Exception):
    """``code``: ``bad-progress-key`` (not a key's form, 400) or ``unknown-progress-key`` (403)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def listed(game: str) -> str:
    """``game`` when the site lists it; NotListed otherwise."""
    if game not in listed_games():
        raise NotListed(game)
    return game


def player_of(days: DailyStore, body: JsonObject) -> tuple[str, str]:
    """(player id, progress key) of a start's body: its ``"player"`` key's player, or a new player
    with a new key when it has none. BadProgressKey for a malformed or unknown key."""
    key = body.get("player")
    if key is None:
        return days.issue_key()
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise BadProgressKey("bad-progress-key")
    player = days.player_for_key(key)
    if player is None:
        raise BadProgressKey("unknown-progress-key")
    return player, key


def seat_key_presented(game: Game) -> bool:
    """Whether this request's ``Authorization: Bearer`` is the deal's seat key."""
    key = bearer_key(request.headers.get("Authorization"))
    return key is not None and seat_for_key(game.stored.meta, key) is not None


def _not_listed(_: NotListed) -> tuple[Response, int]:
    return daily_error("unknown-game", 404)


def _bad_key(e: BadProgressKey) -> tuple[Response, int]:
    return daily_error(e.code, 400 if e.code == "bad-progress-key" else 403)


def _store_refused(_: DailyStoreError) -> tuple[Response, int]:
    return daily_error("daily-unknown", 404)


def _too_many(e: HTTPException) -> tuple[Response, int]:
    if e.code == 429 and limits.is_daily_read_limit(e):
        response, status = daily_error("too-many-daily-reads", 429)
        if e.response is not None and "Retry-After" in e.response.headers:
            response.headers["Retry-After"] = e.response.headers["Retry-After"]
        return response, status
    return http_error(e)


def install(bp: Blueprint) -> None:
    """The game API's rules (its language, JSON bodies, errors), and the daily API's own errors."""
    install_game_api(bp)
    bp.register_error_handler(DailyError, unknown_day)
    bp.register_error_handler(DailyStoreError, _store_refused)
    bp.register_error_handler(AlreadyPlayed, already_played)
    bp.register_error_handler(NotListed, _not_listed)
    bp.register_error_handler(BadProgressKey, _bad_key)
    bp.register_error_handler(429, _too_many)


__all__ = ["daily_message", "daily_error", "unknown_day", "already_played", "share_text", "share_marks",
           "result_response", "NotListed", "BadProgressKey", "listed", "player_of", "seat_key_presented", "install"]
