"""Persian digits draw in their Persian shapes (scripts/build_persian_digits_font.py): on a Persian
page every Extended Arabic-Indic digit («۴۵۶۷») comes from the site's digits face, cut from Noto
Sans Arabic, not from Noto Naskh Arabic, whose ۴ ۶ ۷ are the Urdu ones (a Persian reader saw «∠»
for ۷). Chromium says which font drew each text node's glyphs (``CSS.getPlatformFontsForNode``)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

PERSIAN_DIGITS = re.compile(r"[\u06f0-\u06f9]")


def digits_not_in_the_digits_face(page: Page) -> tuple[int, list[tuple[str, list[str]]]]:
    """How many Persian digits the page shows, and (text, fonts) of each node whose digits were
    not all drawn by the site's digits face."""
    page.evaluate("document.fonts.ready")
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        stack = [cdp.send("DOM.getDocument", {"depth": -1})["root"]]
        seen, wrong = 0, []
        while stack:
            node = stack.pop()
            stack.extend(node.get("children", []))
            text = node.get("nodeValue", "") if node.get("nodeType") == 3 else ""
            wanted = len(PERSIAN_DIGITS.findall(text))
            if not wanted or node.get("parentId") is None:
                continue
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            if not fonts:  # not laid out (a closed fold, a hidden caption)
                continue
            seen += wanted
            drawn = sum(f["glyphCount"] for f in fonts if f["isCustomFont"] and "Sans Arabic" in f["familyName"])
            if drawn < wanted:
                wrong.append((text.strip()[:40], [f["familyName"] for f in fonts]))
        return seen, wrong
    finally:
        cdp.detach()


@pytest.mark.parametrize("path", ["/fa/", "/fa/tien-gow/rules", "/fa/daily"])
def test_persian_digits_come_from_the_persian_digits_face(browser: Browser, base_url: str, path: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        response = page.goto(path)
        assert response is not None and response.status == 200
        seen, wrong = digits_not_in_the_digits_face(page)
        assert seen and wrong == []
    finally:
        context.close()


def test_the_check_sees_a_digit_from_another_font(browser: Browser, base_url: str) -> None:
    """The same digits in a span set in Noto Naskh Arabic alone are reported: the check can fail."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto("/fa/")
        page.evaluate("""() => { const s = document.createElement("span");
            s.style.fontFamily = '"Noto Naskh Arabic"'; s.textContent = "۴۵۶۷";
            document.querySelector("main").append(s); }""")
        seen, wrong = digits_not_in_the_digits_face(page)
        assert ("۴۵۶۷", ["Noto Naskh Arabic"]) in wrong
    finally:
        context.close()
