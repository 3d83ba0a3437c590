"""Tien Gow's table options on the pages, without JavaScript: the start page's two forms (against
the computer, with friends) offer each option as a checkbox (the room declares them: no box for a
game without options), a deal or a table dealt with some ticked says which are on at the table and
the invite, an unknown option deals nothing, and the confirmation of a new deal keeps them. Each
box links to the option's entry on the game's "Sources and variants" page."""
from __future__ import annotations

import random
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask

from engine import tien_gow as tg
from paiyou import create_app
from paiyou.deals import service
from paiyou.store.databases import store_for
from tests.site.test_api_games import make_app

OPTIONS = ["hk-banker-excess", "no-early-death", "pure-pairs", "rising-banker"]


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                      "PAIYOU_OPPONENT_LEVEL": "greedy", "PAIYOU_ANALYSIS_WORKERS": 0})
    yield app
    store_for(app).close()


def boxes(page: str) -> list[str]:
    return re.findall(r'<input type="checkbox" name="variant" id="([^"]+)" value="([^"]+)"', page)


def test_the_start_forms_offer_each_option_of_tien_gow_and_none_for_chuo_pai(app: Flask) -> None:
    web = app.test_client()
    page = web.get("/pl/tien-gow/play").get_data(as_text=True)
    found = boxes(page)
    assert [v for i, v in found if i.startswith("option-")] == OPTIONS
    assert [v for i, v in found if i.startswith("friends-option-")] == OPTIONS
    assert "Opcje stołu" in page and "Bez wczesnej śmierci" in page
    assert boxes(web.get("/en/chuo-pai/play").get_data(as_text=True)) == []
    assert "Table options" not in web.get("/en/chuo-pai/play").get_data(as_text=True)


def test_each_option_of_both_start_forms_links_to_its_entry_on_the_sources_page(app: Flask) -> None:
    web = app.test_client()
    page = web.get("/ar/tien-gow/play").get_data(as_text=True)
    links = re.findall(r'<a class="start__option-sources" href="([^"]+)"', page)
    assert links == [f"/ar/tien-gow/sources#option-{key}" for key in OPTIONS] * 2  # both forms
    sources = web.get("/ar/tien-gow/sources").get_data(as_text=True)
    assert all(f'id="option-{key}"' in sources for key in OPTIONS)
    assert "start__option-sources" not in web.get("/en/chuo-pai/play").get_data(as_text=True)


def test_a_deal_against_the_computer_is_dealt_under_the_ticked_options(app: Flask) -> None:
    web = app.test_client()
    response = web.post("/en/tien-gow/play", data={"level": "random", "variant": ["pure-pairs", "no-early-death"]})
    assert response.status_code == 303
    table = urlsplit(response.headers["Location"]).path
    game = service.load(store_for(app), table.rstrip("/").split("/")[-1])
    assert game.deal.rules.variant == ("no-early-death", "pure-pairs")
    page = web.get(table).get_data(as_text=True)
    assert 'id="table-options"' in page and "Pairs only" in page and "No early death" in page
    plain = web.post("/en/tien-gow/play", data={"level": "random", "leaving": "", "confirm": "yes"})
    assert 'id="table-options"' not in web.get(urlsplit(plain.headers["Location"]).path).get_data(as_text=True)


@pytest.mark.parametrize("variant", [["bogus"], ["pure-pairs", "pure-pairs"]])
def test_an_unknown_option_deals_nothing(app: Flask, variant: list[str]) -> None:
    web = app.test_client()
    before = store_for(app).count()
    response = web.post("/en/tien-gow/play", data={"level": "random", "variant": variant})
    assert response.status_code == 303 and "/play" in response.headers["Location"]
    response = web.post("/en/tien-gow/friends", data={"level": "random", "timer": "0", "seat-1": "friend",
                                                      "seat-2": "computer", "seat-3": "computer", "variant": variant})
    assert response.status_code in (303, 400)
    assert store_for(app).count() == before


def test_a_table_with_friends_is_dealt_under_the_ticked_options_and_the_invite_says_so(app: Flask) -> None:
    creator = app.test_client()
    response = creator.post("/en/tien-gow/friends", data={"level": "random", "timer": "0", "seat-1": "friend",
                                                          "seat-2": "computer", "seat-3": "computer",
                                                          "variant": ["rising-banker"]})
    assert response.status_code == 303
    table = response.headers["Location"]
    page = creator.get(table).get_data(as_text=True)
    assert "A banker who keeps the bank" in page
    invite = re.search(r'id="invite-link"[^>]*value="([^"]+)"', page)
    assert invite
    friend_page = app.test_client().get(invite.group(1).replace("http://localhost", "")).get_data(as_text=True)
    assert "A banker who keeps the bank" in friend_page


def test_the_confirmation_of_a_new_deal_keeps_the_ticked_options(app: Flask) -> None:
    web = app.test_client()
    first = web.post("/en/tien-gow/play", data={"level": "random"})
    leaving = urlsplit(first.headers["Location"]).path.rstrip("/").split("/")[-1]
    asked = web.post("/en/tien-gow/play", data={"level": "random", "leaving": leaving, "variant": ["pure-pairs"]})
    assert asked.status_code == 303 and "confirm" in asked.headers["Location"]
    page = web.get(asked.headers["Location"]).get_data(as_text=True)
    assert '<input type="hidden" name="variant" value="pure-pairs">' in page
    dealt = web.post("/en/tien-gow/play", data={"level": "random", "leaving": leaving, "confirm": "yes",
                                                "variant": ["pure-pairs"]})
    game = service.load(store_for(app), urlsplit(dealt.headers["Location"]).path.rstrip("/").split("/")[-1])
    assert game.deal.rules.variant == ("pure-pairs",)


def test_the_review_of_a_record_shows_its_options(app: Flask) -> None:
    deal = tg.with_rules(tg.new_deal(6), ("hk-banker-excess",))
    rng = random.Random(1)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    web = app.test_client()
    page = web.post("/en/tien-gow/replay", json=tg.to_record(deal), follow_redirects=True).get_data(as_text=True)
    assert 'id="table-options"' in page and "A losing banker" in page


def test_leading_a_mixed_set_at_a_pure_pairs_table_is_refused_with_its_reason(translations_dir: Path,
                                                                               tmp_path: Path) -> None:
    api_app = make_app(translations_dir, tmp_path / "api.sqlite3", level="random")
    api = api_app.test_client()  # a PlayerClient: it keeps the seat keys
    try:
        for seed in range(80):  # a deal whose first lead is yours while you hold a mixed set
            data = api.post("/api/v1/tien-gow/games", json={"seed": seed, "variant": ["pure-pairs"]}).get_json()
            view = data["view"]
            hand = view["hand"]
            mixed = [s for s in tg.SETS if s.kind == "mixed"
                     and all(hand.count(t.key) >= s.tiles.count(t) for t in s.tiles)]
            if view["your_turn"] and not view["trick"]["plays"] and mixed:
                break
        else:
            raise AssertionError("no such deal")
        answer = api.post(f"/api/v1/games/{data['id']}/actions",
                          json={"version": data["version"], "tiles": mixed[0].notation})
        assert answer.status_code == 422 and answer.get_json()["error"] == "pure-pairs"
        assert "only pairs" in answer.get_json()["message"]
    finally:
        store_for(api_app).close()
