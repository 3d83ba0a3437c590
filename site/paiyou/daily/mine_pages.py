"""What the pages of your dailies, the archive and the progress key share (``paiyou.views.daily_mine``,
routes only): the key page's answer, its refusals and the progress-key limit's page, and the
archive's one rule for a URL's day (revealed, or a 404 that says nothing).
"""
from __future__ import annotations

from datetime import date

from flask import abort, current_app
from flask.typing import ResponseReturnValue
from flask_babel import pgettext
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from engine.daily import DailyError, parse_day
from paiyou.daily import archive, pages
from paiyou.daily.secret import ring
from paiyou.i18n.numerals import format_number
from paiyou.registry import listed_games
from paiyou.web import errors, limits
from paiyou.web.htmx import render

KEY_LENGTH = 43  # secrets.token_urlsafe(32): paiyou.store.daily.KEY_PATTERN


def key_page(status: int = 200, shown: str | None = None, error: str | None = None,
             adopted: bool = False) -> Response:
    """The key page; ``shown``: the key just made (this browser's player from this answer on)."""
    has_player = shown is not None or pages.browser_player() is not None
    page = render("daily/key.html", has_player=has_player, shown=shown, error=error, adopted=adopted)
    return current_app.make_response((page, status))


def malformed_key_message() -> str:
    return str(pgettext(
        "daily", "That is not a progress key: a key is %(count)s letters, digits, “-” and “_”. Enter all of it "
                 "and try again.", count=format_number(KEY_LENGTH)))


def too_many_key_tries(error: HTTPException) -> ResponseReturnValue:
    if limits.is_progress_key_limit(error):
        body, status = errors.refused(
            pgettext("daily", "Too many tries of a progress key"),
            pgettext("daily", "A great many progress keys were tried from your address in a short time. Please wait "
                              "a little before the next try; your progress is still there."), 429)
        retry = error.response.headers.get("Retry-After") if error.response is not None else None
        return body, status, {"Retry-After": retry or "60"}
    return errors.too_many_requests(error)


def revealed_or_404(game: str, day: str) -> date:
    """The revealed day a URL names, of a listed game; a 404 for anything else (nothing said)."""
    if game not in listed_games():
        abort(404)
    try:
        return archive.revealed_day(ring(), game, parse_day(day)).day
    except DailyError:
        abort(404)



__all__ = ["KEY_LENGTH", "key_page", "malformed_key_message", "too_many_key_tries", "revealed_or_404"]
