"""Blueprint ``daily_mine``: your dailies, the archive and the progress key (docs/daily.md).

- ``GET /<lang>/daily/yours``: your streak and the calendar of your past dailies with their
  matchpoints (``paiyou.daily.mine``: the last 400 days).
- ``GET /<lang>/daily/key``: the progress key's page: make a key to carry your progress to
  another browser, or enter one made in another browser.
- ``POST /<lang>/daily/key``: a new key for this browser's player (a new player when it has none),
  shown once on the answer; any key made before stops working (``DailyStore.replace_key``).
- ``POST /<lang>/daily/key/enter`` (``key``): this browser becomes the key's player: its daily
  history and streak, and its statistics and mistakes (``paiyou.daily.carry``). A malformed key
  400, one that belongs to nobody (forged or replaced) 403; nothing changed.
  Both POSTs are under the progress-key limit (429 with ``Retry-After``).
- ``GET /<lang>/<game>/daily/<date>``: a revealed day in the archive: its commitment, seed and
  salt with the shuffle check, the field's size, and the practice form; any other date 404.
- ``POST /<lang>/<game>/daily/<date>/practice``: play the day again as practice (never counted;
  the new-game limit), then its table.
- ``GET /<lang>/<game>/daily/<date>/results/<id>``: a finished daily deal of a revealed day against
  the field (a practice deal placed among the counted results).

Every answer is private (``no_store``); every form carries its CSRF token.
"""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue

from paiyou.daily import archive, carry, mine, pages
from paiyou.daily.answers import daily_message, long_date
from paiyou.daily.mine_pages import key_page, malformed_key_message, revealed_or_404, too_many_key_tries
from paiyou.daily.secret import ring
from paiyou.daily.service import players
from paiyou.deals.daily_mark import mark
from paiyou.registry import listed_games, url_converter
from paiyou.review.records import shuffle_check
from paiyou.seats import access, cookies
from paiyou.store.daily import KEY_PATTERN, DailyStore
from paiyou.store.databases import current_store
from paiyou.store.schema import new_id
from paiyou.tables.pages import load_or_404, table_url
from paiyou.web import limits
from paiyou.web.htmx import render
from paiyou.web.private import private_blueprint

bp = private_blueprint("daily_mine", __name__)

GAME = url_converter()
KEY_FIELD = "key"


@bp.get("/daily/yours")
def yours() -> ResponseReturnValue:
    return render("daily/yours.html", mine=mine.mine(pages.browser_player()), window_days=mine.WINDOW_DAYS,
                  games=listed_games())


# -- the progress key -----------------------------------------------------------------------------

@bp.get("/daily/key")
def key() -> ResponseReturnValue:
    return key_page(adopted=request.args.get("adopted") == "1")


@bp.post("/daily/key")
@limits.progress_key
def new_key() -> ResponseReturnValue:
    """Issue (no player yet) or replace (the old key stops working) this browser's key and show
    it once; the browser's statistics and mistakes are kept with it from now on."""
    days = DailyStore(current_store())
    old = pages.progress_key()
    replaced = days.replace_key(old) if old is not None else None
    if replaced is None:
        player, shown = days.issue_key()
    else:
        found = days.player_for_key(replaced)
        assert found is not None  # the key was just stored
        player, shown = found, replaced
    carry.keep(player, carry.browser_values())
    response = key_page(shown=shown)
    pages.keep_progress_key(response, shown)
    return response


@bp.post("/daily/key/enter")
@limits.progress_key
def enter_key() -> ResponseReturnValue:
    entered = request.form.get(KEY_FIELD, "").strip()
    if not KEY_PATTERN.fullmatch(entered):
        return key_page(400, error=malformed_key_message())
    player = DailyStore(current_store()).player_for_key(entered)
    if player is None:
        return key_page(403, error=daily_message("unknown-progress-key"))
    response = redirect(url_for("daily_mine.key", adopted="1"), code=303)
    pages.keep_progress_key(response, entered)
    carry.adopt(response, player)
    return response


bp.register_error_handler(429, too_many_key_tries)


# -- the archive ----------------------------------------------------------------------------------

@bp.get(f"/{GAME}/daily/<day>")
def archive_day(game: str, day: str) -> ResponseReturnValue:
    found = revealed_or_404(game, day)
    deal = archive.revealed_day(ring(), game, found)
    check = shuffle_check(game, {"seed": deal.seed, "salt": deal.salt, "commitment": deal.commitment})
    player = pages.browser_player()
    counted = (DailyStore(current_store()).counted_result(game, found.isoformat(), player)
               if player is not None else None)
    return render("daily/archive.html", game=game, deal=deal, date=long_date(found), shuffle=check,
                  players=players(current_store(), game, found), counted=counted)


@bp.post(f"/{GAME}/daily/<day>/practice")
@limits.new_game
def practice(game: str, day: str) -> ResponseReturnValue:
    found = revealed_or_404(game, day)
    seat_key = access.new_key()
    started = archive.start_practice(ring(), current_store(), game, found, pages.browser_player() or new_id(),
                                     seat_key)
    response = redirect(table_url(game, started.id), code=303)
    cookies.remember(response, started.id, seat_key)
    return response


@bp.get(f"/{GAME}/daily/<day>/results/<game_id>")
def result(game: str, day: str, game_id: str) -> ResponseReturnValue:
    found = revealed_or_404(game, day)
    deal = load_or_404(game, game_id)
    daily = mark(deal.stored.meta)
    if daily is None or daily.day != found or not deal.is_over:
        abort(404)
    panel = pages.result_panel(deal)
    if panel is None:
        abort(404)
    return render("daily/practice_result.html", game=game, day=found.isoformat(), date=long_date(found),
                  panel=panel, practice=archive.is_practice(deal.stored.meta))
