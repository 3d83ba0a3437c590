"""One screen (issue 30): whole deals in the browser at 1280×800 and 375×740, in English and Arabic,
asserting after every move that the seats, the play to beat, your hand and its buttons are in view
together (inside the viewport, not under the docked hand), that the page did not scroll, and that
focus stayed in the table instead of jumping to the top.

The computer plays at the "instant" speed (the cookie, or the table's own speed form) and at the
greedy level, so a deal takes seconds; every wait is on a condition, never a sleep.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from scripts.patience import wait_until_settled
from tests.e2e.pages import VIEWPORTS
from tests.e2e.test_play_e2e import TABLE_URL, assert_accessible

# What must be in view, measured in the page: each box inside the viewport, and each thing on the
# felt really seen (the element at its centre belongs to it: the sticky dock does not cover it).
IN_VIEW = """() => {
  const W = window.innerWidth, H = window.innerHeight, out = [];
  const inside = (el, what) => {
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.top < -1 || b.left < -1 || b.bottom > H + 1 || b.right > W + 1) {
      out.push(`${what} at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`);
      return null;
    }
    return b;
  };
  const seen = (el, what) => {
    const b = inside(el, what);
    if (!b) return;
    for (const y of [b.top + 2, b.bottom - 2]) {  // its first and last line
      const hit = document.elementFromPoint(b.left + b.width / 2, y);
      if (!hit || !el.contains(hit)) out.push(`${what} covered by ${hit && (hit.id || hit.className)}`);
    }
  };
  document.querySelectorAll(".felt .seat").forEach(
    (s) => seen(s.querySelector(".seat__head"), `seat ${s.dataset.seat}`));
  const form = document.getElementById("play-form");
  const high = document.querySelector(".felt__high") || (form && document.querySelector(".felt__center"));
  if (high) seen(high, "the play to beat");
  if (form) {
    inside(form.querySelector(".hand"), "the hand");
    form.querySelectorAll(".controls button[name=move]").forEach((b) => inside(b, `button ${b.value}`));
    const quick = form.querySelector(".choices");
    if (quick) inside(quick, "the plays you may make");
  }
  return out;
}"""


def _version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def _assert_one_screen(page: Page, where: str) -> None:
    problems = page.evaluate(IN_VIEW)
    assert problems == [], where
    # nothing stretches the page sideways (rtl: the plays' hidden labels once made it ~2150px wide)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), where


def _moves_to_the_end(page: Page) -> Iterator[tuple[int, int]]:
    """The deal played out by ``_move``, each move settled (the computer's answers in): after each,
    the moves made so far and the table's version before the last one."""
    moves = 0
    while page.locator("#play-form").count():
        before = _version(page)
        _move(page, moves)
        wait_until_settled(page, before)
        moves += 1
        assert moves < 60
        yield moves, before


def _move(page: Page, index: int) -> None:
    """A legal move by clicking: a "plays you may make" button (the biggest, so a Chuo Pai deal
    is short), else Pass, else a face-down discard of the first tiles."""
    plays = page.locator("#play-form button[name=quick]")
    if plays.count():
        values = [v or "" for v in plays.evaluate_all("(bs) => bs.map((b) => b.value)")]
        size = max(len(v.split()) for v in values)
        biggest = [i for i, v in enumerate(values) if len(v.split()) == size]
        plays.nth(biggest[index % len(biggest)]).click()
        return
    if page.locator("#pass-button:not([disabled])").count():
        page.locator("#pass-button").click()
        return
    discard = int(page.locator("#play-form").get_attribute("data-discard") or 0)
    assert discard, "no way to move"
    for k in range(discard):
        page.locator("label.pick").nth(k).click()
    page.locator("#down-button").click()


def _deal(page: Page, lang: str, game: str, seed: int) -> None:
    page.goto(f"/{lang}/{game}/play")
    page.locator("#seed").fill(str(seed))
    page.locator("#level-greedy").check()
    page.locator("#new-deal").click()
    page.wait_for_url(TABLE_URL)
    wait_until_settled(page, -1)


@pytest.mark.parametrize("game", ["chuo-pai", "tien-gow"])
@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ar", "phone"), ("ar", "desktop"),
                                            ("en", "phone")])
def test_a_whole_deal_on_one_screen(browser: Browser, base_url: str, lang: str, size: str, game: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS[size], reduced_motion="reduce")
    if (lang, size) != ("en", "desktop"):
        context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": base_url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    _deal(page, lang, game, 40 + len(lang) + len(size))
    if (lang, size) == ("en", "desktop"):  # the table's own speed form (POST, redirect, GET)
        page.locator('#speed-form button[value="instant"]').click()
        expect(page.locator('#speed-form button[value="instant"]')).to_have_attribute("aria-pressed", "true")
        assert_accessible(page)
    if (lang, size) == ("ar", "phone"):
        assert_accessible(page)
    if size == "desktop":  # the menu folds on a phone only: here its links are the header's row
        expect(page.locator(".site-nav__toggle")).to_be_hidden()
        expect(page.locator(".site-nav a").last).to_be_visible()
    table_url = page.url
    _assert_one_screen(page, "at the start")
    top = page.evaluate("window.scrollY")
    for moves, before in _moves_to_the_end(page):
        where = f"after move {moves}"
        assert page.url == table_url, where
        assert page.evaluate("window.scrollY") == top, where
        # focus stayed in the table (on the control you used, or the next one), never the top
        assert page.evaluate("!!document.activeElement && !!document.activeElement.closest('#table')"), where
        # the live region says your move, then adds each computer move as it comes
        said = page.locator("#announce").inner_text()
        assert said.strip(), where
        if lang == "en" and game == "tien-gow":  # one step, one computer move: each one is said
            steps = _version(page) - before - 1
            assert len(re.findall(r"(North|East|West) (led|beat it|discarded)", said)) == steps, said
        _assert_one_screen(page, where)
    expect(page.locator("#result-title")).to_be_visible()
    assert errors == []
    context.close()


def test_escape_skips_to_your_turn(browser: Browser, base_url: str) -> None:
    """At the relaxed speed the computer's moves come a second apart; Escape asks for all of them
    at once ("Skip to your turn", to=turn), and the table is yours again."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS["desktop"], reduced_motion="reduce")
    context.add_cookies([{"name": "paiyou_speed", "value": "relaxed", "url": base_url}])
    page = context.new_page()
    skips: list[str] = []
    page.on("request", lambda r: skips.append(r.url) if r.url.endswith("/advance")
            and "to=turn" in (r.post_data or "") else None)
    for seed in range(50, 80):
        _deal(page, "en", "tien-gow", seed)
        before = _version(page)
        _move(page, 0)
        page.wait_for_function("(v) => Number(document.getElementById('table').dataset.version) > v", arg=before)
        if page.locator("#skip-button").count():
            break
    expect(page.locator("#skip-button")).to_be_visible()
    expect(page.locator("#skip-keys")).to_contain_text("Escape")
    page.keyboard.press("Escape")
    wait_until_settled(page, before)
    assert skips, "Escape did not skip"
    expect(page.locator("#skip-button")).to_have_count(0)
    assert re.search(r"/games/[\w-]{32}$", page.url)
    context.close()


@pytest.mark.parametrize(("lang", "game"), [("ar", "tien-gow"), ("en", "chuo-pai")])
def test_without_javascript_the_docked_table_is_one_screen_too(browser: Browser, base_url: str, lang: str,
                                                              game: str) -> None:
    """The dock is CSS only: without JavaScript (POST, redirect, GET, the computer's moves made)
    every table of a deal at 375×740 shows the seats, your hand and its buttons at the top."""
    context = browser.new_context(base_url=base_url, java_script_enabled=False, viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(f"/{lang}/{game}/play")
    page.locator("#seed").fill("61")
    page.locator("#level-greedy").check()
    page.locator("#new-deal").click()
    page.wait_for_url(TABLE_URL)
    moves = 0
    while page.locator("#play-form").count():
        dock = page.locator("#dock").bounding_box()
        assert dock and dock["y"] + dock["height"] <= 741, moves
        for seat in page.locator(".felt .seat__head").all():
            box = seat.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= dock["y"] + 1, moves
        for part in (".hand", ".controls"):
            box = page.locator(f"#play-form {part}").bounding_box()
            assert box and box["y"] >= dock["y"] - 1 and box["y"] + box["height"] <= 741, (moves, part)
        before = _version(page)
        _move(page, moves)
        expect(page.locator(f'#table[data-version="{before + 1}"]')).to_be_attached()
        moves += 1
        assert moves < 60
    expect(page.locator("#result-title")).to_be_attached()
    context.close()


# Each element matched by the selector lies inside the viewport and is really seen: the element at
# its centre is it or inside it (a hand's tile counts with its invisible checkbox: its .pick label).
UNCOVERED = """(selector) => {
  const W = window.innerWidth, H = window.innerHeight, out = [];
  const found = document.querySelectorAll(selector);
  if (!found.length) return [`nothing matches ${selector}`];
  found.forEach((el, i) => {
    const b = el.getBoundingClientRect(), what = `${selector} #${i + 1}`;
    if (b.width === 0 || b.top < -1 || b.left < -1 || b.bottom > H + 1 || b.right > W + 1) {
      out.push(`${what} at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`);
      return;
    }
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    const own = el.closest(".pick") || el;
    if (!hit || !own.contains(hit)) out.push(`${what} covered by ${hit && (hit.id || hit.className)}`);
  });
  return out;
}"""

# The felt's last row (the previous trick or round) and your own seat end above the dock.
ABOVE_DOCK = """() => {
  const dock = document.getElementById("dock").getBoundingClientRect().top, out = [];
  for (const sel of [".felt__last", ".felt .seat--you"]) {
    const b = document.querySelector(sel).getBoundingClientRect();
    if (b.bottom > dock + 0.5) out.push(`${sel} ends at ${b.bottom}, the dock starts at ${dock}`);
  }
  return out;
}"""


@pytest.mark.parametrize("game", ["tien-gow", "chuo-pai"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hint_leaves_the_play_to_beat_and_your_hand_in_view(browser: Browser, base_url: str, size: str,
                                                              game: str) -> None:
    """Mid-deal, in Persian (rtl), at 1280×800 and 375×740: the previous trick or round and your seat
    are above the dock; with the suggested moves open, the play to beat on the felt, every tile of
    your hand and the best suggestion are all in view and uncovered."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS[size], reduced_motion="reduce")
    context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": base_url}])
    try:
        page = context.new_page()
        _deal(page, "fa", game, 7)
        moves = 0
        # on to a turn of yours with a play to beat and a finished trick or round on the felt
        while not (page.locator("#play-form").count() and page.locator(".felt__high").count()
                   and page.locator(".felt__last").count()):
            assert page.locator("#play-form").count(), f"the deal ended after {moves} moves"
            before = _version(page)
            _move(page, moves)
            wait_until_settled(page, before)
            moves += 1
            assert moves < 40
        assert page.evaluate(ABOVE_DOCK) == []
        assert page.evaluate(UNCOVERED, ".felt__last") == []
        assert page.evaluate(UNCOVERED, ".felt .seat--you .seat__head") == []

        table_url = page.url
        page.locator("#hint-button").click()
        expect(page.locator(".hints__item--best")).to_be_visible()
        assert page.url == table_url  # swapped in place
        assert page.evaluate(UNCOVERED, ".felt__high .tile") == []
        assert page.evaluate(UNCOVERED, "#play-form .hand .pick .tile") == []
        assert page.evaluate(UNCOVERED, ".hints__item--best") == []
        # the best move is selected in your hand, as before
        expect(page.locator("input[name=tile]:checked").first).to_be_attached()
        # at most three suggestions in view, the rest behind "more"
        listed = page.locator(".hints__list > li").count()  # none when the move is forced
        assert page.locator(".hints > .hints__list > li").count() == min(3, listed)
        more = page.locator(".hints__more")
        if more.count():
            later = more.locator(".hints__item").first
            expect(later).to_be_hidden()
            more.locator("summary").click()
            expect(later).to_be_visible()
    finally:
        context.close()


# The top navigation at 375 px on a table page (issue 50): folded behind one button between the brand
# and the languages, so the header is one row and no link is cut mid-word at the screen's edge; open,
# it lies over the table with every link whole on the screen.
HEADER_ONE_ROW = """() => {
  const tops = [".brand", ".site-nav__toggle", ".lang-switch"].map((s) => {
    const b = document.querySelector(s).getBoundingClientRect(); return [b.top, b.bottom]; });
  return tops.every(([top, bottom]) => top < tops[0][1] && bottom > tops[0][0]);
}"""
LINKS_CUT = """() => [...document.querySelectorAll(".site-nav a")].filter((a) => {
  const b = a.getBoundingClientRect();
  return b.width === 0 || b.left < -1 || b.right > window.innerWidth + 1 || a.scrollWidth > a.clientWidth + 1;
}).map((a) => a.textContent)"""


def _check_the_folded_nav(page: Page) -> None:
    toggle, links = page.locator(".site-nav__toggle"), page.locator(".site-nav a")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_accessible_name(re.compile(r"\S"))
    expect(links.first).to_be_hidden()
    assert page.evaluate(HEADER_ONE_ROW), "the brand, the menu's button and the languages are not one row"
    toggle.click()
    expect(links.last).to_be_visible()
    assert page.evaluate(LINKS_CUT) == []
    page.keyboard.press("Escape")  # closes the menu, as any menu, and leaves the focus on its button
    expect(links.first).to_be_hidden()
    expect(toggle).to_be_focused()
    toggle.click()
    expect(links.first).to_be_visible()
    page.locator(".felt .seat--you .seat__head").click()  # a click elsewhere closes it too
    expect(links.first).to_be_hidden()


OWN_ROW_ABOVE_DOCK = """() => document.querySelector(".felt .seat--you").getBoundingClientRect().bottom
  <= document.getElementById("dock").getBoundingClientRect().top + 0.5"""

# Every chip on the felt ("1 face down") on one line: its text's line boxes share one top.
CHIPS_ON_ONE_LINE = """() => [...document.querySelectorAll(".felt .chip")].filter((chip) => {
  const range = document.createRange();
  range.selectNodeContents(chip);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((chip) => chip.textContent)"""


@pytest.mark.parametrize("lang", ["hi", "fa", "pl"])
def test_on_a_phone_the_nav_folds_and_a_refusal_leaves_your_row_in_view(
        browser: Browser, base_url: str, lang: str) -> None:
    """At 375×740 on the Chuo Pai table (Hindi, Persian: rtl, Polish): the navigation folds behind a
    button and opens whole; two cards that make no play are refused, and the dock with the refusal
    and its cards leaves your own row uncovered and your hand in view; every chip of the deal stays
    on one line."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS["phone"], reduced_motion="reduce")
    context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": base_url}])
    try:
        page = context.new_page()
        _deal(page, lang, "chuo-pai", 50)
        _check_the_folded_nav(page)
        from engine.chuo_pai import classify
        from engine.tiles import parse_tiles

        boxes = page.locator("input[name=tile]")
        values = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
        pair = next((i, j) for i in range(len(values)) for j in range(i + 1, len(values))
                    if classify(parse_tiles(f"{values[i]} {values[j]}")) is None)
        for i in pair:
            page.locator("label.pick").nth(i).click()
        before = _version(page)
        page.locator("#play-button").click()
        expect(page.locator("#table .alert--error .alert__tiles")).to_be_visible()
        assert _version(page) == before
        assert page.evaluate(OWN_ROW_ABOVE_DOCK), "the dock covers your own row"
        assert page.evaluate(UNCOVERED, ".felt .seat--you .seat__head") == []
        _assert_one_screen(page, "with the refusal")
        for i in pair:  # unselected, then on to the end of the deal
            page.locator("label.pick").nth(i).click()
        for moves, _ in _moves_to_the_end(page):
            assert page.evaluate(CHIPS_ON_ONE_LINE) == [], f"after move {moves}"
        page.goto(f"/{lang}/")  # only a table page folds the menu
        expect(page.locator(".site-nav__toggle")).to_be_hidden()
        expect(page.locator(".site-nav a").last).to_be_visible()
    finally:
        context.close()


STRIP_FADE = """() => { const strip = document.querySelector(".choices__groups"), style = getComputedStyle(strip);
  return { over: strip.scrollWidth > strip.clientWidth + 1, fade: parseFloat(style.getPropertyValue("--strip-fade")),
           mask: style.maskImage || style.webkitMaskImage }; }"""


def test_a_strip_of_plays_longer_than_its_row_fades_out_at_its_end(browser: Browser, base_url: str) -> None:
    """Your plays at the start of a Chuo Pai deal (42 of them) overflow their row at 1280 px: the row
    fades out at its inline end (the left in Arabic), so the play cut at the edge reads as "more this
    way"; scrolled to its end, the fade is gone and the last play is whole."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS["desktop"], reduced_motion="reduce")
    context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": base_url}])
    try:
        page = context.new_page()
        _deal(page, "ar", "chuo-pai", 7)  # you lead, with 42 plays
        start = page.evaluate(STRIP_FADE)
        assert start["over"] and start["fade"] >= 24 and "to left" in start["mask"], start
        page.evaluate("""() => { const s = document.querySelector(".choices__groups");
                                 s.scrollTo({ left: -s.scrollWidth, behavior: "instant" }); }""")
        page.wait_for_function("""() => parseFloat(getComputedStyle(document.querySelector(".choices__groups"))
                                  .getPropertyValue("--strip-fade")) < 1""")
    finally:
        context.close()


CHIPS_OUT_OF_THEIR_SEAT = """() => [...document.querySelectorAll(".felt .seat")].flatMap((seat) => {
  const box = seat.getBoundingClientRect();
  return [...seat.querySelectorAll(".chip")].filter((chip) => { const b = chip.getBoundingClientRect();
    return b.left < box.left - 0.5 || b.right > box.right + 0.5; }).map((chip) => chip.textContent); })"""


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_on_a_phone_a_long_chip_stays_inside_its_seat(browser: Browser, base_url: str, lang: str) -> None:
    """Tien Gow at 375×740: West's first discard, «قطعة واحدة مقلوبة» / «یک مهرهٔ رو به پایین», is
    wider than West's seat; it takes two lines inside the seat instead of standing out of it."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORTS["phone"], reduced_motion="reduce")
    context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": base_url}])
    try:
        page = context.new_page()
        page.goto(f"/{lang}/tien-gow/play")
        page.locator("#seed").fill("7")  # at the standard level, West discards one tile face down first
        page.locator("#new-deal").click()
        page.wait_for_url(TABLE_URL)
        wait_until_settled(page, -1)
        expect(page.locator(".felt .seat .chip").first).to_be_visible()
        assert page.evaluate(CHIPS_OUT_OF_THEIR_SEAT) == []
    finally:
        context.close()
