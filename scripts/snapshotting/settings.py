"""What the visitor's and the operator's settings change: the root's choice of language, weaker
computer players, a reverse proxy in front."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from flask import Flask

from scripts.snapshotting.app import make_app
from scripts.snapshotting.common import GAMES, PLAY_SEEDS
from scripts.snapshotting.deals import api_deal
from scripts.snapshotting.forms import answer_form
from scripts.snapshotting.record import Recorder


def configurations(rec: Recorder, folder: Path, step_urls: Sequence[str]) -> None:
    """The operator's settings: weaker computer players, and a reverse proxy in front."""
    for level in ("greedy", "random"):
        app = make_app(folder, f"opponent-{level}", PAIYOU_OPPONENT_LEVEL=level)
        for game in GAMES:
            api_deal(rec, app, game, PLAY_SEEDS[0], f"config/opponent-{level}/{game}",
                     views=(("en", False),))
    app = make_app(folder, "proxy", PAIYOU_BEHIND_PROXY=True)
    client = app.test_client(use_cookies=False)
    forwarded = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https",
                 "X-Forwarded-Host": "paiyou.example"}
    for label, url in (("root", "/"), ("home", "/pl/"), ("practice", "/ar/tien-gow/practice/hard/42"),
                       ("chosen", "/en/glossary?chosen=1"), ("lesson", "/hi/chuo-pai/puzzles/cards")):
        rec.exchange(client, "GET", url, f"config/proxy/{label}", headers=forwarded)
    step = next((u for u in step_urls if u.startswith("/en/") and answer_form(rec.html.get(u, ""))),
                "/en/chuo-pai/puzzles/cards/2")
    for label, origin in (("forwarded", "https://paiyou.example"), ("internal", "http://localhost")):
        rec.exchange(client, "POST", step, f"config/proxy/origin-{label}",
                     headers={**forwarded, "Origin": origin}, form=[("answer", "")])


def root(rec: Recorder, app: Flask) -> None:
    client = app.test_client(use_cookies=False)
    cases: list[tuple[str, dict[str, str]]] = [
        ("plain", {}), ("accept-ar", {"Accept-Language": "ar"}),
        ("accept-fa-pl", {"Accept-Language": "de, fa;q=0.9, pl;q=0.8"}),
        ("accept-hi-in", {"Accept-Language": "hi-IN"}), ("accept-pl", {"Accept-Language": "pl-PL"}),
        ("accept-de", {"Accept-Language": "de"}), ("cookie-fa", {"Cookie": "paiyou_lang=fa"}),
        ("cookie-bad", {"Cookie": "paiyou_lang=xx", "Accept-Language": "hi"}),
    ]
    for label, headers in cases:
        rec.exchange(client, "GET", "/", f"root/{label}", headers=headers)
