"""Blueprint ``api_analysis``: the analysis of a finished deal (docs/api.md).

- ``GET /api/v1/games/<id>/analysis`` → 409 ``deal-not-over`` before the end; 202
  ``{"state", "progress": {"done", "total"}}`` while the background job is queued or running;
  200 ``{"accuracy", "counts", "decisions": […], "duplicate": {…}}`` when it is done; 404
  ``no-analysis`` for a deal that has none (finished before deals were analysed), 503
  ``analysis-failed`` when the job failed.
- (key) ``POST /api/v1/games/<id>/analysis`` (no body, or a JSON object such as ``{"lang": "pl"}``)
  asks again for a failed analysis → 202 ``{"state": "queued", "progress"}``, as the GET then
  answers; a no-op 202 while it is queued or running; 409 ``analysis-done`` when it is made, 409
  ``deal-not-over`` before the end, 404 ``no-analysis``, 401 ``seat-key-required`` without the
  seat key, 429 ``too-many-retries`` over ``PAIYOU_ANALYSIS_RETRY_LIMIT`` (``paiyou.web.limits``).

The GET is a pure read, with the game's access rule: a finished deal is readable by anyone
holding its id (the analysis shows nothing the record does not). The POST starts a computation:
only the deal's player may ask for it (its seat key, ``paiyou.tables.access``), however public the
id is. The language rules, the JSON errors and their
handlers are the game API's (``paiyou.views.api_games``), so both answer alike.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify
from flask_babel import pgettext
from werkzeug.exceptions import HTTPException

from paiyou.analysis import jobs as analyses
from paiyou.store.games import StoreUnavailable, current_store
from paiyou.tables import access, service
from paiyou.views import api_games
from paiyou.web import limits

bp = Blueprint("api_analysis", __name__, url_prefix="/api/v1")

# The game API's rules: ``?lang=`` picks the messages' language, and every error is JSON.
bp.before_request(api_games._language)
bp.register_error_handler(service.GameNotFound, api_games._not_found)
bp.register_error_handler(StoreUnavailable, api_games._unavailable)
bp.register_error_handler(access.SeatKeyRequired, api_games._seat_key_required)
bp.register_error_handler(service.BadInput, api_games._bad_input)
bp.register_error_handler(HTTPException, api_games._http)
for _status in (400, 403, 404, 405, 413, 415, 429):
    bp.register_error_handler(_status, api_games._http)
bp.register_error_handler(Exception, api_games._unexpected)

POLL_SECONDS = 2  # Retry-After of a 202: about the time a few decisions take


def _no_store(body: dict[str, Any], status: int) -> tuple[Response, int]:
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, status


def _not_over(game: service.Game) -> tuple[Response, int]:
    return api_games.error("deal-not-over", 409, pgettext(
        "play api", "The analysis is available once the deal is over."), version=game.version)


def _unavailable(found: analyses.Status) -> tuple[Response, int]:
    """404 ``no-analysis`` (the deal ended before deals were analysed) or 503 ``analysis-failed``."""
    if found.state == analyses.MISSING:
        return api_games.error("no-analysis", 404, pgettext(
            "play api", "This deal has no analysis: it ended before deals were analysed."))
    return api_games.error("analysis-failed", 503, pgettext(
        "play api", "The analysis of this deal could not be made."))


def _waiting(found: analyses.Status) -> tuple[Response, int]:
    response, status = _no_store({"state": found.state,
                                  "progress": {"done": found.done, "total": found.total}}, 202)
    response.headers["Retry-After"] = str(POLL_SECONDS)
    return response, status


@bp.get("/games/<game_id>/analysis")
def analysis(game_id: str) -> tuple[Response, int]:
    game = service.load(current_store(), game_id)
    if not game.is_over:  # before the end the analysis would tell what the seat cannot know yet
        return _not_over(game)
    found = analyses.status(current_app, game.id)
    if found.state in (analyses.MISSING, "failed"):
        return _unavailable(found)
    if found.waiting:
        return _waiting(found)
    return _no_store({"state": found.state, **(found.result or {})}, 200)


@bp.post("/games/<game_id>/analysis")
@limits.analysis
def retry(game_id: str) -> tuple[Response, int]:
    """Ask again for a failed analysis (the seat key only: knowing the id is not enough)."""
    body = api_games._parsed_body()
    if not isinstance(body, dict):
        raise service.BadInput("bad-json")
    game = service.load(current_store(), game_id)
    access.require_seat(game)
    if not game.is_over:
        return _not_over(game)
    analyses.retry(current_app, game.id)
    found = analyses.status(current_app, game.id)
    if found.state == "done":
        return api_games.error("analysis-done", 409, pgettext(
            "play api", "The analysis of this deal is already done: read it with a %(method)s request.",
            method="GET"))
    if found.state in (analyses.MISSING, "failed"):  # failed: queued again and failed at once here
        return _unavailable(found)
    return _waiting(found)
