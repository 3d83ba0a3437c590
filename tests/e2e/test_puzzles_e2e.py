"""Solving lessons in the browser (chromium), by clicking the drawn tiles, in right-to-left
languages: with JavaScript (htmx swaps the verdict into the aria-live region, the URL stays) and
without (the form posts, redirects, and the result page shows the same verdict; axe, which needs
JavaScript, checks the answered state in the first test).

The tiles to click come from the engine's solution, never from stored answers. Progress survives
a reload (a cookie), and the answered states pass axe too.

Set PAIYOU_SCREENSHOTS=<folder> to save an answered lesson step in en and ar at 1280 and 375 px.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from paiyou.puzzles.loading import load_course
from paiyou.puzzles.model import PASS, Puzzle

ROOT = Path(__file__).resolve().parents[2]
AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}
SCREENSHOTS = os.environ.get("PAIYOU_SCREENSHOTS")


def assert_accessible(page: Page) -> None:
    results = AXE.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def tiles_to_click(puzzle: Puzzle, answer: str) -> list[int]:
    hand = [t.key for t in puzzle.hand_tiles()]
    chosen: list[int] = []
    for key in answer.split():
        chosen.append(next(i for i, k in enumerate(hand) if k == key and i not in chosen))
    return chosen


def select(page: Page, indices: list[int]) -> None:
    """Click the drawn tiles (the labels of the checkboxes); clear anything else."""
    boxes = page.locator("input[name=tile]")
    for i in range(boxes.count()):
        if boxes.nth(i).is_checked() != (i in indices):
            page.locator(f"label[for=pick-{i}]").click()
    for i in indices:
        expect(boxes.nth(i)).to_be_checked()


def answer_puzzle(page: Page, puzzle: Puzzle, play_button: str, pass_button: str) -> None:
    answer = puzzle.solution.answers[0]
    if answer == PASS:
        select(page, [])
        page.locator(f"button[name=answer][value={pass_button}]").click()
    else:
        select(page, tiles_to_click(puzzle, answer))
        page.locator(f"button[name=answer][value={play_button}]").click()


def test_a_lesson_with_javascript_in_arabic(browser: Browser, base_url: str) -> None:
    course = load_course(ROOT / "content", "chuo-pai")
    lesson = course.lesson("beat-or-pass")
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/ar/chuo-pai/puzzles")
    page.locator(f'a[href="/ar/chuo-pai/puzzles/{lesson.id}"]').click()
    expect(page).to_have_url(f"{base_url}/ar/chuo-pai/puzzles/{lesson.id}/1")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    for step in lesson.steps:
        if step.kind == "explain":
            page.locator(".step-nav a.button:not(.button--quiet)").click()
            continue
        url = page.url
        feedback = page.locator("#feedback")
        expect(feedback).to_have_attribute("aria-live", "polite")
        if step is lesson.puzzles[0]:  # a wrong answer first: pass although a beat exists
            select(page, [])
            page.locator("button[name=answer][value=pass]").click()
            expect(feedback.locator(".feedback--wrong")).to_be_visible()
            assert page.url == url  # htmx: no navigation
            page.locator(".hint summary").click()
            expect(page.locator(".hint p")).to_be_visible()
        answer_puzzle(page, step, "play", "pass")
        expect(feedback.locator(".feedback--right")).to_be_visible()
        assert page.url == url
        done = page.locator(f"#lesson-steps li:nth-child({step.number}).steps__item--done")
        expect(done).to_have_count(1)  # the step list was updated out of band
        feedback.locator("details.beaters summary").click()
        expect(feedback.locator("details.beaters[open]")).to_have_count(1)
        if step is lesson.puzzles[3]:
            assert_accessible(page)
            if SCREENSHOTS:
                for width in (1280, 375):
                    page.set_viewport_size({"width": width, "height": 900})
                    folder = Path(SCREENSHOTS)
                    folder.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(folder / f"puzzle_ar_{width}.png"), full_page=True)
                page.set_viewport_size({"width": 1280, "height": 900})
        feedback.locator("a.button:not(.button--quiet)").click()
    # the last step's "next" leads to the next lesson; the path shows the stars after a reload
    expect(page).to_have_url(f"{base_url}/ar/chuo-pai/puzzles/rounds/1")
    page.goto("/ar/chuo-pai/puzzles")
    page.reload()
    row = page.locator(".path__lesson").nth(lesson.number - 1)
    expect(row).to_have_class("path__lesson path__lesson--done")
    expect(row.locator(".star--on")).to_have_count(2)  # one puzzle needed a second try
    context.close()


def test_a_lesson_without_javascript_in_persian(browser: Browser, base_url: str) -> None:
    course = load_course(ROOT / "content", "tien-gow")
    lesson = course.lesson("face-up")
    context = browser.new_context(base_url=base_url, java_script_enabled=False,
                                  viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(f"/fa/tien-gow/puzzles/{lesson.id}/1")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    for step in lesson.steps:
        if step.kind == "explain":
            page.locator(".step-nav a.button:not(.button--quiet)").click()
            continue
        path = f"/fa/tien-gow/puzzles/{lesson.id}/{step.number}"
        expect(page).to_have_url(f"{base_url}{path}")
        answer_puzzle(page, step, "play", "pass")
        # POST, 303, GET: the result has its own URL, the same one reproduces it
        result = urlsplit(page.url)
        assert result.path == path and "answer=" in result.query and result.fragment == "feedback"
        expect(page.locator("#feedback .feedback--right")).to_be_visible()
        if step is lesson.puzzles[0]:  # (axe needs JavaScript: the answered state is checked above)
            page.goto(f"{result.path}?{result.query}")
            expect(page.locator("#feedback .feedback--right")).to_be_visible()
        page.locator("#feedback a.button:not(.button--quiet)").click()
    page.goto("/fa/tien-gow/puzzles")
    row = page.locator(".path__lesson").nth(lesson.number - 1)
    expect(row.locator(".star--on")).to_have_count(3)
    context.close()


def test_tiles_are_chosen_by_keyboard(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto("/en/chuo-pai/puzzles/bonus/3")  # 6-6 3-3 4-5 1-2 2-4: the last two move
    boxes = page.locator("input[name=tile]")
    boxes.nth(3).focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(boxes.nth(3)).to_be_checked()
    expect(boxes.nth(4)).to_be_checked()
    expect(boxes.nth(0)).not_to_be_checked()
    page.locator("button[name=answer][value=play]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#feedback .feedback--right")).to_be_visible()
    context.close()


@pytest.mark.skipif(not SCREENSHOTS, reason="screenshots only on request (PAIYOU_SCREENSHOTS)")
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("width", [1280, 375])
def test_screenshots(browser: Browser, base_url: str, lang: str, width: int) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"/{lang}/chuo-pai/puzzles/specials/2")
    page.goto(f"/{lang}/chuo-pai/puzzles/beat-or-pass/6?tile=1&answer=play")
    page.locator("details.beaters summary").click()
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"lesson_{lang}_{width}.png"), full_page=True)
    context.close()
