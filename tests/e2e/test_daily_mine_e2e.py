"""Your dailies and the progress key in the browser (chromium), in English and Arabic (right to left),
at desktop (1280×800) and phone size (375×740): today's deal played to the end, then the calendar
with its streak; the key page makes a key shown once with its Copy button (the script's), and a
second browser that enters it has the same streak and calendar; nothing wider than the screen.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_daily_e2e import TABLE_URL, play_out

WAIT = 120_000  # ms: a computer move or a server at load 40
# A streak of one day as each language writes it: Arabic says one and two in words («يوم واحد»).
ONE_DAY = {"en": r"\b1\b", "ar": "يوم واحد"}


def no_wider_than_the_screen(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_the_calendar_and_the_progress_key_carry_a_streak_to_another_browser(
        browser: Browser, base_url: str, lang: str, width: int, height: int) -> None:
    viewport = {"width": width, "height": height}
    context = browser.new_context(base_url=base_url, viewport=viewport,
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"/{lang}/tien-gow/daily")
    page.locator("#daily-start").click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match is not None
    play_out(page, match.group(2))
    page.goto(f"/{lang}/daily")
    page.locator("#daily-yours-link").click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    streak = page.locator("#daily-streak-current").inner_text()
    assert re.search(ONE_DAY[lang], streak), streak  # a streak of one day
    expect(page.locator(".daily__calendar-day")).to_have_count(1)
    no_wider_than_the_screen(page, width)

    page.goto(f"/{lang}/daily/key")
    expect(page.locator("#key-value")).to_have_count(0)
    page.locator("#key-make").click()
    field = page.locator("#key-value")
    expect(field).to_be_visible()
    key = field.input_value()
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", key)
    copy = page.locator("[data-copy-button]")
    expect(copy).to_be_visible()  # the script shows the buttons
    copy.click()
    expect(page.locator("[data-copy-output]")).not_to_be_empty()
    assert page.evaluate("navigator.clipboard.readText()") == key
    no_wider_than_the_screen(page, width)
    page.goto(f"/{lang}/daily/key")  # shown once: a GET never shows it again
    expect(page.locator("#key-value")).to_have_count(0)

    other = browser.new_context(base_url=base_url, viewport=viewport)
    second = other.new_page()
    second.set_default_timeout(WAIT)
    second.goto(f"/{lang}/daily/key")
    second.locator("#key-entered").fill(key)
    second.locator("#key-enter").click()
    expect(second.locator("#key-adopted")).to_be_visible()
    second.goto(f"/{lang}/daily/yours")
    assert second.locator("#daily-streak-current").inner_text() == streak
    expect(second.locator(".daily__calendar-day")).to_have_count(1)
    no_wider_than_the_screen(second, width)
    other.close()
    context.close()
