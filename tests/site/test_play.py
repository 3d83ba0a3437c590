"""The play pages: /<lang>/<game>/play and the table /<lang>/<game>/games/<id>, without a browser.

- GET /play is a page (level, seed, "continue your deal"); its "New deal" POST deals and
  redirects (303) to the table; a seed reproduces a deal; a bad seed or level comes back to the
  page (303) which says why (400).
- Whole deals of both games played with plain form posts (no JavaScript: POST, redirect, GET),
  in English and in Persian; every page is checked for hidden tiles; the end shows the result,
  the settlement (Tien Gow: immediate payments and final settlement), the record and "new deal".
- htmx posts get the table fragment plus an out-of-band live-region update; rejected moves
  (422), stale ones (409) keep the table and say why, in the page's language; without htmx a
  refusal is POST → 303 → GET too.
- The drawing puts seats so Chuo Pai runs clockwise and Tien Gow counter-clockwise, and is
  never mirrored on right-to-left pages; games live on the server (the only cookie lists the ids
  of this browser's recent games, to offer "Continue your deal").
"""
from __future__ import annotations

import html
import random
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from babel import Locale
from flask import Flask

from engine.games import GAME_KEYS
from engine.games import game as game_rules
from paiyou import create_app
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGES
from paiyou.store.databases import store_for
from paiyou.store.schema import new_id
from tests.site.play_helpers import assert_nothing_hidden, bearer, cookie_key, truth

GAMES = GAME_KEYS
TRANSLATED = tuple(lang for lang in LANGUAGE_CODES if lang != DEFAULT_LANGUAGE)
TABLE_PATH = re.compile(r"^/(\w\w)/(" + "|".join(map(re.escape, GAME_KEYS)) + r")/games/([A-Za-z0-9_-]{32})$")


class Table(HTMLParser):
    """What the tests read from a table page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html: dict[str, str | None] = {}
        self.version: str | None = None
        self.quick: list[str] = []
        self.tiles: list[str] = []
        self.checked: list[str] = []
        self.buttons: dict[str, bool] = {}  # move value -> enabled
        self.discard = 0
        self.seats: dict[str, str] = {}  # data-seat -> position
        self.felt_dir: str | None = None
        self.has_form = False
        self.phase: str | None = None
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.live: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "html":
            self.html = a
        if tag == "form" and a.get("id") == "play-form":
            self.has_form = True
            self.discard = int(a.get("data-discard") or 0)
            self.phase = a.get("data-phase")
        if tag == "input" and a.get("name") == "version":
            self.version = a.get("value")
        if tag == "input" and a.get("name") == "tile":
            self.tiles.append(a.get("value") or "")
            if "checked" in a:
                self.checked.append(a.get("value") or "")
        if tag == "button" and a.get("name") == "quick":
            self.quick.append(a.get("value") or "")
        if tag == "button" and a.get("name") == "move":
            self.buttons[a.get("value") or ""] = "disabled" not in a
        if tag == "section" and "seat" in classes:
            position = next(c.split("--")[1] for c in classes if c.startswith("seat--")
                            and c.split("--")[1] in ("bottom", "left", "right", "top"))
            self.seats[a.get("data-seat") or ""] = position
        if "felt" in classes:
            self.felt_dir = a.get("dir")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if a.get("id") == "announce":
            self.live = a


def parse(text: str) -> Table:
    table = Table()
    table.feed(text)
    return table


@pytest.fixture
def play_app(translations_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                      "PAIYOU_OPPONENT_LEVEL": "greedy"})
    yield app
    store_for(app).close()


@pytest.fixture
def web(play_app: Flask):
    return play_app.test_client()


def new_table(web, lang: str, game: str, seed: int | str | None = None,
              level: str | None = None) -> tuple[str, str]:
    data = {k: v for k, v in (("seed", seed), ("level", level)) if v is not None}
    response = web.post(f"/{lang}/{game}/play", data=data)
    assert response.status_code == 303
    path = urlsplit(response.headers["Location"]).path
    match = TABLE_PATH.match(path)
    assert match and match.group(1) == lang and match.group(2) == game
    return path, match.group(3)


def page(app: Flask, web, path: str, game_id: str, **kw: Any):
    response = web.get(path, **kw)
    assert response.status_code == 200
    assert_nothing_hidden(store_for(app), game_id, response.get_data(as_text=True))
    return response


# -- starting ------------------------------------------------------------------------------------

def test_play_deals_and_redirects_to_the_table(play_app: Flask, web) -> None:
    for game in GAMES:
        path, game_id = new_table(web, "en", game)
        response = page(play_app, web, path, game_id)
        assert response.headers["Cache-Control"] == "no-store"
        assert "noindex" in response.headers["X-Robots-Tag"]
        # Nothing about the game lives in the session: it holds only the forms' CSRF token.
        session = web.get_cookie("session")
        assert session is None or set(play_app.session_interface.get_signing_serializer(play_app)
                                      .loads(session.value)) == {"csrf_token"}
    response = web.post("/pl/tien-gow/play")  # the "new deal" button
    assert response.status_code == 303 and TABLE_PATH.match(urlsplit(response.location).path)


def test_the_start_page_deals_nothing_and_offers_the_engines_levels(play_app: Flask, web) -> None:
    from engine.games import GAMES as ENGINE_GAMES

    store = store_for(play_app)
    for lang in ("en", "fa"):
        for game in GAMES:
            response = web.get(f"/{lang}/{game}/play")
            assert response.status_code == 200 and web.get_cookie("paiyou_games") is None
            text = response.get_data(as_text=True)
            levels = re.findall(r'name="level" id="level-([\w-]+)" value="([\w-]+)"( checked)?', text)
            assert [v for _, v, _ in levels] == list(ENGINE_GAMES[game].agent_levels)
            # the operator's level here (tests: greedy); otherwise the strongest the engine lists
            offered = ENGINE_GAMES[game].agent_levels
            assert [v for _, v, c in levels if c] == ["greedy" if "greedy" in offered else offered[-1]]
            assert 'name="csrf_token"' in text and 'name="seed"' in text
            assert "continue-deal" not in text
    assert store.count() == 0  # a GET never deals
    head = web.head("/en/chuo-pai/play")
    assert head.status_code == 200 and store.count() == 0


def test_a_first_visit_gets_standard_then_the_level_chosen_last(translations_dir: Path, tmp_path: Path) -> None:
    """Issue 30: a first visit was preselected the strongest level; now ``standard``, saying which
    levels are stronger, and afterwards the level this browser chose last (a cookie)."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3"})
    client = app.test_client()
    text = client.get("/en/tien-gow/play").get_data(as_text=True)
    assert 'value="standard" checked' in text and text.count(" checked") == 1
    assert "Standard is preselected for a first deal. Stronger: Strong." in text
    assert client.post("/en/tien-gow/play", data={"level": "random"}).status_code == 303
    assert client.get_cookie("paiyou_level").value == "random"
    for game in GAMES:  # the same level names in both games
        text = client.get(f"/en/{game}/play").get_data(as_text=True)
        assert 'value="random" checked' in text and "the level you chose last" in text
    client.set_cookie("paiyou_level", "grandmaster")  # never trusted: back to the first level
    assert 'value="standard" checked' in client.get("/fa/chuo-pai/play").get_data(as_text=True)
    store_for(app).close()


def test_new_deal_during_a_deal_asks_first(play_app: Flask, web) -> None:
    """Issue 30: "New deal" in the middle of a deal dealt at once. The table's form now names the
    deal it leaves: the server asks on a page (no JavaScript; with it, new_deal.js asks in a
    dialog whose sentences are the form's data-ask/-yes/-no), and only ``confirm=yes`` deals."""
    path, game_id = new_table(web, "ar", "chuo-pai", 9)
    table = web.get(path).get_data(as_text=True)
    assert f'name="leaving" value="{game_id}"' in table and "data-ask=" in table and "new_deal.js" in table
    store = store_for(play_app)
    before = store.count()
    asked = web.post("/ar/chuo-pai/play", data={"level": "greedy", "leaving": game_id})
    assert asked.status_code == 303 and "/ar/chuo-pai/play/confirm?" in asked.location
    assert store.count() == before  # nothing dealt
    page_ = web.get(asked.location)
    text = page_.get_data(as_text=True)
    assert page_.status_code == 200 and parse(text).html["dir"] == "rtl"
    assert f'href="{path}"' in text and 'name="confirm" value="yes"' in text
    assert store.count() == before  # a GET never deals
    dealt = web.post("/ar/chuo-pai/play", data={"level": "greedy", "leaving": game_id, "confirm": "yes"})
    assert dealt.status_code == 303 and TABLE_PATH.match(urlsplit(dealt.location).path)
    assert store.count() == before + 1
    # a finished, unknown or forged deal asks nothing; a bad confirm URL goes to the start page
    assert TABLE_PATH.match(urlsplit(web.post("/ar/chuo-pai/play", data={
        "leaving": "x" * 32}).location).path)
    for query in ("", "?leaving=x", f"?leaving={game_id}&level=grandmaster"):
        assert urlsplit(web.get(f"/ar/chuo-pai/play/confirm{query}").location).path == "/ar/chuo-pai/play"


def test_the_chosen_level_plays_and_is_shown(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "en", "chuo-pai", 3, level="random")
    assert store_for(play_app).get(game_id).agents == ("human", "random", "random")
    assert "Computer players: Random" in web.get(path).get_data(as_text=True)
    response = web.post("/pl/chuo-pai/play", data={"level": "grandmaster", "seed": "4"})
    assert response.status_code == 303 and urlsplit(response.location).path == "/pl/chuo-pai/play"
    refused = web.get(response.location)
    assert refused.status_code == 400 and 'role="alert"' in refused.get_data(as_text=True)


def test_continue_your_deal_comes_from_the_store_not_the_cookie(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "en", "tien-gow", 8)
    text = web.get("/en/tien-gow/play").get_data(as_text=True)
    assert f'href="{path}"' in text and "Continue your deal" in text
    assert f'href="{path}"' not in web.get("/en/chuo-pai/play").get_data(as_text=True)
    # a forged or stale cookie offers nothing: a wrong key, unknown ids, an old-style list of ids
    # naming a deal that has a seat key
    web.set_cookie("paiyou_seats", f"{game_id}:{'x' * 43}.{new_id()}:{'y' * 43}.not-an-id:z")
    web.set_cookie("paiyou_games", f"{new_id()}.not-an-id.{game_id[:10]}.{game_id}")
    assert "continue-deal" not in web.get("/en/tien-gow/play").get_data(as_text=True)


def test_the_play_index_offers_every_listed_game(play_app: Flask, web) -> None:
    listed = play_app.config["PAIYOU_LISTED_GAMES"]
    assert {"chuo-pai", "tien-gow"} <= set(listed)
    text = web.get("/ar/play").get_data(as_text=True)
    for game in GAME_KEYS:
        assert (f'href="/ar/{game}/play"' in text) == (game in listed)  # an unlisted game: its URLs only
    assert 'href="/ar/play"' in text  # the menu's Play leads here


def test_a_seed_reproduces_a_deal(play_app: Flask, web) -> None:
    for game in GAMES:
        first = parse(web.get(new_table(web, "en", game, seed=42)[0]).get_data(as_text=True))
        second = parse(web.get(new_table(web, "en", game, seed=42)[0]).get_data(as_text=True))
        # another seed deals another hand (a small deck may deal one hand twice: three seeds)
        others = [parse(web.get(new_table(web, "en", game, seed=seed)[0]).get_data(as_text=True))
                  for seed in (43, 44, 45)]
        assert first.tiles == second.tiles and any(other.tiles != first.tiles for other in others)


@pytest.mark.parametrize("seed", ["-1", "--1", "abc", "1.5", "9" * 30, "1" * 5000, "²", "١٢x"])
def test_a_bad_seed_is_a_400_page(web, seed: str) -> None:
    refused = web.post("/fa/chuo-pai/play", data={"seed": seed})
    assert refused.status_code == 303  # POST → 303 → GET, the page says why
    response = web.get(refused.location)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert parse(page).html["dir"] == "rtl"
    if re.fullmatch(r"[0-9]+", seed):  # too large: the largest seed, in the page's own digits
        assert "۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۱" in page
    else:
        assert "۴۲" in page  # the example seed in the page's own digits


@pytest.mark.parametrize("seed", ["۴۲", "٤٢", " 42 "])
def test_a_seed_in_persian_or_arabic_digits_deals_the_same_table(web, seed: str) -> None:
    wanted = parse(web.get(new_table(web, "en", "chuo-pai", seed=42)[0]).get_data(as_text=True))
    response = web.post("/fa/chuo-pai/play", data={"seed": seed})
    assert response.status_code == 303
    got = parse(web.get(response.headers["Location"]).get_data(as_text=True))
    assert got.tiles == wanted.tiles


def test_unknown_tables_are_404(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "en", "chuo-pai")
    assert web.get(f"/en/chuo-pai/games/{new_id()}").status_code == 404
    assert web.get("/en/chuo-pai/games/short").status_code == 404
    assert web.get(f"/en/tien-gow/games/{game_id}").status_code == 404  # the id of another game
    assert web.post(f"/en/chuo-pai/games/{new_id()}", data={"version": "1"}).status_code == 404
    assert web.get(f"/en/chuo-pai/games/{new_id()}/record").status_code == 404


# -- whole deals with plain forms ------------------------------------------------------------------

def play_out(app: Flask, web, lang: str, game: str, seed: int) -> tuple[str, str, int]:
    """Play a whole deal through the forms like a browser without JavaScript; returns the table
    path, the id and the number of moves."""
    path, game_id = new_table(web, lang, game, seed)
    moves = 0
    while True:
        text = page(app, web, path, game_id).get_data(as_text=True)
        table = parse(text)
        assert table.html["lang"] == lang
        if not table.has_form:
            return path, game_id, moves
        data: dict[str, Any] = {"version": table.version}
        if table.quick:
            data["quick"] = table.quick[(seed + moves) % len(table.quick)]
        elif table.buttons.get("pass"):
            data["move"] = "pass"
        else:
            assert table.discard and table.buttons["down"]
            data["move"] = "down"
            data["tile"] = table.tiles[:table.discard]
        response = web.post(path, data=data)
        assert response.status_code == 303, response.get_data(as_text=True)[:2000]
        assert urlsplit(response.location).path == path
        moves += 1
        assert moves < 100


@pytest.mark.parametrize(("lang", "game", "seed"), [
    ("en", "chuo-pai", 5), ("fa", "chuo-pai", 6), ("en", "tien-gow", 5), ("fa", "tien-gow", 6),
    ("ar", "tien-gow", 7),
])
def test_a_whole_deal_with_plain_forms(play_app: Flask, web, lang: str, game: str, seed: int) -> None:
    path, game_id, moves = play_out(play_app, web, lang, game, seed)
    assert moves > 0
    final = truth(store_for(play_app), game_id)
    assert final.is_over
    text = web.get(path).get_data(as_text=True)
    table = parse(text)
    assert "result-title" in table.ids and "new-deal" in table.ids
    record_url = f"/{lang}/{game}/games/{game_id}/record"
    assert record_url in table.links
    record = web.get(record_url)
    assert record.status_code == 200 and record.mimetype == "application/json"
    assert "attachment" in record.headers["Content-Disposition"]
    assert record.json == final.record()
    if game == "tien-gow":
        assert "pillars-caption" in table.ids
        assert ("immediate-caption" in table.ids) or "result__empty" in text
        assert "final-caption" in table.ids or "result__empty" in text
        assert "working-caption" in table.ids  # the final settlement's working, line by line
        assert "result__next" in text  # who banks the next deal
    else:
        assert "piles-caption" in table.ids


def test_the_record_waits_for_the_end(web) -> None:
    path, _ = new_table(web, "hi", "tien-gow", 3)
    response = web.get(path + "/record")
    assert response.status_code == 409
    assert parse(response.get_data(as_text=True)).html["lang"] == "hi"


# -- rejected and stale moves -------------------------------------------------------------------

def _leading_chuo_pai(web, lang: str) -> tuple[str, Table]:
    for seed in range(40):
        path, _ = new_table(web, lang, "chuo-pai", seed)
        table = parse(web.get(path).get_data(as_text=True))
        if table.phase == "lead" and len(set(table.tiles)) > 3:
            return path, table
    raise AssertionError("the human never led")


def test_an_illegal_selection_is_explained_and_kept(play_app: Flask, web) -> None:
    path, table = _leading_chuo_pai(web, "pl")
    keys = list(dict.fromkeys(table.tiles))
    from engine.chuo_pai import classify
    from engine.tiles import parse_tiles

    pick = next([a, b] for a in keys for b in keys if a < b and classify(parse_tiles(f"{a} {b}")) is None)
    response = refused(web, web.post(path, data={"version": table.version, "move": "play", "tile": pick}))
    text = response.get_data(as_text=True)
    again = parse(text)
    assert sorted(again.checked) == sorted(pick)  # the selection comes back checked
    alert = text.split('role="alert"')[1].split("</p>")[0]
    assert sorted(re.findall(r'data-tile="([^"]+)"', alert)) == sorted(pick)  # named and drawn
    assert 'role="alert"' in text and again.html["lang"] == "pl"
    assert again.version == table.version  # nothing changed


def refused(web, response):
    """A refused plain-form move: 303 back to the table (no "resubmit?" page), which says why."""
    assert response.status_code == 303 and "refused=" in response.location
    again = web.get(response.location)
    assert again.status_code == 200
    return again


def test_a_pass_when_you_must_lead_is_refused(web) -> None:
    path, table = _leading_chuo_pai(web, "en")
    response = refused(web, web.post(path, data={"version": table.version, "move": "pass"}))
    assert "The leader must play" in response.get_data(as_text=True)


def test_a_stale_page_changes_nothing(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "en", "tien-gow", 9)
    table = parse(web.get(path).get_data(as_text=True))
    first = table.quick[0] if table.quick else None
    data = {"version": table.version, "quick": first} if first else \
        {"version": table.version, "move": "down", "tile": table.tiles[:table.discard]}
    assert web.post(path, data=data).status_code == 303
    after = truth(store_for(play_app), game_id)
    # the same form again: a double click, a back button
    response = refused(web, web.post(path, data=data))
    assert "earlier view of this table" in response.get_data(as_text=True)
    assert truth(store_for(play_app), game_id).deal == after.deal
    assert "earlier view" in refused(web, web.post(path, data={"version": "x", "move": "pass"})).text
    # htmx keeps its in-place answers
    assert web.post(path, data=data, headers={"HX-Request": "true"}).status_code == 409


def test_nothing_selected_is_a_400_with_a_hint(play_app: Flask, web) -> None:
    path, table = _leading_chuo_pai(web, "en")
    game_id = path.rsplit("/", 1)[1]
    response = refused(web, web.post(path, data={"version": table.version, "move": "play"}))
    text = response.get_data(as_text=True)
    assert 'role="alert"' in text and "Choose cards from your hand first." in text
    assert "leader" not in text.split('role="alert"')[1].split("</p>")[0]  # never taken as a pass
    assert store_for(play_app).get(game_id).version == int(table.version or 0)
    htmx = web.post(path, data={"version": table.version, "move": "play"}, headers={"HX-Request": "true"})
    assert htmx.status_code == 400 and "Choose cards from your hand first." in htmx.text
    # Tien Gow: Face up or Face down with nothing selected
    tg_path, _ = new_table(web, "en", "tien-gow", 4)
    tg = parse(web.get(tg_path).get_data(as_text=True))
    for move in ("up", "down"):
        answer = refused(web, web.post(tg_path, data={"version": tg.version, "move": move}))
        assert "Choose tiles from your hand first." in answer.text


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_seat_panels_follow_the_pages_direction(web, lang: str) -> None:
    path, _ = new_table(web, lang, "tien-gow", 1)
    text = web.get(path).get_data(as_text=True)
    panels = re.findall(r'<section class="seat [^"]*" dir="([^"]*)"', text)
    assert panels and set(panels) == {"rtl"}


# -- htmx ----------------------------------------------------------------------------------------

def test_htmx_gets_the_table_and_a_live_announcement(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "fa", "chuo-pai", 11)
    page = web.get(path).get_data(as_text=True)
    table = parse(page)
    data = {"version": table.version, "quick": table.quick[0]} if table.quick else \
        {"version": table.version, "move": "pass"}
    seen = re.search(r'name="seen" value="(\d+)"', page)  # as the page's form sends it
    assert seen
    response = web.post(path, data={**data, "seen": seen.group(1)}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "<html" not in text and 'id="table"' in text
    # the live region itself stays on the page: the answer changes its text only
    assert parse(text).live is None
    said = re.search(r'<div hx-swap-oob="innerHTML:#announce">(.+?)</div>', text, re.S)
    assert said and said.group(1).strip()
    assert_nothing_hidden(store_for(play_app), game_id, text)
    # the full page holds the region, without the out-of-band marker
    full = parse(web.get(path).get_data(as_text=True))
    assert full.live is not None and "hx-swap-oob" not in full.live and full.live.get("aria-live") == "polite"


def test_htmx_rejections_come_back_as_fragments(web) -> None:
    path, table = _leading_chuo_pai(web, "ar")
    response = web.post(path, data={"version": table.version, "move": "pass"},
                        headers={"HX-Request": "true"})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "<html" not in text and 'role="alert"' in text


# -- the drawing --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_seats_run_the_right_way_and_never_mirror(web, lang: str) -> None:
    # seat 0 at the bottom, then the rules' order: clockwise (CP-2) or counter-clockwise (TG-2)
    places = {(2, "clockwise"): ("bottom", "top"),
              (3, "clockwise"): ("bottom", "left", "right"),
              (4, "counter-clockwise"): ("bottom", "right", "top", "left")}
    expected = {game: dict(zip(map(str, range(spec.seats)), places[spec.seats, spec.seat_order], strict=True))
                for game, spec in ((g, game_rules(g)) for g in GAMES)}
    assert expected["chuo-pai"] == {"0": "bottom", "1": "left", "2": "right"}
    assert expected["tien-gow"] == {"0": "bottom", "1": "right", "2": "top", "3": "left"}
    for game in GAMES:
        path, _ = new_table(web, lang, game, 1)
        table = parse(web.get(path).get_data(as_text=True))
        assert table.html["dir"] == ("rtl" if Locale.parse(lang).text_direction == "rtl" else "ltr")  # CLDR's
        assert table.seats == expected[game]
        assert table.felt_dir == "ltr"


def test_the_language_switcher_keeps_the_game(web) -> None:
    path, game_id = new_table(web, "en", "tien-gow", 2)
    text = web.get(path).get_data(as_text=True)
    for lang in TRANSLATED:
        assert f'href="/{lang}/tien-gow/games/{game_id}?chosen=1"' in text


def test_home_and_navigation_link_to_play(web) -> None:
    text = web.get("/en/").get_data(as_text=True)
    assert 'href="/en/chuo-pai/play"' in text and 'href="/en/tien-gow/play"' in text


# -- the play domain's catalogs -------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
# Latin words that stay in every language: the API's field names and values, "JSON", and "Esc",
# the key's label as keyboards print it (Arabic and Persian apps name the key so).
API_WORDS = {"JSON", "version", "tiles", "face_up", "seed", "level", "true", "false", "lang", "key",
             "Esc", *LANGUAGE_CODES,
             # a table with friends' fields (paiyou.api.games)
             "seats", "timer", "name", "action_id",
             # the table options a new deal is dealt under (paiyou.api.games)
             "variant",
             # the daily deal's (paiyou.daily: its leaderboard's "page" and "pages", the Authorization
             # header's "bearer"), and the site's name in its share text
             "id", "player", "page", "pages", "bearer", "Paiyou", "UTC"}


# The termbase's concepts (translations/terms.toml): a language whose word for one is English's
# own (Polish keeps the golf word "par") may leave that message as it is.
TERMS = tomllib.loads((ROOT / "translations" / "terms.toml").read_text(encoding="utf-8"))


def keeps_the_english_word(lang: str, english: str) -> bool:
    concept = TERMS.get(english.lower())
    return isinstance(concept, dict) and "en" in concept and concept.get(lang) == concept["en"]


def test_the_play_template_is_up_to_date(tmp_path: Path) -> None:
    import shutil

    from babel.messages.pofile import read_po

    from paiyou.i18n import catalogs

    scratch = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", scratch, ignore=shutil.ignore_patterns("*.mo", "*.po"))
    catalogs.extract(scratch, only=["play"], root=ROOT)

    def keys(path: Path) -> set[tuple[str | None, object]]:
        with path.open("rb") as f:
            return {(m.context, m.id) for m in read_po(f) if m.id}

    assert keys(scratch / "play.pot") == keys(ROOT / "translations" / "play.pot"), \
        "run 'flask --app paiyou i18n extract' then 'update'"


LATIN_SCRIPT = {lang.code: bool(re.search("[A-Za-z]", lang.native_name)) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_play_catalog_is_really_translated(lang: str) -> None:
    from babel.messages.pofile import read_po

    with (ROOT / "translations" / lang / "LC_MESSAGES" / "play.po").open("rb") as f:
        catalog = read_po(f)
    messages = [m for m in catalog if m.id]
    assert len(messages) > 100
    same = 0
    for m in messages:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        english = m.id if isinstance(m.id, str) else m.id[0]
        for text in strings:
            bare = re.sub(r"%\(\w+\)s", "", text)
            if not LATIN_SCRIPT[lang]:  # a Latin word in another script is English left over
                words = set(re.findall(r"[A-Za-z_]{2,}", bare)) - API_WORDS
                assert not words, (m.id, text)
            same += text == english and not keeps_the_english_word(lang, english)
    assert same <= 2  # only "%(name)s ×%(num)s"-like strings may read the same


def test_arabic_plural_forms_of_the_play_domain_read_right() -> None:
    from babel.messages.pofile import read_po

    with (ROOT / "translations" / "ar" / "LC_MESSAGES" / "play.po").open("rb") as f:
        catalog = read_po(f)
    forms = catalog.get(("Your hand: %(num)s card", "Your hand: %(num)s cards"), context="play").string
    assert forms[1] == "يدك: ورقة واحدة" and forms[2] == "يدك: ورقتان"
    assert forms[3] == "يدك: %(num)s أوراق"   # 3..10
    assert forms[4] == "يدك: %(num)s ورقة"    # 100, 101, 102
    assert forms[5] == "يدك: %(num)s ورقة"    # 11..99: a label, in pause form (no «ةً»)


# -- hints ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "game"), [("fa", "tien-gow"), ("en", "chuo-pai")])
def test_a_hint_without_javascript_selects_the_move_and_lists_estimates(play_app: Flask, web, lang: str,
                                                                        game: str) -> None:
    path, game_id = new_table(web, lang, game, 7)  # seed 5's first Chuo Pai move is forced
    table = parse(web.get(path).get_data(as_text=True))
    assert f"{path}?hint=1" in table.links
    before = store_for(play_app).get(game_id).version
    response = page(play_app, web, f"{path}?hint=1", game_id)
    text = response.get_data(as_text=True)
    hinted = parse(text)
    assert "hints-title" in hinted.ids
    scores = re.findall(r'class="hints__score">([^<]*)<', text)
    expected = re.findall(r'class="hints__expected">([^<]*)<', text)
    assert 1 <= len(scores) <= 5 and len(expected) == len(scores)  # both figures for each move
    if lang == "fa":
        assert all(re.search("[۰-۹]", s) and not re.search("[0-9]", s) for s in scores + expected)
    key = bearer(cookie_key(web, game_id))
    chances = [c["chance"] for c in web.get(f"/api/v1/games/{game_id}/hint", headers=key).get_json()["candidates"]]
    assert chances == sorted(chances, reverse=True) and 'id="hints-ranked-by-chance"' in text
    api_hint = web.get(f"/api/v1/games/{game_id}/hint", headers=key).get_json()["action"]
    if api_hint["tiles"]:
        assert sorted(hinted.checked) == sorted(api_hint["tiles"].split())
    assert store_for(play_app).get(game_id).version == before  # a GET changes nothing
    fragment = web.get(f"{path}?hint=1", headers={"HX-Request": "true"})
    assert "<html" not in fragment.text and "hints-title" in fragment.text
    assert_nothing_hidden(store_for(play_app), game_id, fragment.text)


# -- the review ---------------------------------------------------------------------------------------

def test_the_review_is_409_before_the_end_and_face_up_after(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "fa", "tien-gow", 5)
    early = web.get(f"{path}/review")
    assert early.status_code == 409
    assert_nothing_hidden(store_for(play_app), game_id, early.get_data(as_text=True))
    assert parse(early.get_data(as_text=True)).html["dir"] == "rtl"
    for step in ("0", "3", "x"):
        assert web.get(f"{path}/review?step={step}").status_code == 409
    play_out_from(play_app, web, path, game_id)
    final = truth(store_for(play_app), game_id)
    assert f"{path}/review" in parse(web.get(path).get_data(as_text=True)).links
    first = web.get(f"{path}/review?step=0")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    shown = set(re.findall(r'data-tile="([^"]+)"', first.get_data(as_text=True)))
    dealt = {t.key for hand in final.deal.dealt for t in hand}
    assert dealt <= shown  # every hand face up
    steps = parse(first.get_data(as_text=True))
    # every step link opens the page at the steps (this step, and its judgement, right below)
    assert f"{path}/review?step=1#review-steps" in steps.links
    last_step = final.deal.action_count
    assert all(f"{path}/review?step={n}#review-steps" in steps.links for n in range(last_step + 1))  # the move list
    last = web.get(f"{path}/review")
    assert "result-title" in parse(last.get_data(as_text=True)).ids
    assert "pillars-caption" in last.get_data(as_text=True)
    for odd in ("-1", "99999", "abc", "٣"):
        assert web.get(f"{path}/review?step={odd}").status_code == 200


def play_out_from(app: Flask, web, path: str, game_id: str) -> None:
    moves = 0
    while True:
        table = parse(web.get(path).get_data(as_text=True))
        if not table.has_form:
            return
        data: dict[str, Any] = {"version": table.version}
        if table.quick:
            data["quick"] = table.quick[0]
        elif table.buttons.get("pass"):
            data["move"] = "pass"
        else:
            data["move"] = "down"
            data["tile"] = table.tiles[:table.discard]
        assert web.post(path, data=data).status_code == 303
        moves += 1
        assert moves < 100


# -- replaying a record ---------------------------------------------------------------------------------

def _finished_record(game: str, seed: int = 4) -> dict[str, Any]:
    from engine.games import GAMES as ENGINE_GAMES
    from engine.rng import make_rng

    spec = ENGINE_GAMES[game]
    agent = spec.make_agent(spec.agent_levels[1])  # greedy in Chuo Pai and Tien Gow
    deal = spec.new_deal(seed)
    while not deal.is_over:
        deal = deal.apply(agent.choose(deal.view(deal.to_act), make_rng(deal.action_count)), player=deal.to_act)
    return spec.to_record(deal)


@pytest.mark.parametrize("game", GAMES)
def test_a_record_is_replayed_from_json_a_form_field_or_a_file(web, game: str) -> None:
    import io
    import json

    record = _finished_record(game)
    page_ = web.get(f"/pl/{game}/replay")
    assert page_.status_code == 200 and 'name="csrf_token"' in page_.text and 'type="file"' in page_.text
    as_json = web.post(f"/en/{game}/replay", json=record, follow_redirects=True)
    assert as_json.status_code == 200 and "review-where" in as_json.text
    as_field = web.post(f"/en/{game}/replay", data={"record": json.dumps(record), "step": "1"},
                        follow_redirects=True)
    assert as_field.status_code == 200 and "Step 1 of" in as_field.text
    upload = web.post(f"/en/{game}/replay", data={"file": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                      content_type="multipart/form-data", follow_redirects=True)
    assert upload.status_code == 200 and "result-title" in upload.text
    shown = set(re.findall(r'data-tile="([^"]+)"', web.post(f"/en/{game}/replay", data={
        "record": json.dumps(record), "step": "0"}, follow_redirects=True).text))
    assert {k for hand in record["hands"] for k in hand} <= shown


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_gets_a_content_addressed_link_stepped_by_get(translations_dir: Path, tmp_path: Path,
                                                              web, game: str) -> None:
    """Issue 30: each replay step was a POST to /replay (Back asked to resubmit a form). Now POST
    → 303 → GET /replay/<sha256 of the canonical record>?step=n, a link any worker can open, with a
    move list of GET links; the same record gets the same link, whatever its spacing or key order."""
    import hashlib
    import json

    record = _finished_record(game)
    posted = web.post(f"/fa/{game}/replay", data={"record": json.dumps(record, indent=2), "step": "2"})
    assert posted.status_code == 303
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    assert posted.location == f"/fa/{game}/replay/{digest}?step=2"
    again = web.post(f"/en/{game}/replay", json=dict(reversed(list(record.items()))))
    assert again.location == f"/en/{game}/replay/{digest}"
    page_ = web.get(posted.location)
    text = page_.get_data(as_text=True)
    assert page_.status_code == 200 and page_.headers["Cache-Control"] == "no-store"
    assert "<form" not in text.split('id="moves-title"')[0].split("review__steps")[1]  # steps are links
    listed = text.split('id="moves-title"')[1].split("</nav>")[0]
    moves = [int(n) for n in re.findall(rf'href="/fa/{game}/replay/{digest}\?step=(\d+)#review-steps"', listed)]
    last = len(game_rules(game).replay_steps(record)) - 1
    assert moves == list(range(last + 1))  # every action in order, each a link to its step
    assert 'aria-current="step"' in text and parse(text).html["dir"] == "rtl"
    # Another process on the same database (another gunicorn worker) opens the same link.
    other = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                        "PAIYOU_DATABASE_URL": web.application.config["PAIYOU_DATABASE_URL"]})
    assert other.test_client().get(f"/en/{game}/replay/{digest}?step=5").status_code == 200
    store_for(other).close()
    other_game = next(g for g in GAMES if g != game)
    for bad in (f"/en/{other_game}/replay/{digest}", f"/en/{game}/replay/{'0' * 64}",
                f"/en/{game}/replay/{digest.upper()}", f"/en/{game}/replay/x"):
        assert web.get(bad).status_code == 404


@pytest.mark.parametrize(("game", "lang", "where"), [("chuo-pai", "en", "round 3, action 2 ("),
                                                     ("tien-gow", "en", "trick 3, action 2 ("),
                                                     ("tien-gow", "fa", "دور ۳، حرکت ۲، ")])
def test_a_rejected_record_is_a_422_naming_where_and_why(web, game: str, lang: str, where: str) -> None:
    import json

    record = _finished_record(game)
    key = "rounds" if "rounds" in record else "tricks"
    record[key][2]["actions"][1]["tiles"] = ["6-6"]
    response = web.post(f"/{lang}/{game}/replay", data={"record": json.dumps(record)})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert parse(text).html["lang"] == lang
    message = re.search(r'id="replay-error">([^<]*)<', text)
    assert message and message.group(1).startswith(where), message and message.group(1)
    if lang == "en":
        assert "do not hold" in message.group(1)
    for body in ({"record": "not json"}, {"record": "[1, 2]"}, {}):
        assert web.post(f"/{lang}/{game}/replay", data=body).status_code == 422


def test_the_replay_form_needs_its_csrf_token(translations_dir: Path, tmp_path: Path) -> None:
    import json

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3"})
    client = app.test_client()
    record = json.dumps(_finished_record("chuo-pai"))
    assert client.post("/en/chuo-pai/replay", data={"record": record}).status_code == 400
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/en/chuo-pai/replay").text).group(1)
    assert client.post("/en/chuo-pai/replay", data={"record": record, "csrf_token": token}).status_code == 303
    store_for(app).close()


def test_the_last_finished_round_stays_visible(play_app: Flask, web) -> None:
    for game in GAMES:
        path, game_id = new_table(web, "en", game, 13)
        for _ in range(12):
            table = parse(web.get(path).get_data(as_text=True))
            if not table.has_form:
                break
            text = web.get(path).get_data(as_text=True)
            view = truth(store_for(play_app), game_id).view()
            finished = getattr(view, "rounds", None) or getattr(view, "tricks", ())
            assert ("felt__last" in text) == bool(finished)
            data: dict[str, Any] = {"version": table.version}
            if table.quick:
                data["quick"] = table.quick[0]
            elif table.buttons.get("pass"):
                data["move"] = "pass"
            else:
                data.update(move="down", tile=table.tiles[:table.discard])
            web.post(path, data=data)
        assert "won it." in text


def test_next_deal_at_the_table_shows_the_match(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "ar", "tien-gow", 5)
    assert web.post(f"{path}/next").status_code == 303  # before the end: back to the table
    assert store_for(play_app).count() == 1
    play_out_from(play_app, web, path, game_id)
    final = truth(store_for(play_app), game_id)
    end = web.get(path).get_data(as_text=True)
    assert "next-deal" in parse(end).ids and "result__next" in end
    response = web.post(f"{path}/next")
    assert response.status_code == 303
    new_path = urlsplit(response.location).path
    assert TABLE_PATH.match(new_path) and new_path != path
    new_id_ = new_path.rsplit("/", 1)[1]
    assert cookie_key(web, new_id_) == cookie_key(web, game_id)  # the match's one seat key
    table = page(play_app, web, new_path, new_id_).get_data(as_text=True)
    assert "match-title" in parse(table).ids
    outcome = final.deal.outcome()
    assert truth(store_for(play_app), new_id_).view().banker == outcome.next_first


# -- your statistics -----------------------------------------------------------------------------------

def test_statistics_count_finished_deals_and_reset_with_confirmation(play_app: Flask, web) -> None:
    assert "stats-table" not in web.get("/en/chuo-pai/play").get_data(as_text=True)
    path, game_id = new_table(web, "en", "chuo-pai", 5, level="greedy")
    play_out_from(play_app, web, path, game_id)
    outcome = truth(store_for(play_app), game_id).deal.outcome()
    text = web.get("/en/chuo-pai/play").get_data(as_text=True)
    assert "stats-table" in text
    row = re.search(r"<th scope=\"row\">Greedy</th><td>(\d+)</td><td>(\d+)</td><td>([\d.]+)</td>", text)
    assert row and row.group(1) == "1" and row.group(2) == str(int(0 in outcome.first))
    assert float(row.group(3)) == round(float(outcome.scores[0]), 1)
    web.get(path)  # GETs never count again
    assert "<td>1</td>" in web.get("/en/chuo-pai/play").get_data(as_text=True)
    assert "stats-table" not in web.get("/en/tien-gow/play").get_data(as_text=True)  # per game
    fa = web.get("/fa/chuo-pai/play").get_data(as_text=True)
    assert "<td>۱</td>" in fa  # the page's digits
    unconfirmed = web.post("/en/chuo-pai/play/statistics/reset", data={})
    assert unconfirmed.status_code == 303
    assert 'role="alert"' in web.get(unconfirmed.location).get_data(as_text=True)
    assert "stats-table" in web.get("/en/chuo-pai/play").get_data(as_text=True)
    done = web.post("/en/chuo-pai/play/statistics/reset", data={"confirm": "yes"})
    assert done.status_code == 303
    assert "stats-table" not in web.get(done.location).get_data(as_text=True)


def test_a_forged_statistics_cookie_is_ignored(web) -> None:
    for text in ("not json", "[1]", '{"chuo-pai": {"greedy": [1, 5, 3]}}', '{"chess": {"x": [1, 1, 1]}}',
                 '{"chuo-pai": {"greedy": [true, 0, 0]}}', "x" * 3000):
        web.set_cookie("paiyou_stats", text)
        response = web.get("/en/chuo-pai/play")
        assert response.status_code == 200 and "stats-table" not in response.get_data(as_text=True)


# -- the automatic forced pass ---------------------------------------------------------------------------

def test_forced_passes_are_automatic_by_default_and_the_log_says_so(play_app: Flask, web) -> None:
    from engine.outcome import MOVES

    path, game_id = new_table(web, "en", "chuo-pai", 5)
    play_out_from(play_app, web, path, game_id)
    game = truth(store_for(play_app), game_id)
    assert game.auto_passes  # seed 5 has forced passes
    moves = [e for e in game.view().events() if e.kind in MOVES]
    assert len(moves) == game.deal.action_count  # one move event per action
    assert all(moves[n].kind == "pass" and moves[n].player == 0 for n in game.auto_passes)
    text = web.get(path).get_data(as_text=True)
    assert "You passed automatically: nothing in your hand beats it." in text
    # turned off: the table waits for your Pass
    table = web.get(new_table(web, "en", "chuo-pai", 6)[0]).get_data(as_text=True)
    assert "auto-pass-toggle" in table and "you pass automatically" in table
    other_path, other_id = new_table(web, "en", "chuo-pai", 5)
    assert web.post(f"{other_path}/auto-pass", data={"auto_pass": "off"}).status_code == 303
    assert web.get_cookie("paiyou_auto_pass").value == "off"
    assert "you press Pass yourself" in web.get(other_path).get_data(as_text=True)
    waited = False
    for _ in range(100):
        table_ = parse(web.get(other_path).get_data(as_text=True))
        if not table_.has_form:
            break
        if not table_.quick and table_.buttons.get("pass"):
            waited = True  # a forced pass left to you
        data: dict[str, Any] = {"version": table_.version}
        data.update({"quick": table_.quick[0]} if table_.quick else {"move": "pass"})
        web.post(other_path, data=data)
    assert waited and not truth(store_for(play_app), other_id).auto_passes
    assert "auto-pass-form" not in web.get(new_table(web, "en", "tien-gow", 2)[0]).get_data(as_text=True)


def test_log_lines_draw_their_tiles_with_their_names(play_app: Flask, web) -> None:
    """A line of the log that names tiles shows them too: recent lines draw them with the names as
    a tooltip, earlier ones draw them beside the names."""
    api = play_app.test_client()
    created = api.post("/api/v1/chuo-pai/games", json={"seed": 12, "level": "greedy"}).get_json()
    game_id = created["id"]
    for _ in range(4):
        view = api.get(f"/api/v1/games/{game_id}", headers=bearer(created["key"])).get_json()
        if view["view"]["is_over"]:
            break
        action = view["view"]["legal_actions"][0]
        api.post(f"/api/v1/games/{game_id}/actions", json={"version": view["version"], "tiles": action["tiles"]},
                 headers=bearer(created["key"]))
    web.set_cookie("paiyou_seats", f"{game_id}:{created['key']}")  # the browser of the API's player
    html = web.get(f"/en/chuo-pai/games/{game_id}").get_data(as_text=True)
    earlier = html[html.index('class="log__earlier"'):]
    named = re.findall(r'<span class="log__tiles"><span class="tile-row"[^>]*>(.*?)</span> ([^<]+)</span>', earlier,
                       re.S)
    assert named, "earlier lines draw their tiles beside their names"
    for svgs, names in named:
        assert 'data-tile="' in svgs and names.strip()
    assert re.search(r'<span class="log__drawn" title="[^"]+"><span class="tile-row"', html)


@pytest.mark.parametrize(("game", "figure"), [("chuo-pai", "cards you can expect in your pile"),
                                              ("tien-gow", "net points you can expect")])
def test_a_lost_position_ranks_by_the_expected_score_and_says_so(play_app: Flask, web, game: str, figure: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from paiyou.deals import hints

    def lost(current: Any, limit: int) -> Any:
        legal = current.view().legal_actions()
        found = [hints.Hint(a, 0.0, float(n), 0.03, 1.5) for n, a in enumerate(legal[:3])]
        ranked_by, best = hints.rank_hints(found, limit)
        return hints.Hints(best[0].action, False, ranked_by, tuple(best))

    monkeypatch.setattr(hints, "_search_hints", lost)
    path, game_id = new_table(web, "en", game, 7)
    text = web.get(f"{path}?hint=1").get_data(as_text=True)
    assert 'id="hints-ranked-by-expected"' in text and figure in text
    assert re.findall(r'class="hints__score">([^<]*)<', text)[0].startswith("0%")
    assert re.findall(r'class="hints__score">([^<]*)<', text)[0].endswith("give or take 3%")  # each with its ±


def test_a_kept_replay_that_no_longer_replays_is_a_404(play_app: Flask, web) -> None:
    store_for(play_app).keep_replay("a" * 64, "chuo-pai", '{"format": 1, "game": "chuo-pai"}')
    store_for(play_app).keep_replay("b" * 64, "chuo-pai", "not json")
    for digest in ("a" * 64, "b" * 64):
        response = web.get(f"/pl/chuo-pai/replay/{digest}?step=2")
        assert response.status_code == 404 and 'href="/pl/chuo-pai/replay"' in response.get_data(as_text=True)


# -- smaller defects of issue 30, each with the test that would have caught it ------------------------

def test_a_record_of_the_other_game_is_named(web) -> None:
    record = _finished_record("tien-gow")
    refused = web.post("/en/chuo-pai/replay", json=record)
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "This is a Tien Gow record" in text and 'href="/en/tien-gow/replay"' in text
    fa = web.post("/fa/tien-gow/replay", json=_finished_record("chuo-pai")).get_data(as_text=True)
    assert "سابقهٔ چوو پای" in fa or "چوو پای" in re.search(r'id="replay-error">([^<]*)<', fa).group(1)


def test_a_seed_too_large_is_refused_for_its_size(web) -> None:
    for seed in ("12345678901234567890123456", "9007199254740992", "۹۰۰۷۱۹۹۲۵۴۷۴۰۹۹۲"):
        page_ = web.get(f"/en/chuo-pai/play?seed={seed}")
        text = page_.get_data(as_text=True)
        assert page_.status_code == 400 and "too large" in text and "whole number" not in text
    posted = web.post("/en/chuo-pai/play", data={"seed": "1" * 26})
    assert "too large" in web.get(posted.location).get_data(as_text=True)
    assert "whole number" in web.get("/en/chuo-pai/play?seed=4x2").get_data(as_text=True)


@pytest.mark.parametrize(("lang", "yours", "theirs"), [("ar", "دورك", "دوره"), ("fa", "نوبت شما", "نوبت او"),
                                                       ("hi", "आपकी बारी", "इसकी बारी")])
def test_your_own_seat_reads_your_turn_in_the_review(web, lang: str, yours: str, theirs: str) -> None:
    location = web.post(f"/{lang}/chuo-pai/replay", json=_finished_record("chuo-pai")).location
    seen = 0
    for step in range(12):
        text = web.get(f"{location}?step={step}").get_data(as_text=True)
        mine = text.split('id="review-seat-0"')[1].split("</h2>")[0]
        if "badge--turn" in mine:
            assert yours in mine and theirs not in mine
            seen += 1
        others = text.split('id="review-seat-1"')[1].split("</h2>")[0]
        assert yours not in others
    assert seen


def test_persian_figures_use_persian_signs(play_app: Flask, web) -> None:
    from paiyou.i18n.numerals import signed_number
    from paiyou.tables.template_globals import percent

    with play_app.test_request_context("/fa/chuo-pai/play"):
        assert percent(0.43) == "۴۳٪"
        assert signed_number(-4.5) == "\u2066\u2212۴٫۵\u2069" and signed_number(3) == "۳"
    web.set_cookie("paiyou_stats", '{"tien-gow":{"greedy":[2,0,-9.0]}}')
    text = web.get("/fa/tien-gow/play").get_data(as_text=True)
    assert "stats-table" in text and "<td>\u2066\u2212۴٫۵\u2069</td>" in text and "-۴" not in text


def test_rtl_review_tile_rows_start_under_their_headings() -> None:
    """In the Arabic review the tiles (left-to-right rows) sat at the left under right-aligned
    headings: the rows are pushed to the right on rtl pages."""
    css = (Path(__file__).parents[2] / "site/paiyou/static/css/play.css").read_text()
    rule = '[dir="rtl"] .review__hand, [dir="rtl"] .review__plays { justify-content: flex-end; }'
    assert rule in css  # measured on the page in tests/e2e/test_review_e2e.py


# -- your move at once, the computer's moves one by one (issue 30) --------------------------------

HX = {"HX-Request": "true"}


def _form_field(text: str, form_id: str, name: str) -> str | None:
    form = re.search(rf'<form id="{form_id}".*?</form>', text, re.S)
    found = form and re.search(rf'name="{name}" value="([^"]*)"', form.group(0))
    return found.group(1) if found else None


def _my_move(table: Table) -> dict[str, Any]:
    if table.quick:
        return {"quick": table.quick[0]}
    if table.buttons.get("pass"):
        return {"move": "pass"}
    return {"move": "down", "tile": table.tiles[:table.discard]}


@pytest.mark.parametrize("game", GAMES)
def test_with_htmx_your_move_answers_at_once_and_each_computer_move_is_one_step(
        play_app: Flask, web, game: str) -> None:
    """The htmx answer to your move is your move alone (the computer has not moved); each
    "advance" makes exactly one computer move, stored as the next version, and announces only
    what is new to the page; a repeated or stale "advance" changes nothing; the steps stop at
    your turn. Every answer shows the human seat's view only."""
    store = store_for(play_app)
    web.set_cookie("paiyou_auto_pass", "off")  # one step is one computer move, nothing else
    path, game_id = new_table(web, "en", game, 31)
    table = parse(web.get(path).get_data(as_text=True))
    before = truth(store, game_id)
    answer = web.post(path, data={"version": table.version, "seen": "0", **_my_move(table)}, headers=HX)
    assert answer.status_code == 200
    moved = truth(store, game_id)
    assert moved.deal.action_count == before.deal.action_count + 1  # your move, nothing else
    assert moved.version == before.version + 1
    text = answer.get_data(as_text=True)
    assert_nothing_hidden(store, game_id, text)
    steps = 0
    while 'id="advance-form"' in text:
        version = _form_field(text, "advance-form", "version")
        seen = _form_field(text, "advance-form", "seen")
        assert version == str(truth(store, game_id).version) and 'data-waiting="1"' in text
        step = web.post(f"{path}/advance", data={"version": version, "seen": seen}, headers=HX)
        assert step.status_code == 200
        after = truth(store, game_id)
        assert after.version == int(version) + 1
        text = step.get_data(as_text=True)
        assert_nothing_hidden(store, game_id, text)
        live = re.search(r'<div hx-swap-oob="beforeend:#announce"><p>(.*?)</p></div>', text, re.S)
        assert live and live.group(1).strip()  # added to what the live region says
        assert not re.search(r"You (led|beat|passed|discarded)", live.group(1))  # only what is new
        # the same step again (a double click, a second tab): nothing changes
        again = web.post(f"{path}/advance", data={"version": version, "seen": seen}, headers=HX)
        assert again.status_code == 200 and truth(store, game_id).deal == after.deal
        steps += 1
        assert steps < 10
    assert 'data-waiting="0"' in text
    final = truth(store, game_id)
    assert final.deal.is_over or final.deal.to_act == final.seat
    # nothing is waiting: "advance" changes nothing, GET never does
    assert web.post(f"{path}/advance", data={"version": str(final.version)}, headers=HX).status_code == 200
    web.get(path)
    assert truth(store, game_id).version == final.version


def _left_waiting(web, store: Any, lang: str, game: str) -> tuple[str, str]:
    """A table where, after your first move (with htmx), a computer seat is to act."""
    for seed in range(33, 60):
        path, game_id = new_table(web, lang, game, seed)
        table = parse(web.get(path).get_data(as_text=True))
        web.post(path, data={"version": table.version, **_my_move(table)}, headers=HX)
        waiting = truth(store, game_id)
        if not waiting.deal.is_over and waiting.deal.to_act != waiting.seat:
            return path, game_id
    raise AssertionError("the computer never had to move")


def test_skip_and_the_plain_form_run_the_computer_to_your_turn(play_app: Flask, web) -> None:
    store = store_for(play_app)
    path, game_id = _left_waiting(web, store, "pl", "tien-gow")
    # "Skip to your turn" (a stale version is fine: skipping only ever makes the computer's moves)
    response = web.post(f"{path}/advance", data={"version": "0", "to": "turn"}, headers=HX)
    assert response.status_code == 200 and 'id="advance-form"' not in response.get_data(as_text=True)
    after = truth(store, game_id)
    assert after.deal.is_over or after.deal.to_act == after.seat
    # a table left waiting, without JavaScript: its "Skip to your turn" button is a plain form
    other, other_id = _left_waiting(web, store, "hi", "chuo-pai")
    left = truth(store, other_id)
    text = web.get(other).get_data(as_text=True)
    assert 'id="skip-button"' in text and 'name="to" value="turn"' in text
    plain = web.post(f"{other}/advance", data={"version": str(left.version)})
    assert plain.status_code == 303 and urlsplit(plain.headers["Location"]).path == other
    back = truth(store, other_id)
    assert back.deal.is_over or back.deal.to_act == back.seat
    # without JavaScript the table never waits: the form's POST runs the computer to your turn
    table = parse(web.get(path).get_data(as_text=True))
    if table.has_form:
        assert web.post(path, data={"version": table.version, **_my_move(table)}).status_code == 303
        later = truth(store, game_id)
        assert later.deal.is_over or later.deal.to_act == later.seat
        assert 'id="advance-form"' not in web.get(path).get_data(as_text=True)


@pytest.mark.parametrize("version", ["x", "", "-1", "٣", "9" * 12, "1.0"])
def test_a_malformed_advance_changes_nothing(play_app: Flask, web, version: str) -> None:
    store = store_for(play_app)
    path, game_id = new_table(web, "fa", "chuo-pai", 35)
    table = parse(web.get(path).get_data(as_text=True))
    web.post(path, data={"version": table.version, **_my_move(table)}, headers=HX)
    before = truth(store, game_id)
    response = web.post(f"{path}/advance", data={"version": version}, headers=HX)
    assert response.status_code == 409 and "<html" not in response.get_data(as_text=True)
    plain = web.post(f"{path}/advance", data={"version": version})
    assert plain.status_code == 303 and "refused=stale" in plain.headers["Location"]
    assert truth(store, game_id).deal == before.deal
    assert web.post(f"/fa/chuo-pai/games/{new_id()}/advance", data={"version": "1"}).status_code == 404
    assert web.post(f"/fa/tien-gow/games/{game_id}/advance", data={"version": "1"}).status_code == 404
    assert web.get(f"{path}/advance").status_code == 405


def test_the_speed_setting(play_app: Flask, web) -> None:
    path, game_id = new_table(web, "fa", "chuo-pai", 37)
    text = web.get(path).get_data(as_text=True)
    assert 'name="speed" value="fast"' in text and 'aria-pressed="true"' in text
    response = web.post(f"{path}/speed", data={"speed": "relaxed"})
    assert response.status_code == 303 and response.headers["Location"].endswith(path)
    assert "paiyou_speed=relaxed" in response.headers["Set-Cookie"]
    assert re.search(r'value="relaxed" class="[^"]*button--chosen', web.get(path).get_data(as_text=True))
    for bad in ("", "warp", "fast " * 10, "<b>"):
        refused_ = web.post(f"{path}/speed", data={"speed": bad})
        assert refused_.status_code == 400 and "Set-Cookie" not in refused_.headers
        assert "سرعت ناشناخته" in refused_.get_data(as_text=True)  # in the page's language
    # a forged cookie is the default speed
    web.set_cookie("paiyou_speed", "ludicrous")
    table = parse(web.get(path).get_data(as_text=True))
    assert table.version is not None
    web.post(path, data={"version": table.version, **_my_move(table)}, headers=HX)
    waiting = web.get(path).get_data(as_text=True)
    if 'id="advance-form"' in waiting:
        assert 'data-delay="350"' in waiting


def test_an_illegal_action_in_a_record_names_its_player_and_tiles(web) -> None:
    """Issue 30: an illegal action in a replayed record was reported without its player or tiles;
    the page now says who played what there (the tiles isolated left to right)."""
    spec = game_rules("chuo-pai")
    deal, rng = spec.new_deal(5), random.Random(1)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    record = spec.to_record(deal)
    lead = record["rounds"][1]["actions"][0]
    missing = next(k for k in ("1-1", "1-2", "1-3", "2-2", "6-6") if k not in record["hands"][lead["player"]])
    lead["tiles"] = [missing]
    answer = web.post("/en/chuo-pai/replay", json=record)
    assert answer.status_code == 422
    text = html.unescape(answer.get_data(as_text=True))
    seat = ("You", "West", "East")[lead["player"]]
    assert f"({seat}, \u2066{missing}\u2069)" in text
