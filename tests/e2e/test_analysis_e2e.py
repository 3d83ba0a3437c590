"""The analysis of a finished deal in the browser (chromium), in Arabic (right to left), at
desktop (1280×800, with JavaScript: htmx polls the analysis box) and phone size (375×740, without
JavaScript: the page refreshes itself while the analysis runs).

A deal against greedy players with a mistake in it: the engine finds, before the browser starts,
the first deal of a few seeds in which the human — playing greedy's own moves — meets a legal move
that the app's analysis grades a mistake or a blunder, and the browser plays that line, the
mistake included. Then the review: the analysis is waited for (a condition, never a sleep), its
summary heads the page, every graded move of yours carries a visible mark with its name for
screen readers, and selecting a marked move opens its step with its judgement in view: your move
beside the best and the hand you chose it from; the step before points one step on (Previous,
Next). Then the mistakes become puzzles: "practise" adds them to the deck, the mistake's puzzle
is answered with the same move and judged wrong, as the analysis graded it. Every page here passes
axe (with JavaScript), and nothing overflows the phone's width.
"""
from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from engine.analysis import BLUNDER, GOOD_BELOW, MISTAKE, assess, estimate, graded_cost
from engine.games import game as game_spec
from engine.seating import agent_rng
from paiyou.deals.game import HUMAN_SEAT
from scripts.loopback import ANALYSIS_LEVEL
from tests.e2e.test_play_e2e import TABLE_URL, deal, settled, version

GAME = "chuo-pai"
SEEDS = range(41, 61)  # searched in order: most deals of Chuo Pai have such a move (41 has none)


@functools.cache
def a_line_with_a_mistake() -> tuple[int, tuple[Any, ...], int, int]:
    """(seed, the human's moves as the browser makes them, the step (the actions before it) of the
    one the analysis grades a mistake or a blunder, and its index among the legal moves of its
    position): the first deal of ``SEEDS`` against greedy (with the site's generators,
    ``engine.seating``) in which the human, playing greedy's moves, meets a decision where a legal
    move is graded a mistake or a blunder at the app's analysis level; that move is played there,
    greedy's after it. Forced passes are left out: the site makes them (auto-pass is on)."""
    spec = game_spec(GAME)
    greedy = spec.make_agent("greedy")
    for seed in SEEDS:
        state, moves, step, legal_index = spec.new_deal(seed), [], -1, -1
        while not state.is_over:
            seat = state.to_act
            view = state.view(seat)
            legal = list(view.legal_actions())
            action = greedy.choose(view, agent_rng(state, seat))
            if seat == HUMAN_SEAT and len(legal) == 1 and not legal[0].tiles:
                state = state.apply(action, player=seat)  # a forced pass, made by the site
                continue
            if seat == HUMAN_SEAT and step < 0 and len(legal) > 1:
                found = estimate(GAME, view, level=ANALYSIS_LEVEL)
                costly = sorted((c for c in found.candidates if graded_cost(c.cost, c.cost_margin) >= GOOD_BELOW),
                                key=lambda c: -c.cost)  # at least an inaccuracy: the analysis confirms it
                harsh = next((c.action for c in costly
                              if assess(GAME, view, c.action, level=ANALYSIS_LEVEL).grade in (MISTAKE, BLUNDER)),
                             None)
                if harsh is not None:
                    action = next(a for a in legal if a.as_dict() == harsh.as_dict())
                    step, legal_index = state.action_count, legal.index(action)
            if seat == HUMAN_SEAT:
                moves.append(action)
            state = state.apply(action, player=seat)
        if step >= 0:
            return seed, tuple(moves), step, legal_index
    raise AssertionError(f"no deal of seeds {SEEDS} offers a mistake")


def play(page: Page, action: Any, js: bool) -> None:
    """The human's ``action``: its "plays you may make" button, or Pass; then the table's answer."""
    before = version(page)
    if action.tiles:
        page.locator(f'button[name=quick][value="{action.notation}"]').first.click()
    else:
        page.locator("#pass-button").click()
    if js:  # the computer's moves arrive one by one: wait until they all have
        settled(page, before)
    else:  # a plain form: the answer is the table after the computer's moves
        expect(page.locator("#table")).not_to_have_attribute("data-version", str(before))

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
    seed, moves, mistake_step, legal_index = a_line_with_a_mistake()
    deal(page, "ar", GAME, seed, level="greedy")
    assert TABLE_URL.search(page.url)
    table_url = page.url
    for action in moves:
        expect(page.locator("#play-form")).to_be_attached()
        play(page, action, js)
    expect(page.locator("#play-form")).to_have_count(0)  # the line ends the deal, as in the engine
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

    # the mistake found by the engine is marked so in the move list, and practised as a puzzle:
    # the same move is judged wrong there
    marked = page.locator(f'.review__move--graded a[href$="step={mistake_step + 1}#review-steps"] .grade')
    assert re.search(r"grade--(mistake|blunder)\b", marked.get_attribute("class") or "")
    add = page.locator(".analysis__add button")
    expect(add).to_be_visible()
    add.click()
    puzzle = page.locator(f'.mistakes__due a[href$="/{mistake_step}"]')
    expect(puzzle).to_be_visible()
    puzzle.click()
    page.locator(f"input[name=choice][value='{legal_index}']").check()
    page.locator(".mistake__form button[type=submit]").click()
    expect(page.locator("#feedback .alert--error .grade")).to_be_visible()
    assert re.search(rf"grade--({MISTAKE}|{BLUNDER})\b",
                     page.locator("#feedback .grade").get_attribute("class") or "")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if js:
        results = AXE.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
    context.close()
