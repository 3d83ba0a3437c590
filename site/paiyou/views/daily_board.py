"""Blueprint ``daily_board``: the daily deal's leaderboard by pages, the player's leaderboard name
and the result's live fragment (routes only; the work is ``paiyou.daily.board``,
``paiyou.daily.names`` and ``paiyou.daily.pages``).

- ``GET /<lang>/<game>/daily/<date>/board`` (``?page=n``, 50 rows a page): the day's results, best
  first, ties sharing a rank, with names. Anyone once the day is revealed; before, only this
  browser's player with a result of that day (403 otherwise). A malformed page is 400, a page past
  the last 404, an unknown day 404; each a localized page. Under the daily-read limit.
- ``POST /<lang>/<game>/daily/name`` (a form with its CSRF token): set this browser's player's
  leaderboard name (empty: none), then back to the day's page (303). A bad name is a 400 page with
  the form and why, and changes nothing; a browser without a progress key is 403. Under the
  seat-write limit, as a name at a table.
- ``GET /<lang>/<game>/daily/field``: what the field played at each decision of this browser's
  finished deal of today (``paiyou.daily.field``; before the reveal too: docs/daily.md says why;
  from the reveal the review shows it at each step); 404 without a finished deal. Under the
  daily-read limit.
- ``GET /<lang>/<game>/daily/result``: the result panel alone, for htmx's polling every 30 s while
  the day is open (a plain request is sent to the day's page), kept as the day's page is
  (``paiyou.daily.kept``). Under the daily-read limit (429 with Retry-After).

Every answer is private (``paiyou.web.private.no_store``).
"""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import pgettext

from engine.daily import DailyError, parse_day
from paiyou.daily import board as day_board
from paiyou.daily import kept, names, pages, refusals
from paiyou.daily.answers import long_date
from paiyou.daily.field import field_of
from paiyou.deals.errors import BadInput
from paiyou.deals.seating import NAME_MAX
from paiyou.registry import listed_games, url_converter
from paiyou.store.daily import DailyStore
from paiyou.store.databases import current_store
from paiyou.web import limits
from paiyou.web.htmx import is_fragment_request, render
from paiyou.web.private import private_blueprint

bp = private_blueprint("daily_board", __name__)

GAME = url_converter()


@bp.get(f"/{GAME}/daily/<day>/board")
@limits.daily_read
def board(game: str, day: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    try:
        date = parse_day(day)
    except DailyError:
        return refusals.message(game, pgettext("daily", "There is no daily deal on that date."), 404)
    player = pages.browser_player()
    if not day_board.may_read(current_store(), game, date, player):
        return refusals.message(game, pgettext(
            "daily", "The leaderboard of an open day shows once you have finished its deal; everyone sees it "
                     "from the day's reveal."), 403)
    try:
        found = day_board.board(current_store(), game, date, day_board.parse_page(request.args.get("page")), player)
    except day_board.BadPage as e:
        return refusals.board_refused(game, e)
    return render("daily/board.html", game=game, board=found, date=long_date(date))


@bp.post(f"/{GAME}/daily/name")
@limits.seat_write
def set_name(game: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    player = pages.browser_player()
    if player is None:
        return refusals.message(
            game, pgettext("daily", "Play a daily deal first: the name is kept with your progress."), 403)
    try:
        name = names.parse(request.form.get("name"))
    except BadInput as e:
        return render("daily/name.html", game=game, name=request.form.get("name", "")[:NAME_MAX * 4],
                      error=names.refusal(e.code), name_max=NAME_MAX), 400
    DailyStore(current_store()).set_name(player, name)
    return redirect(url_for("daily.day", game=game) + "#daily-name", code=303)


@bp.get(f"/{GAME}/daily/field")
@limits.daily_read
def field(game: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    attempt = pages.attempt_today(game, pages.browser_player())
    found = field_of(current_store(), attempt) if attempt is not None and attempt.is_over else None
    if attempt is None or found is None:
        return refusals.message(game, pgettext(
            "daily", "What the field played shows once you have finished today's deal."), 404)
    return render("daily/field.html", game=game, field=found)


@bp.get(f"/{GAME}/daily/result")
@limits.daily_read
def live_result(game: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    if not is_fragment_request():
        return redirect(url_for("daily.day", game=game), code=303)
    panel = pages.todays_page(game).panel
    if panel is None:
        return "", 204  # nothing to show: htmx keeps the page as it is
    return kept.live_response(game, panel)
