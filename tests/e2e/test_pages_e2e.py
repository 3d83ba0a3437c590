"""Every page (tests/e2e/pages.py) in every language, at desktop and phone widths, in chromium:
no request leaves 127.0.0.1, ``dir`` is right, htmx 2.0.11 is loaded with the strict config,
no console error (a CSP violation is one), no horizontal overflow, and zero axe-core violations
(wcag2a, wcag2aa, wcag21aa, best-practice). The language switcher works by keyboard.

Set PAIYOU_SCREENSHOTS=<folder> to also save a full-page screenshot of each case.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.pages import LANGUAGES, PAGES, RTL, VIEWPORTS

AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],  # only what the test reads: about 3x faster on big pages
}
SCREENSHOTS = os.environ.get("PAIYOU_SCREENSHOTS")


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def viewport_page(request: pytest.FixtureRequest, browser: Browser, base_url: str):
    """One browser page per viewport, reused by every case at that width (fast)."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS[request.param])
    page = context.new_page()
    page.viewport_name = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_page_in_browser(viewport_page: Page, base_url: str, path: str, lang: str) -> None:
    page = viewport_page
    requests: list[str] = []
    errors: list[str] = []
    on_request = lambda r: requests.append(r.url)  # noqa: E731
    on_console = lambda m: errors.append(m.text) if m.type == "error" else None  # noqa: E731
    page.on("request", on_request)
    page.on("console", on_console)
    try:
        response = page.goto(path.format(lang=lang))
        assert response is not None and response.status == 200
        page.wait_for_load_state("load")
        expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang in RTL else "ltr")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        if page.evaluate("!!document.querySelector('[hx-get], [hx-post]')"):  # a page that uses htmx
            assert page.evaluate("window.htmx && htmx.version") == "2.0.11"
            assert page.evaluate("[htmx.config.allowEval, htmx.config.includeIndicatorStyles]") == [False, False]
        else:  # the others do not load it
            assert page.evaluate("typeof window.htmx") == "undefined"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal overflow"
        results = AXE.run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
        if SCREENSHOTS:
            name = f"{lang}_{path.strip('/').replace('/', '_').replace('{lang}', '') or 'home'}"
            folder = Path(SCREENSHOTS)
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(folder / f"{name}_{page.viewport_name}.png"), full_page=True)
    finally:
        page.remove_listener("request", on_request)
        page.remove_listener("console", on_console)
    host = urlsplit(base_url).netloc
    assert [u for u in requests if urlsplit(u).netloc != host and not u.startswith("data:")] == []
    assert errors == []


def test_switcher_is_reachable_by_keyboard_and_remembered(page: Page) -> None:
    page.goto("/en/glossary")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    focused = []
    for _ in range(25):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("document.activeElement.getAttribute('hreflang')"))
        if focused[-1] == "pl":
            break
    assert [code for code in focused if code] == list(LANGUAGES)
    page.keyboard.press("Enter")
    page.wait_for_url("**/pl/glossary")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.goto("/")
    assert urlsplit(page.url).path == "/pl/"


def test_skip_link_moves_focus_to_main(page: Page) -> None:
    page.goto("/fa/")
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_root_follows_the_browser_language(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="fa-IR")
    page = context.new_page()
    page.goto("/")
    assert urlsplit(page.url).path == "/fa/"
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_sources_name_never_wraps_inside_a_right_to_left_line(browser: Browser, base_url: str,
                                                                  viewport: str) -> None:
    """A left-to-right name broken across two lines of a right-to-left paragraph put "(optional"
    at the end of one line and "rule)" at the far start of the next (the fa read of issue 50, L4).
    So a work's title is a paragraph of its own direction, still at the page's start (the right):
    its lines read in order; and a source's short name in a list of them is drawn in one piece."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS[viewport])
    try:
        page = context.new_page()
        for game in ("tien-gow", "chuo-pai"):
            page.goto(f"/fa/{game}/sources")
            titles = page.evaluate("""[...document.querySelectorAll('.sources-list dt > cite')].map(c => {
                const dt = c.parentElement, box = dt.getBoundingClientRect();
                const lines = [...c.getClientRects()];
                return [c.textContent, getComputedStyle(dt).direction,
                        Math.max(...lines.map(r => box.right - r.right))];
            })""")
            latin = [(name, direction, gap) for name, direction, gap in titles if name[:1].isascii()]
            assert len(latin) >= 4, titles
            assert [name for name, direction, _ in latin if direction != "ltr"] == []
            assert [name for name, _, gap in latin if gap > 1] == []  # every line at the right
            short = page.evaluate("[...document.querySelectorAll('.receipt-card cite')]"
                                  ".map(c => [c.textContent, c.getClientRects().length])")
            assert short
            assert [name for name, boxes in short if boxes != 1] == []
    finally:
        context.close()


def test_persian_lists_are_numbered_exactly_where_english_ones_are(browser: Browser, base_url: str) -> None:
    """A Persian numbered list counts in Persian digits, and a list its class unnumbers stays
    unnumbered: the rule for Persian digits once outweighed every such class, so the field's
    decisions read «۱. تصمیم ۱» (the fa read of issue 50, L10), and the ladders and paths too."""
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        styles = "[...document.querySelectorAll('ol')].map(o => getComputedStyle(o).listStyleType)"
        persian = {"none": "none", "decimal": "persian"}
        checked = 0
        # and a lesson step with the plays so far (.timeline: a list that numbers its plays)
        for path in [*PAGES, "/{lang}/chuo-pai/puzzles/rounds/4"]:
            page.goto(path.format(lang="en"))
            english = page.evaluate(styles)
            page.goto(path.format(lang="fa"))
            assert page.evaluate(styles) == [persian[style] for style in english], path
            checked += len(english)
        assert checked
    finally:
        context.close()
