"""Fuzzing the daily deal's routes (the patterns of test_fuzz.py and test_safe_methods.py): every
method with nasty path parts and any JSON body is answered below 500, in JSON ``{error, message}``
when refused, and a refused request changes nothing — neither the games nor the daily tables; a
GET or HEAD of any daily route changes nothing at all.
"""
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
from tests.site.daily_fuzz_helpers import check, played, snapshot
from tests.site.daily_fuzz_helpers import fuzz_app as daily_fuzz_app
from tests.site.test_fuzz import CONTENT_TYPES, ENCODED, METHODS, NASTY, json_values

TEMPLATES = ["/api/v1/{game}/daily", "/api/v1/{game}/daily/{day}", "/api/v1/games/{id}/daily",
             "/api/v1/{game}/daily?lang={lang}", "/api/v1/games/{over}/daily"]


@pytest.fixture(scope="module")
def fuzz_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return daily_fuzz_app(translations_dir, tmp_path_factory.mktemp("daily-fuzz"))


@pytest.fixture(scope="module")
def deals(fuzz_app: Flask) -> dict[str, Any]:
    """A daily deal in play and a finished one (Tien Gow), with their seat keys."""
    client = fuzz_app.test_client()
    playing = client.post("/api/v1/tien-gow/daily", json={}).get_json()
    started = client.post("/api/v1/tien-gow/daily", json={}).get_json()
    key, over = started["key"], played(client, started)
    return {"id": playing["id"], "key": playing["key"], "over": over["id"], "over_key": key,
            "player": playing["player"]}


def paths(deals: dict[str, Any]) -> Iterator[str]:
    good = {"game": "tien-gow", "day": today().isoformat(), "id": deals["id"], "over": deals["over"], "lang": "ar"}
    for template in TEMPLATES:
        yield template.format(**good)
        for part in re.findall(r"{(\w+)}", template):
            for value in NASTY + ENCODED + ["2026-12-06", "2099-01-01", "2026-02-30"]:
                yield template.format(**{**good, part: value})


def test_every_daily_route_and_method_with_nasty_parts_never_fails(fuzz_app: Flask, deals: dict[str, Any]) -> None:
    client = fuzz_app.test_client()
    seen = 0
    for path in dict.fromkeys(paths(deals)):
        for method in METHODS:
            if method == "POST" and path.startswith("/api/v1/tien-gow/daily") and path.count("/") == 4:
                continue  # a good start is a change, not a refusal: the bodies are fuzzed below
            for headers in ({}, {"Authorization": f"Bearer {deals['over_key']}"}):
                before = snapshot(fuzz_app)
                response = client.open(path, method=method, data=b"\x00{[", content_type="application/json",
                                       headers=headers)
                check(fuzz_app, response, path, before, all_json=True)
                seen += 1
    assert seen > 500


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(body=json_values | st.fixed_dictionaries({"player": json_values}), kind=st.sampled_from(CONTENT_TYPES))
def test_any_json_to_a_daily_start_is_answered_in_json(fuzz_app: Flask, deals: dict[str, Any], body: Any,
                                                       kind: str) -> None:
    client = fuzz_app.test_client()
    before = snapshot(fuzz_app)
    if isinstance(body, dict) and body.get("player") is None:  # none is a new player's start: a change
        body = {**body, "player": deals["player"]}  # whose attempt is made: refused, 409
    response = client.post("/api/v1/tien-gow/daily", data=json.dumps(body), content_type=kind)
    check(fuzz_app, response, "/api/v1/tien-gow/daily", before, all_json=True)
    assert response.status_code in (400, 403, 409, 415), response.get_json()


def test_a_get_or_head_of_every_daily_route_changes_nothing(fuzz_app: Flask, deals: dict[str, Any]) -> None:
    client = fuzz_app.test_client()
    mine = {"Authorization": f"Bearer {deals['over_key']}"}
    for path in ["/api/v1/tien-gow/daily", f"/api/v1/chuo-pai/daily/{today().isoformat()}",
                 f"/api/v1/games/{deals['over']}/daily", f"/api/v1/games/{deals['id']}/daily"]:
        for method in ("GET", "HEAD"):
            before = snapshot(fuzz_app)
            response = client.open(path, method=method, headers=mine)
            assert response.status_code < 500 and snapshot(fuzz_app) == before, (path, method)
