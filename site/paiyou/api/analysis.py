"""The analysis API's answers (``paiyou.views.api_analysis``): the analysis once done, 202 while
its job is queued or running (with ``Retry-After``), and its own errors, in the game API's form
(``paiyou.api.games.error``)."""
from __future__ import annotations

from flask import Response, jsonify
from flask_babel import pgettext

from paiyou.analysis.jobs import MISSING, Status
from paiyou.api.games import error
from paiyou.deals.daily_mark import withheld
from paiyou.deals.game import Game
from paiyou.jsontypes import JsonObject
from paiyou.store.schema import DEFERRED, UNPLAYED
from paiyou.web.private import no_store

POLL_SECONDS = 2  # Retry-After of a 202: about the time a few decisions take
DEFERRED_SECONDS = 300  # Retry-After of a deferred analysis: a few analyses' time
UNAVAILABLE = (MISSING, "failed", DEFERRED, UNPLAYED)  # the states ``unavailable`` answers


def answer(body: JsonObject, status: int) -> tuple[Response, int]:
    """An answer about the analysis (never stored by a cache)."""
    return no_store(jsonify(body)), status


def without_daily_seed(body: JsonObject, game: Game) -> JsonObject:
    """The analysis as it may leave the server: the duplicate's record (the same shuffle) without
    a daily deal's seed before its day's reveal (``paiyou.deals.daily_mark.withheld``)."""
    duplicate = body.get("duplicate")
    if not isinstance(duplicate, dict) or not isinstance(duplicate.get("record"), dict):
        return body
    return {**body, "duplicate": {**duplicate, "record": withheld(duplicate["record"], game.stored.meta)}}


def not_over(game: Game) -> tuple[Response, int]:
    return error("deal-not-over", 409, pgettext(
        "play api", "The analysis is available once the deal is over."), version=game.version)


def unavailable(found: Status) -> tuple[Response, int]:
    """404 ``no-analysis`` (the deal ended before deals were analysed, or the computer played
    every move of the seat), 503 ``analysis-deferred`` (not queued: too many analyses were
    waiting; a POST queues it once there is room) or 503 ``analysis-failed``."""
    if found.state == MISSING:
        return error("no-analysis", 404, pgettext(
            "play api", "This deal has no analysis: it ended before deals were analysed."))
    if found.state == UNPLAYED:
        return error("no-analysis", 404, unplayed_message())
    if found.state == DEFERRED:
        response, status = error("analysis-deferred", 503, deferred_message())
        response.headers["Retry-After"] = str(DEFERRED_SECONDS)
        return response, status
    return error("analysis-failed", 503, pgettext(
        "play api", "The analysis of this deal could not be made."))


def waiting(found: Status) -> tuple[Response, int]:
    response, status = answer({"state": found.state,
                               "progress": {"done": found.done, "total": found.total}}, 202)
    response.headers["Retry-After"] = str(POLL_SECONDS)
    return response, status


def already_done() -> tuple[Response, int]:
    return error("analysis-done", 409, pgettext(
        "play api", "The analysis of this deal is already done: read it with a %(method)s request.",
        method="GET"))


def unplayed_message() -> str:
    return str(pgettext("play api", "The computer played every move of this seat in this deal: there is "
                        "nothing to analyse."))


def deferred_message() -> str:
    return str(pgettext("play api", "Many deals are waiting for their analysis just now, so this one is not "
                        "queued yet. Ask for it again in a few minutes."))
