"""No Chinese character of any page renders as a missing-glyph box, in any language, even when
the Chinese subset font arrives late.

The machines this runs on have no CJK system font, so every Chinese character must come from
the site's subset font (static/fonts/paiyou-cjk.woff2). Chromium reports which fonts drew each
text node (DevTools ``CSS.getPlatformFontsForNode``): a Chinese character drawn as a box is
counted under a Latin, Arabic or Devanagari font instead. The font is held back for a moment
before it is served, as on a slow connection: that is when bold Chinese shaped in the Latin
stack (天九 in the Chuo Pai rules table) kept its boxes.
"""
from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import Browser, Route

from tests.e2e.pages import LANGUAGES, PAGES

CHINESE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
FONT_DELAY_SECONDS = 0.4  # a slow connection, injected: the race this test is about


def chinese_drawn_as_boxes(page) -> list[tuple[str, list[str]]]:  # type: ignore[no-untyped-def]
    """(text, fonts) of every text node whose Chinese characters were not all drawn by a font
    that has them."""
    # A closed fold (<details>: a rule's receipt) lays nothing out; open every one, so its Chinese
    # is drawn and checked too.
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.evaluate("document.fonts.ready")
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1})["root"]
        found: list[tuple[str, list[str]]] = []
        stack = [root]
        while stack:
            node = stack.pop()
            stack.extend(node.get("children", []))
            text = node.get("nodeValue", "") if node.get("nodeType") == 3 else ""
            wanted = len(CHINESE.findall(text))
            if not wanted or node.get("parentId") is None:
                continue
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            drawn = sum(f["glyphCount"] for f in fonts if f["isCustomFont"] or "CJK" in f["familyName"])
            if drawn < wanted:
                found.append((text.strip()[:40], [f["familyName"] for f in fonts]))
        return found
    finally:
        cdp.detach()


@pytest.fixture(scope="module")
def slow_font_page(browser: Browser, base_url: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    released = threading.Event()

    def late_font(route: Route) -> None:
        released.wait(FONT_DELAY_SECONDS)  # held back, as on a slow connection (never released early)
        route.continue_()

    context.route("**/fonts/paiyou-cjk.woff2*", late_font)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_no_chinese_character_renders_as_a_box(slow_font_page, path: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page = slow_font_page
    response = page.goto(path.format(lang=lang))
    assert response is not None and response.status == 200
    assert chinese_drawn_as_boxes(page) == []


def test_the_check_sees_a_box(slow_font_page) -> None:  # type: ignore[no-untyped-def]
    """A character the subset font lacks (龍) is reported: the check can fail."""
    page = slow_font_page
    page.goto("/en/")
    page.evaluate("() => { const p = document.createElement('p'); p.textContent = '龍'; document.body.append(p); }")
    assert [text for text, _ in chinese_drawn_as_boxes(page)] == ["龍"]
