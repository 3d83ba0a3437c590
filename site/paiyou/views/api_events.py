"""Blueprint ``api_events``: a game's events stream (docs/api.md, "Events"), routes only; the
stream is ``paiyou.api.event_stream``'s.

- ``GET /api/v1/games/<id>/events`` → ``text/event-stream``: the game's version now, then each
  new one, who is present, keepalives; 404 ``unknown-game``, 429 ``too-many-streams``.

This route holds a thread per open stream: right for one process (``scripts/serve.sh``, the
tests). In production nginx sends this path to the events process (``python -m paiyou.events``).
"""
from __future__ import annotations

from flask import Blueprint, Response

from paiyou.api.event_stream import events_response
from paiyou.api.games import install

bp = Blueprint("api_events", __name__, url_prefix="/api/v1")
install(bp)  # the language of messages, every error answered in JSON


@bp.get("/games/<game_id>/events")
def events(game_id: str) -> Response | tuple[Response, int]:
    return events_response(game_id)
