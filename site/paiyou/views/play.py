"""Blueprint ``play``: a full deal against the computer in the browser.

- ``GET /<lang>/play``: both games. ``GET /<lang>/<game>/play``: choose the computer players'
  level and an optional seed, or continue this browser's unfinished deal (nothing is dealt on a
  GET); ``POST`` the same URL ("New deal") deals and redirects to the table,
  ``/<lang>/<game>/games/<id>``.
- ``GET /<lang>/<game>/games/<id>``: the table. ``POST`` the same URL: your action (a plain form:
  POST, then redirect, then GET; with htmx the table region is swapped in place and the
  computer's moves are announced in a live region).
- ``GET /<lang>/<game>/games/<id>/record``: the deal record (JSON) once the deal is over.

Everything on the page comes from the human seat's ``SeatView`` (``paiyou.play.table``), never from
the deal: no other hand and no other seat's face-down tile can reach the HTML.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import click
from babel.lists import format_list
from babel.numbers import format_percent
from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask_babel import get_locale, pgettext
from flask_wtf.csrf import validate_csrf
from werkzeug.wrappers import Response as BaseResponse
from wtforms.validators import ValidationError

from engine.chuo_pai.families import SPECIAL
from engine.errors import IllegalAction, RecordError
from engine.tiles import TILE_BY_KEY
from paiyou.games import GAME_KEYS, url_converter
from paiyou.games import game as game_spec
from paiyou.i18n import names, numerals
from paiyou.play import service as service
from paiyou.play import stats
from paiyou.play.presenter import table_of
from paiyou.play.review import clamp_step, record_problem_message, review_model, states_of
from paiyou.play.store import current_store, is_valid_id, store_for
from paiyou.play.table import keys, table_model
from paiyou.reasons import CODES, explain
from paiyou.web import limits
from paiyou.web.csrf import csrf
from paiyou.web.htmx import is_fragment_request, render

bp = Blueprint("play", __name__, url_prefix="/<lang_code>", cli_group="games")

GAME = url_converter()


# -- template helpers (prefixed play_) --------------------------------------------------------

@bp.app_template_global("play_tiles_phrase")
def tiles_phrase(keys: Sequence[str], game: str) -> str:
    """Tiles in words for the live region: "Heaven ×2, Red Nine" (names from paiyou.i18n.names)."""
    counts = Counter(keys)
    parts = []
    for key in dict.fromkeys(keys):
        name = str(names.tile_name(key, game))
        parts.append(name if counts[key] == 1 else
                     pgettext("play", "%(name)s ×%(num)s", name=name, num=numerals.num(counts[key])))
    return format_list(parts, locale=get_locale())


@bp.app_template_global("play_and_list")
def and_list(items: Sequence[str]) -> str:
    return format_list([str(i) for i in items], locale=get_locale())


@bp.app_template_global("play_signed")
def signed(number: int) -> str:
    """+13 / −10 / 0 in the page's digits."""
    text = numerals.num(abs(number))
    if not number:
        return text
    # isolated left-to-right (U+2066 … U+2069), so the sign stays before the number on rtl pages
    return "\u2066" + ("+" if number > 0 else "\u2212") + text + "\u2069"


@bp.app_template_global("play_family_name")
def family_name(cls: str) -> str:
    """A Chuo Pai family (or the Special class) by its engine key."""
    if cls == SPECIAL:
        return pgettext("play", "Special combinations")
    return str(names.FAMILY_NAMES[cls])


@bp.app_template_global("play_payment_reason")
def payment_reason(why: str) -> str:
    return {
        "supreme": pgettext("play", "Won with the Supreme"),
        "quartet": pgettext("play", "Won with a quartet"),
        "settlement": pgettext("play", "Pillar settlement"),
        "capture": pgettext("play", "Little Three capture: paid for another player"),
    }.get(why, why)


@bp.app_template_global("play_legal_json")
def legal_json(t: dict[str, Any]) -> str:
    """The face-up plays you may make, as lists of tile keys (for play.js to check a selection)."""
    plays = [n.split() for grp in t["choices"]["plays"] for n in grp["plays"]]
    return json.dumps(plays, separators=(",", ":"))


# -- routes ------------------------------------------------------------------------------------

def _table_url(game: str, game_id: str) -> str:
    return url_for("play.table", game=game, game_id=game_id)


# The ids of the games this browser started, newest first: only to offer "Continue your deal".
# Never trusted: every id is looked up in the store (an id is the key to its game).
RECENT_COOKIE = "paiyou_games"
RECENT_KEEP = 12
RECENT_MAX_AGE = 90 * 24 * 3600


def _recent_ids() -> list[str]:
    text = request.cookies.get(RECENT_COOKIE, "")
    return [i for i in text.split(".") if is_valid_id(i)][:RECENT_KEEP]


def _remember(response: BaseResponse, game_id: str) -> None:
    ids = [game_id] + [i for i in _recent_ids() if i != game_id]
    response.set_cookie(RECENT_COOKIE, ".".join(ids[:RECENT_KEEP]), max_age=RECENT_MAX_AGE,
                        httponly=True, samesite="Lax", secure=request.is_secure, path="/")


AUTO_PASS_COOKIE = "paiyou_auto_pass"  # "off" turns the automatic forced pass off (on by default)


def _auto_pass() -> bool:
    return request.cookies.get(AUTO_PASS_COOKIE) != "off"


def _stats() -> stats.Stats:
    return stats.read(request.cookies.get(stats.COOKIE), GAME_KEYS, service.levels)


def _count_finished(response: BaseResponse, before: service.Game, after: service.Game) -> None:
    """The POST that finishes a deal adds it to this browser's statistics."""
    outcome = after.deal.outcome()
    if before.is_over or not after.is_over or outcome is None:
        return
    updated = stats.add(_stats(), after.game, after.level, after.seat in outcome.first,
                        outcome.scores[after.seat])
    response.set_cookie(stats.COOKIE, stats.dump(updated), max_age=stats.MAX_AGE, httponly=True,
                        samesite="Lax", secure=request.is_secure, path="/")


def unfinished_games(game: str) -> list[service.Game]:
    """This browser's unfinished deals of ``game`` (newest first), each loaded from the store."""
    found = []
    for game_id in _recent_ids():
        try:
            loaded = service.load(current_store(), game_id, game)
        except service.GameNotFound:
            continue
        if not loaded.is_over:
            found.append(loaded)
    return found


def level_choices(game: str, chosen: str) -> list[dict[str, Any]]:
    """The engine's levels, weakest first, each with its name and a sentence in the page's language."""
    return [{"name": level, "label": level_label(level), "description": level_description(level),
             "checked": level == chosen} for level in service.levels(game)]


@bp.app_template_global("play_level_label")
def level_label(level: str) -> str:
    """A computer level's name (the engine's agent name, e.g. ``standard``) in the page's language."""
    labels = {
        "random": pgettext("play level", "Random"),
        "greedy": pgettext("play level", "Greedy"),
        "standard": pgettext("play level", "Standard"),
        "strong": pgettext("play level", "Strong"),
    }
    return str(labels.get(level, level))


def level_description(level: str) -> str:
    descriptions = {
        "random": pgettext("play level", "Plays any legal move at random: good for learning the moves."),
        "greedy": pgettext("play level", "Plays the best move it sees now, without thinking ahead."),
        "standard": pgettext("play level", "Thinks ahead: tries each move on many guesses at the hidden hands."),
        "strong": pgettext("play level", "The strongest computer player: it searches deeper than Standard."),
    }
    return str(descriptions.get(level, ""))


@bp.get("/play")
def games_index() -> Any:
    """Both games (the list comes from the engine), each leading to its start page."""
    return render("play/index.html", games=GAME_KEYS)


def _start_page(game: str, *, seed_text: str = "", level: str | None = None,
                error: str | None = None, status: int = 200) -> Any:
    configured = current_app.config.get("PAIYOU_OPPONENT_LEVEL")
    chosen = level if level in service.levels(game) else service.default_level(game, configured)
    mine = stats.rows(_stats(), game, service.levels(game))
    body = render("play/start.html", game=game, levels=level_choices(game, chosen),
                  seed_text=seed_text, error=error, unfinished=unfinished_games(game)[:1],
                  stats=mine, reset_done=request.args.get("reset") == "done")
    response = current_app.make_response((body, status))
    response.headers["Cache-Control"] = "no-store"
    return response


def _seed_error() -> str:
    return str(pgettext("play", "A seed is a whole number, such as %(example)s.",
                        example=numerals.format_number(42)))


@bp.post(f"/{GAME}/games/<game_id>/auto-pass")
def auto_pass_setting(game: str, game_id: str) -> Any:
    """The setting "pass automatically when nothing beats" (this browser, every game), then back
    to the table."""
    _load(game, game_id)
    response = redirect(_table_url(game, game_id), code=303)
    on = request.form.get("auto_pass") != "off"
    response.set_cookie(AUTO_PASS_COOKIE, "on" if on else "off", max_age=stats.MAX_AGE,
                        httponly=True, samesite="Lax", secure=request.is_secure, path="/")
    return response


@bp.post(f"/{GAME}/play/statistics/reset")
def reset_statistics(game: str) -> Any:
    """Forget this browser's statistics (every game), once the box saying so is ticked."""
    if request.form.get("confirm") != "yes":
        return redirect(url_for("play.start_page", game=game, reset="unconfirmed"), code=303)
    response = redirect(url_for("play.start_page", game=game, reset="done"), code=303)
    response.delete_cookie(stats.COOKIE, path="/")
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
    """"New deal": deal with the chosen level and seed, remember the id in this browser's list
    of recent games, and go to the table."""
    seed_text = request.form.get("seed", "")
    level_text = request.form.get("level", "")
    try:
        seed = service.parse_seed(seed_text)
        level = service.parse_level(game, level_text, current_app.config.get("PAIYOU_OPPONENT_LEVEL"))
    except service.BadInput:
        back = url_for("play.start_page", game=game, seed=seed_text[:40] or None,
                       level=level_text[:40] or None)
        return redirect(back, code=303)
    started = service.start(current_store(), game, seed, level, auto_pass=_auto_pass())
    response = redirect(_table_url(game, started.id), code=303)
    response.headers["Cache-Control"] = "no-store"
    _remember(response, started.id)
    return response


def _load(game: str, game_id: str) -> service.Game:
    try:
        return service.load(current_store(), game_id, game)
    except service.GameNotFound:
        abort(404)


def _page(game: service.Game, *, status: int = 200, notice: str | None = None,
          error: str | None = None, selected: Sequence[str] = (),
          hints: Sequence[dict[str, Any]] | None = None, tried: str = "") -> Any:
    model = table_model(game, selected)
    body = render("play/table.html", blocks=("table", "announce"), t=model, notice=notice,
                  error=error, selected=list(selected), fragment=is_fragment_request(),
                  hints=hints, quiet=hints is not None, auto_pass=_auto_pass(),
                  tried=_tile_keys(tried.split()))
    response = current_app.make_response((body, status))
    response.headers["Cache-Control"] = "no-store"
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
    ``?refused=<reason>&tried=<tiles>&tile=<selected>…`` or ``?refused=stale``; nothing changes."""
    current = _load(game, game_id)
    refused = request.args.get("refused", "")
    if refused == STALE:
        return _page(current, notice=_stale_notice())
    if refused == CHOOSE_FIRST or refused in CODES[game]:
        tried = " ".join(_tile_keys(request.args.get("tried", "").split()))
        return _page(current, error=_refusal(game, current, refused, tried),
                     selected=_tile_keys(request.args.getlist("tile")), tried=tried)
    if request.args.get("hint"):
        return _hint_page(current)
    return _page(current)


@bp.app_template_global("play_percent")
def percent(score: float) -> str:
    """0.4321 -> "43%" in the page's language and digits."""
    locale = get_locale()
    text = format_percent(score, locale=locale, numbering_system="default")
    return numerals.to_native_digits(text, locale)


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
    response = redirect(url_for("play.table", game=game, game_id=game_id, **params), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post(f"/{GAME}/games/<game_id>")
def submit(game: str, game_id: str) -> Any:
    store = current_store()
    current = _load(game, game_id)
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
                             game=game, auto_pass=_auto_pass())
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
        _count_finished(answer, current, played)
        return answer
    response = redirect(_table_url(game, game_id), code=303)
    response.headers["Cache-Control"] = "no-store"
    _count_finished(response, current, played)
    return response


@bp.get(f"/{GAME}/games/<game_id>/record")
def record(game: str, game_id: str) -> Any:
    found = _load(game, game_id)
    if not found.is_over:
        return render("play/message.html", game=game, status=409, message=pgettext(
            "play", "The deal record can be downloaded once the deal is over."),
            back=_table_url(game, game_id)), 409
    seed = found.record().get("seed")
    response = Response(json.dumps(found.record(), ensure_ascii=False, indent=1) + "\n",
                        mimetype="application/json")
    response.headers["Content-Disposition"] = \
        f'attachment; filename="paiyou-{game}-{seed if seed is not None else found.id}.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post(f"/{GAME}/games/<game_id>/next")
@limits.new_game
def next_deal(game: str, game_id: str) -> Any:
    """"Next deal" at the end of a deal: the match goes on at a new table."""
    try:
        started = service.next_deal(current_store(), game_id, game, auto_pass=_auto_pass())
    except service.GameNotFound:
        abort(404)
    except IllegalAction:
        return redirect(_table_url(game, game_id), code=303)
    response = redirect(_table_url(game, started.id), code=303)
    response.headers["Cache-Control"] = "no-store"
    _remember(response, started.id)
    return response


def _review_page(game: str, states: Sequence[Any], step: int, agents: Sequence[str],
                 step_url: Callable[[int], str], **extra: Any) -> Any:
    model = review_model(game, states, step, agents)
    body = render("play/review.html", t=model, step_url=step_url, **extra)
    response = current_app.make_response(body)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.get(f"/{GAME}/games/<game_id>/review")
def review(game: str, game_id: str) -> Any:
    """The finished deal face up, one step per action (``?step=n``; 409 before the end: nothing
    hidden may leak)."""
    found = _load(game, game_id)
    if not found.is_over:
        return render("play/message.html", game=game, status=409, message=pgettext(
            "play", "The review opens once the deal is over."),
            back=_table_url(game, game_id)), 409
    states = states_of(game, found.record())
    step = clamp_step(request.args.get("step"), len(states) - 1)

    def step_url(n: int) -> str:
        return url_for("play.review", game=game, game_id=game_id, step=n)

    return _review_page(game, states, step, found.agents, step_url,
                        table_url=_table_url(game, game_id), shuffle=_shuffle_check(game, found.record()))


def _shuffle_check(game: str, record: Any) -> dict[str, str] | None:
    """The one-line check of a finished deal's commitment, when its record holds seed and salt."""
    seed, salt = record.get("seed"), record.get("salt")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(salt, str) \
            or not re.fullmatch(r"[0-9a-f]{32}", salt):
        return None
    return {"text": f"{game}:{seed}:{salt}", "commitment": service.commit(game, seed, salt)}


MAX_RECORD_BYTES = 60 * 1024  # a whole deal's record is a few KiB


def _posted_record() -> object:
    """The record from a JSON body, a form field ``record`` or an uploaded file ``file``;
    ``_NO_RECORD`` when none was sent, ``_NOT_JSON`` when it is not JSON."""
    if request.is_json:
        body = request.get_json(silent=True)
        return body if body is not None else _NOT_JSON
    text = request.form.get("record", "").strip()
    upload = request.files.get("file")
    if not text and upload is not None and upload.filename:
        text = upload.read(MAX_RECORD_BYTES + 1).decode("utf-8", "replace").strip()
    if not text:
        return _NO_RECORD
    if len(text) > MAX_RECORD_BYTES:
        return _NOT_JSON
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _NOT_JSON


_NO_RECORD, _NOT_JSON = object(), object()


def _record_problem(game: str, error: RecordError) -> str:
    """Where and why the engine rejected a record, in the page's language."""
    return record_problem_message(game, error)


def _replay_form(game: str, *, error: str | None = None, status: int = 200, text: str = "") -> Any:
    body = render("play/replay.html", game=game, error=error, text=text)
    response = current_app.make_response((body, status))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get(f"/{GAME}/replay")
def replay_page(game: str) -> Any:
    """Paste or upload a deal record (docs/records.md) to review it face up."""
    return _replay_form(game)


@bp.post(f"/{GAME}/replay")
def replay(game: str) -> Any:
    """A record (JSON body, form field or file) checked by the engine's ``replay``, then reviewed
    face up (``step`` in the form or the query); a rejected record is a 422 page naming where
    and why. Nothing is stored: a form needs its CSRF token, a JSON body none (no other site's
    page can send one without a CORS preflight)."""
    if not request.is_json and current_app.config.get("WTF_CSRF_ENABLED", True):
        try:
            validate_csrf(request.form.get("csrf_token"))
        except ValidationError:
            abort(400)
    record = _posted_record()
    if record is _NO_RECORD:
        return _replay_form(game, status=422, error=pgettext(
            "play", "Paste a deal record or choose a file first."))
    if record is _NOT_JSON:
        return _replay_form(game, status=422, error=pgettext(
            "play", "That is not a deal record: a record is one JSON object."))
    try:
        states = states_of(game, record)
    except RecordError as e:
        return _replay_form(game, status=422, error=_record_problem(game, e),
                            text=request.form.get("record", "")[:MAX_RECORD_BYTES])
    step = clamp_step(request.values.get("step"), len(states) - 1)
    agents = tuple("human" if s == 0 else "" for s in range(game_spec(game).seats))
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    shuffle = _shuffle_check(game, record) if isinstance(record, dict) else None
    return _review_page(game, states, step, agents, lambda n: "", replay_record=text, shuffle=shuffle)


# A JSON body needs no token (no other site's page can send one without a CORS preflight); the
# form's token is checked in the view itself.
csrf.exempt(f"{__name__}.replay")


@bp.cli.command("prune")
@click.option("--days", type=int, default=None,
              help="Forget every game untouched this long (default: the configured policy, "
                   "PAIYOU_PRUNE_UNFINISHED_DAYS and PAIYOU_PRUNE_FINISHED_DAYS).")
def prune(days: int | None) -> None:
    """Delete old saved games."""
    store = store_for(current_app)
    count = store.prune() if days is None else store.delete_older_than(days * 24 * 3600)
    click.echo(f"deleted {count} games")
