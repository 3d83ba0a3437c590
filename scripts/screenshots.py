#!/usr/bin/env python3
"""What a reader of one language looks at: every page a reader should see, in every state a
player meets, as screenshots at 1280×800 and 375×740 and as the text the page shows.

    .venv/bin/python scripts/screenshots.py fa /tmp/shots-fa
    .venv/bin/python scripts/screenshots.py pl /tmp/shots-pl --every-step
    .venv/bin/python scripts/screenshots.py ar /tmp/shots-ar --only friends --only daily

It serves the checkout's app (its catalogs compiled afresh, a scratch database) on a loopback
port and drives Debian's chromium (``CHROMIUM_PATH``) through, in order (``--only`` picks parts):

- pages: the home page, the glossary, each game's rules (every fold open, then from its first
  disputed receipt), its "Sources and variants" page, the daily deals' page the navigation links
  to, an error page (404);
- play: the games' page, each game's start page, a deal against the computer (its start, a
  refused move, the middle, the result), its review with the analysis, the mistakes it gave to
  practise, the replay page; then, in a game with table options, the start form with every
  option ticked and the table dealt under them;
- friends: a table with friends in each game: the creator's table with the invite, the invite
  page, the friend's table, a watcher's, the full table's page, the friend named by the table's
  name form (the friend's view and the creator's), a seat left and its way back, the friend
  gone (not connected), the turn timer running and run out, the seat the computer plays after
  two run-out turns, the end of the deal (the creator's and a watcher's), the match's next deal;
- daily: each game's daily deal: the day's page before playing, the table at its start and at
  the end, the day's page once started, the result against the field (chart, share, leaderboard),
  the field's choices, the review (closed until the reveal), the day's leaderboard; then your
  dailies, the progress key's page and a key made; the archive of the last revealed day, or a
  note in ``TEXT.md`` that no day is revealed yet;
- puzzles: the lesson paths, then every step of every lesson (the question, a wrong answer with
  the hint open, the right answer with every list open), the practice levels and one practice
  puzzle answered.

OUTDIR gets ``NNN-<state>-1280-K.png`` and ``NNN-<state>-375-K.png`` for each state, the page
cut into screens (``-1`` is what the player sees first, at most eight),
and ``TEXT.md``: each state's title, address and visible text, in the same order. Lesson steps
are all in ``TEXT.md``; their screenshots are the first puzzle of each lesson in its three
states, or every step with ``--every-step``. ``--game`` keeps one game's pages and
``--text-only`` writes ``TEXT.md`` alone (the same walk, no screenshot): the tour's test
(tests/scripts/test_screenshots.py) runs both. A whole run (497 states) takes about 20 minutes on
a busy 2-core machine, half an hour niced; every wait is on a condition, up to
``scripts.patience.PATIENT`` each (``PAIYOU_TEST_PATIENCE`` scales it), so a loaded machine makes
it slower, not broken. The turn timer is made to run out by setting the turn's start back in the
scratch database, as the browser tests do, not by waiting for it.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

CHECKOUT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(CHECKOUT), str(CHECKOUT / "site")]

from engine import daily  # noqa: E402
from paiyou.config import LANGUAGE_CODES  # noqa: E402
from paiyou.puzzles import practice  # noqa: E402
from paiyou.puzzles.loading import load_course  # noqa: E402
from paiyou.puzzles.model import Puzzle  # noqa: E402
from paiyou.registry import GAME_KEYS  # noqa: E402
from paiyou.store.schema import TABLE as GAMES_TABLE  # noqa: E402
from scripts.loopback import served  # noqa: E402
from scripts.patience import PATIENT, patient_browser, wait_until_settled  # noqa: E402
from scripts.snapshotting.forms import answer_form, right_and_wrong  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SIZES = ((1280, 800), (375, 740))
TABLE_URL = re.compile(r"/(\w\w)/([a-z-]+)/games/([A-Za-z0-9_-]{32})$")
SEED = 7
MAX_SCREENS = 8  # a longer page is cut: its text is whole in TEXT.md
PARTS = ("pages", "play", "friends", "daily", "puzzles")
DATABASE = "games.sqlite3"  # scripts.loopback's scratch database, in the tour's scratch folder
FRIENDS_NAME = "Ana"  # a woman's name: a sentence that gives it a masculine noun shows it


class Tour:
    """Numbered states, each written as two screenshots and a section of TEXT.md."""

    def __init__(self, out: Path, shots: bool = True) -> None:
        self.out = out
        self.shots = shots
        self.count = 0
        self.text = (out / "TEXT.md").open("w", encoding="utf-8")

    def state(self, page: Page, name: str, shots: bool = True, start: str | None = None) -> None:
        """The page as it is, named ``name``; its screens from the element ``start`` down when
        given (a fold deep in a long page), else from the top."""
        self.count += 1
        stem = f"{self.count:03d}-{name}"
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        if shots and self.shots:
            size = page.viewport_size or {"width": SIZES[0][0], "height": SIZES[0][1]}
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                self.screens(page, stem, width, height, start)
            page.set_viewport_size(size)
        main = page.locator("main")
        text = main.first.inner_text() if main.count() else page.locator("body").inner_text()
        path = urlsplit(page.url)
        where = path.path + (f"?{path.query}" if path.query else "")
        self.text.write(f"## {stem}\n\n{page.title()}\n`{where}`\n\n{text.strip()}\n\n")
        self.text.flush()

    def note(self, name: str, words: str) -> None:
        """A section of TEXT.md that is no page: why a state the tour looks for is not there."""
        self.text.write(f"## note-{name}\n\n{words}\n\n")
        self.text.flush()

    def screens(self, page: Page, stem: str, width: int, height: int, start: str | None) -> None:
        """The whole page, one screen a file (a tall page shrunk into one image is unreadable):
        ``-1`` is what the player sees first."""
        top = int(page.evaluate(
            "(s) => { const e = s && document.querySelector(s);"
            " return e ? Math.floor(e.getBoundingClientRect().top + window.scrollY) : 0; }", start))
        for k in range(MAX_SCREENS):
            # measured each time: a live table may grow or shrink between two screens
            total = int(page.evaluate("document.documentElement.scrollHeight"))
            y = top + k * height
            if y >= total:
                break
            clip: FloatRect = {"x": 0, "y": y, "width": width, "height": min(height, total - y)}
            try:
                page.screenshot(path=str(self.out / f"{stem}-{width}-{k + 1}.png"), full_page=True,
                                clip=clip)
            except PlaywrightError:  # the page shrank under the clip as it was taken
                break

    def close(self) -> None:
        self.text.close()


def served_page(page: Page, url: str) -> bool:
    """Opens ``url``; whether the app has that page (a game without sources or a daily has none)."""
    response = page.goto(url)
    return response is not None and response.ok


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def move(page: Page) -> None:
    """One move: the biggest of "plays you may make", else Pass, else the first tiles face down."""
    plays = re.findall(r'name="quick" value="([^"]*)"', page.content())
    if plays:
        size = max(len(p.split()) for p in plays)
        biggest = [p for p in plays if len(p.split()) == size]
        page.locator(f'button[name=quick][value="{biggest[0]}"]').first.click()
        return
    if page.locator("#pass-button:not([disabled])").count():
        page.locator("#pass-button").click()
        return
    discard = int(page.locator("#play-form").get_attribute("data-discard") or 0)
    for k in range(discard):
        page.locator("label.pick").nth(k).click()
    page.locator("#down-button").click()


def my_turn(page: Page) -> bool:
    return bool(page.locator("#status.status--turn").count())


def deal_over(page: Page) -> bool:
    return bool(page.locator("#result-title").count())


def play_to_the_end(page: Page) -> None:
    """Moves at a table against the computer until the deal is over."""
    wait_until_settled(page, -1)
    while page.locator("#play-form").count() and not deal_over(page):
        before = version(page)
        move(page)
        wait_until_settled(page, before)


def refuse_a_move(page: Page) -> bool:
    """Play one tile face up that is not among the legal plays: the server refuses it (422)."""
    legal = set(re.findall(r'name="quick" value="([^"]*)"', page.content()))
    picks = page.locator("input[name=tile]")
    button = page.locator("button[name=move][value=play], button[name=move][value=up]").first
    for i in range(picks.count()):
        if (picks.nth(i).get_attribute("value") or "") in legal:
            continue
        page.locator("label.pick").nth(i).click()
        if button.is_disabled():
            page.locator("label.pick").nth(i).click()
            continue
        button.click()
        page.locator(".alert--error").first.wait_for()
        return True
    return False


# -- pages ----------------------------------------------------------------------------------------

def static_pages(tour: Tour, page: Page, lang: str, games: tuple[str, ...]) -> None:
    page.goto(f"/{lang}/")
    # today's daily box is filled by htmx after the load
    page.wait_for_function("""() => { const box = document.querySelector('[hx-get$="/daily/today"]');
                                      return !box || box.children.length > 0; }""")
    tour.state(page, "home")
    page.goto(f"/{lang}/glossary")
    tour.state(page, "glossary")
    for game in games:
        if served_page(page, f"/{lang}/{game}/rules"):
            tour.state(page, f"{game}-rules")
            fold = "details.receipt-disputed" if page.locator("details.receipt-disputed").count() else "details.receipt"
            if page.locator(fold).count():
                tour.state(page, f"{game}-rules-receipt-open", start=fold)
        if served_page(page, f"/{lang}/{game}/sources"):
            tour.state(page, f"{game}-sources")
    page.goto(f"/{lang}/daily")
    tour.state(page, "daily")
    page.goto(f"/{lang}/no-such-page")
    tour.state(page, "error-404")


# -- play against the computer --------------------------------------------------------------------

def play_against_the_computer(tour: Tour, page: Page, lang: str, game: str) -> None:
    page.goto(f"/{lang}/{game}/play")
    tour.state(page, f"{game}-start")
    page.locator("#seed").fill(str(SEED))
    page.locator("#new-deal").click()
    page.wait_for_url(TABLE_URL)
    table = page.url
    wait_until_settled(page, -1)  # the computer's moves before your first turn
    tour.state(page, f"{game}-table-start")
    moves = 0
    refused = False
    while page.locator("#play-form").count() and moves < 200:
        if moves == 0 and my_turn(page):
            page.goto(table + "?hint=1")
            tour.state(page, f"{game}-table-hints")
            page.goto(table)
        if my_turn(page) and not refused and page.locator(".to-beat").count():
            refused = refuse_a_move(page)
            if refused:
                tour.state(page, f"{game}-table-refused")
        before = version(page)
        move(page)
        wait_until_settled(page, before)
        moves += 1
        if moves == 4:
            tour.state(page, f"{game}-table-middle")
            page.locator("form[data-ask] button[type=submit]").first.click()  # "New deal": it asks
            page.locator("#confirm-dialog-stay").wait_for()
            tour.state(page, f"{game}-table-new-deal-asks")
            page.locator("#confirm-dialog-stay").click()
            game_id = TABLE_URL.search(table)
            page.goto(f"/{lang}/{game}/play/confirm?leaving={game_id.group(3) if game_id else ''}"
                      "&level=standard")
            tour.state(page, f"{game}-table-new-deal-asks-without-javascript")
            page.goto(table)
    tour.state(page, f"{game}-table-result")
    page.goto(table + "/review")
    page.wait_for_function("() => !document.querySelector('#analysis[hx-get]')")  # the worker thread's analysis
    tour.state(page, f"{game}-review")
    add = page.locator("form.analysis__add button")
    if add.count():
        # the answer's page loaded, not the review still there (wait_for_load_state would not wait)
        with page.expect_navigation():
            add.click()
        tour.state(page, f"{game}-mistakes")
        first = page.locator("a[href*='/mistakes/']").first
        if first.count():
            with page.expect_navigation():
                first.click()
            tour.state(page, f"{game}-mistake")
    page.goto(f"/{lang}/{game}/replay")
    tour.state(page, f"{game}-replay")


def table_options(tour: Tour, page: Page, lang: str, game: str) -> None:
    """A deal under every table option the game offers (none: nothing to show)."""
    page.goto(f"/{lang}/{game}/play")
    boxes = page.locator("#new-deal").locator("xpath=..").locator("input[name=variant]")
    if not boxes.count():
        return
    for k in range(boxes.count()):
        boxes.nth(k).check()
    page.locator("#seed").fill(str(SEED))
    tour.state(page, f"{game}-variant-start-form")
    page.locator("#new-deal").click()
    page.wait_for_url(TABLE_URL)
    wait_until_settled(page, -1)
    page.locator("#table-options").wait_for(state="attached")
    tour.state(page, f"{game}-variant-table")


# -- a table with friends -------------------------------------------------------------------------

def run_out_the_clock(database: Path, game_id: str) -> None:
    """The turn's start set back beyond the turn timer in the scratch database, as the browser
    tests do: the person to act is out of time now rather than a whole timer later."""
    with closing(sqlite3.connect(database, timeout=PATIENT)) as db, db:
        found = db.execute(f"SELECT meta FROM {GAMES_TABLE} WHERE id = ?", (game_id,)).fetchone()
        meta = json.loads(found[0])
        meta["seating"]["turn_since"] = int(time.time()) - meta["seating"]["timer"] - 1
        db.execute(f"UPDATE {GAMES_TABLE} SET meta = ? WHERE id = ?", (json.dumps(meta), game_id))


def seat_is_away(database: Path, game_id: str, seat: str) -> bool:
    """Whether the table's seat is played by the computer until its player is back."""
    with closing(sqlite3.connect(database, timeout=PATIENT)) as db:
        found = db.execute(f"SELECT meta FROM {GAMES_TABLE} WHERE id = ?", (game_id,)).fetchone()
    return int(seat) in json.loads(found[0])["seating"]["away"]


def until_the_friend_acts(creator: Page) -> bool:
    """The creator plays (the computers answer) until the friend is to act, with a clock running
    (True), or the deal is over (False)."""
    while True:
        wait_until_settled(creator, -1)
        if deal_over(creator):
            return False
        if my_turn(creator):
            before = version(creator)
            move(creator)
            wait_until_settled(creator, before)
        elif creator.locator("#timeout-form").count():
            return True
        else:
            raise RuntimeError(f"the table at {creator.url} waits for no one")


def time_runs_out(creator: Page, database: Path, game_id: str) -> None:
    """The friend's clock runs out: the creator's page, loaded again, counts down from 0 and asks
    the server, whose computer moves for the friend."""
    run_out_the_clock(database, game_id)
    before = version(creator)
    creator.reload()
    wait_until_settled(creator, before)


def play_with_friends(tour: Tour, browser: Browser, base: str, lang: str, game: str, database: Path) -> None:
    contexts: list[BrowserContext] = []

    def person() -> Page:
        context = browser.new_context(base_url=base, reduced_motion="reduce",
                                      viewport={"width": 1280, "height": 800})
        contexts.append(context)
        return context.new_page()

    try:
        creator = person()
        creator.goto(f"/{lang}/{game}/play")
        seats = creator.locator("select[id^=seat-]")
        for i in range(seats.count()):
            seats.nth(i).select_option("friend" if i == 0 else "computer")
        friends_seat = (seats.nth(0).get_attribute("id") or "").removeprefix("seat-")
        # the longest timer: no clock runs out while the tour looks; the tour runs it out itself
        timers = creator.locator("#friends-timer option")
        creator.locator("#friends-timer").select_option(index=timers.count() - 1)
        creator.locator("#set-up-table").click()
        creator.wait_for_url(TABLE_URL)
        table = urlsplit(creator.url).path
        game_id = table.rsplit("/", 1)[-1]
        tour.state(creator, f"{game}-friends-creator")
        link = urlsplit(creator.locator("#invite-link").input_value()).path
        friend = person()
        friend.goto(link)
        tour.state(friend, f"{game}-friends-invite")
        friend.locator("#take-seat").click()
        friend.wait_for_url(TABLE_URL)
        friend.locator("#play-form").wait_for(state="attached")
        tour.state(friend, f"{game}-friends-friend")
        watcher = person()
        watcher.goto(table)
        tour.state(watcher, f"{game}-friends-watcher")
        watcher.goto(link)
        tour.state(watcher, f"{game}-friends-full")
        watcher.goto(table)

        # A live update may redraw the form between the fill and the click (seen under load: the
        # name went out empty), so the name is sent again until the friend's page shows it kept.
        for _ in range(5):
            friend.locator("#your-name").fill(FRIENDS_NAME)
            before = version(friend)
            friend.locator(".friends__name-form button[type=submit]").click()
            wait_until_settled(friend, before)  # a name is a change of the table: a new version
            if friend.locator("#your-name").input_value() == FRIENDS_NAME:
                break
        tour.state(friend, f"{game}-friends-friend-named")
        creator.reload()
        creator.locator(f'.friends__seat[data-seat="{friends_seat}"] .friends__name',
                        has_text=FRIENDS_NAME).wait_for()
        tour.state(creator, f"{game}-friends-creator-sees-the-name")

        friend.locator("#leave-table").click()
        friend.locator("#confirm-dialog-go").wait_for()
        tour.state(friend, f"{game}-friends-leave-asks")
        friend.locator("#confirm-dialog-go").click()
        friend.locator("#return-form").wait_for(state="attached")
        tour.state(friend, f"{game}-friends-left")
        creator.reload()
        tour.state(creator, f"{game}-friends-creator-after")
        friend.locator("#return-seat").click()
        friend.locator("#leave-table").wait_for(state="attached")
        tour.state(friend, f"{game}-friends-friend-back")

        friend.context.close()  # the friend goes away: the seat stays theirs
        creator.locator(f'.friends__seat[data-seat="{friends_seat}"] .presence--off').wait_for(state="attached")
        tour.state(creator, f"{game}-friends-friend-not-connected")
        if until_the_friend_acts(creator):
            creator.locator("#countdown:not(:empty)").wait_for()  # live.js ticks at once, in any digits
            tour.state(creator, f"{game}-friends-timer-running")
            time_runs_out(creator, database, game_id)
            tour.state(creator, f"{game}-friends-time-ran-out")
        # TIMEOUTS_TO_AWAY turns in a row out of time: the computer plays the seat until its
        # player is back
        while not seat_is_away(database, game_id, friends_seat) and until_the_friend_acts(creator):
            time_runs_out(creator, database, game_id)
        if seat_is_away(database, game_id, friends_seat):
            tour.state(creator, f"{game}-friends-absent-seat")
        while until_the_friend_acts(creator):
            time_runs_out(creator, database, game_id)
        tour.state(creator, f"{game}-friends-result")
        watcher.reload()
        tour.state(watcher, f"{game}-friends-watcher-result")
        creator.locator("#next-deal").click()
        creator.wait_for_url(lambda url: TABLE_URL.search(url) is not None and game_id not in url)
        wait_until_settled(creator, -1)
        tour.state(creator, f"{game}-friends-next-deal")
    finally:
        for context in contexts:
            context.close()


# -- the daily deal -------------------------------------------------------------------------------

def last_revealed_day() -> str | None:
    """The newest day whose deal is revealed (its archive opens), if any has been."""
    day = daily.today() - timedelta(days=1)
    while day >= daily.FIRST_DAY and not daily.is_revealed(day):
        day -= timedelta(days=1)
    return day.isoformat() if day >= daily.FIRST_DAY else None


def daily_deals(tour: Tour, page: Page, lang: str, games: tuple[str, ...]) -> None:
    today = daily.today().isoformat()
    played = []
    for game in games:
        if not served_page(page, f"/{lang}/{game}/daily"):
            continue  # a game the listings do not show has no daily
        played.append(game)
        tour.state(page, f"{game}-daily-before-playing")
        page.locator("#daily-start").click()
        page.wait_for_url(TABLE_URL)
        table = page.url
        wait_until_settled(page, -1)
        tour.state(page, f"{game}-daily-table-start")
        page.goto(f"/{lang}/{game}/daily")
        tour.state(page, f"{game}-daily-started")
        page.goto(table)
        play_to_the_end(page)
        tour.state(page, f"{game}-daily-table-result")
        page.locator("#daily-result-link").click()
        page.locator("#daily-result").wait_for()
        tour.state(page, f"{game}-daily-result")
        tour.state(page, f"{game}-daily-result-chart-and-leaderboard", start="#daily-result")
        page.goto(f"/{lang}/{game}/daily/field")
        tour.state(page, f"{game}-daily-field")
        page.goto(table + "/review")
        tour.state(page, f"{game}-daily-review-before-the-reveal")
        page.goto(f"/{lang}/{game}/daily/{today}/board")
        tour.state(page, f"{game}-daily-board")
    page.goto(f"/{lang}/daily/yours")
    tour.state(page, "daily-yours")
    page.goto(f"/{lang}/daily/key")
    tour.state(page, "daily-key")
    with page.expect_navigation():  # the answer to "Make a new key", at the same address
        page.locator('main form[action$="/daily/key"] button[type=submit]').click()
    tour.state(page, "daily-key-made")
    revealed = last_revealed_day()
    if revealed is None:
        tour.note("daily-archive", f"No day is revealed yet (the first daily deal is {daily.FIRST_DAY}, "
                  f"revealed at {daily.reveals_at(daily.FIRST_DAY):%Y-%m-%d %H:%M} UTC): the archive of a "
                  "revealed day and its review have no page to show.")
        return
    for game in played:
        page.goto(f"/{lang}/{game}/daily/{revealed}")
        tour.state(page, f"{game}-daily-archive")


# -- puzzles --------------------------------------------------------------------------------------

def lessons(tour: Tour, page: Page, lang: str, game: str, every_step: bool) -> None:
    page.goto(f"/{lang}/{game}/puzzles")
    tour.state(page, f"{game}-lessons")
    for lesson in load_course(CHECKOUT / "content", game).lessons:
        shown = False
        for number, step in enumerate(lesson.steps, start=1):
            url = f"/{lang}/{game}/puzzles/{lesson.id}/{number}"
            page.goto(url)
            name = f"{game}-{lesson.id}-{number}"
            if not isinstance(step, Puzzle):
                tour.state(page, name, shots=every_step or number == 1)
                continue
            shots = every_step or not shown
            shown = True
            tour.state(page, name, shots=shots)
            answered(tour, page, url, step, name, shots)


def answered(tour: Tour, page: Page, url: str, puzzle: Puzzle, name: str, shots: bool) -> None:
    form = answer_form(page.content())
    if form is None:
        return
    right, wrong = right_and_wrong(puzzle.as_api(), form)
    for fields, state in ((wrong, "wrong"), (right, "right")):
        if fields is not None:
            page.goto(f"{url}?{urlencode(fields)}")
            tour.state(page, f"{name}-{state}", shots=shots)


def practice_pages(tour: Tour, page: Page, lang: str, game: str) -> None:
    page.goto(f"/{lang}/{game}/practice")
    tour.state(page, f"{game}-practice")
    level = practice.LEVELS[-1]
    url = f"/{lang}/{game}/practice/{level}/{SEED}"
    page.goto(url)
    tour.state(page, f"{game}-practice-{level}")
    answered(tour, page, url, practice.generate(game, level, SEED), f"{game}-practice-{level}", True)


def main(argv: list[str] | None = None) -> int:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("lang", choices=LANGUAGE_CODES)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--every-step", action="store_true", help="screenshots of every lesson step")
    parser.add_argument("--only", choices=PARTS, action="append",
                        help="a part of the tour (repeat for more); every part when none is given")
    parser.add_argument("--game", choices=GAME_KEYS, action="append",
                        help="one game's pages (repeat for more); every game's when none is given")
    parser.add_argument("--text-only", action="store_true", help="TEXT.md alone, no screenshot")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    lang = args.lang
    parts = set(args.only or PARTS)
    games = tuple(game for game in GAME_KEYS if game in (args.game or GAME_KEYS))
    tour = Tour(args.outdir, shots=not args.text_only)
    with tempfile.TemporaryDirectory() as scratch, served(Path(scratch)) as base, sync_playwright() as p:
        # every wait of the tour (a condition, never a sleep) holds on a loaded machine: PATIENT
        browser = patient_browser(p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]))
        context = browser.new_context(base_url=base, reduced_motion="reduce",
                                      viewport={"width": 1280, "height": 800})
        page = context.new_page()
        try:
            if "pages" in parts:
                static_pages(tour, page, lang, games)
            if "play" in parts:
                page.goto(f"/{lang}/play")
                tour.state(page, "play")
                for game in games:
                    play_against_the_computer(tour, page, lang, game)
                    table_options(tour, page, lang, game)
            if "friends" in parts:
                for game in games:
                    play_with_friends(tour, browser, base, lang, game, Path(scratch) / DATABASE)
            if "daily" in parts:
                daily_deals(tour, page, lang, games)
            if "puzzles" in parts:
                page.goto(f"/{lang}/puzzles")
                tour.state(page, "puzzles")
                for game in games:
                    lessons(tour, page, lang, game, args.every_step)
                    practice_pages(tour, page, lang, game)
        finally:
            tour.close()
            context.close()
            browser.close()
    print(f"{tour.count} states in {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
