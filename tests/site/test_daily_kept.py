"""The day's page kept per shown state (``paiyou.daily.kept``; docs/daily.md, "Speed"): a second
reader in the same state gets the page without a template being rendered, byte for byte the page
rendered directly, and with only their own values — never another reader's."""
from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient
from jinja2 import Template

from engine.daily import today
from paiyou.daily import kept, pages
from paiyou.daily.board import BOARD_SIZE
from paiyou.daily.day_field import MAX_SHOWN, DayField
from paiyou.daily.pages import PLAYER_COOKIE
from paiyou.daily.service import Result
from paiyou.store.daily import DailyStore
from paiyou.store.databases import store_for
from paiyou.store.schema import new_id
from paiyou.web.htmx import render_context
from tests.site.test_daily_pages import cookie, daily_pages_app, finish

GAME = "tien-gow"


@pytest.fixture(scope="module")
def kept_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return daily_pages_app(translations_dir, tmp_path_factory.mktemp("daily-kept"))


@pytest.fixture(scope="module")
def players(kept_app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Two browsers that played today's deal with the same choices (so the same score, in the
    same state of the field); the first named on the leaderboard, the second not."""
    found = []
    for name in ("Alice <Kept>", ""):
        client = kept_app.test_client()
        started = client.post(f"/en/{GAME}/daily")
        assert started.status_code == 303
        finish(client, started.headers["Location"].rstrip("/").split("/")[-1])
        assert client.post(f"/en/{GAME}/daily/name", data={"name": name}).status_code == 303
        found.append(client)
    return found[0], found[1]


@pytest.fixture(scope="module")
def crowded(kept_app: Flask, players: tuple[FlaskClient, FlaskClient]) -> tuple[FlaskClient, FlaskClient]:
    """The two players behind a top 50 of better scores: their pages show the same state."""
    days = DailyStore(store_for(kept_app))
    for _ in range(BOARD_SIZE):
        days.record_result(GAME, today().isoformat(), new_id(), new_id(), 10**5, countable=True)
    return players


@contextmanager
def rendered(app: Flask) -> Iterator[list[str]]:
    """The names of the templates rendered meanwhile."""
    names: list[str] = []

    def record(sender: Flask, template: Template, context: dict[str, Any], **extra: Any) -> None:
        names.append(str(template.name))

    with template_rendered.connected_to(record, app):
        yield names


def deal_id(client: FlaskClient) -> str:
    page = client.get(f"/en/{GAME}/daily").get_data(as_text=True)
    found = re.search(rf'href="/en/{GAME}/games/([A-Za-z0-9_-]{{32}})/review"', page)
    assert found is not None
    return found.group(1)


def name_field(page: str) -> str:
    found = re.search(r'<input type="text" name="name" value="([^"]*)"', page)
    assert found is not None
    return found.group(1)


def test_the_kept_page_is_the_page_rendered_directly(kept_app: Flask,
                                                     players: tuple[FlaskClient, FlaskClient]) -> None:
    """Every state of the day's page (a visitor, a deal under way, a result with and without a
    name, in the top 50 — this runs before ``crowded`` —, values that need escaping), twice each
    (kept, then from the kept pieces), against the template rendered with the reader's own
    values, in the same request (the same CSRF token)."""
    alice, bob = players
    under_way = kept_app.test_client()
    assert under_way.post(f"/en/{GAME}/daily").status_code == 303
    for lang in ("en", "ar", "fa"):
        for client in (kept_app.test_client(), under_way, alice, bob):
            key = client.get_cookie(PLAYER_COOKIE)
            headers = {"Cookie": f"{PLAYER_COOKIE}={key.value}"} if key is not None else {}
            with kept_app.test_request_context(f"/{lang}/{GAME}/daily", headers=headers):
                kept_app.preprocess_request()
                attempt = pages.attempt_today(GAME, pages.browser_player())
                panel = pages.result_panel(attempt) if attempt is not None and attempt.is_over else None
                card = pages.day_card(GAME)
                variants = [panel] if panel is None else [
                    panel, replace(panel, share='<b>"shared" & marked</b>', name="<i>O'Brien</i>")]
                for shown in variants:
                    direct = render_context("daily/day.html",
                                            {"game": GAME, "card": card, "attempt": attempt, "panel": shown})
                    for _ in range(2):
                        assert kept.day_page(GAME, card, attempt, shown) == direct
                    if shown is not None:
                        fragment = render_context("daily/_live.html", {"game": GAME, "panel": shown})
                        for _ in range(2):
                            assert kept.live_panel(GAME, shown) == fragment
    assert cookie(alice, PLAYER_COOKIE) != cookie(bob, PLAYER_COOKIE)


def test_a_second_reader_in_the_same_state_gets_the_kept_page(kept_app: Flask,
                                                              crowded: tuple[FlaskClient, FlaskClient]) -> None:
    alice, bob = crowded
    for path, headers in ((f"/en/{GAME}/daily", {}), (f"/ar/{GAME}/daily", {}),
                          (f"/en/{GAME}/daily/result", {"HX-Request": "true"})):
        assert alice.get(path, headers=headers).status_code == 200  # kept now, if it was not
        with rendered(kept_app) as names:
            for client in (bob, alice):
                assert client.get(path, headers=headers).status_code == 200
        assert names == [], path
    visitor = kept_app.test_client()
    visitor.get(f"/en/{GAME}/daily")
    with rendered(kept_app) as names:
        page = kept_app.test_client().get(f"/en/{GAME}/daily").get_data(as_text=True)
    assert names == [] and 'id="daily-start"' in page


def test_one_readers_values_never_reach_another(kept_app: Flask, crowded: tuple[FlaskClient, FlaskClient]) -> None:
    alice, bob = crowded
    alices, bobs = deal_id(alice), deal_id(bob)
    assert alices != bobs
    for lang in ("en", "ar"):
        first = alice.get(f"/{lang}/{GAME}/daily").get_data(as_text=True)
        with rendered(kept_app) as names:
            second = bob.get(f"/{lang}/{GAME}/daily").get_data(as_text=True)
        assert names == []  # served from the page kept for the first reader
        assert name_field(first) == "Alice &lt;Kept&gt;" and name_field(second) == ""
        assert alices in first and bobs not in first
        assert bobs in second and alices not in second
    token = kept_app.extensions[kept.EXTENSION_KEY].token
    for client in (alice, bob, kept_app.test_client()):
        assert token not in client.get(f"/en/{GAME}/daily").get_data(as_text=True)


def test_the_kept_pages_stay_within_their_bytes(kept_app: Flask) -> None:
    kept_pages = kept_app.extensions[kept.EXTENSION_KEY]
    kept_app.extensions[kept.EXTENSION_KEY] = small = kept.KeptPages(20_000)
    try:
        client = kept_app.test_client()
        for lang in ("en", "ar", "fa", "hi", "pl"):
            for game in ("tien-gow", "chuo-pai"):
                assert client.get(f"/{lang}/{game}/daily").status_code == 200
                assert 0 < small.bytes <= 20_000
        assert 0 < len(small) < 10  # the oldest pages went
    finally:
        kept_app.extensions[kept.EXTENSION_KEY] = kept_pages


def test_the_panel_kept_with_the_field_is_the_panel_built_directly(
        kept_app: Flask, crowded: tuple[FlaskClient, FlaskClient]) -> None:
    """Two readers with the same score behind the top 50 share one panel as everyone sees it,
    formatted once per field and language (``pages._panel_of``); each one's panel — their own
    deal id, name and share text's marks put in — is the panel built directly from the store, and
    the kept page made from it is the template rendered directly, twice (kept, then from the
    pieces)."""
    for lang in ("en", "ar", "fa"):
        shared = []
        for client in crowded:
            key = client.get_cookie(PLAYER_COOKIE)
            assert key is not None
            with kept_app.test_request_context(f"/{lang}/{GAME}/daily",
                                               headers={"Cookie": f"{PLAYER_COOKIE}={key.value}"}):
                kept_app.preprocess_request()
                attempt = pages.attempt_today(GAME, pages.browser_player())
                assert attempt is not None and attempt.is_over
                direct_panel = pages.result_panel(attempt)
                shown = pages.todays_page(GAME)
                assert shown.panel == direct_panel and shown.panel is not None
                again = pages.todays_page(GAME).panel
                assert again is not None and shown.panel.everyone is not None
                assert again.everyone is shown.panel.everyone  # kept with the field, not formatted again
                shared.append(shown.panel.everyone)
                direct = render_context("daily/day.html", {"game": GAME, "card": shown.card,
                                                           "attempt": shown.attempt, "panel": direct_panel})
                for _ in range(2):
                    assert kept.day_page(GAME, shown.card, shown.attempt, shown.panel) == direct
                fragment = render_context("daily/_live.html", {"game": GAME, "panel": direct_panel})
                for _ in range(2):
                    assert kept.live_panel(GAME, shown.panel) == fragment
        assert shared[0] is shared[1]  # the same state: formatted once for both readers
        everyone = shared[0].panel
        assert everyone.deal_id == "" and everyone.name is None and everyone.result.rounds == ()


def test_the_panels_kept_with_a_field_are_bounded() -> None:
    field = DayField((1, 1), (), (), {})
    result = Result(today(), GAME, 3, True, 50.0, 50.0, 1, 1, 2, (), ())
    panel = pages.ResultPanel("", result, "50%", "50", "", (), (), False, False, None, 1)
    everyone = pages.Everyone(panel, hash(panel))
    for n in range(MAX_SHOWN):
        field.keep_shown(n, everyone)
    assert len(field.shown) == MAX_SHOWN
    field.keep_shown("one more", everyone)
    assert list(field.shown) == ["one more"]


def test_a_gzip_answer_is_the_kept_page_compressed(kept_app: Flask, crowded: tuple[FlaskClient, FlaskClient]) -> None:
    """Asked with gzip, the day's page and the live fragment come compressed from the kept pieces
    (each compressed once, reused as they are) and the reader's own values (compressed per answer,
    each on its own): the whole decompresses — length and CRC checked — to the page as text, byte
    for byte, in the same request (the same CSRF token). Not asked: the text, as before."""
    alice, _ = crowded
    under_way = kept_app.test_client()
    assert under_way.post(f"/en/{GAME}/daily").status_code == 303
    for lang in ("en", "ar"):
        for client in (kept_app.test_client(), under_way, alice):
            key = client.get_cookie(PLAYER_COOKIE)
            headers = {"Accept-Encoding": "br, gzip"}
            if key is not None:
                headers["Cookie"] = f"{PLAYER_COOKIE}={key.value}"
            with kept_app.test_request_context(f"/{lang}/{GAME}/daily", headers=headers):
                kept_app.preprocess_request()
                shown = pages.todays_page(GAME)
                answers = [(kept.day_response(GAME, shown.card, shown.attempt, shown.panel),
                            kept.day_page(GAME, shown.card, shown.attempt, shown.panel))]
                if shown.panel is not None:
                    answers.append((kept.live_response(GAME, shown.panel), kept.live_panel(GAME, shown.panel)))
                for response, text in answers:
                    assert response.headers["Content-Encoding"] == "gzip"
                    assert "Accept-Encoding" in response.vary
                    body = response.get_data()
                    assert gzip.decompress(body) == text.encode()
                    splits = [split for split, _ in kept_app.extensions[kept.EXTENSION_KEY]._pages.values()]
                    assert any(all(piece in body for piece in split.deflated) for split in splits)
            plain = client.get(f"/{lang}/{GAME}/daily")
            assert "Content-Encoding" not in plain.headers and "<html" in plain.get_data(as_text=True)
            squeezed = client.get(f"/{lang}/{GAME}/daily", headers={"Accept-Encoding": "gzip"})
            assert squeezed.headers["Content-Encoding"] == "gzip"
            assert "<html" in gzip.decompress(squeezed.get_data()).decode()
