"""Blueprint ``play``: a full deal against the computer in the browser (routes only).

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
Everything on the page comes from the human seat's ``SeatView`` (``paiyou.tables.table``), never from
the deal: no other hand and no other seat's face-down tile can reach the HTML. Every answer is
private (``paiyou.tables.pages.private``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask_babel import pgettext

from engine.errors import IllegalAction
from engine.tiles import TILE_BY_KEY
from paiyou.i18n import numerals
from paiyou.reasons import CODES, explain
from paiyou.registry import GAME_KEYS, url_converter
from paiyou.registry import game as game_spec
from paiyou.store.games import current_store
from paiyou.tables import access, cookies, service, stats
from paiyou.tables.pages import load_or_404, private, table_url
from paiyou.tables.presenter import table_of
from paiyou.tables.table import keys, table_model
from paiyou.tables.template_globals import level_description, level_label
from paiyou.web import errors, limits
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


FIRST_LEVEL = "standard"  # a first visit's opponents: a fair game, not the strongest


def first_level(game: str) -> str:
    """The level preselected for a browser that never chose one: the operator's
    ``PAIYOU_OPPONENT_LEVEL`` when set, else ``standard`` (else the strongest the engine lists)."""
    configured = current_app.config.get("PAIYOU_OPPONENT_LEVEL")
    if configured in service.levels(game):
        return str(configured)
    return FIRST_LEVEL if FIRST_LEVEL in service.levels(game) else service.default_level(game)


def _start_page(game: str, *, seed_text: str = "", level: str | None = None,
                error: str | None = None, status: int = 200) -> Any:
    last = cookies.last_level(game)
    chosen = level if level in service.levels(game) else last or first_level(game)
    listed = service.levels(game)
    stronger = [level_label(n) for n in listed[listed.index(chosen) + 1:]]
    mine = stats.rows(cookies.read_stats(), game, listed)
    body = render("play/start.html", game=game, levels=level_choices(game, chosen),
                  seed_text=seed_text, error=error, unfinished=access.unfinished_games(game)[:1],
                  stats=mine, reset_done=request.args.get("reset") == "done",
                  chosen_label=level_label(chosen), chosen_last=chosen == last, stronger=stronger)
    return current_app.make_response((body, status))


def _seed_error(seed_text: str = "") -> str:
    """Why a seed was refused: too large (a whole number past ``MAX_SEED - 1``, however many
    digits), or not a whole number at all."""
    if numerals.parse_whole_number(seed_text, max_digits=40) is not None:
        return str(pgettext("play", "A seed is at most %(highest)s: this one is too large.",
                            highest=numerals.format_number(service.MAX_SEED - 1)))
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
        return _start_page(game, seed_text=seed_text, level=level, error=_seed_error(seed_text), status=400)
    if level and level not in service.levels(game):
        return _start_page(game, seed_text=seed_text, error=pgettext(
            "play", "Choose one of the levels below."), status=400)
    if request.args.get("reset") == "unconfirmed":
        return _start_page(game, seed_text=seed_text, level=level, error=pgettext(
            "play", "Tick the box first to confirm that your statistics should be deleted."))
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
        level = service.parse_level(game, level_text or first_level(game))
    except service.BadInput:
        back = url_for("play.start_page", game=game, seed=seed_text[:40] or None,
                       level=level_text[:40] or None)
        return redirect(back, code=303)
    leaving = _unfinished(game, request.form.get("leaving", ""))
    if leaving is not None and request.form.get("confirm") != "yes":  # ask first (no deal yet)
        return redirect(url_for("play.confirm_new", game=game, leaving=leaving.id, level=level,
                                seed=seed_text[:40] or None), code=303)
    key = access.new_key()
    started = service.start(current_store(), game, seed, level, auto_pass=cookies.auto_pass(),
                            seat_keys=access.seat_keys_meta(service.HUMAN_SEAT, key))
    response = redirect(table_url(game, started.id), code=303)
    cookies.remember(response, started.id, key)
    cookies.set_level(response, level)
    return response


def _unfinished(game: str, game_id: str) -> service.Game | None:
    """This player's unfinished deal ``game_id`` of ``game`` (the one a "New deal" would leave),
    or None: a deal whose key this browser does not hold is nobody's to ask about."""
    try:
        found = service.load(current_store(), game_id, game)
    except service.GameNotFound:
        return None
    return None if found.is_over or access.seat_of(found) is None else found


@bp.get(f"/{GAME}/play/confirm")
def confirm_new(game: str) -> Any:
    """"New deal" pressed during an unfinished deal, without JavaScript: start a new one anyway
    (POST, with ``confirm=yes``) or go back to the deal. A GET: nothing is dealt."""
    leaving = _unfinished(game, request.args.get("leaving", ""))
    level = request.args.get("level", "")
    if leaving is None or level not in service.levels(game):
        return redirect(url_for("play.start_page", game=game), code=303)
    seed_text = request.args.get("seed", "")[:40]
    return render("play/confirm_new.html", game=game, leaving=leaving, level=level, seed_text=seed_text,
                  table=table_url(game, leaving.id))


def _seen() -> int | None:
    """How many log events the page that sent this request showed (its ``seen`` field): what is
    new since then is announced and animated. None when absent or malformed."""
    text = request.form.get("seen", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


def _page(game: service.Game, *, status: int = 200, notice: str | None = None,
          error: str | None = None, selected: Sequence[str] = (),
          hints: dict[str, Any] | None = None, tried: str = "",
          seen: int | None = None, stepping: bool = False) -> Any:
    auto_pass = cookies.auto_pass()
    speed = cookies.speed()
    model = table_model(game, selected, seen)
    body = render("play/table.html", blocks=("table", "announce"), t=model, notice=notice,
                  error=error, selected=list(selected), fragment=is_fragment_request(),
                  hints=hints, quiet=hints is not None, auto_pass=auto_pass,
                  tried=_tile_keys(tried.split()), waiting=service.waiting(game, auto_pass),
                  speed=speed, speeds=list(cookies.SPEEDS), delay=cookies.SPEEDS[speed],
                  stepping=stepping)
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
@limits.hint
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
    """The table with the suggested move selected and the candidates listed with their figures
    (``?hint=1``: a GET, nothing changes; only the human seat's view is read)."""
    try:
        found = service.hints(current)
    except IllegalAction:
        return _page(current)
    listed = [{"tiles": keys(h.action.tiles), "face_up": h.action.face_up, "pass": not h.action.tiles,
               "chance": h.chance, "expected": h.expected} for h in found.candidates]
    suggested = keys(found.action.tiles)
    hint = {"forced": found.forced, "ranked_by": found.ranked_by, "candidates": listed,
            "pass": not found.action.tiles, "tiles": suggested, "face_up": found.action.face_up}
    return _page(current, selected=suggested, hints=hint)


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
    version = _version()
    if version is None:
        version = -1
    fragment = is_fragment_request()
    try:
        # With htmx the answer is your move alone; the page then asks for the computer's moves
        # one by one (``advance``). A plain form gets the table at your next turn, as before.
        played = service.act(store, game_id, version, tiles,
                             face_up if game_spec(game).has_face_down else None,
                             game=game, auto_pass=cookies.auto_pass(), computer=not fragment)
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
    return _moved(current, played, fragment)


def _moved(before: service.Game, after: service.Game, fragment: bool, stepping: bool = False) -> Any:
    """The answer to a move or a step: htmx gets the table in place (what is new since the page's
    ``seen`` announced: a step adds it to the live region), a plain form is redirected to it; a
    deal that just ended is counted."""
    if fragment:
        answer = _page(after, seen=_seen(), stepping=stepping)
    else:
        answer = redirect(table_url(after.game, after.id), code=303)
    cookies.count_finished(answer, before, after)
    return answer


def _version() -> int | None:
    text = request.form.get("version", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


@bp.post(f"/{GAME}/games/<game_id>/advance")
def advance(game: str, game_id: str) -> Any:
    """The next computer move (``to=turn``: every one up to your turn, the "Skip" button), made
    against the page's ``version``. The table page asks for it after each answer, at the chosen
    speed, until it is your turn; asking again against an older version changes nothing and
    answers the table as it stands (double clicks, two tabs). Only the deal's player may."""
    current = load_or_404(game, game_id)
    access.require_seat(current)
    version = _version()
    if version is None:
        return _refused(game, game_id, current, 409, STALE)
    try:
        after = service.advance(current_store(), game_id, version, game, auto_pass=cookies.auto_pass(),
                                to_turn=request.form.get("to") == "turn" or not is_fragment_request())
    except service.GameNotFound:  # pruned between the two reads
        abort(404)
    return _moved(current, after, is_fragment_request(), stepping=True)


@bp.post(f"/{GAME}/games/<game_id>/speed")
def speed_setting(game: str, game_id: str) -> Any:
    """The speed at which the table shows the computer's moves (this browser, every game), then
    back to the table. An unknown speed is refused (400) and changes nothing."""
    access.require_seat(load_or_404(game, game_id))
    chosen = request.form.get("speed", "")
    if chosen not in cookies.SPEEDS:
        return errors.refused(pgettext("play", "Unknown speed"), pgettext(
            "play", "Choose one of the speeds offered on the table."), 400)
    response = redirect(table_url(game, game_id), code=303)
    cookies.set_speed(response, chosen)
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


