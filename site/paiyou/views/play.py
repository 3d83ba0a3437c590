"""Blueprint ``play``: a full deal against the computer in the browser.

- ``/<lang>/<game>/play`` (GET or POST) deals a new game — ``?seed=n`` reproduces a deal — and
  redirects to its table, ``/<lang>/<game>/games/<id>``.
- ``GET /<lang>/<game>/games/<id>``: the table. ``POST`` the same URL: your action (a plain form:
  POST, then redirect, then GET; with htmx the table region is swapped in place and the
  computer's moves are announced in a live region).
- ``GET /<lang>/<game>/games/<id>/record``: the deal record (JSON) once the deal is over.

Everything on the page comes from the human seat's ``SeatView`` (``table_model``), never from
the deal: no other hand and no other seat's face-down tile can reach the HTML.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import click
from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from babel.lists import format_list
from flask_babel import get_locale, pgettext

from engine.chuo_pai.families import FAMILIES, FAMILY_OF, SPECIAL, display_key
from engine.errors import IllegalAction
from engine.tiles import TILE_BY_KEY
from paiyou import game_service as service
from paiyou import names, numerals
from paiyou.htmx import is_fragment_request, render
from paiyou.reasons import explain, reason_message
from paiyou.store import current_store, store_for

bp = Blueprint("play", __name__, url_prefix="/<lang_code>", cli_group="games")

GAME = "<any('chuo-pai', 'tien-gow'):game>"
CHUO_PAI, TIEN_GOW = "chuo-pai", "tien-gow"

# Where each seat sits in the drawing (the human at the bottom). Chuo Pai plays clockwise
# (CP-2): bottom -> left -> right along the top. Tien Gow plays counter-clockwise (TG-2):
# bottom -> right -> top -> left. The drawing is physical: never mirrored on rtl pages.
POSITIONS = {
    CHUO_PAI: ("bottom", "left", "right"),
    TIEN_GOW: ("bottom", "right", "top", "left"),
}
MAX_REVEAL = 12  # computer moves animated one after another (CSS classes reveal-1 .. reveal-12)


def seat_names(game: str) -> tuple[str, ...]:
    """The players' names by seat, in the page's language: you, then compass points matching
    where each computer player sits."""
    you = pgettext("play seat", "You")
    west, north, east = pgettext("play seat", "West"), pgettext("play seat", "North"), pgettext("play seat", "East")
    return (you, west, east) if game == CHUO_PAI else (you, east, north, west)


# -- the table, from the view ------------------------------------------------------------------

def hand_groups(game: str, view: Any, selected: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The hand as checkable tiles: Chuo Pai grouped by family, Tien Gow in one row. Each copy is
    its own checkbox (value = tile key), flagged when it belongs to some legal face-up play;
    ``selected`` keys (a rejected selection) come back checked."""
    legal = view.legal_actions()
    playable = {t.key for a in legal if getattr(a, "face_up", True) for t in a.tiles}
    still = Counter(selected)

    def item(t: Any) -> dict[str, Any]:
        checked = still[t.key] > 0
        still[t.key] -= 1
        return {"key": t.key, "playable": t.key in playable, "checked": checked}

    tiles = list(view.hand)
    if game == CHUO_PAI:
        groups = []
        for family in FAMILIES:
            members = sorted((t for t in tiles if FAMILY_OF[t] == family), key=display_key)
            if members:
                groups.append({"family": family, "tiles": [item(t) for t in members]})
        return groups
    return [{"family": None, "tiles": [item(t) for t in tiles]}]


def legal_choices(game: str, view: Any) -> dict[str, Any]:
    """The plays you may make, for the "your plays" panel (each one a submit button)."""
    legal = view.legal_actions()
    if game == CHUO_PAI:
        plays = [a for a in legal if a.tiles]
        can_pass = any(not a.tiles for a in legal)
        groups: dict[str, list[str]] = {}
        for a in plays:
            groups.setdefault(a.cls, []).append(a.notation)
        order = [*FAMILIES, SPECIAL]
        return {
            "plays": [{"class": cls, "plays": groups[cls]} for cls in order if cls in groups],
            "count": len(plays), "can_pass": can_pass, "discard": 0,
        }
    ups = [a for a in legal if a.face_up]
    downs = [a for a in legal if not a.face_up]
    discard = len(downs[0].tiles) if downs else 0
    return {"plays": [{"class": None, "plays": [a.notation for a in ups]}] if ups else [],
            "count": len(ups), "can_pass": False, "discard": discard}


def seats_model(game: str, view: Any, names: Sequence[str], agents: Sequence[str],
                order: dict[tuple[str, int, int], int]) -> list[dict[str, Any]]:
    """Every seat: name, position, cards or tiles left, pile or pillars, its play in the round
    or trick under way (face-down plays of other seats as a count only)."""
    seats = []
    n = len(view.hand_sizes)
    if game == CHUO_PAI:
        plays: dict[int, list[dict[str, Any]]] = {}
        if view.round is not None:
            for i, (seat, play) in enumerate(view.round.actions):
                keys = [t.key for t in play.tiles]
                is_high = view.owner == seat and bool(keys) and view.current is not None \
                    and list(view.current.tiles) == list(play.tiles)
                plays.setdefault(seat, []).append({
                    "tiles": keys, "pass": not keys, "lead": i == 0, "high": is_high,
                    "face_up": True, "count": len(keys),
                    "reveal": order.get(("play", seat, i)),
                })
        leader = view.round.leader if view.round is not None else view.to_act
        for s in range(n):
            seats.append({
                "seat": s, "name": names[s], "position": POSITIONS[game][s], "agent": agents[s],
                "human": s == view.seat, "left": view.hand_sizes[s], "score": view.piles[s],
                "to_act": view.to_act == s, "leader": leader == s, "banker": False,
                "plays": plays.get(s, []),
                "winner": view.is_over and s in view.winners,
            })
        return seats
    high = view.high
    tplays: dict[int, list[dict[str, Any]]] = {}
    for i, play in enumerate(view.trick.plays):
        keys = [t.key for t in play.tiles]  # empty for another seat's face-down play
        tplays.setdefault(play.player, []).append({
            "tiles": keys, "pass": False, "lead": i == 0,
            "high": high is not None and high.player == play.player and play.face_up,
            "face_up": play.face_up, "count": play.count,
            "reveal": order.get(("play", play.player, i)),
        })
    winner = view.tricks[-1].winner if view.is_over and view.tricks else None
    for s in range(n):
        seats.append({
            "seat": s, "name": names[s], "position": POSITIONS[game][s], "agent": agents[s],
            "human": s == view.seat, "left": view.hand_sizes[s], "score": view.pillars[s],
            "to_act": view.to_act == s, "leader": view.trick.leader == s and not view.is_over,
            "banker": view.banker == s, "plays": tplays.get(s, []), "winner": winner == s,
        })
    return seats


def _round_positions(game: str, view: Any) -> list[int]:
    """Seats of the round's (or trick's) actions, in order."""
    if game == CHUO_PAI:
        return [seat for seat, _ in view.round.actions] if view.round is not None else []
    return [p.player for p in view.trick.plays]


def reveal_map(game: str, view: Any, recent: Sequence[service.Event]) -> dict[tuple[str, int, int], int]:
    """("play", seat, index in the round) -> reveal step (1, 2, …) for the plays of the round
    under way that the computer made since the human's last action. The step is the move's
    place in the recent log, so a play lands on the table as its log line appears."""
    seats = _round_positions(game, view)
    tail = 0
    for e in reversed(recent):
        if e.kind not in ("lead", "beat", "pass", "discard"):
            break
        tail += 1
    tail = min(tail, len(seats))  # a finished round's moves are followed by its result
    start = len(seats) - tail
    first_step = len(recent) - tail + 1
    return {("play", seats[i], i): min(first_step + i - start, MAX_REVEAL)
            for i in range(start, len(seats))}


def log_model(all_events: Sequence[service.Event], recent: Sequence[service.Event]) -> dict[str, Any]:
    """The log: earlier events (collapsed) and the recent ones (shown one after another)."""
    earlier = list(all_events[:len(all_events) - len(recent)])
    return {"earlier": earlier, "recent": [
        {"event": e, "reveal": min(i + 1, MAX_REVEAL)} for i, e in enumerate(recent)]}


def result_model(game: str, view: Any, names: Sequence[str]) -> dict[str, Any] | None:
    if not view.is_over:
        return None
    if game == CHUO_PAI:
        top = max(view.piles)
        rows = [{"seat": s, "name": names[s], "score": view.piles[s], "left": view.hand_sizes[s],
                 "bonus": len(view.bonus[s]), "winner": s in view.winners}
                for s in range(len(view.piles))]
        return {"winners": list(view.winners), "top": top, "rows": rows,
                "winner_names": [names[s] for s in view.winners],
                "human_won": view.seat in view.winners}
    winner = view.tricks[-1].winner
    totals = [0] * len(view.hand_sizes)
    for p in view.payments:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    immediate = [p for p in view.payments if p.why in ("supreme", "quartet")]
    final = [p for p in view.payments if p.why not in ("supreme", "quartet")]
    rows = [{"seat": s, "name": names[s], "score": view.pillars[s], "net": totals[s],
             "banker": view.banker == s, "winner": winner == s} for s in range(len(totals))]
    return {"winners": [winner], "rows": rows, "immediate": immediate, "final": final,
            "human_won": winner == view.seat, "net": totals[view.seat],
            "last": view.tricks[-1]}


def table_model(game: service.Game, selected: Sequence[str] = ()) -> dict[str, Any]:
    """Everything the table template draws, from the human seat's view only."""
    view = game.view()
    names = seat_names(game.game)
    all_events = service.events(game.game, view)
    recent = service.recent_events(all_events)
    order = reveal_map(game.game, view, recent)
    seats = seats_model(game.game, view, names, game.agents, order)
    current = None
    if game.game == CHUO_PAI and view.current is not None:
        current = {"seat": view.owner, "tiles": [t.key for t in view.current.tiles],
                   "class": view.current.cls, "kind": view.current.kind}
    elif game.game == TIEN_GOW and view.high is not None:
        current = {"seat": view.high.player, "tiles": [t.key for t in view.high.tiles]}
    lead_count = 0
    if game.game == TIEN_GOW and view.trick.plays:
        lead_count = view.trick.plays[0].count
    return {
        "game": game.game, "id": game.id, "version": game.version, "view": view,
        "seat": view.seat, "names": names, "seats": seats,
        "by_position": {s["position"]: s for s in seats},
        "my_turn": view.to_act == view.seat, "to_act": view.to_act, "is_over": view.is_over,
        "hand": hand_groups(game.game, view, selected), "hand_size": len(view.hand),
        "choices": legal_choices(game.game, view), "current": current, "lead_count": lead_count,
        "log": log_model(all_events, recent), "result": result_model(game.game, view, names),
        "round_number": _round_number(game.game, view),
        "early_death": _early_death(game.game, view),
    }


def _round_number(game: str, view: Any) -> int:
    if game == CHUO_PAI:
        return len(view.rounds) + (1 if view.round is not None or not view.is_over else 0)
    return len(view.tricks) + (0 if view.is_over else 1)


def _early_death(game: str, view: Any) -> bool:
    """TG-12 applies to the human now: last trick, one tile, no pillar."""
    if game != TIEN_GOW or view.to_act != view.seat or not view.trick.plays:
        return False
    return view.trick.plays[0].count == 1 and len(view.hand) == 1 and view.pillars[view.seat] == 0


# -- template helpers (prefixed play_) --------------------------------------------------------

@bp.app_template_global("play_tiles_phrase")
def tiles_phrase(keys: Sequence[str], game: str) -> str:
    """Tiles in words for the live region: "Heaven ×2, Red Nine" (names from paiyou.names)."""
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
        played = service.act(store, game_id, version, tiles, face_up if game == TIEN_GOW else None,
                             game=game)
    except service.StaleVersion as stale:
        notice = pgettext("play", "That move was made on an earlier view of this table, so nothing "
                          "was changed. This is the table as it is now.")
        return _page(stale.game, status=409, notice=notice)
    except IllegalAction as e:
        message = explain(game, e.detail if e.reason == "does-not-beat" and e.detail else e.reason,
                          _current_tiles(current), tiles)
        return _page(current, status=422, error=message, selected=selected)
    except service.BadInput as e:
        if e.code == "bad-version":
            return _page(current, status=409, notice=pgettext(
                "play", "That move was made on an earlier view of this table, so nothing was "
                "changed. This is the table as it is now."))
        if selected:
            message = reason_message(game, "not-in-hand")
        elif game == CHUO_PAI:
            message = pgettext("play", "Choose cards from your hand first.")
        else:
            message = pgettext("play", "Choose tiles from your hand first.")
        return _page(current, status=400, error=message, selected=selected)
    if is_fragment_request():
        return _page(played)
    response = redirect(_table_url(game, game_id), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


def _current_tiles(game: service.Game) -> str | None:
    view = game.view()
    if game.game == CHUO_PAI:
        return view.current.notation if view.current is not None else None
    high = view.high
    return " ".join(t.key for t in high.tiles) if high is not None else None


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
@click.option("--days", default=30, show_default=True, help="Forget games untouched this long.")
def prune(days: int) -> None:
    """Delete saved games nobody has touched for DAYS days."""
    count = store_for(current_app).delete_older_than(days * 24 * 3600)
    click.echo(f"deleted {count} games")
