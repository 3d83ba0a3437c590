"""Tien Gow's table options through the API (docs/api.md): ``GET /api/v1/<game>/variants`` lists a
game's options in the request's language (none for Chuo Pai); ``POST /api/v1/<game>/games`` (and
with ``seats``) deals under the options it names, an unknown option or a malformed list is 400
``unknown-variant`` with a localized message and creates nothing; the view and the record say
which options are on, and a match's next deal keeps them."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.games import game as game_rules
from paiyou.deals import service
from paiyou.store.databases import store_for
from tests.site.test_api_games import act, choose, make_app

OPTIONS = ["hk-banker-excess", "no-early-death", "pure-pairs", "rising-banker"]


@pytest.fixture
def api_app(translations_dir: Path, tmp_path: Path):
    app = make_app(translations_dir, tmp_path / "games.sqlite3")
    yield app
    store_for(app).close()


@pytest.fixture
def api(api_app: Flask):
    return api_app.test_client()


def games_stored(app: Flask) -> int:
    return int(store_for(app).count())


def test_the_variants_of_tien_gow_are_its_four_options_in_the_request_language(api) -> None:
    english = api.get("/api/v1/tien-gow/variants").get_json()
    assert [o["key"] for o in english["options"]] == OPTIONS
    for option in english["options"]:
        assert set(option) == {"key", "rule", "label", "sources"}
        assert option["rule"].startswith("TG-") and option["sources"]
    polish = api.get("/api/v1/tien-gow/variants?lang=pl").get_json()
    assert all(p["label"] != e["label"] for p, e in zip(polish["options"], english["options"], strict=True))
    assert "filar" in polish["options"][1]["label"]


def test_chuo_pai_has_no_variant(api) -> None:
    assert api.get("/api/v1/chuo-pai/variants").get_json() == {"options": []}


def test_a_deal_dealt_under_options_says_so_in_its_view(api) -> None:
    response = api.post("/api/v1/tien-gow/games", json={"seed": 3, "variant": ["pure-pairs", "no-early-death"]})
    assert response.status_code == 201
    view = response.get_json()["view"]
    assert view["variant"] == ["no-early-death", "pure-pairs"]
    default = api.post("/api/v1/tien-gow/games", json={"seed": 3}).get_json()["view"]
    assert "variant" not in default


@pytest.mark.parametrize(("game", "variant"), [
    ("tien-gow", ["no-such-option"]), ("tien-gow", "pure-pairs"), ("tien-gow", ["pure-pairs", "pure-pairs"]),
    ("tien-gow", [1]), ("tien-gow", {"pure-pairs": True}), ("chuo-pai", ["no-early-death"]),
])
def test_an_unknown_variant_is_refused_in_the_request_language_and_creates_nothing(
        api_app: Flask, api, game: str, variant: Any) -> None:
    before = games_stored(api_app)
    for body in ({"variant": variant, "lang": "pl"}, {"variant": variant, "lang": "pl",
                                                        "seats": ["you", "friend", "random"]}):
        response = api.post(f"/api/v1/{game}/games", json=body)
        assert response.status_code == 400
        data = response.get_json()
        assert data["error"] == "unknown-variant"
        assert "opcji stołu" in data["message"]
    assert games_stored(api_app) == before


def test_a_table_with_friends_is_dealt_under_its_options(api) -> None:
    response = api.post("/api/v1/tien-gow/games", json={"seats": ["you", "friend", "random", "random"],
                                                        "variant": ["rising-banker"]})
    assert response.status_code == 201
    assert response.get_json()["view"]["variant"] == ["rising-banker"]


def finish(api, data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    while data["view"]["to_act"] is not None:
        data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
    return data


def test_a_match_keeps_its_options_and_counts_a_rising_bankers_deals_in_a_row(api_app: Flask, api) -> None:
    rng = random.Random(4)
    data = api.post("/api/v1/tien-gow/games", json={"variant": ["rising-banker", "hk-banker-excess"]}).get_json()
    for _ in range(4):
        data = finish(api, data, rng)
        record = api.get(f"/api/v1/games/{data['id']}/record").get_json()
        assert record["variant"] == ["hk-banker-excess", "rising-banker"]
        ended = game_rules("tien-gow").replay(record)
        following = api.post(f"/api/v1/games/{data['id']}/next", json={})
        assert following.status_code == 201
        data = following.get_json()
        assert data["view"]["variant"] == ["hk-banker-excess", "rising-banker"]
        deal = service.load(store_for(api_app), data["id"]).deal
        kept = ended.banker == ended.winner
        assert deal.rules.banker_run == (ended.rules.banker_run + 1 if kept else 1)
        assert data["view"].get("banker_run", 1) == deal.rules.banker_run
