"""Full deals with fixed seeds: through the JSON API (with the table page after each move) and
through the HTML table (plain forms or htmx)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Flask
from werkzeug.test import TestResponse

from scripts.snapshotting.common import HX, Fields, first, json_of
from scripts.snapshotting.record import ID_FOUND, Recorder

MAX_MOVES = 400


def game_id_of(responses: Sequence[TestResponse]) -> str | None:
    for response in responses:
        m = ID_FOUND[0].search(response.headers.get("Location", ""))
        if m:
            return m.group(1)
    return None


TABLE_VIEWS = (("en", False), ("en", True), ("fa", False), ("fa", True))


def api_deal(rec: Recorder, app: Flask, game: str, seed: int, base: str = "",
             views: Sequence[tuple[str, bool]] = TABLE_VIEWS) -> None:
    """A deal through the JSON API, always the first legal action; after each move the table
    page in en and fa, with and without ``HX-Request``."""
    client = app.test_client(use_cookies=False)
    base = base or f"play/{game}/seed-{seed}/api"
    data = json_of(first(rec.exchange(client, "POST", f"/api/v1/{game}/games", f"{base}/000-create",
                                      json_body={"seed": seed})))
    gid = data.get("id")
    if not gid:
        return

    def tables(move: int) -> None:
        for lang, hx in views:
            rec.exchange(client, "GET", f"/{lang}/{game}/games/{gid}",
                         f"{base}/{move:03d}-table-{lang}{'-hx' if hx else ''}",
                         headers=HX if hx else None)

    tables(0)
    move = 0
    while data.get("view", {}).get("legal_actions") and move < MAX_MOVES:
        move += 1
        action = data["view"]["legal_actions"][0]
        answer = first(rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions",
                                    f"{base}/{move:03d}-action",
                                    json_body={"version": data["version"], **action}))
        if answer is None or answer.status_code != 200:
            rec.note(f"{base}: move {move} answered {answer.status if answer else 'nothing'}")
            return
        data = json_of(answer)
        tables(move)
    if not data.get("view", {}).get("is_over"):
        rec.note(f"{base}: not over after {move} moves")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}", f"{base}/end-game")
    for name, url in ((f"{base}/end-record", f"/api/v1/games/{gid}/record"),
                      (f"{base}/end-record-en", f"/en/{game}/games/{gid}/record"),
                      (f"{base}/end-record-fa", f"/fa/{game}/games/{gid}/record")):
        if (r := first(rec.exchange(client, "GET", url, name))) and r.status_code == 200:
            rec.counts["record"] += 1
    rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions", f"{base}/end-action",
                 json_body={"version": data.get("version"), "tiles": ""})
    rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions", f"{base}/end-stale",
                 json_body={"version": 1, "tiles": "", "lang": "ar"})
    rec.exchange(client, "POST", f"/en/{game}/games/{gid}", f"{base}/end-form",
                 form=[("version", str(data.get("version"))), ("move", "pass")])


def form_fields(game: str, action: dict[str, Any], version: int, move: int) -> Fields:
    """The table form for an API action: quick buttons on even moves, checkboxes on odd ones."""
    tiles = str(action.get("tiles", ""))
    fields: Fields = [("version", str(version))]
    if not tiles:
        return fields + [("move", "pass")]
    if action.get("face_up") is False:
        return fields + [("tile", k) for k in tiles.split()] + [("move", "down")]
    if move % 2 == 0:
        return fields + [("quick", tiles)]
    button = "play" if game == "chuo-pai" else "up"
    return fields + [("tile", k) for k in tiles.split()] + [("move", button)]


def html_deal(rec: Recorder, app: Flask, game: str, seed: int, lang: str, hx: bool) -> None:
    """A deal through the HTML table (the last legal action each time, so it sees other
    positions than the API deals), as plain forms or with ``HX-Request``."""
    client = app.test_client()
    base = f"play/{game}/seed-{seed}/html-{lang}{'-hx' if hx else ''}"
    started = rec.exchange(client, "POST", f"/{lang}/{game}/play", f"{base}/000-new",
                           form=[("seed", str(seed))], follow=True)
    gid = game_id_of(started)
    if not gid:
        return
    move = 0
    while move < MAX_MOVES:
        state = json_of(client.get(f"/api/v1/games/{gid}"))  # what to play: not an output
        legal = state.get("view", {}).get("legal_actions") or []
        if not legal:
            break
        move += 1
        fields = form_fields(game, legal[-1], int(state["version"]), move)
        answers = rec.exchange(client, "POST", f"/{lang}/{game}/games/{gid}", f"{base}/{move:03d}-move",
                               form=fields, headers=HX if hx else None, follow=not hx)
        if not answers or answers[0].status_code not in (200, 303):
            rec.note(f"{base}: move {move} answered {answers[0].status if answers else 'nothing'}")
            return
    if (r := first(rec.exchange(client, "GET", f"/{lang}/{game}/games/{gid}/record",
                                f"{base}/end-record"))) and r.status_code == 200:
        rec.counts["record"] += 1
