"""Your dailies, the archive and the progress key (issue 47; docs/daily.md):

- the streak (per person, any game counting) and the calendar with each day's matchpoints;
- archive play of a revealed day, from the pages and the API: never counted, never touching the
  streak, the calendar or the field's counts; its seed and salt match the commitment; a day not
  revealed, not begun or unknown is a 404 that says nothing;
- the progress key: made and shown once, entered in another browser it carries the daily history,
  the streak, the statistics and the mistakes; replaced, the old key stops working; a forged or
  replaced key is refused with a localized message and changes nothing; key tries are limited;
  cross-site POSTs are refused;
- a daily's mistakes reach the mistakes deck after the reveal;
- the new routes fuzzed: never a 500, a GET or HEAD or a refusal changes nothing.
"""
from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.http import parse_cookie

from engine.daily import FIRST_DAY, reveals_at, today
from engine.field import standing
from paiyou import create_app
from paiyou.analysis import jobs as analyses
from paiyou.config import LANGUAGE_CODES
from paiyou.daily.mine import best_streak, streak
from paiyou.daily.pages import PLAYER_COOKIE
from paiyou.puzzles.mistakes import Deck
from paiyou.store.daily import DailyStore
from paiyou.store.databases import store_for
from paiyou.store.schema import (
    ANALYSES,
    DAILY_ATTEMPTS,
    DAILY_CARRIED,
    DAILY_PLAYERS,
    DAILY_RESULTS,
    DAILY_SCORES,
    to_json,
)
from tests.site.test_fuzz import ENCODED, METHODS, NASTY

GAME = "tien-gow"  # the quicker game for the computer seats
SECRET = "a-test-daily-secret-of-more-than-32-characters"


def make_app(translations_dir: Path, path: Path, **config: object) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_DATABASE_URL": f"sqlite:///{path}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard",
                       "PAIYOU_DAILY_SECRET": SECRET, **config})


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path) -> Flask:
    return make_app(translations_dir, tmp_path / "games.sqlite3")


def cookie(client: FlaskClient, name: str) -> str | None:
    """The cookie's value as the server reads it (werkzeug quotes a value with commas or quotes)."""
    found = client.get_cookie(name)
    return None if found is None else parse_cookie(f"{name}={found.value}").get(name)


def seat_key(client: FlaskClient, game_id: str) -> str:
    pairs = dict(pair.split(":") for pair in (cookie(client, "paiyou_seats") or "").split("."))
    return pairs[game_id]


def finish(client: FlaskClient, game_id: str, key: str) -> None:
    """The seat's first legal action every time, through the API with the seat key."""
    headers = {"Authorization": f"Bearer {key}"}
    data: dict[str, Any] = client.get(f"/api/v1/games/{game_id}", headers=headers).get_json()
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        response = client.post(f"/api/v1/games/{game_id}/actions", json=body, headers=headers)
        assert response.status_code == 200, response.get_json()
        data = response.get_json()


def play_todays_daily(client: FlaskClient, game: str = GAME) -> str:
    """Today's daily of ``game`` started from its page and finished: its deal id."""
    started = client.post(f"/en/{game}/daily")
    assert started.status_code == 303, started.status_code
    game_id = started.headers["Location"].rstrip("/").split("/")[-1]
    finish(client, game_id, seat_key(client, game_id))
    return game_id


def at(monkeypatch: pytest.MonkeyPatch, moment: float) -> None:
    monkeypatch.setattr(time, "time", lambda: moment)


def analysed_with_a_mistake(app: Flask, game_id: str) -> set[int]:
    """Run the deal's analysis; the steps it grades mistake or blunder. Today's deal changes every
    day: when the analysis found none, its first decision is graded a mistake in the stored result
    (what is tested is where the graded moves go, not the grading)."""
    analyses.run_pending(app)
    with app.app_context():
        found = store_for(app).analysis(game_id)
    assert found is not None and found.result is not None
    result = dict(found.result)
    decisions = [dict(d) for d in result["decisions"]]
    if not any(d.get("grade") in ("mistake", "blunder") for d in decisions):
        decisions[0]["grade"] = "mistake"
        store_for(app)._run(f"UPDATE {ANALYSES} SET result = ? WHERE game_id = ?",
                            (to_json({**result, "decisions": decisions}), found.game_id))
    return {int(d["step"]) for d in decisions if d.get("grade") in ("mistake", "blunder")}


def next_day_revealed() -> float:
    """A moment of the next day, once today's deal is revealed."""
    return reveals_at(today()).timestamp() + 60


def field(app: Flask) -> list[tuple[object, ...]]:
    """The field's counts and the counted results: what archive play must never change."""
    store = store_for(app)
    found: list[tuple[object, ...]] = []
    for statement in (f"SELECT game, day, score, players FROM {DAILY_SCORES} ORDER BY game, day, score",
                      f"SELECT deal_id, player, counted FROM {DAILY_RESULTS} WHERE counted = 1 ORDER BY deal_id",
                      f"SELECT game, day, player, deal_id FROM {DAILY_ATTEMPTS} ORDER BY deal_id"):
        _, rows = store._run(statement, (), fetch=True)
        found += [tuple(row) for row in rows]
    return found


def streak_shown(client: FlaskClient) -> str:
    page = client.get("/en/daily/yours").get_data(as_text=True)
    found = re.search(r'id="daily-streak-current">([^<]*)<', page)
    assert found is not None
    return found.group(1)


# -- signed scores and the links between the daily pages (issue 50) -------------------------------

# the pages' digits: CLDR's default numbering, Latin for Arabic, extended Arabic-Indic for Persian
RTL_DIGITS = {"ar": "0123456789", "fa": "۰۱۲۳۴۵۶۷۸۹"}


def test_a_negative_daily_score_keeps_its_minus_before_the_digits_on_rtl_pages(
        app: Flask, tmp_path: Path) -> None:
    """A bare hyphen before the digits is drawn after them in an rtl line («۲-»): every signed
    daily score (the result's figures, the chart, its table, the share text, the calendar) is a
    true minus (U+2212) isolated left-to-right with the digits (U+2066 … U+2069), as the deal
    results write their net points."""
    browser = app.test_client()
    game_id = play_todays_daily(browser)
    # today's deal decides the score's sign; the score is set negative so the test always has one
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute(f"UPDATE {DAILY_RESULTS} SET score = -853 WHERE deal_id = ?", (game_id,))
        db.execute(f"UPDATE {DAILY_SCORES} SET score = -853 WHERE game = ?", (GAME,))
    db.close()
    for lang, digits in RTL_DIGITS.items():
        figures = digits[8] + digits[5] + digits[3]
        minus_853 = "\u2066\u2212" + figures + "\u2069"
        day = browser.get(f"/{lang}/{GAME}/daily").get_data(as_text=True)
        assert f'id="daily-score">{minus_853}</dd>' in day, lang
        share = re.search(r'id="daily-share"[^>]*>(.*?)</pre>', day, re.S)
        assert share is not None and minus_853 in share.group(1), lang
        chart = re.search(r'<svg[^>]*id="daily-chart".*?</svg>', day, re.S)
        assert chart is not None and f'class="daily__axis">{minus_853}</text>' in chart.group(0), lang
        rows = re.search(r'<details class="daily__table">.*?</details>', day, re.S)
        assert rows is not None and f"<td>{minus_853}" in rows.group(0), lang
        yours = browser.get(f"/{lang}/daily/yours").get_data(as_text=True)
        assert minus_853 in yours, lang
        for page in (day, yours):  # never with a hyphen-minus, on either side
            assert f"-{figures}" not in page and f"{figures}-" not in page, lang


def test_the_links_to_your_dailies_and_your_key_stand_apart_on_every_daily_page(app: Flask) -> None:
    """The two links were separated by a space only on /daily (its stylesheet had no rule for
    them): they are a list, styled with a gap by daily.css, which every page with them loads."""
    client = app.test_client()
    with client.get("/static/css/daily.css") as response:
        css = response.get_data(as_text=True)
    rule = re.search(r"\.daily__mine-links \{([^}]*)\}", css)
    assert rule is not None and "display: flex" in rule.group(1) and "gap:" in rule.group(1)
    assert not re.search(r"margin-(left|right)|padding-(left|right)", rule.group(1))
    play_todays_daily(client)
    for path in ("/en/daily", f"/en/{GAME}/daily", "/ar/daily"):
        page = client.get(path).get_data(as_text=True)
        links = re.search(r'<nav class="daily__mine"[^>]*>(.*?)</nav>', page, re.S)
        assert links is not None, path
        items = re.findall(r"<li><a [^>]*>[^<]+</a></li>", links.group(1))
        assert '<ul class="daily__mine-links">' in links.group(1) and len(items) == 2, path
        assert re.search(r'<link rel="stylesheet" href="/static/css/daily\.css[^"]*">', page), path


# -- the streak and the calendar ------------------------------------------------------------------

def test_a_streak_counts_days_in_a_row_ending_today_or_yesterday() -> None:
    d = date(2027, 3, 10)
    days = {d, d - timedelta(days=1), d - timedelta(days=2), d - timedelta(days=5)}
    assert streak(days, d) == 3
    assert streak(days, d + timedelta(days=1)) == 3  # today still to be played: the streak holds
    assert streak(days, d + timedelta(days=2)) == 0  # a day missed ends it
    assert streak(set(), d) == 0
    assert best_streak(days) == 3 and best_streak({d}) == 1 and best_streak(set()) == 0


def test_the_calendar_shows_each_days_matchpoints_and_the_streak(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    browser = app.test_client()
    assert "0 days" in streak_shown(browser) and 'id="daily-calendar-empty"' in browser.get("/en/daily/yours").text
    game_id = play_todays_daily(browser)
    others = [app.test_client() for _ in range(3)]
    for other in others:
        play_todays_daily(other)
    assert streak_shown(browser) == "1 day"
    with app.app_context():
        result = DailyStore(store_for(app)).result(game_id)
        assert result is not None and result.counted
        counts = DailyStore(store_for(app)).score_counts(GAME, result.day)
    expected = standing(counts, result.score).matchpoints
    page = browser.get("/en/daily/yours").get_data(as_text=True)
    assert f'data-date="{today().isoformat()}"' in page
    shown = re.search(r"([0-9.]+)% matchpoints, score ((?:\u2066\u2212)?[0-9,]+)", page)
    assert shown is not None and float(shown.group(1)) == round(expected, 1)
    assert int(shown.group(2).replace(",", "").replace("\u2066\u2212", "-")) == result.score
    at(monkeypatch, next_day_revealed())  # the next day: not played yet, the streak holds
    assert streak_shown(browser) == "1 day"
    assert f'href="/en/{GAME}/daily/{today() - timedelta(days=1)}"' in browser.get("/en/daily/yours").text
    at(monkeypatch, next_day_revealed() + 86400)  # a day missed: it ends
    assert streak_shown(browser) == "0 days"


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_your_dailies_the_key_page_and_the_archive_in_every_language(
        translations_dir: Path, tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(translations_dir, tmp_path / "games.sqlite3")
    browser = app.test_client()
    play_todays_daily(browser)
    day = today().isoformat()
    at(monkeypatch, next_day_revealed())
    pages = [browser.get(f"/{lang}/daily/yours"), browser.get(f"/{lang}/daily/key"),
             browser.get(f"/{lang}/{GAME}/daily/{day}"), browser.get(f"/{lang}/{GAME}/daily")]
    assert [p.status_code for p in pages] == [200, 200, 200, 200]
    rtl = lang in ("ar", "fa")
    for page in pages:
        text = page.get_data(as_text=True)
        assert f'<html lang="{lang}" dir="{"rtl" if rtl else "ltr"}">' in text
        assert f'href="/{lang}/daily/yours"' in text or page is pages[0]
    if lang != "en":  # translated: the English headings are gone
        assert "Your dailies" not in pages[0].text and "Your progress key" not in pages[1].text
        assert "Play it again as practice" not in pages[2].text
    if lang == "fa":  # the locale's digits and month names (Babel)
        assert "دسامبر" in pages[0].text and "۲۰۲۶" in pages[0].text


# -- the archive ----------------------------------------------------------------------------------

def test_archive_play_changes_no_streak_no_calendar_and_no_field_count(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    browser = app.test_client()
    play_todays_daily(browser)
    day = today().isoformat()
    at(monkeypatch, next_day_revealed())
    before, streak_before = field(app), streak_shown(browser)
    calendar_before = browser.get("/en/daily/yours").text
    page = browser.get(f"/en/{GAME}/daily/{day}")
    assert page.status_code == 200 and 'id="archive-practice"' in page.text and 'id="archive-seed"' in page.text
    assert 'id="shuffle-verdict"' in page.text and "They match" in page.text
    started = browser.post(f"/en/{GAME}/daily/{day}/practice")
    assert started.status_code == 303
    practice_id = started.headers["Location"].rstrip("/").split("/")[-1]
    finish(browser, practice_id, seat_key(browser, practice_id))
    table = browser.get(f"/en/{GAME}/games/{practice_id}").text
    result_url = f"/en/{GAME}/daily/{day}/results/{practice_id}"
    assert f'href="{result_url}#daily-result"' in table
    result = browser.get(result_url)
    assert result.status_code == 200 and 'id="practice-note"' in result.text and 'id="daily-matchpoints"' in result.text
    # the share text: plain text without JavaScript, its Copy and Share buttons shown by the script
    assert 'id="daily-share" dir="auto" data-copy-source>' in result.text and "hidden data-copy-actions" in result.text
    # the API's practice of the same day
    api = browser.post(f"/api/v1/{GAME}/daily/{day}/practice", json={})
    assert api.status_code == 201
    body = api.get_json()
    assert body["practice"] is True and body["date"] == day
    text = f"{GAME}:{body['seed']}:{body['salt']}"
    assert hashlib.sha256(text.encode()).hexdigest() == body["commitment"]
    finish(browser, body["id"], body["key"])
    standing_of = browser.get(f"/api/v1/games/{body['id']}/daily", headers={"Authorization": f"Bearer {body['key']}"})
    assert standing_of.status_code == 200 and standing_of.get_json()["counted"] is False
    assert field(app) == before
    assert streak_shown(browser) == streak_before and browser.get("/en/daily/yours").text == calendar_before


def test_a_day_not_revealed_or_unknown_is_not_in_the_archive(app: Flask) -> None:
    client = app.test_client()
    play_todays_daily(client)
    before = field(app)
    days = [today().isoformat(), (today() + timedelta(days=1)).isoformat(), "2099-01-01",
            (FIRST_DAY - timedelta(days=1)).isoformat(), "2026-02-30", "yesterday"]
    for day in days:  # today is still secret: the same answer as a day that never was
        for method, path in (("GET", f"/en/{GAME}/daily/{day}"), ("POST", f"/en/{GAME}/daily/{day}/practice")):
            assert client.open(path, method=method).status_code == 404, (method, path)
        api = client.post(f"/api/v1/{GAME}/daily/{day}/practice", json={})
        assert api.status_code == 404 and api.get_json()["error"] == "daily-unknown"
        assert day not in str(api.get_json()["message"])
    assert client.post("/api/v1/high-card/daily/2026-12-07/practice", json={}).status_code == 404
    assert field(app) == before


# -- the progress key -----------------------------------------------------------------------------

def test_the_progress_key_moves_everything_and_the_old_key_stops_working(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    first = app.test_client()
    game_id = play_todays_daily(first)
    analysed_with_a_mistake(app, game_id)
    at(monkeypatch, next_day_revealed())
    first.set_cookie("paiyou_stats", '{"tien-gow":{"strong":[3,1,12.0]}}')
    assert "has no progress of the daily deals yet" not in first.get("/en/daily/key").text
    fresh = app.test_client()  # a browser with no player yet: the key made is its player's from now on
    assert "has no progress of the daily deals yet" not in fresh.post("/en/daily/key").text
    made = first.post("/en/daily/key")
    assert made.status_code == 200 and made.headers["Cache-Control"] == "no-store"
    assert "has no progress of the daily deals yet" not in made.text
    shown = re.search(r'id="key-value"[^>]*value="([A-Za-z0-9_-]{43})"', made.text)
    assert shown is not None
    key = shown.group(1)
    assert cookie(first, PLAYER_COOKIE) == key
    assert first.get("/en/daily/key").text.count(key) == 0  # shown once
    # the daily's mistakes join the deck after the reveal, and the deck is kept with the key
    assert first.post(f"/en/{GAME}/games/{game_id}/mistakes").status_code == 303
    deck = cookie(first, f"paiyou_mistakes_{GAME}")
    assert deck
    second = app.test_client()
    second.set_cookie("paiyou_stats", '{"chuo-pai":{"strong":[9,9,9.0]}}')
    entered = second.post("/en/daily/key/enter", data={"key": key})
    assert entered.status_code == 303 and entered.headers["Location"].endswith("/en/daily/key?adopted=1")
    assert cookie(second, PLAYER_COOKIE) == key
    assert cookie(second, "paiyou_stats") == '{"tien-gow":{"strong":[3,1,12.0]}}'
    assert cookie(second, f"paiyou_mistakes_{GAME}") == deck
    assert streak_shown(second) == streak_shown(first) == "1 day"
    assert 'id="key-adopted"' in second.get(entered.headers["Location"]).text
    # the second browser replaces the key: the first one's stops working
    replaced = second.post("/en/daily/key")
    new_key = cookie(second, PLAYER_COOKIE)
    assert replaced.status_code == 200 and new_key is not None and new_key != key and new_key in replaced.text
    assert streak_shown(second) == "1 day" and streak_shown(first) == "0 days"
    third = app.test_client()
    with app.app_context():
        before = [*field(app), *players(app)]
    refused = third.post("/ar/daily/key/enter", data={"key": key})
    assert refused.status_code == 403 and 'id="key-error"' in refused.text
    assert "belongs to nobody" not in refused.text  # in Arabic
    assert cookie(third, PLAYER_COOKIE) is None and [*field(app), *players(app)] == before
    assert third.post("/en/daily/key/enter", data={"key": new_key}).status_code == 303


def players(app: Flask) -> list[tuple[object, ...]]:
    _, rows = store_for(app)._run(f"SELECT player, key_hash FROM {DAILY_PLAYERS} ORDER BY player", (), fetch=True)
    _, carried = store_for(app)._run(f"SELECT player, name, value FROM {DAILY_CARRIED} ORDER BY player, name", (),
                                     fetch=True)
    return [tuple(row) for row in rows + carried]


def test_a_dailys_mistakes_reach_the_deck_after_its_reveal(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    browser = app.test_client()
    game_id = play_todays_daily(browser)
    graded = analysed_with_a_mistake(app, game_id)
    assert browser.post(f"/en/{GAME}/games/{game_id}/mistakes").status_code == 409  # still secret
    assert cookie(browser, f"paiyou_mistakes_{GAME}") is None
    at(monkeypatch, next_day_revealed())
    assert browser.post(f"/en/{GAME}/games/{game_id}/mistakes").status_code == 303
    deck = Deck.parse(cookie(browser, f"paiyou_mistakes_{GAME}"))
    assert {(c.game_id, c.step) for c in deck.cards} == {(game_id, step) for step in graded}


@pytest.mark.parametrize("entered", ["", "short", "x" * 43 + "!", "A" * 43, "A" * 500, "é" * 43])
def test_a_malformed_or_forged_key_is_refused_and_changes_nothing(app: Flask, entered: str) -> None:
    client = app.test_client()
    before = players(app)
    assert "has no progress of the daily deals yet" in client.get("/en/daily/key").text
    response = client.post("/en/daily/key/enter", data={"key": entered})
    assert response.status_code == (403 if re.fullmatch(r"[A-Za-z0-9_-]{43}", entered) else 400)
    assert 'id="key-error"' in response.text and cookie(client, PLAYER_COOKIE) is None
    assert players(app) == before


def test_key_tries_are_limited_per_client(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path / "games.sqlite3", RATELIMIT_ENABLED=True,
                   PAIYOU_PROGRESS_KEY_LIMIT="3 per minute")
    client = app.test_client()
    for _ in range(3):
        assert client.post("/en/daily/key/enter", data={"key": "A" * 43}).status_code == 403
    assert client.get("/en/daily/key").status_code == 200  # reading the page is no try
    over = client.post("/fa/daily/key/enter", data={"key": "A" * 43})
    assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
    assert "Too many" not in over.text and '<html lang="fa" dir="rtl">' in over.text
    assert client.post("/en/daily/key").status_code == 429  # one budget for making and entering


def test_a_cross_site_key_post_is_refused(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path / "games.sqlite3", WTF_CSRF_ENABLED=True)
    client = app.test_client()
    before = players(app)
    for path in ("/en/daily/key", "/en/daily/key/enter"):
        response = client.post(path, data={"key": "A" * 43}, headers={"Origin": "https://evil.example"})
        assert response.status_code == 403
        assert client.post(path, data={"key": "A" * 43}).status_code == 400  # no CSRF token
    assert players(app) == before and cookie(client, PLAYER_COOKIE) is None


# -- fuzzing --------------------------------------------------------------------------------------

def snapshot(app: Flask) -> list[tuple[object, ...]]:
    _, games = store_for(app)._run("SELECT id, version FROM paiyou_games ORDER BY id", (), fetch=True)
    return [*field(app), *players(app), *(tuple(row) for row in games)]


def test_the_new_routes_with_nasty_parts_never_fail_and_refusals_change_nothing(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    over = play_todays_daily(client)
    day = today().isoformat()
    at(monkeypatch, next_day_revealed())
    templates = ["/{lang}/daily/yours", "/{lang}/daily/key", "/{lang}/daily/key/enter", "/{lang}/{game}/daily/{day}",
                 "/{lang}/{game}/daily/{day}/practice", "/{lang}/{game}/daily/{day}/results/{id}",
                 "/api/v1/{game}/daily/{day}/practice"]
    good = {"lang": "en", "game": GAME, "day": day, "id": over}
    paths = []
    for template in templates:
        paths.append(template.format(**good))
        for part in re.findall(r"{(\w+)}", template):
            paths += [template.format(**{**good, part: value}) for value in NASTY + ENCODED + ["2099-01-01"]]
    seen = 0
    for path in dict.fromkeys(paths):
        for method in METHODS:
            before = snapshot(app)
            response = client.open(path, method=method, data=b"\x00{[key=%ff", content_type="application/json")
            assert response.status_code < 500, (path, method, response.status_code)
            changes = method == "POST" and response.status_code in (200, 201, 303)
            if not changes:
                assert snapshot(app) == before, (path, method, response.status_code)
            if path.startswith("/api/") and response.status_code >= 400 and method != "HEAD":
                assert {"error", "message"} <= set(response.get_json())
            seen += 1
    assert seen > 300
