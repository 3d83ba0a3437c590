"""Blueprint ``api_analysis``: the analysis of a finished deal (docs/api.md), routes only: the
answers are ``paiyou.api.analysis``.

- ``GET /api/v1/games/<id>/analysis`` → 409 ``deal-not-over`` before the end; 202
  ``{"state", "progress": {"done", "total"}}`` while the background job is queued or running;
  200 ``{"accuracy", "counts", "decisions": […], "duplicate": {…}}`` when it is done; 404
  ``no-analysis`` for a deal that has none (finished before deals were analysed, or a seat the
  computer played all along), 503 ``analysis-failed`` when the job failed, 503
  ``analysis-deferred`` when it was not queued (too many analyses were waiting).
- (key) ``POST /api/v1/games/<id>/analysis`` (no body, or a JSON object such as ``{"lang": "pl"}``)
  asks again for a failed or deferred analysis → 202 ``{"state": "queued", "progress"}``, as the GET then
  answers; a no-op 202 while it is queued or running; 409 ``analysis-done`` when it is made, 409
  ``deal-not-over`` before the end, 404 ``no-analysis``, 401 ``seat-key-required`` without the
  seat key, 429 ``too-many-retries`` over ``PAIYOU_ANALYSIS_RETRY_LIMIT`` (``paiyou.web.limits``).

The GET is a pure read, with the game's access rule: a finished deal is readable by anyone
holding its id (the analysis shows nothing the record does not). The POST starts a computation:
only the deal's player may ask for it (its seat key, ``paiyou.seats.access``), however public the
id is. The language rules, the JSON errors and their
handlers are the game API's (``paiyou.api.games.install``), so both answer alike.
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app

from paiyou.analysis import jobs
from paiyou.api.analysis import UNAVAILABLE, already_done, answer, not_over, unavailable, waiting, without_daily_seed
from paiyou.api.games import daily_review_closed, install, parsed_body
from paiyou.deals import service
from paiyou.deals.game import BadInput
from paiyou.seats import access
from paiyou.store.databases import current_store
from paiyou.web import limits

bp = Blueprint("api_analysis", __name__, url_prefix="/api/v1")
install(bp)  # the game API's rules: ``?lang=`` picks the messages' language, every error is JSON


@bp.get("/games/<game_id>/analysis")
def analysis(game_id: str) -> tuple[Response, int]:
    game = access.as_reader(service.load(current_store(), game_id))
    if not game.is_over:  # before the end the analysis would tell what the seat cannot know yet
        return not_over(game)
    if (closed := daily_review_closed(game)) is not None:
        return closed
    found = jobs.status(current_app, jobs.job_id(game))
    if found.state in UNAVAILABLE:
        return unavailable(found)
    if found.waiting:
        return waiting(found)
    return answer(without_daily_seed({"state": found.state, **(found.result or {})}, game), 200)


@bp.post("/games/<game_id>/analysis")
@limits.analysis
def retry(game_id: str) -> tuple[Response, int]:
    """Ask again for a failed analysis (the seat key only: knowing the id is not enough)."""
    body = parsed_body()
    if not isinstance(body, dict):
        raise BadInput("bad-json")
    game = service.load(current_store(), game_id)
    game = game.seated(access.require_seat(game))
    if not game.is_over:
        return not_over(game)
    if (closed := daily_review_closed(game)) is not None:
        return closed
    jobs.retry(current_app, jobs.job_id(game))
    found = jobs.status(current_app, jobs.job_id(game))
    if found.state == "done":
        return already_done()
    if found.state in UNAVAILABLE:  # failed: queued again and failed at once; deferred: still no room
        return unavailable(found)
    return waiting(found)
