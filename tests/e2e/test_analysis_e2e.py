"""The analysis of a finished deal in the browser (chromium), in Arabic (right to left), at
desktop (1280×800, with JavaScript: htmx polls the analysis box) and phone size (375×740, without
JavaScript: the page refreshes itself while the analysis runs).

A quick deal against greedy players, played by the offered quick moves; then the review: the
analysis is waited for (a condition, never a sleep), its summary heads the page, every graded
move of yours carries a visible mark with its name for screen readers, and selecting a marked
move opens its step with its judgement in view: your move beside the best and the hand you chose
it from; the step before points one step on (Previous, Next). Then the mistakes become puzzles:
"practise" adds them to the deck, a puzzle from it is answered and judged. Every page here passes
axe (with JavaScript), and nothing overflows the phone's width.
"""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from tests.e2e.test_play_e2e import TABLE_URL, deal, move, settled, version

AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}


@pytest.mark.parametrize(("width", "height", "js"), [(1280, 800, True), (375, 740, False)])
def test_the_review_shows_the_analysis_and_its_marks(browser: Browser, base_url: str, width: int, height: int,
                                                     js: bool) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=js,
                                  viewport={"width": width, "height": height})
    page = context.new_page()
    deal(page, "ar", "chuo-pai", 41, level="greedy")
    assert TABLE_URL.search(page.url)
    table_url = page.url
    moves = 0
    while page.locator("#play-form").count():
        before = version(page)
        move(page, moves)
        if js:  # the computer's moves arrive one by one: wait until they all have
            settled(page, before)
        else:  # a plain form: the answer is the table after the computer's moves
            expect(page.locator("#table")).not_to_have_attribute("data-version", str(before))
        moves += 1
        assert moves < 100
    page.goto(table_url + "/review")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    summary = page.locator("#analysis")
    expect(summary).to_be_visible()
    expect(page.locator(".analysis__accuracy")).to_be_visible()  # polled until done (the worker thread)
    assert summary.evaluate("e => getComputedStyle(e).direction") == "rtl"
    marks = page.locator(".review__move-list .grade")
    assert marks.count() >= 1
    expect(marks.first).to_be_visible()
    names = {"أفضل حركة", "حركة جيدة", "عدم دقة", "خطأ", "خطأ فادح"}
    assert marks.first.locator(".visually-hidden").inner_text() in names  # read out, not shown
    expect(page.locator(".analysis__duplicate")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if js:  # axe runs in the page
        results = AXE.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()

    # a marked move selected in the move list: the page opens at its step, its judgement right
    # there in view (on a phone too), with the hand it was chosen from
    graded = page.locator(".review__move--graded a").nth(1)
    href = graded.get_attribute("href") or ""
    step = int(re.search(r"step=(\d+)#review-steps$", href).group(1))  # type: ignore[union-attr]
    grade = graded.locator(".grade").get_attribute("class")
    graded.click()
    page.wait_for_url(re.compile(rf"step={step}#review-steps$"))
    decision = page.locator(".analysis__decision")
    expect(decision).to_be_visible()
    expect(decision.locator(".analysis__verdict")).to_be_in_viewport()
    assert decision.locator(".analysis__verdict .grade").get_attribute("class") == grade  # the mark's grade
    current = page.locator('.review__move-list a[aria-current="step"]')
    assert current.get_attribute("href") == href and current.locator(".grade").get_attribute("class") == grade
    played = decision.locator(".analysis__tiles--played svg").count()
    hand = decision.locator(".analysis__position .analysis__hand")
    expect(hand).to_be_visible()
    assert hand.locator(".analysis__hand-tile--played").count() == played  # the move still in hand
    if decision.locator(".analysis__row--best").count():
        assert hand.locator(".analysis__hand-tile--best").count() == decision.locator(
            ".analysis__tiles--best svg").count()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # one step back: the position where you were to play points at that judgement, one step on
    page.locator('a[data-key="prev"]').click()
    page.wait_for_url(re.compile(rf"step={step - 1}#review-steps$"))
    ahead = page.locator(".analysis__ahead a")
    expect(ahead).to_be_in_viewport()
    assert (ahead.get_attribute("href") or "").endswith(f"step={step}#review-steps")
    page.locator('a[data-key="next"]').click()
    page.wait_for_url(re.compile(rf"step={step}#review-steps$"))
    expect(page.locator(".analysis__decision .analysis__verdict")).to_be_in_viewport()
    if js:  # the judgement and its hand pass axe too
        results = AXE.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()

    add = page.locator(".analysis__add button")
    serious = page.locator(".review__move-list .grade--mistake, .review__move-list .grade--blunder")
    if not serious.count():
        # a mistake is graded only on clear evidence (docs/analysis.md): none, and nothing to practise
        expect(add).to_have_count(0)
        context.close()
        return
    expect(add).to_be_visible()
    add.click()
    expect(page.locator(".mistakes__due a").first).to_be_visible()
    page.locator(".mistakes__due a").first.click()
    expect(page.locator("input[name=choice]").first).to_be_attached()
    page.locator(".mistake__move label").first.click()
    page.locator(".mistake__form button[type=submit]").click()
    expect(page.locator("#feedback .grade")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if js:
        results = AXE.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
    context.close()
