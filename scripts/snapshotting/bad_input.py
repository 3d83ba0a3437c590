"""Bad input of every kind: to the game API (seeds, bodies, versions, tiles, ids, methods,
languages), to the HTML table, and unknown pages and methods."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from flask import Flask

from scripts.snapshotting.common import HX, Fields, first, json_of
from scripts.snapshotting.deals import game_id_of
from scripts.snapshotting.record import Recorder, url_name

PROBE_SEED = 7
ALL_KEYS = tuple(f"{a}-{b}" for a in range(1, 7) for b in range(a, 7))


def missing_tile(hand: Sequence[str]) -> str:
    """The first of the 21 tiles that is not in ``hand``."""
    return next((k for k in ALL_KEYS if k not in hand), "6-6")


def illegal_action(hand: Sequence[str], legal: Sequence[dict[str, Any]], face_up: bool) -> dict[str, Any]:
    """The first single tile, then pair, of ``hand`` that is no legal action (face up or down)."""
    singles = list(dict.fromkeys(hand))
    pairs = [f"{a} {b}" for a, b in itertools.combinations(hand, 2)]
    with_face = any("face_up" in a for a in legal)
    for tiles in singles + pairs:
        action: dict[str, Any] = {"tiles": tiles, **({"face_up": face_up} if with_face else {})}
        if action not in legal:
            return action
    return {"tiles": hand[0] if hand else "6-6", "face_up": face_up}


def api_probes(rec: Recorder, app: Flask, game: str) -> None:
    """Bad requests to the game API: seeds, bodies, versions, tiles, ids, methods, languages."""
    client = app.test_client(use_cookies=False)
    base = f"play/{game}/probes-api"
    create = f"/api/v1/{game}/games"
    seeds: list[tuple[str, Any]] = [
        ("seed-negative", {"seed": -1}), ("seed-2-53", {"seed": 2**53}),
        ("seed-max", {"seed": 2**53 - 1}), ("seed-text", {"seed": "abc"}),
        ("seed-digits", {"seed": "12"}), ("seed-true", {"seed": True}),
        ("seed-float", {"seed": 1.5}), ("seed-list", {"seed": [1]}),
        ("seed-bad-fa", {"seed": "x", "lang": "fa"}), ("seed-bad-xx", {"seed": "x", "lang": "xx"}),
        ("body-list", [1, 2]), ("body-string", "seed"),
    ]
    for label, body in seeds:
        rec.exchange(client, "POST", create, f"{base}/create-{label}", json_body=body)
    rec.exchange(client, "POST", create, f"{base}/create-not-json", raw=b"{seed: 1",
                 content_type="application/json")
    rec.exchange(client, "POST", create + "?lang=pl", f"{base}/create-bad-seed-query-pl",
                 json_body={"seed": -5})
    rec.exchange(client, "POST", create, f"{base}/create-bad-seed-accept-hi",
                 json_body={"seed": -5}, headers={"Accept-Language": "hi"})
    rec.exchange(client, "POST", create, f"{base}/create-too-large",
                 raw=b'{"seed": 1, "pad": "' + b"x" * 70000 + b'"}', content_type="application/json")
    rec.exchange(client, "POST", create, f"{base}/create-no-seed", json_body={}, random_deal=True)
    rec.exchange(client, "POST", create, f"{base}/create-no-body", random_deal=True)
    rec.exchange(client, "GET", create, f"{base}/create-get")
    rec.exchange(client, "PUT", create, f"{base}/create-put", json_body={"seed": 1})
    data = json_of(first(rec.exchange(client, "POST", create, f"{base}/create-seed-{PROBE_SEED}",
                                      json_body={"seed": PROBE_SEED})))
    gid = data.get("id", "none")
    act = f"/api/v1/games/{gid}/actions"
    probes: list[tuple[str, Any]] = [
        ("empty-object", lambda v, h, a: {}), ("no-tiles", lambda v, h, a: {"version": v}),
        ("no-version", lambda v, h, a: {"tiles": ""}),
        ("version-text", lambda v, h, a: {"version": str(v), "tiles": ""}),
        ("version-float", lambda v, h, a: {"version": v + 0.5, "tiles": ""}),
        ("version-true", lambda v, h, a: {"version": True, "tiles": ""}),
        ("tiles-bad-notation", lambda v, h, a: {"version": v, "tiles": "9-9"}),
        ("tiles-number", lambda v, h, a: {"version": v, "tiles": 66}),
        ("tiles-list-bad", lambda v, h, a: {"version": v, "tiles": ["6-6", 7]}),
        ("face-up-text", lambda v, h, a: {"version": v, "tiles": "", "face_up": "yes"}),
        ("not-in-hand", lambda v, h, a: {"version": v, "tiles": missing_tile(h)}),
        ("illegal", lambda v, h, a: {"version": v, **illegal_action(h, a, True)}),
        ("illegal-face-down", lambda v, h, a: {"version": v, **illegal_action(h, a, False)}),
        ("illegal-pass", lambda v, h, a: {"version": v, "tiles": ""} if {"tiles": ""} not in a
         else None),
        ("stale-lang-fa", lambda v, h, a: {"version": v + 5, "tiles": "", "lang": "fa"}),
        ("stale-old", lambda v, h, a: {"version": v - 1, "tiles": ""}),
        ("lang-unknown", lambda v, h, a: {"version": v, "tiles": "", "lang": "xx"}),
        ("list", lambda v, h, a: [v]),
        ("legal-as-list", lambda v, h, a: {"version": v, **a[-1], "tiles": a[-1]["tiles"].split()}),
        ("legal", lambda v, h, a: {"version": v, **a[0]}),
        ("legal-again", lambda v, h, a: {"version": v - 1, **a[0]}),
    ]
    for label, make in probes:
        view = json_of(client.get(f"/api/v1/games/{gid}"))  # the state now: not an output
        legal = view.get("view", {}).get("legal_actions") or [{"tiles": ""}]
        body = make(view.get("version", 1), list(view.get("view", {}).get("hand", [])), legal)
        if body is not None:
            rec.exchange(client, "POST", act, f"{base}/act-{label}", json_body=body)
    rec.exchange(client, "POST", act, f"{base}/act-not-json", raw=b"version=1",
                 content_type="application/x-www-form-urlencoded")
    rec.exchange(client, "POST", act, f"{base}/act-no-body")
    rec.exchange(client, "POST", act + "?lang=ar", f"{base}/act-stale-query-ar",
                 json_body={"version": 0, "tiles": ""})
    rec.exchange(client, "GET", f"/api/v1/games/{gid}", f"{base}/show")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}/record", f"{base}/record-not-over")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}/record?lang=hi", f"{base}/record-not-over-hi")
    for method in ("DELETE", "PUT", "PATCH"):
        rec.exchange(client, method, f"/api/v1/games/{gid}", f"{base}/game-{method.lower()}")
    rec.exchange(client, "GET", act, f"{base}/actions-get")
    for label, url in (("show", "/api/v1/games/nosuchgame"),
                       ("show-32", "/api/v1/games/" + "A" * 32),
                       ("record", "/api/v1/games/nosuchgame/record"),
                       ("list", "/api/v1/games"), ("list-slash", "/api/v1/games/"),
                       ("deeper", "/api/v1/games/nosuchgame/actions/1"),
                       ("other-game", "/api/v1/mahjong/games"),
                       ("show-lang-fa", "/api/v1/games/nosuchgame?lang=fa"),
                       ("show-lang-xx", "/api/v1/games/nosuchgame?lang=xx")):
        rec.exchange(client, "GET", url, f"{base}/unknown-{label}")
    rec.exchange(client, "POST", "/api/v1/games/nosuchgame/actions", f"{base}/unknown-act",
                 json_body={"version": 1, "tiles": ""})
    rec.exchange(client, "POST", "/api/v1/mahjong/games", f"{base}/unknown-game-create",
                 json_body={"seed": 1})


def html_probes(rec: Recorder, app: Flask, game: str) -> None:
    """Bad input to the HTML table: seeds, versions, tile selections, ids; HX variants."""
    client = app.test_client()
    base = f"play/{game}/probes-html"
    for label, seed in (("text", "abc"), ("negative", "-1"), ("2-53", str(2**53)), ("space", " 5 "),
                        ("digits-arabic", "٤٢")):
        rec.exchange(client, "GET", f"/en/{game}/play?seed={quote(seed)}", f"{base}/new-seed-{label}")
    rec.exchange(client, "POST", f"/fa/{game}/play", f"{base}/new-seed-text-fa-post",
                 form=[("seed", "abc")])
    rec.exchange(client, "POST", f"/en/{game}/play", f"{base}/new-random", form=[],
                 random_deal=True)
    started = rec.exchange(client, "GET", f"/en/{game}/play?seed={PROBE_SEED}", f"{base}/new",
                           follow=True)
    gid = game_id_of(started)
    if not gid:
        return
    table = f"/en/{game}/games/{gid}"
    up = "play" if game == "chuo-pai" else "up"

    def selected(action: dict[str, Any]) -> Fields:
        move = "down" if action.get("face_up") is False else up
        return [("tile", k) for k in str(action.get("tiles", "")).split()] + [("move", move)]

    forms: list[tuple[str, Any]] = [
        ("stale", lambda v, h, a: [("version", str(v - 1)), ("move", "pass")]),
        ("version-text", lambda v, h, a: [("version", "abc"), ("move", "pass")]),
        ("no-version", lambda v, h, a: [("move", up)]),
        ("nothing-selected", lambda v, h, a: [("version", str(v)), ("move", up)]),
        ("bogus-tile", lambda v, h, a: [("version", str(v)), ("tile", "9-9"), ("move", up)]),
        ("not-in-hand", lambda v, h, a: [("version", str(v)), ("tile", missing_tile(h)), ("move", up)]),
        ("quick-bad", lambda v, h, a: [("version", str(v)), ("quick", "7-7")]),
        ("illegal", lambda v, h, a: [("version", str(v)), *selected(illegal_action(h, a, True))]),
        ("illegal-quick", lambda v, h, a: [("version", str(v)),
                                           ("quick", illegal_action(h, a, True)["tiles"])]),
        ("illegal-down", lambda v, h, a: [("version", str(v)), *selected(illegal_action(h, a, False))]),
        ("illegal-pass", lambda v, h, a: [("version", str(v)), ("move", "pass")]
         if {"tiles": ""} not in a else None),
        ("legal-selected", lambda v, h, a: [("version", str(v)), *selected(a[-1])]),
        ("legal-quick", lambda v, h, a: [("version", str(v)), ("quick", a[0]["tiles"])]
         if a[0]["tiles"] and a[0].get("face_up") is not False else None),
    ]
    for label, make in forms:
        for hx in (False, True):
            state = json_of(client.get(f"/api/v1/games/{gid}"))  # the state now: not an output
            legal = state.get("view", {}).get("legal_actions") or [{"tiles": ""}]
            fields = make(int(state.get("version", 1)), list(state.get("view", {}).get("hand", [])),
                          legal)
            if fields is not None:
                rec.exchange(client, "POST", table, f"{base}/move-{label}{'-hx' if hx else ''}",
                             form=fields, headers=HX if hx else None, follow=not hx)
    rec.exchange(client, "GET", table, f"{base}/table-history-restore",
                 headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    rec.exchange(client, "GET", f"{table}?chosen=1", f"{base}/table-chosen", follow=True)
    rec.exchange(client, "GET", f"{table}/record", f"{base}/record-not-over")
    rec.exchange(client, "GET", f"/ar/{game}/games/{gid}/record", f"{base}/record-not-over-ar")
    rec.exchange(client, "DELETE", table, f"{base}/table-delete")
    other = "tien-gow" if game == "chuo-pai" else "chuo-pai"
    rec.exchange(client, "GET", f"/en/{other}/games/{gid}", f"{base}/table-other-game")
    for label, url in (("table", f"/en/{game}/games/nosuchgame"),
                       ("record", f"/en/{game}/games/nosuchgame/record")):
        rec.exchange(client, "GET", url, f"{base}/unknown-{label}")
    rec.exchange(client, "POST", f"/en/{game}/games/nosuchgame", f"{base}/unknown-post",
                 form=[("version", "1"), ("move", "pass")])


def error_pages(rec: Recorder, app: Flask, step_urls: Sequence[str]) -> None:
    client = app.test_client(use_cookies=False)
    paths = ["/xx/", "/xx/glossary", "/EN/", "/en", "/fa", "/en/glossary/", "/nothing",
             "/nothing/", "/static/nothing.css", "/static/", "/api/v1/nothing", "/api/v1/",
             "/favicon.ico", "/robots.txt"]
    for lang in ("en", "fa"):
        paths += [f"/{lang}/mahjong/rules", f"/{lang}/mahjong/puzzles", f"/{lang}/mahjong/play",
                  f"/{lang}/nothing", f"/{lang}/chuo-pai", f"/{lang}/chuo-pai/puzzles/no-such-lesson",
                  f"/{lang}/chuo-pai/puzzles/no-such-lesson/1", f"/{lang}/tien-gow/puzzles/tiles/0",
                  f"/{lang}/tien-gow/puzzles/tiles/999", f"/{lang}/chuo-pai/practice/extreme",
                  f"/{lang}/chuo-pai/practice/easy/2147483647",
                  f"/{lang}/chuo-pai/practice/easy/2147483648", f"/{lang}/chuo-pai/practice/easy/-1",
                  f"/{lang}/chuo-pai/practice/easy/abc", f"/{lang}/tien-gow/games/nosuchgame",
                  f"/{lang}/glossary?chosen=1&x=2", f"/{lang}/chuo-pai/puzzles/reset"]
    for path in paths:
        rec.exchange(client, "GET", path, "errors/get/" + url_name(path).replace("/", "~", 1))
    for label, headers in (("accept-ar", {"Accept-Language": "ar"}),
                           ("cookie-pl", {"Cookie": "paiyou_lang=pl"})):
        rec.exchange(client, "GET", "/nothing", f"errors/get/nothing-{label}", headers=headers)
    step = next((u for u in step_urls if u.startswith("/en/")), "/en/chuo-pai/puzzles/cards/1")
    methods = [("POST", "/"), ("POST", "/en/"), ("POST", "/en/glossary"), ("PUT", "/en/chuo-pai/rules"),
               ("DELETE", "/en/puzzles"), ("POST", "/favicon.svg"), ("POST", "/fa/tien-gow/puzzles"),
               ("DELETE", step), ("POST", "/static/css/site.css"), ("POST", "/nothing"),
               ("HEAD", "/en/"), ("OPTIONS", "/en/"), ("OPTIONS", "/api/v1/judge"),
               ("POST", "/en/chuo-pai/practice/easy")]
    for method, path in methods:
        rec.exchange(client, method, path, f"errors/{method.lower()}/" +
                     url_name(path).replace("/", "~", 1), form=[] if method == "POST" else None)
