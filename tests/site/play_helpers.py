"""Helpers for the play tests: what the human seat must never see, and finding it in a response.

``secret_keys(game, deal, seat)`` is the set of tile identities that are, at this moment, only in
places the seat may not look — another seat's hand, another seat's face-down tiles — and nowhere
the seat could have seen them (its own dealt hand, any face-up play, the Chuo Pai bonus cards).
If any of those identities shows up in a response (a tile key in JSON, a ``data-tile`` or
notation in HTML), the response leaked a hidden tile.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from flask.testing import FlaskClient

from engine.games import GAMES
from paiyou.deals import service
from paiyou.deals.game import Game
from paiyou.store.games import GameStore

CHUO_PAI, TIEN_GOW = "chuo-pai", "tien-gow"


def _keys(tiles: Iterable[Any]) -> set[str]:
    return {t.key for t in tiles}


def secret_keys(game: str, deal: Any, seat: int) -> set[str]:
    visible = _keys(deal.dealt[seat])
    hidden: set[str] = set()
    if game == CHUO_PAI:
        for s in range(len(deal.hands)):
            visible |= _keys(deal.bonus[s])
            if s != seat:
                hidden |= _keys(deal.hand(s))
        rounds = list(deal.rounds) + ([deal.round] if deal.round is not None else [])
        for rnd in rounds:
            for _, play in rnd.actions:
                visible |= _keys(play.tiles)
        return hidden - visible
    if game != TIEN_GOW:  # any other game: the others' tiles in hand, less what this seat sees
        for s in range(GAMES[game].seats):
            if s != seat:
                hidden |= _keys(deal.view(s).hand)
        view = deal.view(seat)
        visible = _keys(view.hand) | {t.key for event in view.events() for t in event.tiles}
        return hidden - visible
    for s in range(len(deal.hands)):
        if s != seat:
            hidden |= _keys(deal.hands[s])
    tricks = [t.plays for t in deal.tricks] + [deal.plays]
    for plays in tricks:
        for play in plays:
            if play.action.face_up:
                visible |= _keys(play.action.tiles)
            elif play.player != seat:
                hidden |= _keys(play.action.tiles)
    return hidden - visible


def found_keys(text: str, keys: Iterable[str]) -> set[str]:
    """Which of ``keys`` occur in ``text`` as a tile key (not inside a longer token)."""
    return {k for k in keys if re.search(rf"(?<![\w.-]){re.escape(k)}(?![\w.-])", text)}


def truth(store: GameStore, game_id: str) -> Game:
    """The whole state, read straight from the store (the test's view, not the player's)."""
    return service.load(store, game_id)


def assert_nothing_hidden(store: GameStore, game_id: str, text: str) -> None:
    """No hidden tile of the game's current state in ``text`` (a JSON or HTML response)."""
    game = truth(store, game_id)
    leaked = found_keys(text, secret_keys(game.game, game.deal, game.seat))
    assert not leaked, f"hidden tiles {sorted(leaked)} appear in a response"


def assert_view_is_the_seats(store: GameStore, game_id: str, view: dict[str, Any]) -> None:
    """The JSON view's structure: the seat's real hand, no other hand, no seed, no face-down tile
    of another seat."""
    game = truth(store, game_id)
    text = json.dumps(view)
    for word in ("hands", "dealt", "seed"):
        assert f'"{word}"' not in text
    assert sorted(view["hand"]) == sorted(t.key for t in game.deal.view(game.seat).hand)
    assert view["seat"] == game.seat
    if game.game == TIEN_GOW:
        for trick in [*view["tricks"], view["trick"]]:
            for play in trick["plays"]:
                if not play["face_up"] and play["player"] != game.seat:
                    assert play["tiles"] == [] and play["count"] > 0


# -- seat keys ---------------------------------------------------------------------------------

API_GAME_PATH = re.compile(r"/api/v1/games/([A-Za-z0-9_-]+)")


class PlayerClient(FlaskClient):
    """A test client that is the player of the deals it starts through the API: it keeps the
    ``key`` of every create and next-deal answer (``keys``: id → key) and sends it as
    ``Authorization: Bearer <key>`` on that game's API requests, unless the request sets its own
    ``Authorization``. Pages need nothing: their key is in the client's cookie."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys: dict[str, str] = {}

    def open(self, *args: Any, **kwargs: Any) -> Any:
        path = args[0] if args and isinstance(args[0], str) else kwargs.get("path", "")
        found = API_GAME_PATH.search(path) if isinstance(path, str) else None
        headers = dict(kwargs.pop("headers", None) or {})
        if found and found.group(1) in self.keys and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.keys[found.group(1)]}"
        response = super().open(*args, headers=headers, **kwargs)
        if response.is_json:
            data = response.get_json(silent=True)
            if isinstance(data, dict) and isinstance(data.get("key"), str):
                self.keys[str(data["id"])] = data["key"]
        return response


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def cookie_key(client: FlaskClient, game_id: str) -> str:
    """The seat key of ``game_id`` in the client's seats cookie (a browser that started it)."""
    cookie = client.get_cookie("paiyou_seats")
    pairs = dict(e.partition(":")[::2] for e in (cookie.value if cookie else "").split("."))
    return pairs[game_id]
