"""Blueprint ``daily``: the daily deal's pages (routes only; what they show is
``paiyou.daily.pages``, the work ``paiyou.daily.service``).

- ``GET /<lang>/daily``: today's deal of each listed game: its commitment, the time left, how many
  finished it.
- ``GET /<lang>/daily/today``: the same as a fragment, for the home page (htmx loads it; a plain
  request is sent to ``/<lang>/daily``).
- ``GET /<lang>/<game>/daily``: the day's page: the commitment and the start form, or — once this
  browser's player has started today's deal — a link to the table, or the result against the
  field (score, matchpoints, percentile, rank, the distribution's chart, the par, the share text
  and the top 50).
- ``POST`` the same URL (a form with its CSRF token; the new-game limit): start today's deal (the
  first start of the day gives this browser its progress key) and go to its table; a second start
  of the day goes back to the day's page.

Every answer is private (``paiyou.web.private.no_store``). The day's page is rendered once per
state shown and kept, each reader's own values put in per request (``paiyou.daily.kept``).
"""
from __future__ import annotations

from flask import abort, redirect, url_for
from flask.typing import ResponseReturnValue

from paiyou.daily import kept, pages, service
from paiyou.daily.secret import ring
from paiyou.registry import listed_games, url_converter
from paiyou.seats import access, cookies
from paiyou.store.daily import DailyStore
from paiyou.store.databases import current_store
from paiyou.tables.pages import table_url
from paiyou.web import limits
from paiyou.web.htmx import is_fragment_request, render
from paiyou.web.private import private_blueprint

bp = private_blueprint("daily", __name__)

GAME = url_converter()


@bp.get("/daily")
def index() -> ResponseReturnValue:
    return render("daily/index.html", cards=[pages.day_card(game) for game in listed_games()])


@bp.get("/daily/today")
def today_fragment() -> ResponseReturnValue:
    if not is_fragment_request():
        return redirect(url_for("daily.index"), code=303)
    return render("daily/_today.html", cards=[pages.day_card(game) for game in listed_games()])


@bp.get(f"/{GAME}/daily")
def day(game: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    shown = pages.todays_page(game)
    return kept.day_response(game, shown.card, shown.attempt, shown.panel)


@bp.post(f"/{GAME}/daily")
@limits.new_game
def start(game: str) -> ResponseReturnValue:
    if game not in listed_games():
        abort(404)
    days = DailyStore(current_store())
    key = pages.progress_key()
    player = days.player_for_key(key) if key is not None else None
    if player is None or key is None:
        player, key = days.issue_key()
    seat_key = access.new_key()
    try:
        started = service.start(ring(), current_store(), game, player, seat_key)
    except service.AlreadyPlayed:
        response = redirect(url_for("daily.day", game=game), code=303)
    else:
        response = redirect(table_url(game, started.id), code=303)
        cookies.remember(response, started.id, seat_key)
    pages.keep_progress_key(response, key)
    return response
