"""What the play routes share: the game or a 404, the table's URL, and the headers of a private
page (every play page shows one visitor's deal: never stored by a cache, never indexed)."""
from __future__ import annotations

from flask import abort, url_for
from werkzeug.wrappers import Response

from paiyou.store.games import current_store
from paiyou.tables import service


def load_or_404(game: str, game_id: str) -> service.Game:
    try:
        return service.load(current_store(), game_id, game)
    except service.GameNotFound:
        abort(404)


def table_url(game: str, game_id: str) -> str:
    return url_for("play.table", game=game, game_id=game_id)


def private(response: Response) -> Response:
    """An ``after_request`` hook for the play blueprints: the one place ``no-store`` is set."""
    response.headers["Cache-Control"] = "no-store"
    return response
