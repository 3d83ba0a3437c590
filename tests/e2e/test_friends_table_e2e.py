"""A table with friends on a screen (issue 45, item 10): at 1280×800 and 375×740, in English and
Arabic, the turn timer and the "Live updates are interrupted" notice stand beside the status line,
inside the viewport on the player's own turn, and a seat whose player is away or has no page open
is greyed on the felt and says so in words.

The table is set up through the API (every seat a person's, a 120 s timer, so nothing plays by
itself while the test looks); the browser is the seat to act, by its key in the seats cookie.
Every wait is on a condition.
"""
from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from paiyou.config import LANGUAGE_CODES
from paiyou.i18n.numerals import DIGITS, numbering_system
from scripts.patience import PATIENT, PATIENT_MS
from tests.e2e.pages import VIEWPORTS
from tests.e2e.test_play_e2e import SCREENSHOTS, assert_accessible, shot

WAIT_MS = PATIENT_MS  # a server's answer on a loaded machine (scripts/patience.py)

# Each box inside the viewport (and not a zero-size box).
IN_VIEWPORT = """(ids) => ids.map((id) => {
  const b = document.getElementById(id).getBoundingClientRect();
  const inside = b.width > 0 && b.height > 0 && b.top >= -1 && b.left >= -1
    && b.bottom <= window.innerHeight + 1 && b.right <= window.innerWidth + 1;
  const at = [b.left, b.top, b.right, b.bottom].map(Math.round).join(",");
  return inside ? null : `${id} at ${at}`;
}).filter(Boolean)"""


def call(base_url: str, path: str, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {key}"} if key else {})})
    with urllib.request.urlopen(request, timeout=PATIENT) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def full_table(base_url: str) -> tuple[str, dict[int, str], int]:
    """A Chuo Pai table of three people with a 120 s timer: its id, each seat's key, the seat to act."""
    table = call(base_url, "/api/v1/chuo-pai/games", {"seats": ["you", "friend", "friend"], "timer": 120})
    keys = {0: table["key"]}
    for _ in (1, 2):
        joined = call(base_url, f"/api/v1/games/{table['id']}/seats", {"invite": table["invite"]})
        keys[joined["seat"]] = joined["key"]
        to_act = joined["view"]["to_act"]
    return table["id"], keys, to_act


def open_as(browser: Browser, base_url: str, size: str, lang: str, game_id: str, key: str,
            stream_down: bool = False) -> Page:
    """The table in a new browser holding ``key``; with ``stream_down``, its events stream answers
    502 (as nginx does while the events process restarts)."""
    context = browser.new_context(viewport=VIEWPORTS[size], base_url=base_url)
    context.set_default_timeout(WAIT_MS)
    host = base_url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "paiyou_seats", "value": f"{game_id}:{key}", "domain": host, "path": "/"}])
    if stream_down:
        context.route("**/events", lambda route: route.fulfill(status=502, body="down"))
    page = context.new_page()
    page.goto(f"/{lang}/chuo-pai/games/{game_id}")
    return page


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_timer_and_the_live_notice_are_in_view_on_your_turn(browser: Browser, base_url: str, size: str,
                                                                 lang: str) -> None:
    game_id, keys, to_act = full_table(base_url)
    page = open_as(browser, base_url, size, lang, game_id, keys[to_act], stream_down=True)
    try:
        assert "status--turn" in (page.locator("#status").get_attribute("class") or "")
        expect(page.locator("#countdown")).not_to_be_empty(timeout=WAIT_MS)  # live.js ticks at once
        expect(page.locator("#live-status")).not_to_be_empty(timeout=WAIT_MS)  # the stream failed
        assert page.evaluate(IN_VIEWPORT, ["status", "countdown", "live-status"]) == [], (size, lang)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        # the others have no page open: their seats are greyed on the felt, and say so in words
        for seat in {0, 1, 2} - {to_act}:
            panel = page.locator(f".felt .seat[data-seat='{seat}']")
            assert "seat--absent" in (panel.get_attribute("class") or ""), seat
            expect(panel.locator(".badge--absent")).to_be_visible()
        own = page.locator(f".felt .seat[data-seat='{to_act}']")
        assert "seat--absent" not in (own.get_attribute("class") or "")  # this page counts as here
        shot(page, f"friends-turn-{lang}-{size}")
        if SCREENSHOTS:  # what the player sees without scrolling
            page.screenshot(path=str(Path(SCREENSHOTS) / f"friends-turn-{lang}-{size}-viewport.png"))
        assert_accessible(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_countdown_writes_the_pages_digits(browser: Browser, base_url: str, lang: str) -> None:
    """The countdown live.js writes («زمان باقی‌ماندهٔ مریم: ۱:۳۲») has the digits the server writes
    on that page («۱۲۰ ثانیه»), on the seat's own turn and on another's."""
    digits = DIGITS.get(numbering_system(lang), DIGITS["latn"])
    others = "".join(d for system in DIGITS.values() for d in system if d not in digits)
    game_id, keys, to_act = full_table(base_url)
    for seat in (to_act, next(s for s in keys if s != to_act)):
        page = open_as(browser, base_url, "phone", lang, game_id, keys[seat])
        try:
            countdown = page.locator("#countdown")
            expect(countdown).to_have_text(re.compile(f"[{digits}]+:[{digits}]{{2}}"))
            said = countdown.inner_text()
            assert not [ch for ch in said if ch in others], (lang, seat, said)
        finally:
            page.context.close()


def test_an_away_seat_is_marked_on_the_felt(browser: Browser, base_url: str) -> None:
    game_id, keys, to_act = full_table(base_url)
    away = next(seat for seat in keys if seat != to_act)
    call(base_url, f"/api/v1/games/{game_id}/leave", {}, key=keys[away])
    page = open_as(browser, base_url, "phone", "en", game_id, keys[to_act])
    try:
        panel = page.locator(f".felt .seat[data-seat='{away}']")
        expect(panel.locator(".badge--absent")).to_have_text("Away")  # in words, not only grey
        assert "seat--absent" in (panel.get_attribute("class") or "")
        assert page.evaluate(f"getComputedStyle(document.querySelector(\".felt .seat[data-seat='{away}'] "
                             ".seat__avatar\")).filter") == "grayscale(1)"
    finally:
        page.context.close()
