"""The judge API: every query of ``JUDGE_QUERIES`` in every language, and bad bodies."""
from __future__ import annotations

from typing import Any

from flask import Flask

from scripts.snapshotting.common import GAMES, LANGS
from scripts.snapshotting.record import Recorder

JUDGE_QUERIES: dict[str, list[dict[str, Any]]] = {
    "chuo-pai": [
        {"current": "6-6 6-6", "play": "1-1 1-1"}, {"current": "1-1 1-1", "play": "6-6 6-6"},
        {"current": None, "play": "6-6"}, {"play": "2-5"}, {"current": "2-5", "play": "1-4"},
        {"current": "2-3", "play": "3-6"}, {"current": "6-6", "play": "6-6"},
        {"current": "6-6", "play": "6-6 6-6"}, {"play": "1-2 3-4"}, {"play": "1-2 2-4"},
        {"current": "1-2 3-4", "play": "6-6"}, {"play": "2-1"}, {"play": "5-5 5-5 5-5 5-5"},
        {"current": "4-4 4-4 4-4", "play": "6-6 6-6 6-6"}, {"play": "7-7"}, {"play": ""},
        {"current": "6-6", "play": "x"}, {"current": "", "play": "6-6"},
    ],
    "tien-gow": [
        {"current": "6-6", "play": "1-1"}, {"current": "1-1", "play": "6-6"}, {"play": "1-2 2-4"},
        {"current": "1-2 2-4", "play": "6-6 6-6"}, {"current": "6-6 6-6", "play": "1-1 1-1"},
        {"current": "4-5", "play": "3-6"}, {"current": "6-6", "play": "2-2 3-3"},
        {"current": None, "play": "6-6 4-5"}, {"play": "1-3 5-6"}, {"current": "6-6", "play": "6-6"},
        {"play": "1-1 2-2 3-3 4-4"}, {"current": "2-3 1-4", "play": "3-3"}, {"play": "2-1"},
        {"play": "7-7"}, {"play": ""}, {"current": "1-3 5-6", "play": "6-6"},
    ],
}


def judge_api(rec: Recorder, app: Flask) -> None:
    client = app.test_client(use_cookies=False)
    url = "/api/v1/judge"
    for game in GAMES:
        for i, query in enumerate(JUDGE_QUERIES.get(game, ()), start=1):
            for lang in LANGS:
                rec.exchange(client, "POST", url, f"judge/{game}/{i:02d}-{lang}",
                             json_body={"game": game, **query, "lang": lang})
    bad: list[tuple[str, Any]] = [
        ("list", ["chuo-pai"]), ("empty", {}), ("no-play", {"game": "chuo-pai"}),
        ("no-game", {"play": "6-6"}), ("game-number", {"game": 5, "play": "6-6"}),
        ("game-unknown", {"game": "mahjong", "play": "6-6"}),
        ("play-number", {"game": "chuo-pai", "play": 66}),
        ("play-null", {"game": "chuo-pai", "play": None}),
        ("current-number", {"game": "tien-gow", "play": "6-6", "current": 5}),
        ("play-long", {"game": "chuo-pai", "play": "6-6 " * 60}),
        ("lang-number", {"game": "chuo-pai", "play": "6-6", "lang": 5}),
        ("lang-null", {"game": "chuo-pai", "play": "6-6", "lang": None}),
        ("lang-unknown", {"game": "chuo-pai", "play": "6-6", "lang": "xx"}),
        ("lang-ar-missing-play", {"game": "tien-gow", "lang": "ar"}),
        ("extra-field", {"game": "chuo-pai", "play": "6-6", "extra": True}),
    ]
    for label, body in bad:
        rec.exchange(client, "POST", url, f"judge/bad/{label}", json_body=body)
    rec.exchange(client, "POST", url, "judge/bad/not-json", raw=b"{game", content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/not-utf8", raw=b'{"game": "\xff"}',
                 content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/no-body")
    rec.exchange(client, "POST", url, "judge/bad/too-large",
                 raw=b'{"game": "chuo-pai", "play": "' + b" " * 5000 + b'"}',
                 content_type="application/json")
    rec.exchange(client, "POST", url + "?lang=fa", "judge/bad/not-json-query-fa", raw=b"[",
                 content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/not-json-accept-pl", raw=b"[",
                 content_type="application/json", headers={"Accept-Language": "pl,en;q=0.5"})
    rec.exchange(client, "POST", url + "?lang=hi", "judge/query-hi",
                 json_body={"game": "chuo-pai", "play": "6-6", "current": "1-1"})
    rec.exchange(client, "POST", url, "judge/accept-ar",
                 json_body={"game": "tien-gow", "play": "6-6", "current": "1-1"},
                 headers={"Accept-Language": "ar"})
    rec.exchange(client, "GET", url, "judge/get")
    rec.exchange(client, "GET", url + "?lang=fa", "judge/get-fa")
    rec.exchange(client, "PUT", url, "judge/put", json_body={"game": "chuo-pai", "play": "6-6"})
    for label, path in (("chuo-pai", "/api/v1/chuo-pai/puzzles"),
                        ("chuo-pai-fa", "/api/v1/chuo-pai/puzzles?lang=fa"),
                        ("unknown", "/api/v1/mahjong/puzzles"),
                        ("unknown-ar", "/api/v1/mahjong/puzzles?lang=ar")):
        rec.exchange(client, "GET", path, f"judge/puzzles-{label}")
