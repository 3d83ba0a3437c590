"""Blueprint ``play``: a full deal against the computer in the browser (routes only; what they
share is ``paiyou.tables.pages``).

- ``GET /<lang>/play``: both games. ``GET /<lang>/<game>/play``: choose the computer players'
  level (preselected: the one this browser chose last, else ``standard``) and an optional seed,
  or continue this browser's unfinished deal (nothing is dealt on a GET); ``POST`` the same URL
  ("New deal") deals and redirects to the table, ``/<lang>/<game>/games/<id>`` — except when the
  form leaves an unfinished deal (``leaving=<id>``) without ``confirm=yes``: then it redirects to
  ``GET …/play/confirm``, which asks first.
- ``GET /<lang>/<game>/games/<id>``: the table. ``POST`` the same URL: your action (a plain form:
  POST, then redirect, then GET, the computer's moves made; with htmx the table region is
  swapped in place and what happened is announced in a live region).
- ``POST …/games/<id>/advance``: the next computer move (``to=turn``: all of them up to your
  turn); with htmx your move's answer is your move alone, and the page asks for each computer
  move as soon as it is shown (docs/architecture.md, "The computer's moves").
- ``POST …/games/<id>/next``: the match's next deal; ``POST …/games/<id>/auto-pass``,
  ``POST …/games/<id>/speed`` and ``POST /<lang>/<game>/play/statistics/reset``: this
  browser's settings.

The finished deal's review, its record and the replay of a record are ``paiyou.views.review``.
Every request loads its game once (``pages.load_or_404``: one replay of the record) and hands the
loaded game on. Everything on the page comes from the human seat's ``SeatView``, never from the
deal: no other hand and no other seat's face-down tile can reach the HTML. Every answer is
private (``paiyou.web.private.no_store``).
"""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import pgettext

from engine.errors import IllegalAction
from paiyou.deals import service
from paiyou.deals.computer import levels, parse_level
from paiyou.deals.game import HUMAN_SEAT, BadInput, GameNotFound
from paiyou.reasons import CODES
from paiyou.registry import listed_games, url_converter
from paiyou.seats import access, cookies
from paiyou.store.databases import current_store
from paiyou.tables import forms, friend_pages, moves, pages
from paiyou.web import errors, limits
from paiyou.web.htmx import is_fragment_request, render
from paiyou.web.private import private_blueprint

bp = private_blueprint("play", __name__)  # every answer: no-store

GAME = url_converter()


@bp.get("/play")
def games_index() -> ResponseReturnValue:
    """The listed games (``paiyou.registry.listed_games``), each leading to its start page."""
    return render("play/index.html", games=listed_games())


@bp.post(f"/{GAME}/games/<game_id>/auto-pass")
def auto_pass_setting(game: str, game_id: str) -> ResponseReturnValue:
    """The setting "pass automatically when nothing beats" (this browser, every game), then back
    to the table."""
    access.require_seat(pages.load_or_404(game, game_id))
    response = redirect(pages.table_url(game, game_id), code=303)
    cookies.set_auto_pass(response, request.form.get("auto_pass") != "off")
    return response


@bp.post(f"/{GAME}/play/statistics/reset")
def reset_statistics(game: str) -> ResponseReturnValue:
    """Forget this browser's statistics (every game), once the box saying so is ticked."""
    if request.form.get("confirm") != "yes":
        return redirect(url_for("play.start_page", game=game, reset="unconfirmed"), code=303)
    response = redirect(url_for("play.start_page", game=game, reset="done"), code=303)
    cookies.forget_stats(response)
    return response


@bp.get(f"/{GAME}/play")
def start_page(game: str) -> ResponseReturnValue:
    """Choose the computer players' level and (optionally) a seed; nothing is dealt on GET. A
    refused "New deal" comes back here (POST → 303 → GET) with its seed and level."""
    seed_text = request.args.get("seed", "")[:40]
    level = request.args.get("level")
    try:
        service.parse_seed(seed_text)
    except BadInput:
        return pages.start_form(game, seed_text=seed_text, level=level, error=pages.seed_error(seed_text),
                                status=400)
    if level and level not in levels(game):
        return pages.start_form(game, seed_text=seed_text, error=pgettext(
            "play", "Choose one of the levels below."), status=400)
    if request.args.get("reset") == "unconfirmed":
        return pages.start_form(game, seed_text=seed_text, level=level, error=pgettext(
            "play", "Tick the box first to confirm that your statistics should be deleted."))
    return pages.start_form(game, seed_text=seed_text, level=level)


@bp.post(f"/{GAME}/play")
@limits.new_game
def new(game: str) -> ResponseReturnValue:
    """"New deal": deal with the chosen level, seed and table options (``variant``, one field per
    ticked option), keep its seat key in this browser's cookie, and go to the table."""
    seed_text = request.form.get("seed", "")
    level_text = request.form.get("level", "")
    try:
        seed = service.parse_seed(seed_text)
        level = parse_level(game, level_text or pages.first_level(game))
        variant = service.parse_variant(game, request.form.getlist("variant"))
    except BadInput:
        back = url_for("play.start_page", game=game, seed=seed_text[:40] or None,
                       level=level_text[:40] or None)
        return redirect(back, code=303)
    leaving = pages.unfinished(game, request.form.get("leaving", ""))
    if leaving is not None and request.form.get("confirm") != "yes":  # ask first (no deal yet)
        return redirect(url_for("play.confirm_new", game=game, leaving=leaving.id, level=level,
                                seed=seed_text[:40] or None, variant=list(variant)), code=303)
    key = access.new_key()
    started = service.start(current_store(), game, seed, level, auto_pass=cookies.auto_pass(),
                            seat_keys=access.seat_keys_meta(HUMAN_SEAT, key), variant=variant)
    response = redirect(pages.table_url(game, started.id), code=303)
    cookies.remember(response, started.id, key)
    cookies.set_level(response, level)
    return response


@bp.get(f"/{GAME}/play/confirm")
def confirm_new(game: str) -> ResponseReturnValue:
    """"New deal" pressed during an unfinished deal, without JavaScript: start a new one anyway
    (POST, with ``confirm=yes``) or go back to the deal. A GET: nothing is dealt."""
    leaving = pages.unfinished(game, request.args.get("leaving", ""))
    level = request.args.get("level", "")
    try:
        variant = service.parse_variant(game, request.args.getlist("variant"))
    except BadInput:
        variant = None
    if leaving is None or level not in levels(game) or variant is None:
        return redirect(url_for("play.start_page", game=game), code=303)
    seed_text = request.args.get("seed", "")[:40]
    return render("play/confirm_new.html", game=game, leaving=leaving, level=level, seed_text=seed_text,
                  variant=variant, table=pages.table_url(game, leaving.id))


@bp.get(f"/{GAME}/games/<game_id>")
@limits.hint
def table(game: str, game_id: str) -> ResponseReturnValue:
    """The table. After a refused plain-form move (POST → 303 → GET) the query says why:
    ``?refused=<reason>&tried=<tiles>&tile=<selected>…`` or ``?refused=stale``; nothing changes.
    Before the end only the seat's key opens it (it shows the seat's hand); after, the id does.
    ``?seen=<n>``: a live refresh's count of the log events its page showed (only what came since
    is announced)."""
    current, watching = friend_pages.viewer(pages.load_or_404(game, game_id))
    if watching:
        return pages.table_page(current, watching=True, seen=forms.seen())
    friend_pages.mark_page_present(current)  # before the page says who is connected
    code = request.args.get("refused", "")
    if code == pages.STALE:
        return pages.table_page(current, notice=pages.stale_notice())
    if code == pages.CHOOSE_FIRST or code in CODES[game]:
        tried = " ".join(forms.tile_keys(request.args.get("tried", "").split()))
        return pages.table_page(current, error=pages.refusal(current, code, tried),
                          selected=forms.tile_keys(request.args.getlist("tile")), tried=tried)
    if request.args.get("hint"):
        return pages.hint_page(friend_pages.seated(current))
    return pages.table_page(current, seen=forms.seen())


@bp.post(f"/{GAME}/games/<game_id>")
@limits.move
def submit(game: str, game_id: str) -> ResponseReturnValue:
    """Your move, made on the table at ``version``. With htmx the answer is your move alone (the
    page then asks for the computer's moves one by one: ``advance``); a plain form gets the table
    at your next turn (POST → 303 → GET) — at a table with friends after your move alone (its
    computer seats move by ``advance``, one move a request)."""
    return moves.submit(game, game_id)


@bp.post(f"/{GAME}/games/<game_id>/advance")
@limits.move
def advance(game: str, game_id: str) -> ResponseReturnValue:
    """The next computer move (``to=turn``: every one up to your turn, the "Skip" button), made
    against the page's ``version``. The table page asks for it after each answer, at the chosen
    speed, until it is your turn; asking again against an older version changes nothing and
    answers the table as it stands (double clicks, two tabs). Only the deal's player may; at a
    table with friends every seat's page asks, and each request is one move (``to=turn`` too)."""
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    version = forms.version()
    if version is None:
        return pages.refused(current, 409, pages.STALE)
    try:
        after = service.advance(current_store(), current, version, auto_pass=cookies.auto_pass(),
                                to_turn=request.form.get("to") == "turn" or not is_fragment_request())
    except GameNotFound:  # pruned while this step was made
        abort(404)
    return pages.moved(current, after, stepping=True)


@bp.post(f"/{GAME}/games/<game_id>/speed")
def speed_setting(game: str, game_id: str) -> ResponseReturnValue:
    """The speed at which the table shows the computer's moves (this browser, every game), then
    back to the table. An unknown speed is refused (400) and changes nothing."""
    access.require_seat(pages.load_or_404(game, game_id))
    chosen = request.form.get("speed", "")
    if chosen not in cookies.SPEEDS:
        return errors.refused(pgettext("play", "Unknown speed"), pgettext(
            "play", "Choose one of the speeds offered on the table."), 400)
    response = redirect(pages.table_url(game, game_id), code=303)
    cookies.set_speed(response, chosen)
    return response


@bp.post(f"/{GAME}/games/<game_id>/next")
@limits.new_game
def next_deal(game: str, game_id: str) -> ResponseReturnValue:
    """"Next deal" at the end of a deal: the match goes on at a new table, played with the same
    seat key (only its holder may deal it)."""
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    key = access.presented_key(game_id)
    try:
        started = service.next_deal(current_store(), current, auto_pass=cookies.auto_pass())
    except IllegalAction:
        return redirect(pages.table_url(game, game_id), code=303)
    response = redirect(pages.table_url(game, started.id), code=303)
    if key is not None:
        cookies.remember(response, started.id, key)
    invite = cookies.invites().get(game_id)
    if invite is not None:  # the creator's link now opens the next deal
        cookies.remember_invite(response, started.id, invite)
    return response
