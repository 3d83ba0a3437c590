"""Blueprint ``review``: a finished deal face up, its record, and the replay of any record.

- ``GET /<lang>/<game>/games/<id>/review``: the finished deal face up, one step per action
  (``?step=n``; 409 before the end: nothing hidden may leak).
- ``GET /<lang>/<game>/games/<id>/record``: the deal record (JSON) once the deal is over.
- ``GET /<lang>/<game>/replay``: paste or upload a record; ``POST`` the same URL reviews it face up.

Every answer is private (``paiyou.play.pages.private``).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, Response, abort, current_app, request, url_for
from flask_babel import pgettext
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError

from engine.errors import RecordError
from paiyou.games import game as game_spec
from paiyou.games import url_converter
from paiyou.play import service
from paiyou.play.pages import load_or_404, private, table_url
from paiyou.play.presenter import table_of
from paiyou.play.records import MAX_RECORD_BYTES, NO_RECORD, check_seed, posted_record
from paiyou.play.review import clamp_step, problem_code, review_model, states_of, where_words
from paiyou.reasons import CODES, reason_message
from paiyou.web.bodies import NOT_JSON
from paiyou.web.csrf import csrf
from paiyou.web.htmx import render

bp = Blueprint("review", __name__, url_prefix="/<lang_code>")
bp.after_request(private)

GAME = url_converter()


@bp.get(f"/{GAME}/games/<game_id>/record")
def record(game: str, game_id: str) -> Any:
    found = load_or_404(game, game_id)
    if not found.is_over:
        return render("play/message.html", game=game, status=409, message=pgettext(
            "play", "The deal record can be downloaded once the deal is over."),
            back=table_url(game, game_id)), 409
    seed = found.record().get("seed")
    response = Response(json.dumps(found.record(), ensure_ascii=False, indent=1) + "\n",
                        mimetype="application/json")
    response.headers["Content-Disposition"] = \
        f'attachment; filename="paiyou-{game}-{seed if seed is not None else found.id}.json"'
    return response




def _review_page(game: str, states: Sequence[Any], step: int, agents: Sequence[str],
                 step_url: Callable[[int], str], **extra: Any) -> Any:
    model = review_model(game, states, step, agents)
    body = render("play/review.html", t=model, step_url=step_url, **extra)
    response = current_app.make_response(body)
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.get(f"/{GAME}/games/<game_id>/review")
def review(game: str, game_id: str) -> Any:
    """The finished deal face up, one step per action (``?step=n``; 409 before the end: nothing
    hidden may leak)."""
    found = load_or_404(game, game_id)
    if not found.is_over:
        return render("play/message.html", game=game, status=409, message=pgettext(
            "play", "The review opens once the deal is over."),
            back=table_url(game, game_id)), 409
    states = states_of(game, found.record())
    step = clamp_step(request.args.get("step"), len(states) - 1)

    def step_url(n: int) -> str:
        return url_for("review.review", game=game, game_id=game_id, step=n)

    return _review_page(game, states, step, found.agents, step_url,
                        table_url=table_url(game, game_id), shuffle=_shuffle_check(game, found.record()))


def _shuffle_check(game: str, record: Any) -> dict[str, str] | None:
    """The one-line check of a finished deal's commitment, when its record holds seed and salt."""
    seed, salt = record.get("seed"), record.get("salt")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(salt, str) \
            or not re.fullmatch(r"[0-9a-f]{32}", salt):
        return None
    return {"text": f"{game}:{seed}:{salt}", "commitment": service.commit(game, seed, salt)}


def _record_problem(game: str, error: RecordError) -> str:
    """Where and why the engine rejected a record, in the page's language."""
    table = table_of(game)
    place = where_words(error.where, lambda n: table.record_place(n, None), table.record_place)
    code = problem_code(error.problem, CODES[game])
    if code is not None:
        why = reason_message(game, code)
    elif "seed" in error.problem:
        why = pgettext("play", "these are not the hands that the record's seed deals.")
    elif "stated" in error.problem or "mismatch" in error.problem:
        why = pgettext("play", "the result it states is not what the rules give.")
    else:
        why = pgettext("play", "it does not follow the record format or the rules.")
    if not place:
        return str(pgettext("play", "The record was rejected: %(why)s", why=why))
    return str(pgettext("play", "%(where)s: %(why)s", where=place, why=why))


def _replay_form(game: str, *, error: str | None = None, status: int = 200, text: str = "") -> Any:
    body = render("play/replay.html", game=game, error=error, text=text)
    return current_app.make_response((body, status))


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
    record = posted_record()
    if record is NO_RECORD:
        return _replay_form(game, status=422, error=pgettext(
            "play", "Paste a deal record or choose a file first."))
    if record is NOT_JSON:
        return _replay_form(game, status=422, error=pgettext(
            "play", "That is not a deal record: a record is one JSON object."))
    try:
        check_seed(record)
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
