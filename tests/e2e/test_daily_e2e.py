"""Today's daily deal in the browser (chromium), in English and Arabic (right to left), at desktop
(1280×800) and phone size (375×740): the day's page started by its form (a plain POST, the table
follows), the deal played to the end through the game API with the seat key this browser keeps, then
the day's page again: the result against the field with its SVG chart (a text table beside it),
the share text and the leaderboard, mirrored in Arabic, nothing wider than the screen; and, once
the day is revealed, the deal's review with what the field played at the player's decisions.
"""
from __future__ import annotations

import re
import time as _time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import daily

TABLE_URL = re.compile(r"/(en|ar)/tien-gow/games/([A-Za-z0-9_-]+)$")


def seat_key(page: Page, game_id: str) -> str:
    seats = next(c["value"] for c in page.context.cookies() if c["name"] == "paiyou_seats")
    return dict(pair.split(":") for pair in seats.strip('"').split("."))[game_id]


def play_out(page: Page, game_id: str) -> None:
    """Every move the seat's first legal action, through the API (the computer's answers included)."""
    headers = {"Authorization": f"Bearer {seat_key(page, game_id)}"}
    data: Any = page.request.get(f"/api/v1/games/{game_id}", headers=headers).json()
    moves = 0
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        response = page.request.post(f"/api/v1/games/{game_id}/actions", data=body, headers=headers)
        assert response.ok, response.text()
        data = response.json()
        moves += 1
        assert moves < 100


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_todays_deal_played_to_the_end_shows_the_result_with_its_chart(browser: Browser, base_url: str, lang: str,
                                                                        width: int, height: int) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"/{lang}/daily")
    expect(page.locator(".daily__card")).to_have_count(2)
    page.locator('a[href$="/tien-gow/daily"]').first.click()
    page.locator("#daily-start").click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match is not None
    play_out(page, match.group(2))
    page.reload()
    expect(page.locator("#daily-result-link")).to_be_visible()
    page.locator("#daily-result-link").click()
    result = page.locator("#daily-result")
    expect(result).to_be_visible()
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    chart = page.locator("#daily-chart")
    expect(chart).to_be_visible()
    assert chart.locator("rect.daily__bar--yours").count() == 1
    assert chart.get_attribute("role") == "img"
    expect(page.locator("#daily-share")).to_be_visible()
    expect(page.locator("#daily-board")).to_be_visible()
    assert result.evaluate("e => getComputedStyle(e).direction") == ("rtl" if lang == "ar" else "ltr")
    page.locator(".daily__table summary").click()  # the chart's text alternative opens
    expect(page.locator(".daily__table table")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


class _LaterClock:
    """``time`` as ``engine.daily`` reads it, ``offset`` seconds later: the in-process server's day
    moves past today's reveal without touching any other clock (cookies, limits, the store's)."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def time(self) -> float:
        return _time.time() + self.offset


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_a_revealed_days_review_shows_what_the_field_played(browser: Browser, base_url: str, lang: str,
                                                           width: int, height: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's deal played to the end; then, once the day is revealed, its review opens and, at the
    player's own decisions, shows how many players reached the position and what they chose."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"/{lang}/tien-gow/daily")
    page.locator("#daily-start").click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match is not None
    game_id = match.group(2)
    play_out(page, game_id)
    review = f"/{lang}/tien-gow/games/{game_id}/review"
    assert page.request.get(review).status == 409  # closed until the day's reveal
    day = daily.today()
    monkeypatch.setattr(daily, "time", _LaterClock(daily.reveals_at(day).timestamp() + 60 - _time.time()))
    steps = 0
    for step in range(1, 60):  # the first step that was one of this player's decisions
        page.goto(f"{review}?step={step}")
        if page.locator("#field").count():
            steps = step
            break
    assert steps, "no step of the review showed what the field played"
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    field = page.locator("#field")
    expect(field).to_be_visible()
    expect(field.locator(".field__reached")).to_be_visible()
    expect(field.locator(".field__choice--yours")).to_have_count(1)  # this player's own choice, marked
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
