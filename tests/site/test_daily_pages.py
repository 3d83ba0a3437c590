"""The daily deal's pages (issue 47): the navigation's entry and the home page's box, the index, the
day's page — start form without JavaScript, the table, a second visit's result with its SVG chart,
its table, the share text and the leaderboard —, in every language with the locale's dates and
digits, and the table's link to the result."""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.daily import daily_deal, today
from paiyou import create_app
from paiyou.config import LANGUAGE_CODES
from paiyou.daily.pages import PLAYER_COOKIE
from paiyou.daily.secret import ring
from paiyou.i18n.names import game_name
from paiyou.registry import listed_keys
from paiyou.store.databases import store_for


def daily_pages_app(translations_dir: Path, folder: Path) -> Flask:
    """An app of its own (its store in ``folder``) for the daily pages' tests."""
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{folder / 'games.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0})


@pytest.fixture(scope="module")
def pages_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return daily_pages_app(translations_dir, tmp_path_factory.mktemp("daily-pages"))


def cookie(client: FlaskClient, name: str) -> str:
    found = client.get_cookie(name)
    assert found is not None, name
    return found.value


def finish(client: FlaskClient, game_id: str) -> None:
    """The seat's first legal action every time, through the API with the key this browser keeps."""
    key = dict(pair.split(":") for pair in cookie(client, "paiyou_seats").split("."))[game_id]
    headers = {"Authorization": f"Bearer {key}"}
    data: dict[str, Any] = client.get(f"/api/v1/games/{game_id}", headers=headers).get_json()
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{game_id}/actions", json=body, headers=headers).get_json()


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_navigation_and_the_home_page_lead_to_the_daily_deals(pages_app: Flask, lang: str) -> None:
    client = pages_app.test_client()
    home = client.get(f"/{lang}/").get_data(as_text=True)
    assert f'href="/{lang}/daily"' in home and f'hx-get="/{lang}/daily/today"' in home
    fragment = client.get(f"/{lang}/daily/today", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and fragment.get_data(as_text=True).count("daily__card ") == 2
    plain = client.get(f"/{lang}/daily/today")
    assert plain.status_code == 303 and plain.headers["Location"].endswith(f"/{lang}/daily")
    index = client.get(f"/{lang}/daily")
    assert index.status_code == 200
    text = index.get_data(as_text=True)
    for game in listed_keys(None):  # the daily deals are the listed games
        assert f'href="/{lang}/{game}/daily"' in text


def test_dates_and_numbers_are_the_locales(pages_app: Flask) -> None:
    client = pages_app.test_client()
    fa = client.get("/fa/tien-gow/daily").get_data(as_text=True)
    assert 'dir="rtl"' in fa and "دسامبر" in fa and "۲۰۲۶" in fa
    assert "December" in client.get("/en/tien-gow/daily").get_data(as_text=True)
    assert "grudnia" in client.get("/pl/tien-gow/daily").get_data(as_text=True)


def test_a_daily_played_from_the_pages_shows_its_result_against_the_field(pages_app: Flask) -> None:
    client = pages_app.test_client()
    page = client.get("/en/tien-gow/daily").get_data(as_text=True)
    assert 'id="daily-start"' in page and 'method="post"' in page and cookie_absent(client)
    started = client.post("/en/tien-gow/daily")
    assert started.status_code == 303
    game_id = started.headers["Location"].rstrip("/").split("/")[-1]
    assert started.headers["Location"].endswith(f"/en/tien-gow/games/{game_id}")
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", cookie(client, PLAYER_COOKIE))
    again = client.get("/en/tien-gow/daily").get_data(as_text=True)
    assert 'id="daily-continue"' in again and 'id="daily-start"' not in again
    second = client.post("/en/tien-gow/daily")  # the second start of the day: no new deal
    assert second.status_code == 303 and second.headers["Location"].endswith("/en/tien-gow/daily")
    finish(client, game_id)
    table = client.get(f"/en/tien-gow/games/{game_id}").get_data(as_text=True)
    assert 'id="daily-result-link"' in table and 'href="/en/tien-gow/daily#daily-result"' in table
    result = client.get("/en/tien-gow/daily").get_data(as_text=True)
    for part in ('id="daily-result"', 'id="daily-score"', 'id="daily-matchpoints"', 'id="daily-rank"',
                 'id="daily-share"', 'id="daily-board"', "<details", "Par", "Percentile"):
        assert part in result, part
    chart = re.search(r'<svg[^>]*id="daily-chart".*?</svg>', result, re.S)
    assert chart is not None and 'role="img"' in chart.group(0) and "<rect" in chart.group(0)
    assert "daily__bar--yours" in chart.group(0) and "<title" in chart.group(0)
    assert "<script" not in chart.group(0)
    ar = client.get("/ar/tien-gow/daily").get_data(as_text=True)
    assert 'dir="rtl"' in ar and "نقاط المقارنة" in ar and "المعيار" in ar
    assert 'id="daily-start"' not in ar
    deal = daily_deal(ring(pages_app), "tien-gow", today())  # the open day's secrets stay out
    for text in (table, result, ar):
        assert str(deal.seed) not in text and deal.salt not in text and format(deal.seed, "x") not in text


def cookie_absent(client: FlaskClient) -> bool:
    return client.get_cookie(PLAYER_COOKIE) is None


def test_an_unlisted_game_has_no_daily_page(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_LISTED_GAMES": "tien-gow",
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0})
    client = app.test_client()
    assert client.get("/en/chuo-pai/daily").status_code == 404
    assert client.post("/en/chuo-pai/daily").status_code == 404
    assert 'href="/en/chuo-pai/daily"' not in client.get("/en/daily").get_data(as_text=True)


def test_a_start_form_needs_its_csrf_token(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0})
    client = app.test_client()
    assert client.post("/en/tien-gow/daily").status_code == 400
    _, rows = store_for(app)._run("SELECT COUNT(*) FROM paiyou_games", (), fetch=True)
    assert rows[0][0] == 0


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_days_title_never_breaks_inside_the_games_name(pages_app: Flask, lang: str) -> None:
    """On a 375 px phone «Rozdanie dnia: Chuo / Pai» broke inside the name: the heading holds the
    game's name in one unbreakable span, and the site's stylesheet keeps that span on one line."""
    client = pages_app.test_client()
    for game in listed_keys(None):
        with pages_app.test_request_context(f"/{lang}/{game}/daily"):
            name = html.escape(str(game_name(game)), quote=False)
        page = client.get(f"/{lang}/{game}/daily").get_data(as_text=True)
        heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
        assert heading is not None, page
        assert f'<span class="whole-name">{name}</span>' in heading.group(1), heading.group(1)
    css = (Path(__file__).resolve().parents[2] / "site/paiyou/static/css/site.css").read_text()
    assert re.search(r"\.whole-name\s*\{\s*white-space:\s*nowrap;", css)
