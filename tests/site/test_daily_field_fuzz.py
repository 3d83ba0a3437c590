"""Fuzzing the routes of the field, the names, the leaderboard's pages and the live result (the
patterns of test_fuzz.py, test_safe_methods.py and test_daily_fuzz.py): every method with nasty
path parts, queries and bodies is answered below 500 — the API in JSON ``{error, message}`` when
refused —, a refused request changes nothing (the games, the daily tables, the names), and a GET or
HEAD of any of them changes nothing at all."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.daily import today
from paiyou.daily.pages import PLAYER_COOKIE
from tests.site.daily_fuzz_helpers import check, played, snapshot
from tests.site.daily_fuzz_helpers import fuzz_app as daily_fuzz_app
from tests.site.test_fuzz import CONTENT_TYPES, ENCODED, METHODS, NASTY, json_values

TEMPLATES = ["/api/v1/{game}/daily/{day}/board?page={page}", "/{lang}/{game}/daily/{day}/board?page={page}",
             "/{lang}/{game}/daily/result", "/{lang}/{game}/daily/field", "/{lang}/{game}/daily/name",
             "/api/v1/daily/name"]


@pytest.fixture(scope="module")
def fuzz_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return daily_fuzz_app(translations_dir, tmp_path_factory.mktemp("daily-field-fuzz"))


@pytest.fixture(scope="module")
def finished(fuzz_app: Flask) -> dict[str, Any]:
    """A finished Tien Gow daily and its player's progress key."""
    client = fuzz_app.test_client()
    started = client.post("/api/v1/tien-gow/daily", json={}).get_json()
    player, data = started["player"], played(client, started)
    return {"id": data["id"], "player": player}


def paths() -> Iterator[str]:
    good = {"game": "tien-gow", "day": today().isoformat(), "lang": "fa", "page": "1"}
    for template in TEMPLATES:
        yield template.format(**good)
        for part in re.findall(r"{(\w+)}", template):
            for value in NASTY + ENCODED + ["2026-12-06", "2099-01-01", "2026-02-30", "0", "2", "20001"]:
                yield template.format(**{**good, part: value})


def test_every_new_route_and_method_with_nasty_parts_never_fails(fuzz_app: Flask, finished: dict[str, Any]) -> None:
    client = fuzz_app.test_client()
    seen = 0
    for path in dict.fromkeys(paths()):
        for method in METHODS:
            for browser in (None, finished["player"]):
                if browser is None:
                    client.delete_cookie(PLAYER_COOKIE)
                else:
                    client.set_cookie(PLAYER_COOKIE, browser)
                headers = {"Authorization": f"Bearer {finished['player']}", "HX-Request": "true"}
                before = snapshot(fuzz_app)
                response = client.open(path, method=method, data=b"\x00{[", content_type="application/json",
                                       headers=headers)
                check(fuzz_app, response, path, before)
                seen += 1
    assert seen > 1000


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(body=json_values | st.fixed_dictionaries({"name": json_values}), kind=st.sampled_from(CONTENT_TYPES),
       with_key=st.booleans())
def test_any_json_to_the_name_api_is_answered_in_json(fuzz_app: Flask, finished: dict[str, Any], body: Any,
                                                      kind: str, with_key: bool) -> None:
    client = fuzz_app.test_client()
    if with_key and isinstance(body, dict):
        body = {**body, "player": finished["player"]}
    before = snapshot(fuzz_app)
    response = client.post("/api/v1/daily/name", data=json.dumps(body), content_type=kind)
    check(fuzz_app, response, "/api/v1/daily/name", before)
    assert response.status_code in (200, 400, 403, 415), response.get_json()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(name=st.text(max_size=40) | st.sampled_from(["\u202e", "x" * 25, "you", "ТЫ", "أنت", "\u200c", " "]))
def test_any_name_in_the_form_is_kept_or_refused_with_a_page(translations_dir: Path, fuzz_app: Flask,
                                                            finished: dict[str, Any], name: str) -> None:
    fuzz_app.config["WTF_CSRF_ENABLED"] = False
    try:
        client = fuzz_app.test_client()
        client.set_cookie(PLAYER_COOKIE, finished["player"])
        before = snapshot(fuzz_app)
        response = client.post("/ar/tien-gow/daily/name", data={"name": name})
        assert response.status_code in (303, 400), response.status_code
        if response.status_code == 400:
            assert snapshot(fuzz_app) == before and 'id="daily-name-error"' in response.get_data(as_text=True)
        else:
            page = client.get("/ar/tien-gow/daily").get_data(as_text=True)
            assert 'id="daily-name"' in page and "<script>" not in page.split('id="daily-board"')[1]
    finally:
        fuzz_app.config["WTF_CSRF_ENABLED"] = True


def test_a_get_or_head_of_every_new_route_changes_nothing(fuzz_app: Flask, finished: dict[str, Any]) -> None:
    client = fuzz_app.test_client()
    client.set_cookie(PLAYER_COOKIE, finished["player"])
    day = today().isoformat()
    for path in [f"/api/v1/tien-gow/daily/{day}/board", f"/en/tien-gow/daily/{day}/board",
                 f"/fa/tien-gow/daily/{day}/board?page=1", "/en/tien-gow/daily/result", "/en/tien-gow/daily/field",
                 "/en/tien-gow/daily/name",
                 "/api/v1/daily/name", f"/en/tien-gow/games/{finished['id']}/review"]:
        for method in ("GET", "HEAD"):
            for headers in ({}, {"HX-Request": "true"}, {"Authorization": f"Bearer {finished['player']}"}):
                before = snapshot(fuzz_app)
                response = client.open(path, method=method, headers=headers)
                assert response.status_code < 500 and snapshot(fuzz_app) == before, (path, method)
