"""Hints, reviews, replays and the shuffle check in the browser (chromium), left-to-right and
right-to-left: what issue 30 found wrong there, each measured on the rendered page.

- The shuffle check runs in the page (SubtleCrypto; 127.0.0.1 is a secure context) and says
  whether the record's commitment matches; a tampered salt does not.
- "New deal" during a deal asks in a <dialog> first; "Continue your deal" keeps the deal.
- On a phone the Tien Gow settlement breakdown scrolls sideways with a visible cue, and in the
  Arabic review the tile rows start under their right-aligned headings.
- Every page here passes axe.
"""
from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}


def api(base: str, path: str, body: Any = None, key: str | None = None) -> Any:
    """The game API; ``key``: the deal's seat key, for what only its player may do."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {key}"} if key else {})}
    request = urllib.request.Request(base + path, data=data, headers=headers,
                                     method="GET" if body is None else "POST")
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def finished(base: str, game: str, seed: int) -> str:
    data = api(base, f"/api/v1/{game}/games", {"seed": seed, "level": "greedy"})
    key = data["key"]
    rng = random.Random(seed)
    while not data["view"]["is_over"]:
        action = rng.choice(data["view"]["legal_actions"])
        data = api(base, f"/api/v1/games/{data['id']}/actions", {"version": data["version"], **action}, key)
    return str(data["id"])


def assert_accessible(page: Page) -> None:
    results = AXE.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_shuffle_check_runs_in_the_page(page: Page, live_server: str, lang: str) -> None:
    game_id = finished(live_server, "tien-gow", 3)
    page.goto(f"/{lang}/tien-gow/games/{game_id}/review")
    # The analysis runs beside the review, and when it ends the page reloads itself (HX-Refresh):
    # let it end first, or the reload interrupts this test's next navigation (seen under load)
    expect(page.locator("#analysis[hx-get]")).to_have_count(0)
    button = page.locator("[data-shuffle-button]")
    expect(button).to_be_visible()
    button.click()
    output = page.locator("[data-shuffle-output]")
    expect(output).to_have_attribute("data-result", "match")
    record = api(live_server, f"/api/v1/games/{game_id}/record")
    expect(output).to_contain_text(record["commitment"])
    assert_accessible(page)
    # The same record with another salt, replayed: the page and the browser both say no.
    page.goto(f"/{lang}/tien-gow/replay")
    page.fill("#record", json.dumps({**record, "salt": "0" * 32}))
    page.click("#replay-submit")
    page.wait_for_url("**/replay/*")
    expect(page.locator("#shuffle-verdict")).to_have_class("alert alert--error")
    page.locator("[data-shuffle-button]").click()
    expect(page.locator("[data-shuffle-output]")).to_have_attribute("data-result", "mismatch")
    page.go_back()  # Back: the form page again, never "Confirm form resubmission"
    expect(page.locator("#record")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_new_deal_during_a_deal_asks_in_a_dialog(page: Page, live_server: str, lang: str) -> None:
    created = api(live_server, "/api/v1/chuo-pai/games", {"seed": 7})
    game_id = created["id"]
    # this browser is the deal's player: its seat key in the cookie, as if it had dealt it
    page.context.add_cookies([{"name": "paiyou_seats", "value": f"{game_id}:{created['key']}",
                               "url": live_server}])
    table = f"/{lang}/chuo-pai/games/{game_id}"
    page.goto(table)
    page.locator(".play__links form[data-ask] button[type=submit]").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-dialog-stay")).to_be_focused()
    assert_accessible(page)
    page.locator("#confirm-dialog-stay").click()
    expect(page.locator("dialog")).to_have_count(0)
    assert page.url.endswith(table)
    page.locator(".play__links form[data-ask] button[type=submit]").click()
    page.locator("#confirm-dialog-go").click()
    page.wait_for_url(lambda url: "/games/" in url and game_id not in url)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_on_a_phone_the_settlement_scrolls_with_a_cue_and_rtl_tiles_align(page: Page, live_server: str,
                                                                         lang: str) -> None:
    page.set_viewport_size({"width": 375, "height": 740})
    game_id = finished(live_server, "tien-gow", 3)
    page.goto(f"/{lang}/tien-gow/games/{game_id}")
    boxes = page.evaluate("""() => [...document.querySelectorAll('.table-scroll')].map(e => ({
        over: e.scrollWidth > e.clientWidth, cue: getComputedStyle(e).backgroundImage,
        right: e.getBoundingClientRect().right, page: document.documentElement.clientWidth}))""")
    for box in boxes:
        assert box["right"] <= box["page"]  # the container itself is on the screen
        if box["over"]:
            assert "linear-gradient" in box["cue"]  # and says there is more
    page.goto(f"/{lang}/tien-gow/games/{game_id}/review?step=0")
    gaps = page.evaluate("""() => [...document.querySelectorAll('.review__hand')].map(row => {
        const box = row.getBoundingClientRect(), tiles = [...row.children].map(t => t.getBoundingClientRect());
        return [tiles[0].left - box.left, box.right - tiles[tiles.length - 1].right]; })""")
    for start_gap, end_gap in gaps:
        assert (end_gap if lang == "ar" else start_gap) < 2  # rows start where their heading starts
    assert_accessible(page)
