"""Blueprint ``play``: a full deal against the computer in the browser.

- ``/<lang>/<game>/play`` (GET or POST) deals a new game — ``?seed=n`` reproduces a deal — and
  redirects to its table, ``/<lang>/<game>/games/<id>``.
- ``GET /<lang>/<game>/games/<id>``: the table. ``POST`` the same URL: your action (a plain form:
  POST, then redirect, then GET; with htmx the table region is swapped in place and the
  computer's moves are announced in a live region).
- ``GET /<lang>/<game>/games/<id>/record``: the deal record (JSON) once the deal is over.

Everything on the page comes from the human seat's ``SeatView`` (``paiyou.play.table``), never from
the deal: no other hand and no other seat's face-down tile can reach the HTML.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import click
from babel.lists import format_list
from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask_babel import get_locale, pgettext

from engine.chuo_pai.families import SPECIAL
from engine.errors import IllegalAction
from engine.tiles import TILE_BY_KEY
from paiyou.games import game as game_spec
from paiyou.games import url_converter
from paiyou.i18n import names, numerals
from paiyou.play import service as service
from paiyou.play.presenter import table_of
from paiyou.play.store import current_store, store_for
from paiyou.play.table import table_model
from paiyou.reasons import explain, reason_message
from paiyou.web import limits
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


@bp.route(f"/{GAME}/play", methods=["GET", "POST"])
@limits.new_game
def new(game: str) -> Any:
    seed_text = request.values.get("seed")
    try:
        seed = service.parse_seed(seed_text)
    except service.BadInput:
        return render("play/message.html", game=game, status=400,
                      message=pgettext("play", "A seed is a whole number, such as %(example)s.",
                                       example=numerals.format_number(42))), 400
    started = service.start(current_store(), game, seed,
                            current_app.config.get("PAIYOU_OPPONENT_LEVEL"))
    response = redirect(_table_url(game, started.id), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


def _load(game: str, game_id: str) -> service.Game:
    try:
        return service.load(current_store(), game_id, game)
    except service.GameNotFound:
        abort(404)


def _page(game: service.Game, *, status: int = 200, notice: str | None = None,
          error: str | None = None, selected: Sequence[str] = ()) -> Any:
    model = table_model(game, selected)
    body = render("play/table.html", blocks=("table", "announce"), t=model, notice=notice,
                  error=error, selected=list(selected), fragment=is_fragment_request())
    response = current_app.make_response((body, status))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.get(f"/{GAME}/games/<game_id>")
def table(game: str, game_id: str) -> Any:
    return _page(_load(game, game_id))


def _form_action(game: str) -> tuple[str, bool, list[str]]:
    """(tiles, face_up, selected keys) from the table form. A "plays you may make" button
    sends ``quick`` (``"6-6 6-6"``, Tien Gow ``"up 6-6 6-6"``); otherwise the checked tiles
    with the Play / Pass (Chuo Pai) or Face up / Face down (Tien Gow) button."""
    selected = [k for k in request.form.getlist("tile") if k in TILE_BY_KEY][:40]
    quick = request.form.get("quick")
    move = request.form.get("move", "")
    if quick is not None:
        return quick, True, selected
    if move == "pass":
        return "", True, selected
    return " ".join(selected), move != "down", selected


@bp.post(f"/{GAME}/games/<game_id>")
def submit(game: str, game_id: str) -> Any:
    store = current_store()
    current = _load(game, game_id)
    tiles, face_up, selected = _form_action(game)
    version_text = request.form.get("version", "")
    version = int(version_text) if version_text.isascii() and version_text.isdigit() \
        and len(version_text) < 10 else -1
    try:
        played = service.act(store, game_id, version, tiles,
                             face_up if game_spec(game).has_face_down else None,
                             game=game)
    except service.StaleVersion as stale:
        notice = pgettext("play", "That move was made on an earlier view of this table, so nothing "
                          "was changed. This is the table as it is now.")
        return _page(stale.game, status=409, notice=notice)
    except IllegalAction as e:
        message = explain(game, e.detail if e.reason == "does-not-beat" and e.detail else e.reason,
                          table_of(game).current_notation(current.view()), tiles)
        return _page(current, status=422, error=message, selected=selected)
    except service.BadInput as e:
        if e.code == "bad-version":
            return _page(current, status=409, notice=pgettext(
                "play", "That move was made on an earlier view of this table, so nothing was "
                "changed. This is the table as it is now."))
        if selected:
            message = reason_message(game, "not-in-hand")
        else:
            message = table_of(game).choose_first()
        return _page(current, status=400, error=message, selected=selected)
    if is_fragment_request():
        return _page(played)
    response = redirect(_table_url(game, game_id), code=303)
    response.headers["Cache-Control"] = "no-store"
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


@bp.cli.command("prune")
@click.option("--days", type=int, default=None,
              help="Forget every game untouched this long (default: the configured policy, "
                   "PAIYOU_PRUNE_UNFINISHED_DAYS and PAIYOU_PRUNE_FINISHED_DAYS).")
def prune(days: int | None) -> None:
    """Delete old saved games."""
    store = store_for(current_app)
    count = store.prune() if days is None else store.delete_older_than(days * 24 * 3600)
    click.echo(f"deleted {count} games")
