"""Blueprint ``play``: a full deal against the computer in the browser (routes only).

- ``GET /<lang>/play``: both games. ``GET /<lang>/<game>/play``: choose the computer players'
  level and an optional seed, or continue this browser's unfinished deal (nothing is dealt on a
  GET); ``POST`` the same URL ("New deal") deals and redirects to the table,
  ``/<lang>/<game>/games/<id>``.
- ``GET /<lang>/<game>/games/<id>``: the table. ``POST`` the same URL: your action (a plain form:
  POST, then redirect, then GET; with htmx the table region is swapped in place and the
  computer's moves are announced in a live region).
- ``POST …/games/<id>/next``: the match's next deal; ``POST …/games/<id>/auto-pass`` and
  ``POST /<lang>/<game>/play/statistics/reset``: this browser's settings.

The finished deal's review, its record and the replay of a record are ``paiyou.views.review``.
Everything on the page comes from the human seat's ``SeatView`` (``paiyou.play.table``), never from
the deal: no other hand and no other seat's face-down tile can reach the HTML. Every answer is
private (``paiyou.play.pages.private``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask_babel import pgettext

from engine.errors import IllegalAction
from engine.tiles import TILE_BY_KEY
from paiyou.games import GAME_KEYS, url_converter
from paiyou.games import game as game_spec
from paiyou.i18n import numerals
from paiyou.play import access, cookies, service, stats
from paiyou.play.pages import load_or_404, private, table_url
from paiyou.play.presenter import table_of
from paiyou.play.store import current_store
from paiyou.play.table import keys, table_model
from paiyou.play.template_globals import level_description, level_label
from paiyou.reasons import CODES, explain
from paiyou.web import limits
from paiyou.web.htmx import is_fragment_request, render

bp = Blueprint("play", __name__, url_prefix="/<lang_code>")
bp.after_request(private)

GAME = url_converter()


def level_choices(game: str, chosen: str) -> list[dict[str, Any]]:
    """The engine's levels, weakest first, each with its name and a sentence in the page's language."""
    return [{"name": level, "label": level_label(level), "description": level_description(level),
             "checked": level == chosen} for level in service.levels(game)]


@bp.get("/play")
def games_index() -> Any:
    """Both games (the list comes from the engine), each leading to its start page."""
    return render("play/index.html", games=GAME_KEYS)


def _start_page(game: str, *, seed_text: str = "", level: str | None = None,
                error: str | None = None, status: int = 200) -> Any:
    configured = current_app.config.get("PAIYOU_OPPONENT_LEVEL")
    chosen = level if level in service.levels(game) else service.default_level(game, configured)
    mine = stats.rows(cookies.read_stats(), game, service.levels(game))
    body = render("play/start.html", game=game, levels=level_choices(game, chosen),
                  seed_text=seed_text, error=error, unfinished=access.unfinished_games(game)[:1],
                  stats=mine, reset_done=request.args.get("reset") == "done")
    return current_app.make_response((body, status))


def _seed_error() -> str:
    return str(pgettext("play", "A seed is a whole number, such as %(example)s.",
                        example=numerals.format_number(42)))


@bp.post(f"/{GAME}/games/<game_id>/auto-pass")
def auto_pass_setting(game: str, game_id: str) -> Any:
    """The setting "pass automatically when nothing beats" (this browser, every game), then back
    to the table."""
    access.require_seat(load_or_404(game, game_id))
    response = redirect(table_url(game, game_id), code=303)
    cookies.set_auto_pass(response, request.form.get("auto_pass") != "off")
    return response


@bp.post(f"/{GAME}/play/statistics/reset")
def reset_statistics(game: str) -> Any:
    """Forget this browser's statistics (every game), once the box saying so is ticked."""
    if request.form.get("confirm") != "yes":
        return redirect(url_for("play.start_page", game=game, reset="unconfirmed"), code=303)
    response = redirect(url_for("play.start_page", game=game, reset="done"), code=303)
    cookies.forget_stats(response)
    return response


@bp.get(f"/{GAME}/play")
def start_page(game: str) -> Any:
    """Choose the computer players' level and (optionally) a seed; nothing is dealt on GET. A
    refused "New deal" comes back here (POST → 303 → GET) with its seed and level."""
    seed_text = request.args.get("seed", "")[:40]
    level = request.args.get("level")
    try:
        service.parse_seed(seed_text)
    except service.BadInput:
        return _start_page(game, seed_text=seed_text, level=level, error=_seed_error(), status=400)
    if level and level not in service.levels(game):
        return _start_page(game, seed_text=seed_text, error=pgettext(
            "play", "Choose one of the levels below."), status=400)
    if request.args.get("reset") == "unconfirmed":
        return _start_page(game, seed_text=seed_text, level=level, error=pgettext(
            "play", "Tick the box first to confirm that your statistics should be forgotten."))
    return _start_page(game, seed_text=seed_text, level=level)


@bp.post(f"/{GAME}/play")
@limits.new_game
def new(game: str) -> Any:
    """"New deal": deal with the chosen level and seed, keep its seat key in this browser's
    cookie, and go to the table."""
    seed_text = request.form.get("seed", "")
    level_text = request.form.get("level", "")
    try:
        seed = service.parse_seed(seed_text)
        level = service.parse_level(game, level_text, current_app.config.get("PAIYOU_OPPONENT_LEVEL"))
    except service.BadInput:
        back = url_for("play.start_page", game=game, seed=seed_text[:40] or None,
                       level=level_text[:40] or None)
        return redirect(back, code=303)
    key = access.new_key()
    started = service.start(current_store(), game, seed, level, auto_pass=cookies.auto_pass(),
                            seat_keys=access.seat_keys_meta(service.HUMAN_SEAT, key))
    response = redirect(table_url(game, started.id), code=303)
    cookies.remember(response, started.id, key)
    return response


def _page(game: service.Game, *, status: int = 200, notice: str | None = None,
          error: str | None = None, selected: Sequence[str] = (),
          hints: Sequence[dict[str, Any]] | None = None, tried: str = "") -> Any:
    model = table_model(game, selected)
    body = render("play/table.html", blocks=("table", "announce"), t=model, notice=notice,
                  error=error, selected=list(selected), fragment=is_fragment_request(),
                  hints=hints, quiet=hints is not None, auto_pass=cookies.auto_pass(),
                  tried=_tile_keys(tried.split()))
    response = current_app.make_response((body, status))
    response.headers["X-Robots-Tag"] = "noindex"
    return response


STALE = "stale"
CHOOSE_FIRST = "choose-first"  # Play (Face up / Face down) pressed with nothing selected


def _stale_notice() -> str:
    return str(pgettext("play", "That move was made on an earlier view of this table, so "
                        "nothing was changed. This is the table as it is now."))


def _refusal(game: str, current: service.Game, code: str, tiles: str) -> str:
    """The sentence for a refused move: the engine's reason explained against the play to beat."""
    if code == CHOOSE_FIRST:
        return table_of(game).choose_first()
    return explain(game, code, table_of(game).current_notation(current.view()), tiles or None)


def _tile_keys(values: Sequence[str]) -> list[str]:
    return [k for k in values if k in TILE_BY_KEY][:40]


@bp.get(f"/{GAME}/games/<game_id>")
def table(game: str, game_id: str) -> Any:
    """The table. After a refused plain-form move (POST → 303 → GET) the query says why:
    ``?refused=<reason>&tried=<tiles>&tile=<selected>…`` or ``?refused=stale``; nothing changes.
    Before the end only the seat's key opens it (it shows the seat's hand); after, the id does."""
    current = load_or_404(game, game_id)
    access.require_read(current)
    refused = request.args.get("refused", "")
    if refused == STALE:
        return _page(current, notice=_stale_notice())
    if refused == CHOOSE_FIRST or refused in CODES[game]:
        tried = " ".join(_tile_keys(request.args.get("tried", "").split()))
        return _page(current, error=_refusal(game, current, refused, tried),
                     selected=_tile_keys(request.args.getlist("tile")), tried=tried)
    if request.args.get("hint"):
        access.require_seat(current)
        return _hint_page(current)
    return _page(current)


def _hint_page(current: service.Game) -> Any:
    """The table with the suggested move selected and the candidates listed (``?hint=1``: a GET,
    nothing changes; only the human seat's view is read)."""
    try:
        found = service.hints(current)
    except IllegalAction:
        return _page(current)
    listed = [{"tiles": keys(h.action.tiles), "face_up": h.action.face_up, "pass": not h.action.tiles,
               "score": h.score} for h in found]
    return _page(current, selected=listed[0]["tiles"] if listed else (), hints=listed)


def _form_action(game: str) -> tuple[str, bool, list[str]] | None:
    """(tiles, face_up, selected keys) from the table form, None when a play button was pressed
    with nothing selected (never taken as a pass). A "plays you may make" button sends ``quick``
    (``"6-6 6-6"``); otherwise the checked tiles with the Play / Pass (Chuo Pai) or Face up /
    Face down (Tien Gow) button."""
    selected = _tile_keys(request.form.getlist("tile"))
    quick = request.form.get("quick")
    move = request.form.get("move", "")
    if quick is not None:
        return quick, True, selected
    if move == "pass":
        return "", True, selected
    if not selected:
        return None
    return " ".join(selected), move != "down", selected


def _refused(game: str, game_id: str, current: service.Game, status: int, code: str,
             tried: str = "", selected: Sequence[str] = ()) -> Any:
    """A refused move: htmx gets the table in place with the reason; a plain form is redirected
    to the table with the reason in the query (POST → 303 → GET: no "resubmit?" page)."""
    if is_fragment_request():
        if code == STALE:
            return _page(current, status=status, notice=_stale_notice())
        return _page(current, status=status, error=_refusal(game, current, code, tried),
                     selected=selected, tried=tried)
    params: dict[str, Any] = {"refused": code}
    if tried:
        params["tried"] = tried
    if selected:
        params["tile"] = list(selected)
    return redirect(url_for("play.table", game=game, game_id=game_id, **params), code=303)


@bp.post(f"/{GAME}/games/<game_id>")
def submit(game: str, game_id: str) -> Any:
    store = current_store()
    current = load_or_404(game, game_id)
    access.require_seat(current)
    action = _form_action(game)
    if action is None:
        return _refused(game, game_id, current, 400, CHOOSE_FIRST)
    tiles, face_up, selected = action
    version_text = request.form.get("version", "")
    version = int(version_text) if version_text.isascii() and version_text.isdigit() \
        and len(version_text) < 10 else -1
    try:
        played = service.act(store, game_id, version, tiles,
                             face_up if game_spec(game).has_face_down else None,
                             game=game, auto_pass=cookies.auto_pass())
    except service.StaleVersion as stale:
        return _refused(game, game_id, stale.game, 409, STALE)
    except IllegalAction as e:
        code = e.detail if e.reason == "does-not-beat" and e.detail else e.reason
        return _refused(game, game_id, current, 422, code, tiles, selected)
    except service.BadInput as e:
        if e.code == "bad-version":
            return _refused(game, game_id, current, 409, STALE)
        return _refused(game, game_id, current, 400, "not-in-hand" if selected else CHOOSE_FIRST,
                        tiles if selected else "", selected)
    if is_fragment_request():
        answer = _page(played)
        cookies.count_finished(answer, current, played)
        return answer
    response = redirect(table_url(game, game_id), code=303)
    cookies.count_finished(response, current, played)
    return response


@bp.post(f"/{GAME}/games/<game_id>/next")
@limits.new_game
def next_deal(game: str, game_id: str) -> Any:
    """"Next deal" at the end of a deal: the match goes on at a new table, played with the same
    seat key (only its holder may deal it)."""
    access.require_seat(load_or_404(game, game_id))
    key = access.presented_key(game_id)
    try:
        started = service.next_deal(current_store(), game_id, game, auto_pass=cookies.auto_pass())
    except service.GameNotFound:
        abort(404)
    except IllegalAction:
        return redirect(table_url(game, game_id), code=303)
    response = redirect(table_url(game, started.id), code=303)
    if key is not None:
        cookies.remember(response, started.id, key)
    return response


