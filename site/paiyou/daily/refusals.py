"""The daily deal's short refusal pages (``paiyou.views.daily_board``): a leaderboard page out of
range or malformed, a leaderboard not open yet, a name without a player — each a localized page
with its status and a link to today's deal."""
from __future__ import annotations

from flask_babel import pgettext

from paiyou.daily.board import BadPage
from paiyou.i18n.numerals import format_number
from paiyou.web.htmx import render


def message(game: str, text: str, status: int) -> tuple[str, int]:
    """A short page of the daily deal saying ``text`` (with ``status``), with a link to its day."""
    return render("daily/message.html", game=game, message=text, status=status), status


def board_refused(game: str, error: BadPage) -> tuple[str, int]:
    """400 for a malformed leaderboard page, 404 for one past the last."""
    if error.code == "bad-page":
        return message(game, pgettext("daily", "A page of the leaderboard is a whole number from %(first)s.",
                                      first=format_number(1)), 400)
    return message(game, pgettext("daily", "The leaderboard has no such page."), 404)


__all__ = ["message", "board_refused"]
