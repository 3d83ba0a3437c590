#!/usr/bin/env python3
"""What a reader of one language looks at: the play and puzzle pages in every state a player
meets, as screenshots at 1280×800 and 375×740 and as the text the page shows.

    .venv/bin/python scripts/screenshots.py fa /tmp/shots-fa
    .venv/bin/python scripts/screenshots.py pl /tmp/shots-pl --every-step

It serves the checkout's app (its catalogs compiled afresh, a scratch database) on a loopback
port and drives Debian's chromium (``CHROMIUM_PATH``) through, in order:

- play: the games' page, each game's start page, a deal against the computer (its start, a
  refused move, the middle, the result), its review with the analysis, the mistakes it gave to
  practise, the replay page;
- a table with friends in each game: the creator's table with the invite, the invite page, the
  friend's table, a watcher's, the full table's page, a seat left and its way back;
- puzzles: the lesson paths, then every step of every lesson (the question, a wrong answer with
  the hint open, the right answer with every list open), the practice levels and one practice
  puzzle answered.

OUTDIR gets ``NNN-<state>-1280-K.png`` and ``NNN-<state>-375-K.png`` for each state, the page
cut into screens (``-1`` is what the player sees first, at most eight),
and ``TEXT.md``: each state's title, address and visible text, in the same order. Lesson steps
are all in ``TEXT.md``; their screenshots are the first puzzle of each lesson in its three
states, or every step with ``--every-step``. A run takes a few minutes; every wait is on a
condition, up to ``scripts.patience.PATIENT`` each (``PAIYOU_TEST_PATIENCE`` scales it), so a loaded
machine makes it slower, not broken.
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

CHECKOUT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(CHECKOUT), str(CHECKOUT / "site")]

from paiyou.config import LANGUAGE_CODES  # noqa: E402
from paiyou.puzzles import practice  # noqa: E402
from paiyou.puzzles.loading import load_course  # noqa: E402
from paiyou.puzzles.model import Puzzle  # noqa: E402
from paiyou.registry import GAME_KEYS  # noqa: E402
from scripts.loopback import served  # noqa: E402
from scripts.patience import patient_browser, wait_until_settled  # noqa: E402
from scripts.snapshotting.forms import answer_form, right_and_wrong  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SIZES = ((1280, 800), (375, 740))
TABLE_URL = re.compile(r"/(\w\w)/([a-z-]+)/games/([A-Za-z0-9_-]{32})$")
SEED = 7
MAX_SCREENS = 8  # a longer page is cut: its text is whole in TEXT.md


class Tour:
    """Numbered states, each written as two screenshots and a section of TEXT.md."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.count = 0
        self.text = (out / "TEXT.md").open("w", encoding="utf-8")

    def state(self, page: Page, name: str, shots: bool = True) -> None:
        self.count += 1
        stem = f"{self.count:03d}-{name}"
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        if shots:
            size = page.viewport_size or {"width": SIZES[0][0], "height": SIZES[0][1]}
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                self.screens(page, stem, width, height)
            page.set_viewport_size(size)
        main = page.locator("main")
        text = main.first.inner_text() if main.count() else page.locator("body").inner_text()
        path = urlsplit(page.url)
        where = path.path + (f"?{path.query}" if path.query else "")
        self.text.write(f"## {stem}\n\n{page.title()}\n`{where}`\n\n{text.strip()}\n\n")
        self.text.flush()

    def screens(self, page: Page, stem: str, width: int, height: int) -> None:
        """The whole page, one screen a file (a tall page shrunk into one image is unreadable):
        ``-1`` is what the player sees first."""
        for k in range(MAX_SCREENS):
            # measured each time: a live table may grow or shrink between two screens
            total = int(page.evaluate("document.documentElement.scrollHeight"))
            if k * height >= total:
                break
            clip: FloatRect = {"x": 0, "y": k * height, "width": width, "height": min(height, total - k * height)}
            try:
                page.screenshot(path=str(self.out / f"{stem}-{width}-{k + 1}.png"), full_page=True,
                                clip=clip)
            except PlaywrightError:  # the page shrank under the clip as it was taken
                break

    def close(self) -> None:
        self.text.close()


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
    page.wait_for_function("!document.querySelector('#analysis[hx-get]')")  # the worker thread's analysis
    tour.state(page, f"{game}-review")
    add = page.locator("form.analysis__add button")
    if add.count():
        add.click()
        page.wait_for_load_state()
        tour.state(page, f"{game}-mistakes")
        first = page.locator("a[href*='/mistakes/']").first
        if first.count():
            first.click()
            page.wait_for_load_state()
            tour.state(page, f"{game}-mistake")
    page.goto(f"/{lang}/{game}/replay")
    tour.state(page, f"{game}-replay")


def play_with_friends(tour: Tour, browser: Browser, base: str, lang: str, game: str) -> None:
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
        creator.locator("#friends-timer").select_option(index=1)
        creator.locator("#set-up-table").click()
        creator.wait_for_url(TABLE_URL)
        table = urlsplit(creator.url).path
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
        leave = friend.locator("#leave-table")
        if leave.count():
            leave.click()
            friend.locator("#confirm-dialog-go").wait_for()
            tour.state(friend, f"{game}-friends-leave-asks")
            friend.locator("#confirm-dialog-go").click()
            friend.locator("#return-form").wait_for(state="attached")
            tour.state(friend, f"{game}-friends-left")
            creator.reload()
            tour.state(creator, f"{game}-friends-creator-after")
    finally:
        for context in contexts:
            context.close()


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


def main() -> int:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lang", choices=LANGUAGE_CODES)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--every-step", action="store_true", help="screenshots of every lesson step")
    parser.add_argument("--only", choices=("play", "friends", "puzzles"), help="one part of the tour")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    lang = args.lang
    tour = Tour(args.outdir)
    with tempfile.TemporaryDirectory() as scratch, served(Path(scratch)) as base, sync_playwright() as p:
        # every wait of the tour (a condition, never a sleep) holds on a loaded machine: PATIENT
        browser = patient_browser(p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]))
        context = browser.new_context(base_url=base, reduced_motion="reduce",
                                      viewport={"width": 1280, "height": 800})
        page = context.new_page()
        try:
            if args.only in (None, "play"):
                page.goto(f"/{lang}/play")
                tour.state(page, "play")
                for game in GAME_KEYS:
                    play_against_the_computer(tour, page, lang, game)
            if args.only in (None, "friends"):
                for game in GAME_KEYS:
                    play_with_friends(tour, browser, base, lang, game)
            if args.only in (None, "puzzles"):
                page.goto(f"/{lang}/puzzles")
                tour.state(page, "puzzles")
                for game in GAME_KEYS:
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
