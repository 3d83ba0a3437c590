"""Tables with friends in browsers, on the production stack: two gunicorn app processes, each
behind its own nginx (deploy/nginx.conf, one app as its only upstream), both nginx sending the
events streams to one events process (``python -m paiyou.events``), one redis-server (the
broker and the rate limits' store) and one SQLite file shared by all the processes.

Each browser context talks to one nginx only, so it is pinned to one app process (deploy/nginx.conf
balances its upstreams with no stickiness to choose from: two fronts are the honest way to say
"this browser is served by that process"). Every move is made through the page; what the tests
wait for is the other pages' ``#table[data-version]`` (no reload) and their log.

- Tien Gow (English): the creator and two friends (joining by the creator's invite link, on the
  other app process) and a computer seat play a whole deal; then "Next deal" on one page, and the
  others are offered "Go to the next deal" and follow.
- Chuo Pai (Arabic), a 30 s turn timer: the friend to act goes offline, the creator's page asks
  the timeout, the computer moves for the friend, who comes back online to the same seat. (The
  30 s are not waited for: the stored turn's start is set back 30 s, then the creator's page is
  loaded again, and its countdown, at 0, posts the timeout itself.)
- A Chuo Pai table both people left, one page still open: that page moves the computer seats,
  one move a request, to the end of the deal.
- The events process is killed (the pages' reconnections meet nginx's outage answer, 503) and
  started again: every page's stream comes back and a move reaches the others; an app process is
  restarted under its page, which keeps its version and log and moves on; Redis goes down: the
  pages say live updates are interrupted and still get the move (the events process polls the
  database).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench import servers
from paiyou.i18n import catalogs
from scripts.patience import PATIENT_MS, wait_until_settled
from tests.deploy.conftest import _require_nginx

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
WAIT_MS = PATIENT_MS  # the bound on any one wait (also every context's default: tests/conftest.py)


class Restartable:
    """A server of the stack that a test stops (or kills) and starts again on the same port."""

    def __init__(self, start: Callable[[int | None], AbstractContextManager[servers.Server]]) -> None:
        self._start = start
        self._running: AbstractContextManager[servers.Server] | None = None
        self.server: servers.Server | None = None

    def start(self) -> servers.Server:
        running = self._start(self.server.port if self.server else None)
        self.server = running.__enter__()
        self._running = running
        return self.server

    def ensure(self) -> None:
        """Running again (a test that stopped it may have failed before it started it again)."""
        if self._running is None:
            self.start()

    def stop(self, kill: bool = False) -> None:
        running, self._running = self._running, None
        if running is None:
            return
        if kill and self.server is not None and self.server.pid is not None:
            os.kill(self.server.pid, signal.SIGKILL)  # gone at once, as a crash
        running.__exit__(None, None, None)


@dataclass(frozen=True)
class Stack:
    database: Path
    redis: servers.Redis
    apps: tuple[Restartable, Restartable]
    events: Restartable
    fronts: tuple[servers.Proxy, servers.Proxy]  # fronts[n]: nginx in front of apps[n] only


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    _require_nginx()
    if servers.redis_binary() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server is missing under CI=true (scripts/test.sh installs it)")
        pytest.skip("redis-server is not installed")
    root = tmp_path_factory.mktemp("friends-e2e")
    database = root / "games.sqlite3"
    translations = root / "translations"  # compiled (the checkout holds only the .po files)
    shutil.copytree(ROOT / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    with ExitStack() as running:
        redis = running.enter_context(servers.redis_server(root / "redis"))
        env = {"PAIYOU_DATABASE_URL": f"sqlite:///{database}", "PAIYOU_EVENTS_BROKER": redis.url,
               "PAIYOU_RATELIMIT_STORAGE_URI": redis.url, "PAIYOU_EVENTS_KEEPALIVE": "2",
               "PAIYOU_ANALYSIS_LEVEL": "standard", "PAIYOU_NEW_GAME_LIMIT": "600 per minute",
               "PAIYOU_TRANSLATIONS_DIR": str(translations)}

        def app(n: int) -> Restartable:
            return Restartable(lambda port: servers.gunicorn(root / f"app{n}", workers=1, threads=4, env=env,
                                                            port=port))

        apps = (app(0), app(1))
        events = Restartable(lambda port: servers.events_process(root / "events", env=env, port=port))
        started = []
        for server in (*apps, events):  # one after the other: the first one makes the database
            started.append(server.start())
            running.callback(server.stop)
        app0, app1, streams = started
        fronts = (running.enter_context(servers.nginx(root / "nginx0", [app0], write_rate="1000r/s", events=[streams])),
                  running.enter_context(servers.nginx(root / "nginx1", [app1], write_rate="1000r/s", events=[streams])))
        yield Stack(database, redis, apps, events, fronts)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


@dataclass
class Seats:
    """The browser contexts a test opens (each pinned to one front), closed at its end."""

    browser: Browser
    stack: Stack
    contexts: list[BrowserContext]
    errors: list[str]

    def open(self, front: int) -> Page:
        origin = self.stack.fronts[front].https.origin
        context = self.browser.new_context(base_url=origin, ignore_https_errors=True, reduced_motion="reduce",
                                           viewport={"width": 1280, "height": 900})
        self.contexts.append(context)
        # the computer's moves shown at once (the speed is this browser's cookie)
        context.add_cookies([{"name": "paiyou_speed", "value": "instant", "url": origin}])
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"front {front}: {error} {error.stack}"))
        return page


@pytest.fixture
def seats(browser: Browser, stack: Stack) -> Iterator[Seats]:
    opened = Seats(browser, stack, [], [])
    yield opened
    for context in opened.contexts:
        context.close()
    for server in (*stack.apps, stack.events):
        server.ensure()
    assert opened.errors == []


# -- the table, through the pages ---------------------------------------------------------------

def set_up(page: Page, lang: str, game: str, kinds: list[str], timer: int = 0) -> str:
    """The start page's "play with friends" form: the table's path."""
    page.goto(f"/{lang}/{game}/play")
    for seat, kind in enumerate(kinds, start=1):
        page.locator(f"#seat-{seat}").select_option(kind)
    page.locator("#friends-level").select_option("random")
    page.locator("#friends-timer").select_option(str(timer))
    page.locator("#set-up-table").click()
    page.wait_for_url(f"**/{lang}/{game}/games/*")
    expect(page.locator("#table[data-events]")).to_be_attached()
    return urlsplit(page.url).path


def join(creator: Page, friend: Page) -> None:
    """The friend opens the invite's link shown on the creator's page (on the friend's own front)
    and takes the next seat."""
    link = creator.locator("#invite-link").input_value()
    friend.goto(urlsplit(link).path)
    friend.locator("#take-seat").click()
    expect(friend.locator("#play-form")).to_be_attached()


def game_id(page: Page) -> str:
    return urlsplit(page.url).path.rstrip("/").rsplit("/", 1)[-1]


def stored(stack: Stack, table: str) -> tuple[int, dict[str, Any]]:
    with sqlite3.connect(stack.database, timeout=10) as db:
        row = db.execute("SELECT version, meta FROM paiyou_games WHERE id = ?", (table,)).fetchone()
    db.close()
    assert row is not None
    return int(row[0]), json.loads(row[1])


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def settled(page: Page) -> None:
    """Nothing left to show: no computer move waiting, no request of the table under way."""
    page.wait_for_function("""() => {
      const t = document.getElementById("table");
      return t && t.dataset.waiting === "0" && !document.querySelector(".htmx-request");
    }""", timeout=WAIT_MS)


def log_size(page: Page) -> int:
    return page.locator(".log li").count()


def converged(stack: Stack, pages: list[Page]) -> int:
    """Every page at the stored version, nothing left to show (the computer's moves are stepped
    by whichever page asks first): that version."""
    table = game_id(pages[0])
    for _ in range(20):
        now, _ = stored(stack, table)
        for n, page in enumerate(pages):
            try:
                page.wait_for_function("""(wanted) => {
                  const t = document.getElementById("table");
                  return t && Number(t.dataset.version) >= wanted && t.dataset.waiting === "0"
                    && !document.querySelector(".htmx-request");
                }""", arg=now, timeout=WAIT_MS)
            except PlaywrightTimeout:
                raise AssertionError(f"page {n} of {len(pages)} is at version {version(page)}, not {now}") from None
        if stored(stack, table)[0] == now and all(version(p) == now for p in pages):
            return now
    raise AssertionError("the table never settled")


def to_act(pages: list[Page]) -> Page | None:
    turns = [p for p in pages if p.locator("#status.status--turn").count()]
    assert len(turns) <= 1
    return turns[0] if turns else None


def unreloaded(pages: list[Page]) -> None:
    """Mark each page's document (``assert_unreloaded``: still the same one)."""
    for page in pages:
        page.evaluate("window.paiyouTestMark = true")


def assert_unreloaded(pages: list[Page]) -> None:
    for page in pages:
        assert page.evaluate("window.paiyouTestMark === true"), "the page was loaded again"


def move(page: Page, n: int) -> None:
    """One legal move through the page: a "plays you may make" button, else Pass, else a
    face-down discard of the first tiles (clicked)."""
    plays = page.locator("button[name=quick]")
    if plays.count():
        plays.nth(n % plays.count()).click()
        return
    if page.locator("#pass-button:not([disabled])").count():
        page.locator("#pass-button").click()
        return
    discard = int(page.locator("#play-form").get_attribute("data-discard") or 0)
    assert discard, "no way to move"
    for k in range(discard):
        page.locator("label.pick").nth(k).click()
        expect(page.locator("input[name=tile]").nth(k)).to_be_checked()
    page.locator("#down-button").click()


def play_one(stack: Stack, pages: list[Page], n: int) -> bool:
    """The seat to act moves on its page; every other page shows it without a reload (version and
    log). False when the deal is over."""
    now = converged(stack, pages)
    mover = to_act(pages)
    if mover is None:
        return False
    move(mover, n)
    expect(mover.locator(f'#table[data-version="{now}"]')).not_to_be_attached()
    settled(mover)
    converged(stack, pages)
    sizes = {log_size(p) for p in pages}
    assert len(sizes) == 1, f"the log differs between the seats: {sizes}"
    return True


# -- the scenarios ------------------------------------------------------------------------------

def test_a_whole_deal_of_tien_gow_reaches_every_seat_then_the_next_deal(seats: Seats) -> None:
    creator = seats.open(0)
    set_up(creator, "en", "tien-gow", ["friend", "friend", "computer"])
    friends = [seats.open(1), seats.open(0)]  # one friend on the other app process, one on the same
    for friend in friends:
        join(creator, friend)
    pages = [creator, *friends]
    unreloaded(pages)
    moves = 0
    while play_one(seats.stack, pages, moves):
        moves += 1
        assert moves < 80
    assert moves >= 8
    assert_unreloaded(pages)
    for page in pages:
        expect(page.locator("#result-title")).to_be_visible()
    friends[0].locator("button#next-deal").click()
    friends[0].wait_for_url(lambda url: game_id(creator) not in url)
    expect(friends[0].locator("#play-form")).to_be_attached()
    following = urlsplit(friends[0].url).path
    for page in (creator, friends[1]):
        follow = page.locator("#next-deal", has_text="Go to the next deal")
        expect(follow).to_be_visible(timeout=WAIT_MS)  # no reload
        settled(page)
        follow.click()
        try:
            page.wait_for_url(f"**{following}")
        except PlaywrightTimeout:
            raise AssertionError(f"{page.url} did not follow to {following}") from None
        expect(page.locator("#play-form")).to_be_attached()  # their own seat at the next deal
        expect(page.locator("#watching-note")).to_have_count(0)


def test_the_timer_moves_for_an_offline_friend_whose_seat_stays_theirs(seats: Seats) -> None:
    stack = seats.stack
    creator = seats.open(0)
    set_up(creator, "ar", "chuo-pai", ["friend", "computer"], timer=30)
    friend = seats.open(1)
    join(creator, friend)
    for page in (creator, friend):
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
    pages = [creator, friend]
    table = game_id(creator)
    for n in range(10):  # the creator moves until it is the friend's turn
        converged(stack, pages)
        if to_act(pages) is friend:
            break
        assert play_one(stack, pages, n)
    else:
        raise AssertionError("the friend never had the turn")
    before, meta = stored(stack, table)
    unreloaded([friend])
    friend.context.set_offline(True)
    # the clock has run out: the turn started 30 s ago (stored), and the creator's page, loaded
    # again, counts down from 0 and asks the timeout itself
    meta["seating"]["turn_since"] -= 30
    with sqlite3.connect(stack.database, timeout=10) as db:
        db.execute("UPDATE paiyou_games SET meta = ? WHERE id = ?", (json.dumps(meta), table))
    db.close()
    with creator.expect_response(lambda r: r.url.endswith("/timeout") and r.request.method == "POST"):
        creator.reload()
    after, meta = stored(stack, table)
    assert after > before and meta["seating"]["timeouts"] == {"1": 1}
    converged(stack, [creator])  # (with the computer's moves and forced passes after it)
    friend.context.set_offline(False)
    converged(stack, pages)  # the friend's page catches up: no reload
    expect(friend.locator("#play-form")).to_be_attached()  # still their seat, their hand
    expect(friend.locator("#return-form")).to_have_count(0)
    assert log_size(friend) == log_size(creator)
    assert stored(stack, table)[1]["seating"]["away"] == []
    assert_unreloaded([friend])


def seat_key(page: Page, table: str) -> str:
    """The seat key of ``table`` in the page's browser (its ``paiyou_seats`` cookie)."""
    found = next(c["value"] for c in page.context.cookies() if c["name"] == "paiyou_seats")
    return dict(pair.split(":", 1) for pair in found.split("."))[table]


def test_a_table_everyone_left_is_moved_by_an_open_page_one_move_a_request(seats: Seats) -> None:
    """Both people leave (by the API); the friend's page is closed, the creator's stays open. No
    leave plays the computer's moves (before, the last one played the whole deal inside the
    request): the creator's page asks for them, one move per request, to the end of the deal."""
    stack = seats.stack
    creator = seats.open(0)
    set_up(creator, "en", "chuo-pai", ["friend", "computer"])
    friend = seats.open(1)
    join(creator, friend)
    table = game_id(creator)
    keys = [seat_key(creator, table), seat_key(friend, table)]
    friend.close()
    converged(stack, [creator])
    steps: list[int] = []
    creator.on("response", lambda r: steps.append(r.status) if r.url.endswith(f"/{table}/advance")
               and r.request.method == "POST" else None)
    origin = stack.fronts[0].https.origin
    for key in keys[::-1]:
        before = stored(stack, table)[0]
        left = creator.request.post(f"{origin}/api/v1/games/{table}/leave", data="{}", ignore_https_errors=True,
                                    headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        assert left.ok and left.json()["version"] == before + 1  # the seat, no move
        assert not left.json()["view"]["is_over"]
    after_leaving = stored(stack, table)[0]
    # the computer plays the whole deal, one move a request: PATIENT for each move, not for the
    # deal (under load 14 the deal outlasted a fixed 120 s)
    wait_until_settled(creator, after_leaving)
    expect(creator.locator("#result-title")).to_be_visible()
    moves = stored(stack, table)[0] - after_leaving
    assert moves >= 3 and steps.count(200) >= moves, (moves, steps)


def test_the_pages_outlive_the_events_process_an_app_process_and_redis(seats: Seats) -> None:
    stack = seats.stack
    creator = seats.open(0)
    set_up(creator, "en", "chuo-pai", ["friend", "computer"])
    friend = seats.open(1)
    join(creator, friend)
    pages = [creator, friend]
    unreloaded(pages)
    table = game_id(creator)
    moves = 0

    def live(page: Page) -> None:
        expect(page.locator("#live-status")).to_have_text("", timeout=WAIT_MS)

    # the events process dies; the pages' reconnections meet nginx's outage answer (its own 502,
    # answered 503 with the API's JSON: docs/deploy.md, "When no app process answers"), then it
    # is back
    with ExitStack() as refused:
        waits = [refused.enter_context(p.expect_response(lambda r: r.url.endswith(f"/{table}/events")
                                                          and r.status == 503, timeout=WAIT_MS))
                 for p in pages]
        stack.events.stop(kill=True)
    assert all(w.value.status == 503 for w in waits)
    for page in pages:
        expect(page.locator("#live-status")).not_to_have_text("")
    stack.events.start()
    for page in pages:
        live(page)
    assert play_one(stack, pages, moves)
    moves += 1

    # the friend's app process stops: a move made meanwhile on the creator's (other) process
    # reaches the friend's page once it is back (its refresh, answered 503 by nginx, is asked
    # again; no reload), and the friend moves on through the restarted process; nothing is lost
    while to_act(pages) is not creator:
        assert play_one(stack, pages, moves)
        moves += 1
    before = converged(stack, pages)
    stack.apps[1].stop()
    with friend.expect_response(lambda r: r.status == 503 and r.request.method == "GET"):
        move(creator, moves)
    stack.apps[1].start()
    assert converged(stack, pages) > before  # the friend's page too, without a reload
    while to_act(pages) is not friend:
        assert play_one(stack, pages, moves)
        moves += 1
    assert play_one(stack, pages, moves)
    moves += 1
    assert_unreloaded(pages)
    now, seen = version(friend), log_size(creator)
    friend.reload()
    assert version(friend) == now == stored(stack, table)[0] and log_size(friend) == seen

    # Redis goes down: the pages say so, and the move still reaches the other page
    stack.redis.kill()
    for page in pages:
        expect(page.locator("#live-status")).not_to_have_text("", timeout=WAIT_MS)
    assert play_one(stack, pages, moves)
