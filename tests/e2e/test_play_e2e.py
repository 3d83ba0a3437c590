"""Whole deals in the browser (chromium), with and without JavaScript, left-to-right and
right-to-left.

- With JavaScript (htmx): every move swaps the table in place (the URL never changes), the
  computer's moves arrive one by one and are announced in the live region, focus stays in the
  table.
- Without JavaScript: plain forms, POST then redirect then GET, to the end of the deal.
- Both end with the result, the settlement, the deal record (downloaded) and "new deal".
- Tiles are chosen by mouse, by keyboard (Space on a focused tile, Enter on a button) and by
  touch; the selection is checked as you go.
- The drawing: Chuo Pai seats run clockwise, Tien Gow counter-clockwise, in every language, never
  mirrored on right-to-left pages (measured on the rendered page).

Set PAIYOU_SCREENSHOTS=<folder> to save the table at 1280 and 375 px (en, fa) and at the end.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from scripts.patience import wait_until_settled

SCREENSHOTS = os.environ.get("PAIYOU_SCREENSHOTS")
AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}


def assert_accessible(page: Page) -> None:
    results = AXE.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
TABLE_URL = re.compile(r"/(\w\w)/(chuo-pai|tien-gow)/games/([A-Za-z0-9_-]{32})$")


def shot(page: Page, name: str) -> None:
    if SCREENSHOTS:
        folder = Path(SCREENSHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def move(page: Page, index: int) -> None:
    """One move by the human: a "plays you may make" button, else Pass, else a face-down
    discard of the first tiles (chosen by clicking them)."""
    plays = re.findall(r'name="quick" value="([^"]*)"', page.content())
    if plays:
        # the biggest plays first (a deal of Chuo Pai then takes fewer moves), varied by index
        size = max(len(p.split()) for p in plays)
        biggest = [p for p in plays if len(p.split()) == size]
        page.locator(f'button[name=quick][value="{biggest[index % len(biggest)]}"]').first.click()
        return
    if page.locator("#pass-button:not([disabled])").count():
        page.locator("#pass-button").click()
        return
    discard = int(page.locator("#play-form").get_attribute("data-discard") or 0)
    assert discard, "no way to move"
    picks = page.locator("label.pick")
    for k in range(discard):
        picks.nth(k).click()
        expect(page.locator("input[name=tile]").nth(k)).to_be_checked()
    page.locator("#down-button").click()


def settled(page: Page, before: int) -> None:
    """Wait until the table has answered a move and the computer's moves have all arrived (the
    page asks for them one by one): a newer version, nothing waiting, no request on its way; the
    limit holds for each computer move, however many come in a row."""
    wait_until_settled(page, before)


def deal(page: Page, lang: str, game: str, seed: int, level: str | None = None) -> None:
    """The start page, then "New deal" (a POST) with a seed: the table."""
    page.goto(f"/{lang}/{game}/play")
    page.locator("#seed").fill(str(seed))
    if level:
        page.locator(f"#level-{level}").check()
    page.locator("#new-deal").click()
    page.wait_for_url(TABLE_URL)


def play_to_the_end(page: Page, lang: str, game: str, seed: int, js: bool) -> dict:
    deal(page, lang, game, seed)
    match = TABLE_URL.search(page.url)
    assert match and match.group(1) == lang and match.group(2) == game
    table_url = page.url
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang in ("ar", "fa") else "ltr")
    moves = 0
    announced = False
    while page.locator("#play-form").count():
        before = version(page)
        move(page, moves + seed)
        if js:
            settled(page, before)
            assert page.url == table_url  # swapped in place by htmx, no navigation
            announced = announced or bool(page.locator("#announce").inner_text().strip())
            # focus stays in the table (never moved to the top of the page)
            assert page.evaluate("!!document.activeElement.closest('#table')")
        else:
            expect(page.locator(f'#table[data-version="{before + 1}"]')).to_be_attached()
            assert page.url == table_url  # POST, redirect, GET: back on the table's URL
        moves += 1
        assert moves < 100
    if js:
        assert announced, "the computer's moves were never announced"
    expect(page.locator("#result-title")).to_be_visible()
    expect(page.locator("#new-deal")).to_be_visible()
    if game == "tien-gow":
        expect(page.locator("#pillars-caption")).to_be_visible()
    else:
        expect(page.locator("#piles-caption")).to_be_visible()
    with page.expect_download() as download:
        page.locator("a[download]").click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["game"] == game and record["seed"] == seed
    return record


@pytest.fixture
def js_page(browser: Browser, base_url: str):
    context = browser.new_context(base_url=base_url, reduced_motion="reduce", accept_downloads=True,
                                  viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    # a refused move is answered 422 by design (the table and the reason come with it)
    errors = [e for e in errors if "status of 422" not in e and "status of 400" not in e]
    context.close()
    assert errors == []


@pytest.fixture
def no_js_page(browser: Browser, base_url: str):
    context = browser.new_context(base_url=base_url, java_script_enabled=False, accept_downloads=True,
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize(("lang", "game", "seed"), [("en", "chuo-pai", 3), ("fa", "tien-gow", 4)])
def test_a_whole_deal_with_javascript(js_page: Page, lang: str, game: str, seed: int) -> None:
    assert js_page.evaluate("1") == 1
    record = play_to_the_end(js_page, lang, game, seed, js=True)
    assert_accessible(js_page)  # the result, the settlement tables, the record link
    shot(js_page, f"end_{lang}_{game}_1280")
    table_url = js_page.url
    js_page.locator("#new-deal").click()
    js_page.wait_for_url(TABLE_URL)
    assert js_page.url != table_url
    assert record["format"] == 1


@pytest.mark.parametrize(("lang", "game", "seed"), [("ar", "chuo-pai", 5), ("pl", "tien-gow", 6)])
def test_a_whole_deal_without_javascript(no_js_page: Page, lang: str, game: str, seed: int) -> None:
    record = play_to_the_end(no_js_page, lang, game, seed, js=False)
    shot(no_js_page, f"end_{lang}_{game}_375_nojs")
    assert record["format"] == 1


def _leading_table(page: Page, lang: str) -> None:
    for seed in range(40):
        deal(page, lang, "chuo-pai", seed)
        if page.locator('#play-form[data-phase="lead"]').count():
            return
    raise AssertionError("the human never led")


def test_keyboard_selection_and_play(js_page: Page) -> None:
    _leading_table(js_page, "en")
    before = version(js_page)
    first = js_page.locator("input[name=tile]").first
    first.focus()
    js_page.keyboard.press("Space")
    expect(first).to_be_checked()
    expect(js_page.locator("#selection")).to_have_text("That is a play you may make.")
    expect(js_page.locator("button[name=quick].is-match")).to_have_count(1)
    js_page.keyboard.press("Space")
    expect(first).not_to_be_checked()
    # two different cards that make no play: said at once, and refused by the server too
    boxes = js_page.locator("input[name=tile]")
    values = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
    from engine.chuo_pai import classify
    from engine.tiles import parse_tiles

    pair = next((i, j) for i in range(len(values)) for j in range(i + 1, len(values))
                if classify(parse_tiles(f"{values[i]} {values[j]}")) is None)
    for i in pair:
        boxes.nth(i).focus()
        js_page.keyboard.press("Space")
    expect(js_page.locator("#selection")).to_have_text("Those cards are not a play you may make now.")
    js_page.locator("#play-button").focus()
    js_page.keyboard.press("Enter")
    expect(js_page.locator("#table .alert--error")).to_be_visible()
    assert_accessible(js_page)  # the table with a refused move and its reason
    assert version(js_page) == before
    expect(js_page.locator("input[name=tile]:checked")).to_have_count(2)  # the selection is kept
    # a legal play by keyboard: one card alone always leads
    for i in pair:
        boxes.nth(i).focus()
        js_page.keyboard.press("Space")
    boxes.first.focus()
    js_page.keyboard.press("Space")
    js_page.locator("#play-button").focus()
    js_page.keyboard.press("Enter")
    settled(js_page, before)
    # after the computer's moves, focus is back on the button you used (or, disabled, in your hand)
    if js_page.locator("#play-button:not([disabled])").count():
        expect(js_page.locator("#play-button")).to_be_focused()
    else:
        assert js_page.evaluate("!!document.activeElement.closest('#play-form')")
    assert js_page.evaluate("window.scrollY") == 0


def test_touch_selection(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 375, "height": 740},
                                  has_touch=True, is_mobile=True, reduced_motion="reduce")
    page = context.new_page()
    for seed in range(40):
        deal(page, "pl", "tien-gow", seed)
        if page.locator('#play-form[data-phase="follow"]').count():
            break
    discard = int(page.locator("#play-form").get_attribute("data-discard") or 0)
    before = version(page)
    for k in range(discard):
        page.locator("label.pick").nth(k).tap()
    expect(page.locator("input[name=tile]:checked")).to_have_count(discard)
    page.locator("#down-button").tap()
    settled(page, before)
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("width", [1280, 375])
def test_seats_are_drawn_in_play_order(browser: Browser, base_url: str, lang: str, width: int) -> None:
    """Chuo Pai clockwise: you (bottom) -> left -> right. Tien Gow counter-clockwise: you
    (bottom) -> right -> top -> left. The same on rtl pages: the table is never mirrored."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900},
                                  reduced_motion="reduce")
    page = context.new_page()
    for game in ("chuo-pai", "tien-gow"):
        deal(page, lang, game, 2)
        seats = range(4 if game == "tien-gow" else 3)
        box = {s: page.locator(f'.felt [data-seat="{s}"]').bounding_box() for s in seats}
        centre = {s: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for s, b in box.items() if b}
        you = centre[0]
        if game == "chuo-pai":
            assert centre[1][0] < centre[2][0]  # seat 1 on the left, seat 2 on the right
            assert centre[1][1] < you[1] and centre[2][1] < you[1]
        else:
            assert centre[1][0] > centre[3][0]  # seat 1 on the right, seat 3 on the left
            assert centre[2][1] < centre[1][1] < you[1] and centre[2][1] < centre[3][1]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, f"table_{lang}_{game}_{width}")
    context.close()


@pytest.mark.parametrize(("lang", "js"), [("fa", False), ("en", True), ("ar", True)])
def test_choose_a_level_then_continue_your_deal(browser: Browser, base_url: str, lang: str, js: bool) -> None:
    """At phone width: the start page deals nothing, offers the engine's levels (standard
    preselected on a first visit), "New deal" deals at the chosen level, and the start page then offers
    "Continue your deal", which leads back to the same table."""
    context = browser.new_context(base_url=base_url, java_script_enabled=js, reduced_motion="reduce",
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.goto(f"/{lang}/play")
    page.locator('a[href$="/tien-gow/play"]').first.click()
    page.wait_for_url(re.compile(r"/tien-gow/play$"))
    expect(page.locator("#continue-deal")).to_have_count(0)
    levels = page.locator("input[name=level]")
    assert levels.count() >= 3
    expect(page.locator("#level-standard")).to_be_checked()  # a first visit: standard (issue 30)
    if js:  # axe runs as a script (the start pages are also checked by test_pages_e2e)
        assert_accessible(page)
    deal(page, lang, "tien-gow", 12, level="greedy")
    table_url = page.url
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang in ("ar", "fa") else "ltr")
    expect(page.locator(".seat").first).to_have_attribute("dir", "rtl" if lang in ("ar", "fa") else "ltr")
    expect(page.locator(".play__level")).to_be_visible()
    if js:
        assert_accessible(page)
    page.goto(f"/{lang}/tien-gow/play")
    page.locator("#continue-deal").click()
    page.wait_for_url(table_url)
    context.close()


def test_play_with_nothing_selected_asks_for_cards(no_js_page: Page) -> None:
    _leading_table(no_js_page, "ar")
    before = version(no_js_page)
    no_js_page.locator("#play-button").click()
    expect(no_js_page.locator("#table .alert--error")).to_be_visible()
    assert "refused=choose-first" in no_js_page.url  # POST → 303 → GET: nothing to resubmit
    assert version(no_js_page) == before


@pytest.mark.parametrize(("lang", "failure"), [("pl", "abort"), ("fa", 503)])
def test_a_failed_request_says_so_and_retries(browser: Browser, base_url: str, lang: str, failure: object) -> None:
    context = browser.new_context(base_url=base_url, reduced_motion="reduce",
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    deal(page, lang, "tien-gow", 21)
    before = version(page)

    def fail_once(route):  # type: ignore[no-untyped-def]
        if route.request.method != "POST":
            route.continue_()
        elif failure == "abort":
            route.abort("internetdisconnected")
        else:
            route.fulfill(status=int(str(failure)), body="down")

    page.route(re.compile(r"/games/[A-Za-z0-9_-]{32}$"), fail_once)
    if page.locator("button[name=quick]").count():
        page.locator("button[name=quick]").first.click()
    else:
        for k in range(int(page.locator("#play-form").get_attribute("data-discard") or 0)):
            page.locator("label.pick").nth(k).click()
        page.locator("#down-button").click()
    failure_box = page.locator("#play-failure")
    expect(failure_box).to_be_visible()
    expect(failure_box).to_have_attribute("role", "alert")
    assert not re.search(r"[A-Za-z]{4,}", failure_box.inner_text()) or lang == "pl"
    assert version(page) == before
    page.unroute(re.compile(r"/games/[A-Za-z0-9_-]{32}$"))
    failure_box.locator("button").click()
    settled(page, before)
    expect(page.locator("#play-failure")).to_have_count(0)
    context.close()


@pytest.mark.parametrize(("lang", "game"), [("en", "chuo-pai"), ("ar", "tien-gow")])
def test_on_a_phone_the_hand_and_buttons_follow_the_status_line(browser: Browser, base_url: str,
                                                                 lang: str, game: str) -> None:
    context = browser.new_context(base_url=base_url, reduced_motion="reduce",
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    deal(page, lang, game, 7)
    for move in range(3):  # at the start, and with a finished round or trick on the table
        status = page.locator("#status").bounding_box()
        controls = page.locator(".controls").bounding_box()
        log = page.locator(".log").bounding_box()
        assert status and controls and log
        # the buttons end within one screen of the status line; the log comes after them
        assert controls["y"] + controls["height"] - status["y"] <= 740, move
        assert log["y"] > controls["y"]
        quick = page.locator("button[name=quick]")
        if not quick.count():
            break
        before = version(page)
        quick.first.click()
        settled(page, before)
        page.goto(page.url)  # the table as it stands, read from the top
        expect(page.locator("#status")).to_be_visible()
    if game == "tien-gow":  # the hand grouped civil / military
        expect(page.locator(".hand__group")).to_have_count(2)
    context.close()


@pytest.mark.parametrize(("lang", "js"), [("ar", True), ("hi", False)])
def test_a_hint_selects_the_suggested_move(browser: Browser, base_url: str, lang: str, js: bool) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=js, reduced_motion="reduce",
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    deal(page, lang, "tien-gow", 5)
    table_url = page.url
    page.locator("#hint-button").click()
    expect(page.locator("#hints-title")).to_be_visible()
    if js:
        assert page.url == table_url  # swapped in place
        assert_accessible(page)
    scores = page.locator(".hints__score")
    assert 1 <= scores.count() <= 5
    expect(page.locator("input[name=tile]:checked").first).to_be_attached()
    context.close()


def _finished_record(game: str) -> dict:
    from engine.games import GAMES
    from engine.rng import make_rng

    spec = GAMES[game]
    agent = spec.make_agent("greedy")
    deal = spec.new_deal(9)
    while not deal.is_over:
        deal = deal.apply(agent.choose(deal.view(deal.to_act), make_rng(deal.action_count)), player=deal.to_act)
    return spec.to_record(deal)


@pytest.mark.parametrize(("lang", "js"), [("en", True), ("fa", True), ("ar", False)])
def test_replay_a_record_and_step_through_it(browser: Browser, base_url: str, lang: str, js: bool) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=js, reduced_motion="reduce",
                                  viewport={"width": 375, "height": 740})
    page = context.new_page()
    record = _finished_record("tien-gow")
    page.goto(f"/{lang}/tien-gow/play")
    page.locator(".start__replay a").click()
    bad = json.loads(json.dumps(record))
    bad["tricks"][2]["actions"][1]["tiles"] = ["6-6"]
    page.locator("#record").fill(json.dumps(bad))
    page.locator("#replay-submit").click()
    expect(page.locator("#replay-error")).to_be_visible()
    assert re.match(r"^\S+ [۳3]", page.locator("#replay-error").inner_text())  # "trick 3, …"
    page.locator("#record").fill(json.dumps(record))
    page.locator("#replay-submit").click()
    expect(page.locator("#result-title")).to_be_visible()  # the last step: the settlement
    where = page.locator("#review-where").inner_text()
    if js:
        assert_accessible(page)
        back = "ArrowRight" if lang in ("ar", "fa") else "ArrowLeft"
        page.wait_for_load_state("load")  # play.js (deferred) listens for the arrow keys
        page.keyboard.press(back)
        expect(page.locator("#review-where")).not_to_have_text(where)
        expect(page.locator("#result-title")).to_have_count(0)
    else:
        page.locator('[data-key="prev"]').click()
        expect(page.locator("#review-where")).not_to_have_text(where)
    context.close()


def test_after_the_end_review_next_deal_and_statistics(browser: Browser, base_url: str) -> None:
    """Right-to-left with JavaScript: the end of a Tien Gow deal links the face-up review (arrow
    keys step), "Next deal" continues the match (its table), and the play page counts the deal in
    your statistics, which a confirmed reset forgets."""
    context = browser.new_context(base_url=base_url, reduced_motion="reduce", accept_downloads=True,
                                  viewport={"width": 1280, "height": 900})
    page = context.new_page()
    play_to_the_end(page, "fa", "tien-gow", 8, js=True)
    expect(page.locator("#working-caption")).to_be_visible()
    table_url = page.url
    page.locator("#review-link").click()
    expect(page.locator("#result-title")).to_be_visible()
    where = page.locator("#review-where").inner_text()
    page.wait_for_load_state("load")  # play.js (deferred) listens for the arrow keys
    page.keyboard.press("ArrowRight")  # rtl: back
    expect(page.locator("#review-where")).not_to_have_text(where)
    expect(page.locator("#shuffle-title")).to_be_visible()
    assert_accessible(page)  # the review
    page.goto(table_url)
    page.locator("#next-deal").click()
    page.wait_for_url(TABLE_URL)
    assert page.url != table_url
    expect(page.locator("#match-title")).to_be_visible()
    assert_accessible(page)
    page.goto("/fa/tien-gow/play")
    expect(page.locator("#stats-table tbody tr")).to_have_count(1)
    assert_accessible(page)  # the start page with your statistics
    page.locator(".start__reset summary").click()
    page.locator("#reset-stats").click()  # the box is required: nothing happens yet
    expect(page.locator("#stats-table")).to_have_count(1)
    page.locator("#confirm-reset").check()
    page.locator("#reset-stats").click()
    expect(page.locator("#stats-table")).to_have_count(0)
    context.close()
