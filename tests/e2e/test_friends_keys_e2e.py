"""A table with friends by keyboard and screen reader, in chromium: the creator plays in the
browser, the friend through the game API (its own seat key), so the friend's moves arrive on the
creator's page as live updates.

- Tiles ticked while the friend is to play stay ticked when the friend's move arrives, and focus
  stays on the tile it was on; focus never lands on a control that plays after a live update (a
  friend joining while focus is on "Copy the link", the friend's move giving you the turn).
- The live region (#announce) is the same element from the first update to the last; its text
  changes with each one, and says "Your turn" when the turn comes back; with a turn timer it says
  once, at 10 s left, that the clock is about to run out.
- Leave and "Take your seat back" reload the page with focus on the control now standing where
  the pressed one was, with JavaScript and without.
- The felt's centre text has at least 4.5:1 contrast (axe's color-contrast computes it: the centre
  has a solid ground), both games, both sizes, left-to-right and right-to-left; axe finds nothing
  on the friends' table.

Every wait that depends on the server (a move, a live update, the computer) has a generous
limit: the machine may be busy.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import APIRequestContext, Browser, BrowserContext, Page, Playwright, expect

from scripts.loopback import served
from scripts.patience import PATIENT, PATIENT_MS

SLOW_MS = PATIENT_MS  # a wait on the server, the computer or a live update (scripts/patience.py)
AXE = Axe()
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]},
    "resultTypes": ["violations"],
}
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740}}

# Watches the live region from the page's first load: the node itself (kept to compare), each
# change of its text, and each sentence added to it.
WATCH_REGION = """() => {
  const region = document.getElementById("announce");
  window.keysRegion = region;
  window.keysSaid = [];
  window.keysAdded = [];
  new MutationObserver((records) => {
    window.keysSaid.push(region.textContent);
    for (const r of records) for (const n of r.addedNodes) window.keysAdded.push(n.textContent);
  }).observe(region, { childList: true, subtree: true, characterData: true });
}"""

# Focus is on a control that plays or changes the game (a play, Pass, Skip, the next deal, the
# timer's button, a seat's buttons).
ON_A_PLAY = """() => {
  const el = document.activeElement;
  return !!el && !!el.closest("button[name=quick], #play-form button, #skip-button, #next-deal, #time-up");
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app on a loopback port with its own database, which the timer's test sets back."""
    scratch = tmp_path_factory.mktemp("keys")
    with served(scratch) as url:
        yield url, scratch / "games.sqlite3"


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    """The browser contexts a test opens, closed at its end."""
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


@pytest.fixture
def api(playwright: Playwright, site: tuple[str, Path]) -> Iterator[APIRequestContext]:
    request = playwright.request.new_context(base_url=site[0])
    yield request
    request.dispose()


def open_page(browser: Browser, contexts: list[BrowserContext], url: str, *, size: str = "desktop",
              js: bool = True) -> Page:
    context = browser.new_context(base_url=url, viewport=VIEWPORTS[size], reduced_motion="reduce",
                                  java_script_enabled=js)
    contexts.append(context)
    context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": url}])
    context.set_default_timeout(SLOW_MS)
    return context.new_page()


class Friend:
    """The friend's seat, played through the API with its own key."""

    def __init__(self, api: APIRequestContext, table: str) -> None:
        self.api = api
        self.id = table.rstrip("/").rsplit("/", 1)[-1]
        self.key = ""

    def _send(self, verb: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        if verb == "GET":
            answer = self.api.get(path, headers=headers)
        else:
            answer = self.api.post(path, headers={**headers, "Content-Type": "application/json"},
                                   data=json.dumps(body or {}))
        assert answer.ok, f"{verb} {path}: {answer.status} {answer.text()[:300]}"
        found: dict[str, Any] = answer.json()
        return found

    def join(self, invite_link: str) -> None:
        token = urlsplit(invite_link).path.rstrip("/").rsplit("/", 1)[-1]
        self.key = self._send("POST", f"/api/v1/games/{self.id}/seats", {"invite": token, "name": "Bo"})["key"]

    def move(self) -> int:
        """The friend's first legal move; the version after it (and the computer's moves)."""
        game = self._send("GET", f"/api/v1/games/{self.id}")
        view = game["view"]
        assert view["legal_actions"], f"the friend (seat {view['seat']}) is not to act: seat {view['to_act']} is"
        action = view["legal_actions"][0]
        return int(self._send("POST", f"/api/v1/games/{self.id}/actions",
                              {"version": game["version"], **action})["version"])

    def version(self) -> int:
        return int(self._send("GET", f"/api/v1/games/{self.id}")["version"])

    def rename(self, name: str) -> int:
        return int(self._send("POST", f"/api/v1/games/{self.id}/name", {"name": name})["version"])


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def shown(page: Page, wanted: int) -> None:
    """The page shows version ``wanted`` (or later), with nothing waiting or under way."""
    page.wait_for_function("""(wanted) => {
      const t = document.getElementById("table");
      return t && Number(t.dataset.version) >= wanted && t.dataset.waiting === "0"
        && !document.querySelector(".htmx-request");
    }""", arg=wanted, timeout=SLOW_MS)


def caught_up(page: Page, friend: Friend) -> None:
    """The page shows the stored game as it now is, nothing left to step (its own steps, the
    computer's moves and your forced passes, move the stored game on meanwhile)."""
    for _ in range(40):
        stored = friend.version()
        shown(page, stored)
        if version(page) == stored == friend.version():
            return
    raise AssertionError("the page never caught up with the table")


def my_turn(page: Page) -> bool:
    return page.locator("#status.status--turn").count() == 1


def play_until_the_friends_turn(page: Page) -> None:
    """Your moves ("plays you may make", else Pass) until the friend is to play (a round you win
    last gives you the next lead at once); focus, whose control is gone or disabled, then waits
    on the status line."""
    for _ in range(20):
        mine = version(page)
        plays = page.locator("button[name=quick]")
        (plays.first if plays.count() else page.locator("#pass-button")).click()
        shown(page, mine + 1)
        if not my_turn(page):
            expect(page.locator("#status")).to_be_focused()
            return
    raise AssertionError("the friend never had the turn")


def table_where_i_lead(page: Page, game: str, timer: int = 0) -> str:
    """The start page's "play with friends" form (a friend, then the computer), until the table
    opens on the creator's turn: its path."""
    for _ in range(40):
        page.goto(f"/en/{game}/play")
        page.locator("#seat-1").select_option("friend")
        for seat in range(2, page.locator("select[id^=seat-]").count() + 1):
            page.locator(f"#seat-{seat}").select_option("computer")
        page.locator("#friends-level").select_option("random")
        page.locator("#friends-timer").select_option(str(timer))
        page.locator("#set-up-table").click()
        page.wait_for_url(f"**/en/{game}/games/*")
        shown(page, 0)
        if my_turn(page):
            return urlsplit(page.url).path
    raise AssertionError("the creator never had the first turn")


def assert_accessible(page: Page) -> None:
    results = AXE.run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_a_friends_move_keeps_your_tiles_and_focus_and_updates_one_live_region(
        browser: Browser, contexts: list[BrowserContext], site: tuple[str, Path], api: APIRequestContext) -> None:
    page = open_page(browser, contexts, site[0])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    table = table_where_i_lead(page, "chuo-pai")
    page.evaluate(WATCH_REGION)

    # a friend joins while focus is on "Copy the link": focus stays there, not on a play
    copy = page.locator("#copy-link")
    expect(copy).to_be_visible()
    copy.focus()
    before = version(page)
    friend = Friend(api, table)
    friend.join(page.locator("#invite-link").input_value())
    shown(page, before + 1)
    expect(page.locator(".friends__seat[data-seat='1']")).to_contain_text("Bo")
    expect(copy).to_be_focused()
    assert not page.evaluate(ON_A_PLAY)

    # your move: its button is gone, focus waits on the status line
    play_until_the_friends_turn(page)

    # tiles ticked by keyboard while the friend is to play, focus on the last one
    tiles = page.locator("#play-form input[name=tile]")
    for n in (0, 2):
        tiles.nth(n).focus()
        page.keyboard.press("Space")
    ticked = sorted(page.eval_on_selector_all("#play-form input[name=tile]:checked", "els => els.map(e => e.value)"))
    assert len(ticked) == 2
    focused = page.evaluate("[document.activeElement.name, document.activeElement.value]")
    assert focused[0] == "tile"
    assert_accessible(page)  # the friends' table with a selection, the friend to play

    updates = 0
    while not my_turn(page):
        said_before = page.evaluate("window.keysSaid.length")
        friend.move()
        caught_up(page, friend)
        updates += 1
        # the same tiles ticked, focus on the same tile, never on a play
        assert sorted(page.eval_on_selector_all(
            "#play-form input[name=tile]:checked", "els => els.map(e => e.value)")) == ticked
        assert page.evaluate("[document.activeElement.name, document.activeElement.value]") == focused
        assert not page.evaluate(ON_A_PLAY)
        # one live region, its text changed
        assert page.evaluate("window.keysRegion === document.getElementById('announce')")
        assert page.evaluate("window.keysSaid.length") > said_before
        assert page.locator("#announce").inner_text().strip()
        assert updates < 20
    expect(page.locator("#announce")).to_contain_text("Your turn")
    expect(page.locator("#selection")).to_be_visible()  # the kept selection is judged again

    # your move again (focus then waits on the status line), and the friend's answers give you
    # the turn back: focus stays there, never on a play of your new turn
    kept = page.locator("#play-form input[name=tile]:checked")
    while kept.count():
        kept.first.uncheck()
    play_until_the_friends_turn(page)
    while not my_turn(page) and not page.locator("#result-title").count():
        friend.move()
        caught_up(page, friend)
        assert not page.evaluate(ON_A_PLAY)
        expect(page.locator("#status")).to_be_focused()
    assert page.evaluate("window.keysRegion === document.getElementById('announce')")
    assert_accessible(page)


def test_a_name_being_typed_survives_a_live_update_and_saving_shows_it_kept(
        browser: Browser, contexts: list[BrowserContext], site: tuple[str, Path], api: APIRequestContext) -> None:
    """The live update redraws the whole table, its name form with it: a name half typed when a
    friend joins stays typed and focused (it went out empty once, the click landing on a fresh
    form); saving it then shows the name the table kept."""
    page = open_page(browser, contexts, site[0])
    table = table_where_i_lead(page, "tien-gow")
    name = page.locator("#your-name")
    name.click()
    page.keyboard.type("Mari")
    before = version(page)
    Friend(api, table).join(page.locator("#invite-link").input_value())
    shown(page, before + 1)
    expect(page.locator(".friends__seat[data-seat='1']")).to_contain_text("Bo")  # the table was redrawn
    expect(name).to_have_value("Mari")
    expect(name).to_be_focused()
    page.keyboard.type("am")
    before = version(page)
    page.locator(".friends__name-form button[type=submit]").click()
    shown(page, before + 1)
    expect(name).to_have_value("Mariam")
    page.reload()
    expect(page.locator("#your-name")).to_have_value("Mariam")  # the table kept it


def test_the_live_region_warns_once_when_your_clock_is_about_to_run_out(
        browser: Browser, contexts: list[BrowserContext], site: tuple[str, Path], api: APIRequestContext) -> None:
    page = open_page(browser, contexts, site[0])
    table = table_where_i_lead(page, "tien-gow", timer=30)
    friend = Friend(api, table)
    before = version(page)
    friend.join(page.locator("#invite-link").input_value())
    shown(page, before + 1)
    page.evaluate(WATCH_REGION)
    warning = page.locator("#announce").get_attribute("data-hurry")
    assert warning == "10 seconds left for your move, then the computer plays it."
    # 15 of the 30 s are left: the turn's start is set back in the store, and a harmless change
    # (the friend's name, which gives no one time) brings the deadline to the page, whose clock
    # then reaches 10 s
    game_id = table.rsplit("/", 1)[-1]
    with sqlite3.connect(site[1], timeout=PATIENT) as db:
        meta = json.loads(db.execute("SELECT meta FROM paiyou_games WHERE id = ?", (game_id,)).fetchone()[0])
        meta["seating"]["turn_since"] = int(time.time()) - 15
        db.execute("UPDATE paiyou_games SET meta = ? WHERE id = ?", (json.dumps(meta), game_id))
    db.close()
    shown(page, friend.rename("Cy"))
    page.wait_for_function("(w) => window.keysAdded.includes(w)", arg=warning, timeout=SLOW_MS)
    assert page.evaluate("window.keysRegion === document.getElementById('announce')")
    # another update of the same turn (the swapped page's clock ticks as it is set up): said once
    shown(page, friend.rename("Di"))
    assert page.evaluate("(w) => window.keysAdded.filter((s) => s === w).length", warning) == 1


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_leave_and_take_back_put_focus_on_the_control_now_there(
        browser: Browser, contexts: list[BrowserContext], site: tuple[str, Path], api: APIRequestContext,
        js: bool) -> None:
    page = open_page(browser, contexts, site[0], js=js)
    if js:
        table = table_where_i_lead(page, "chuo-pai")
    else:  # the same form, plain (no JavaScript: no live update to wait for)
        page.goto("/en/chuo-pai/play")
        page.locator("#seat-1").select_option("friend")
        page.locator("#seat-2").select_option("computer")
        page.locator("#friends-level").select_option("random")
        page.locator("#set-up-table").click()
        page.wait_for_url("**/en/chuo-pai/games/*")
        table = urlsplit(page.url).path
    friend = Friend(api, table)
    friend.join(page.locator("#invite-link").input_value())
    page.goto(table)  # the friend is seated (a page without JavaScript is not told)
    page.locator("#leave-table").click()
    if js:  # the page asks first, in a dialog; a live update replaces the table (and the form)
        # while the question is open, and the answer still leaves
        expect(page.locator("#confirm-dialog-go")).to_be_visible()
        shown(page, friend.rename("Cy"))
        page.locator("#confirm-dialog-go").click()
    page.wait_for_url("**#return-seat")
    expect(page.locator("#return-seat")).to_be_focused()
    page.locator("#return-seat").click()
    page.wait_for_url("**#leave-table")
    expect(page.locator("#leave-table")).to_be_focused()


def contrast_table(page: Page, game: str, lang: str) -> None:
    """A deal against the computer whose centre shows the round and a play to beat with its
    player's name (a computer seat led before you)."""
    for seed in range(60):
        page.goto(f"/{lang}/{game}/play")
        page.locator("#seed").fill(str(seed))
        page.locator("#new-deal").click()
        page.wait_for_url(f"**/{lang}/{game}/games/*")
        shown(page, 0)
        if page.locator(".felt__owner").count() and page.locator(".felt__round").count():
            return
    raise AssertionError("no seed let the computer lead")


# The contrast of each text of the felt's centre against what is behind it: the first solid
# background up the tree, or, for a gradient met first, its lightest stop (the worst case for
# light text); a translucent background is not measured (null: the test fails).
CENTRE_CONTRAST = """() => {
  const rgb = (text) => (text.match(/[0-9.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
    .map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const texts = [...document.querySelectorAll(".felt__center p, .felt__center span")]
    .filter((el) => el.textContent.trim() && el.getClientRects().length && !el.closest("[aria-hidden=true]"));
  return texts.map((el) => {
    const fg = rgb(getComputedStyle(el).color);
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      const stops = style.backgroundImage.match(/rgba?\\([^)]*\\)/g);
      if (stops) return { text: el.className, ratio: Math.min(...stops.map((s) => ratio(fg, rgb(s)))) };
      const bg = rgb(style.backgroundColor);
      const alpha = bg.length > 3 ? bg[3] : 1;
      if (alpha === 1) return { text: el.className, ratio: ratio(fg, bg) };
      if (alpha > 0) return { text: el.className, ratio: null };
    }
    return { text: el.className, ratio: null };
  });
}"""


@pytest.mark.parametrize(("game", "lang", "size"), [("tien-gow", "en", "desktop"), ("tien-gow", "ar", "phone"),
                                                    ("chuo-pai", "ar", "desktop"), ("chuo-pai", "en", "phone")])
def test_the_felts_centre_text_has_aa_contrast(browser: Browser, contexts: list[BrowserContext],
                                                site: tuple[str, Path], game: str, lang: str, size: str) -> None:
    page = open_page(browser, contexts, site[0], size=size)
    contrast_table(page, game, lang)
    measured = page.evaluate(CENTRE_CONTRAST)
    assert {"felt__owner", "felt__round"} <= {m["text"] for m in measured}, measured
    assert all(m["ratio"] is not None and m["ratio"] >= 4.5 for m in measured), measured
    only_contrast = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
    results = AXE.run(page, context=".felt__center", options=only_contrast)
    found = results.response
    assert found["violations"] == [], results.generate_report()
    if lang == "en":  # (axe's color-contrast leaves the Arabic table's text out: 2 nodes, 38 in English)
        # every text of the centre measured by axe too (a gradient behind would leave it incomplete)
        assert found["incomplete"] == [], found["incomplete"]
        checked = {node["target"][0]: node["any"][0]["data"] for rule in found["passes"] for node in rule["nodes"]}
        assert any("felt__owner" in target for target in checked) and any("felt__round" in t for t in checked)
        assert all(data["contrastRatio"] >= 4.5 for data in checked.values()), checked
