"""What the field played, the leaderboard's names and pages, and the live result (issue 47;
docs/daily.md, "What the field played", "The leaderboard", "Live results").

- The counts shown at each decision (the day's page before the reveal, the review after it) equal
  a brute-force count over every counted deal of the day, replayed from the store; an uncounted
  second try adds nothing.
- Names: the friends' table rules; a bad or reserved name is a localized 400 (page and JSON) and
  changes nothing; anonymous players get the neutral label; the start's ``"name"``.
- The leaderboard by pages: ties share a rank across pages, a bad page 400, a page past the last
  404 (page and JSON), an open day's only for a player who finished it.
- The live result: the panel alone for htmx, polled every 30 s while the day is open, a refresh
  link without JavaScript, under the read limit (429 with Retry-After), no polling once revealed.
"""
from __future__ import annotations

import html
import re
import time
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from engine.daily import daily_deal, decisions, reveals_at, today
from paiyou import create_app
from paiyou.daily.field import field_of
from paiyou.daily.pages import PLAYER_COOKIE, result_panel
from paiyou.daily.secret import ring
from paiyou.deals.service import load
from paiyou.store.daily import DailyStore
from paiyou.store.databases import store_for
from paiyou.store.schema import DAILY_NAMES, DAILY_RESULTS, new_id
from tests.site.test_daily_api import hidden_tiles, leaks, shown_tiles

GAME = "tien-gow"  # the cheaper game to play out at the strong level (docs/daily.md)
SECRET = "a-test-daily-secret-for-the-field-of-47-chars"


def make_app(translations_dir: Path, folder: Path, **config: object) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{folder / 'games.sqlite3'}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_DAILY_SECRET": SECRET, **config})


def start(client: FlaskClient, player: str | None = None, **extra: object) -> dict[str, Any]:
    response = client.post(f"/api/v1/{GAME}/daily", json={**({} if player is None else {"player": player}), **extra})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def play_out(client: FlaskClient, data: dict[str, Any], choose: int) -> dict[str, Any]:
    """At the n-th decision the legal action ``(choose * n) % len(legal)`` (``choose`` 0: always
    the first): players with the same ``choose`` play the same deal, others part at some point."""
    headers, key = {"Authorization": f"Bearer {data['key']}"}, data["key"]
    n = 0
    while not data["view"]["is_over"]:
        legal = data["view"]["legal_actions"]
        body = {"version": data["version"], **legal[(choose * n) % len(legal)]}
        n += len(legal) > 1
        response = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers)
        assert response.status_code == 200, response.get_json()
        data = {**response.get_json(), "key": key}
    return data


@pytest.fixture(scope="module")
def field_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return make_app(translations_dir, tmp_path_factory.mktemp("daily-field"))


@pytest.fixture(scope="module")
def played(field_app: Flask) -> list[dict[str, Any]]:
    """Five players of today's Tien Gow deal: two play alike, three part from them; the first
    player also starts again (refused) — and one uncounted result is recorded by hand below."""
    client = field_app.test_client()
    found = []
    for choose in (0, 0, 1, 2, 3):
        begun = start(client)
        found.append(play_out(client, begun, choose) | {"player": begun["player"]})
    return found


def brute_force(app: Flask, day: date | None = None) -> Counter[tuple[str, str]]:
    """(position, action) → counted players, from every counted deal of the day replayed."""
    store = store_for(app)
    _, rows = store._run(f"SELECT deal_id FROM {DAILY_RESULTS} WHERE game = ? AND day = ? AND counted = 1",
                         (GAME, (day or today()).isoformat()), fetch=True)
    counted: Counter[tuple[str, str]] = Counter()
    for (deal_id,) in rows:
        stored = store.get(str(deal_id))
        assert stored is not None
        counted.update((d.position, d.action) for d in decisions(stored.record, stored.seat))
    return counted


def test_the_field_shown_at_each_decision_equals_a_brute_force_count(field_app: Flask,
                                                                     played: list[dict[str, Any]]) -> None:
    counted = brute_force(field_app)
    assert len(counted) > 5 and max(counted.values()) == len(played)  # a shared first position
    with field_app.app_context():
        store = store_for(field_app)
        for data in played:
            game = load(store, data["id"], GAME)
            mine = decisions(game.stored.record, game.stored.seat)
            shown = field_of(store, game)
            assert shown is not None and len(shown) == len(mine) > 0
            for decision, found in zip(mine, shown, strict=True):
                expected = {a: n for (p, a), n in counted.items() if p == decision.position}
                assert found.reached == sum(expected.values())
                assert found.step == decision.step + 1
                assert [c.players for c in found.choices] == sorted(expected.values(), reverse=True)
                assert [c.yours for c in found.choices].count(True) == 1
                assert sum(c.width for c in found.choices) == pytest.approx(100, abs=0.5)


def test_an_uncounted_result_adds_nothing_to_the_field(field_app: Flask, played: list[dict[str, Any]]) -> None:
    before = brute_force(field_app)
    with field_app.app_context():
        store = store_for(field_app)
        game = load(store, played[2]["id"], GAME)
        chosen = [(d.position, d.action) for d in decisions(game.stored.record, game.stored.seat)]
        again = DailyStore(store).record_result(GAME, today().isoformat(), game.stored.meta["daily"]["player"],
                                                new_id(), 3, countable=True, decisions=chosen)
        assert not again.result.counted  # the player's second result: kept, never counted
        shown = field_of(store, game)
        assert shown is not None
        assert {(d.step, d.reached) for d in shown} == {
            (d.step + 1, sum(n for (p, _), n in before.items() if p == d.position))
            for d in decisions(game.stored.record, game.stored.seat)}


def browser_of(app: Flask, player_key: str) -> FlaskClient:
    client = app.test_client()
    client.set_cookie(PLAYER_COOKIE, player_key)
    return client


def test_the_field_shows_on_its_page_before_the_reveal(field_app: Flask, played: list[dict[str, Any]]) -> None:
    browser = browser_of(field_app, played[3]["player"])
    day = browser.get(f"/en/{GAME}/daily").get_data(as_text=True)
    assert f'href="/en/{GAME}/daily/field" id="daily-field-link"' in day
    page = browser.get(f"/en/{GAME}/daily/field").get_data(as_text=True)
    assert 'id="daily-field"' in page and "What the field played" in page
    assert f"{len(played)} players reached this position." in page  # the first decision: everyone
    assert page.count('<meter class="field__meter"') >= 2 and "Your move" in page
    assert "/review" not in page  # the review is not open yet
    ar = browser_of(field_app, played[3]["player"]).get(f"/ar/{GAME}/daily/field").get_data(as_text=True)
    assert 'dir="rtl"' in ar and "What the field played" not in ar and "ما اختاره جميع اللاعبين" in ar
    fa = browser_of(field_app, played[3]["player"]).get(f"/fa/{GAME}/daily/field").get_data(as_text=True)
    assert "۱۰۰٪" in fa or re.search("[۰-۹]+٪", fa)  # the locale's digits and percent sign
    nobody = field_app.test_client().get(f"/en/{GAME}/daily/field")
    assert nobody.status_code == 404 and 'id="daily-message"' in nobody.get_data(as_text=True)


def test_the_new_routes_show_no_open_days_seed_salt_or_hidden_tile(field_app: Flask,
                                                                    played: list[dict[str, Any]]) -> None:
    day = today().isoformat()
    deal = daily_deal(ring(field_app), GAME, today())
    secrets = [str(deal.seed), format(deal.seed, "x"), format(deal.seed, "X"), deal.salt, deal.salt.upper()]
    for data in played:
        browser = browser_of(field_app, data["player"])
        seen = [browser.get(path, headers=headers)
                for path in (f"/en/{GAME}/daily/field", f"/fa/{GAME}/daily/field", f"/en/{GAME}/daily",
                             f"/en/{GAME}/daily/{day}/board", f"/en/{GAME}/daily/result")
                for headers in ({}, {"HX-Request": "true"})]
        seen.append(browser.get(f"/api/v1/{GAME}/daily/{day}/board",
                                headers={"Authorization": f"Bearer {data['player']}"}))
        assert {r.status_code for r in seen} <= {200, 303}
        assert not [(r.request.path, found) for r in seen if (found := leaks(r, secrets))]
        hidden = hidden_tiles(field_app, data["id"])
        assert not [(r.request.path, found) for r in seen if (found := shown_tiles(r, hidden))]


def test_the_review_shows_what_the_field_played_at_each_decision_after_the_reveal(
        field_app: Flask, played: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    day = today()
    later = reveals_at(day).timestamp() + 1
    monkeypatch.setattr(time, "time", lambda: later)
    counted = brute_force(field_app, day)
    data = played[4]
    with field_app.app_context():
        game = load(store_for(field_app), data["id"], GAME)
        mine = decisions(game.stored.record, game.stored.seat)
    client = field_app.test_client()
    for decision in mine[:4]:
        page = client.get(f"/en/{GAME}/games/{data['id']}/review?step={decision.step + 1}").get_data(as_text=True)
        box = re.search(r'<section class="field" id="field".*?</section>', page, re.S)
        assert box is not None, decision
        reached = sum(n for (p, _), n in counted.items() if p == decision.position)
        said = "player reached" if reached == 1 else "players reached"
        assert f"{reached} {said} this position." in html.unescape(box.group(0))
        shares = re.findall(r'value="([0-9.]+)"', box.group(0))
        expected = sorted(n for (p, _), n in counted.items() if p == decision.position)
        assert len(shares) == len(expected)
    before_first = client.get(f"/en/{GAME}/games/{data['id']}/review?step={mine[0].step}").get_data(as_text=True)
    assert 'id="field"' not in before_first  # shown where the move was made, as the analysis's grade
    with field_app.test_request_context("/en/"):
        panel = result_panel(load(store_for(field_app), data["id"], GAME))
        assert panel is not None and panel.final  # the revealed field no longer changes: no polling
        shown = render_template_string('{% from "daily/_result.html" import result_panel with context %}'
                                       '{{ result_panel(p, g) }}', p=panel, g=GAME)
    assert 'hx-trigger' not in shown and 'id="daily-refresh"' not in shown and 'id="daily-result"' in shown


def test_a_review_of_any_other_deal_is_unchanged(field_app: Flask) -> None:
    client = field_app.test_client()
    data = client.post(f"/api/v1/{GAME}/games", json={"seed": 5}).get_json()
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        key = data["key"]
        data = {**client.post(f"/api/v1/games/{data['id']}/actions", json=body,
                              headers={"Authorization": f"Bearer {key}"}).get_json(), "key": key}
    page = client.get(f"/en/{GAME}/games/{data['id']}/review?step=3").get_data(as_text=True)
    assert 'id="field"' not in page and "daily_field.css" not in page


# -- names --------------------------------------------------------------------------------------------

def names_table(app: Flask) -> list[tuple[object, ...]]:
    _, rows = store_for(app)._run(f"SELECT player, name FROM {DAILY_NAMES} ORDER BY player", (), fetch=True)
    return [tuple(r) for r in rows]


def test_a_player_names_themselves_on_the_leaderboard(field_app: Flask, played: list[dict[str, Any]]) -> None:
    browser = browser_of(field_app, played[0]["player"])
    saved = browser.post(f"/en/{GAME}/daily/name", data={"name": "  Zhao   Yun\u200c "})
    assert saved.status_code == 303 and saved.headers["Location"].endswith(f"/en/{GAME}/daily#daily-name")
    page = browser.get(f"/en/{GAME}/daily").get_data(as_text=True)
    assert "<bdi>Zhao Yun\u200c</bdi> (You)" in page and 'value="Zhao Yun\u200c"' in page
    assert "Anonymous player" in page  # the others, who gave no name
    other = browser_of(field_app, played[1]["player"]).get(f"/en/{GAME}/daily").get_data(as_text=True)
    assert "<bdi>Zhao Yun\u200c</bdi>" in other and "<bdi>Zhao Yun\u200c</bdi> (You)" not in other
    assert browser.post(f"/en/{GAME}/daily/name", data={"name": "   "}).status_code == 303  # empty: no name
    assert "Zhao" not in browser.get(f"/en/{GAME}/daily").get_data(as_text=True)


@pytest.mark.parametrize(("name", "code"), [
    ("x" * 25, "bad-name"), ("a\u202eb", "bad-name"), ("\u200b", "bad-name"), ("You", "reserved-name"),
    ("ANONYMOUS player", "reserved-name"), ("Computer player: Strong", "reserved-name"), (17, "bad-name")])
def test_a_bad_name_is_refused_and_changes_nothing(field_app: Flask, played: list[dict[str, Any]],
                                                   name: object, code: str) -> None:
    key = played[2]["player"]
    client = field_app.test_client()
    assert client.post("/api/v1/daily/name", json={"player": key, "name": "Ling"}).get_json() == {"name": "Ling"}
    before = names_table(field_app)
    answer = client.post("/api/v1/daily/name", json={"player": key, "name": name}, headers={"Accept-Language": "pl"})
    assert answer.status_code == 400 and answer.get_json()["error"] == code and answer.get_json()["message"]
    assert answer.get_json()["message"].isascii() is False  # in Polish
    if isinstance(name, str):
        page = browser_of(field_app, key).post(f"/fa/{GAME}/daily/name", data={"name": name})
        assert page.status_code == 400 and 'id="daily-name-error"' in page.get_data(as_text=True)
        assert 'aria-invalid="true"' in page.get_data(as_text=True)
    assert names_table(field_app) == before


def test_the_name_api_wants_a_players_progress_key(field_app: Flask) -> None:
    client = field_app.test_client()
    before = names_table(field_app)
    assert client.post("/api/v1/daily/name", json={"name": "Ling"}).get_json()["error"] == "bad-progress-key"
    assert client.post("/api/v1/daily/name", json={"player": "A" * 43, "name": "Ling"}).status_code == 403
    assert client.post(f"/en/{GAME}/daily/name", data={"name": "Ling"}).status_code == 403  # no key in the browser
    assert names_table(field_app) == before


def test_a_start_may_give_the_name_and_a_bad_one_starts_nothing(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path)
    client = app.test_client()
    refused = client.post(f"/api/v1/{GAME}/daily", json={"name": "you"})
    assert refused.status_code == 400 and refused.get_json()["error"] == "reserved-name"
    _, rows = store_for(app)._run("SELECT count(*) FROM paiyou_games", (), fetch=True)
    assert rows[0][0] == 0
    data = start(client, name="Mei")
    assert names_table(app) == [(names_table(app)[0][0], "Mei")]
    assert data["player"]


# -- the leaderboard by pages -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def crowded(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Flask, str]:
    """A day of 120 counted results (scores 0–9, many ties) recorded in the store, and one
    browser player among them with a result."""
    app = make_app(translations_dir, tmp_path_factory.mktemp("daily-board"))
    with app.app_context():
        days = DailyStore(store_for(app))
        player, key = days.issue_key()
        for n in range(120):
            owner = player if n == 7 else new_id()
            deal = new_id()
            days.begin_attempt(GAME, today().isoformat(), owner, deal)
            days.record_result(GAME, today().isoformat(), owner, deal, n % 10, countable=True, finished_at=1000 + n)
        days.set_name(player, "Ana")
    return app, key


def test_the_leaderboard_by_pages_shares_ranks_and_names(crowded: tuple[Flask, str]) -> None:
    app, key = crowded
    api = app.test_client()
    day = today().isoformat()
    url = f"/api/v1/{GAME}/daily/{day}/board"
    mine = {"Authorization": f"Bearer {key}"}
    pages = [api.get(f"{url}?page={n}", headers=mine).get_json() for n in (1, 2, 3)]
    assert [p["pages"] for p in pages] == [3, 3, 3] and pages[0]["players"] == 120
    rows = [r for p in pages for r in p["rows"]]
    assert len(rows) == 120 and [r["score"] for r in rows] == sorted((n % 10 for n in range(120)), reverse=True)
    assert [r["rank"] for r in rows] == [1 + 12 * (r_ // 12) for r_ in range(120)]  # 12 at each score
    assert pages[1]["rows"][0]["rank"] == 49  # a tie across the page's edge keeps its rank
    assert [r["name"] for r in rows if r["yours"]] == ["Ana"]
    assert {r["name"] for r in rows if not r["yours"]} == {None}
    page = app.test_client()
    page.set_cookie(PLAYER_COOKIE, key)
    text = page.get(f"/fa/{GAME}/daily/{day}/board?page=2").get_data(as_text=True)
    assert 'dir="rtl"' in text and "۴۹" in text and 'rel="prev"' in text and 'rel="next"' in text


def test_every_leaderboard_slice_equals_the_brute_force_order(crowded: tuple[Flask, str]) -> None:
    """The page starts at its first score (from the counts) and skips only the ties before it: the
    same rows and ranks as sorting every result."""
    app, _ = crowded
    with app.app_context():
        days = DailyStore(store_for(app))
        _, rows = store_for(app)._run(f"SELECT deal_id, score, finished_at FROM {DAILY_RESULTS} WHERE game = ? "
                                      "AND day = ? AND counted = 1", (GAME, today().isoformat()), fetch=True)
        ordered = sorted(((str(d), int(s), int(f)) for d, s, f in rows), key=lambda r: (-r[1], r[2], r[0]))
        for offset in range(0, 125, 7):
            for limit in (1, 5, 50, 100):
                got = [(e.result.deal_id, e.rank) for e in days.leaderboard(GAME, today().isoformat(), limit, offset)]
                expected = [(d, 1 + sum(1 for _, s2, _ in ordered if s2 > s)) for d, s, _ in
                            ordered[offset:offset + limit]]
                assert got == expected, (offset, limit)


@pytest.mark.parametrize(("page", "status", "code"), [
    ("0", 400, "bad-page"), ("-1", 400, "bad-page"), ("x", 400, "bad-page"), ("1e3", 400, "bad-page"),
    ("٢", 400, "bad-page"), ("9999999", 400, "bad-page"), ("4", 404, "page-out-of-range"),
    ("20000", 404, "page-out-of-range")])
def test_a_bad_or_missing_page_is_a_localized_error(crowded: tuple[Flask, str], page: str, status: int,
                                                    code: str) -> None:
    app, key = crowded
    day = today().isoformat()
    answer = app.test_client().get(f"/api/v1/{GAME}/daily/{day}/board", query_string={"page": page},
                                   headers={"Authorization": f"Bearer {key}", "Accept-Language": "ar"})
    assert answer.status_code == status and answer.get_json()["error"] == code and answer.get_json()["message"]
    browser = app.test_client()
    browser.set_cookie(PLAYER_COOKIE, key)
    shown = browser.get(f"/ar/{GAME}/daily/{day}/board", query_string={"page": page})
    assert shown.status_code == status and 'id="daily-message"' in shown.get_data(as_text=True)


def test_an_open_days_leaderboard_is_for_those_who_finished_it(crowded: tuple[Flask, str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = crowded
    client = app.test_client()
    day = today().isoformat()
    closed = client.get(f"/api/v1/{GAME}/daily/{day}/board")
    assert closed.status_code == 403 and closed.get_json()["error"] == "daily-board-closed"
    assert client.get(f"/en/{GAME}/daily/{day}/board").status_code == 403
    assert client.get(f"/en/{GAME}/daily/2099-01-01/board").status_code == 404
    assert client.get(f"/api/v1/{GAME}/daily/2099-01-01/board").get_json()["error"] == "daily-unknown"
    later = reveals_at(today()).timestamp() + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert client.get(f"/api/v1/{GAME}/daily/{day}/board").status_code == 200
    assert client.get(f"/en/{GAME}/daily/{day}/board").status_code == 200


# -- the live result ----------------------------------------------------------------------------------

def test_the_result_panel_is_polled_while_the_day_is_open(field_app: Flask, played: list[dict[str, Any]]) -> None:
    browser = browser_of(field_app, played[1]["player"])
    page = browser.get(f"/en/{GAME}/daily").get_data(as_text=True)
    assert f'hx-get="/en/{GAME}/daily/result" hx-trigger="every 30s" hx-swap="outerHTML"' in page
    assert "htmx-2.0.11.min.js" in page and 'id="daily-refresh"' in page  # and a refresh link without it
    assert "css/daily_field.css" in page and "css/daily_field.css" not in field_app.test_client().get(
        f"/en/{GAME}/daily").get_data(as_text=True)  # a visitor's page stays as it was
    fragment = browser.get(f"/en/{GAME}/daily/result", headers={"HX-Request": "true"})
    text = fragment.get_data(as_text=True)
    assert fragment.status_code == 200 and text.lstrip().startswith('<section class="daily__result"')
    assert "<html" not in text and f"{len(played)}" in text
    plain = browser.get(f"/en/{GAME}/daily/result")
    assert plain.status_code == 303 and plain.headers["Location"].endswith(f"/en/{GAME}/daily")
    nobody = field_app.test_client().get(f"/en/{GAME}/daily/result", headers={"HX-Request": "true"})
    assert nobody.status_code == 204


def test_the_live_panel_follows_the_field(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path)
    client = app.test_client()
    begun = start(client)
    play_out(client, begun, 0)
    browser = browser_of(app, begun["player"])
    first = browser.get(f"/en/{GAME}/daily/result", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.search(r'id="daily-rank">1 of 1<', first)
    with app.app_context():  # another player finishes with a higher score
        days = DailyStore(store_for(app))
        other, deal = new_id(), new_id()
        days.begin_attempt(GAME, today().isoformat(), other, deal)
        days.record_result(GAME, today().isoformat(), other, deal, 10**5, countable=True)
    second = browser.get(f"/en/{GAME}/daily/result", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.search(r'id="daily-rank">2 of 2<', second)


def test_live_reads_are_limited_per_client(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, RATELIMIT_ENABLED=True, PAIYOU_DAILY_READ_LIMIT="2 per minute")
    client = app.test_client()
    answers = [client.get(f"/en/{GAME}/daily/result", headers={"HX-Request": "true"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [204, 204, 429]
    assert int(answers[2].headers["Retry-After"]) > 0
    board = client.get(f"/api/v1/{GAME}/daily/{today().isoformat()}/board")
    assert board.status_code == 429 and board.get_json()["error"] == "too-many-daily-reads"


def test_names_are_under_the_seat_write_limit(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, RATELIMIT_ENABLED=True, PAIYOU_SEAT_WRITE_LIMIT="2 per minute")
    client = app.test_client()
    with app.app_context():
        _, key = DailyStore(store_for(app)).issue_key()
    answers = [client.post("/api/v1/daily/name", json={"player": key, "name": f"Ling {n}"}) for n in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429] and int(answers[2].headers["Retry-After"]) > 0
    assert names_table(app)[0][1] == "Ling 1"  # the refused one changed nothing
