"""Outages of the production stack, in chromium (issue 45 §6-§9): one nginx (deploy/nginx.conf)
balancing two gunicorn app processes, the events process, the events' Redis, the limits' Redis
(another one, so that each can be killed alone) and one SQLite file shared by every process.

- The limits' Redis is killed: setting up a table, joining it, a hint and a new deal answer as
  usual (the limits fail open, per process), never 500; each app says so once in its log.
- The events' Redis is killed: the pages say live updates are interrupted and refresh the table by
  themselves; a move reaches the other seat within the poll (the time is measured and printed);
  each app logs the outage once, without a traceback.
- A refresh of the table that fails or hangs says "Reconnecting…", is asked again, and never
  takes the player's focus with an alert.
- An app process is frozen (SIGSTOP, not dead): the seats' tables keep following the moves through
  the other process; a move sent to the frozen one shows the page's localized retry, never an
  error page. Without JavaScript, a form's move sent to it gets nginx's localized outage page
  (paiyou.outage), which links back to the table, and the API its JSON error. The process is
  always let go (SIGCONT) at the end.

The stack keeps the default keepalive (15 s): the events' outage test is only meaningful when the
keepalive's wait is longer than the promised delay.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from bench import servers
from paiyou.i18n import catalogs
from scripts.patience import PATIENT_MS, patient_context
from tests.deploy.conftest import _require_nginx
from tests.deploy.test_friends_e2e import (
    CHROMIUM,
    Restartable,
    Seats,
    game_id,
    join,
    move,
    set_up,
    stored,
    to_act,
    version,
)

ROOT = Path(__file__).resolve().parents[2]
LONG_MS = PATIENT_MS  # anything that waits on a server or a computer move (a machine at load 40)


class RestartableRedis:
    """A redis-server a test kills and starts again on the same port."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._running: ExitStack | None = None
        self.redis: servers.Redis | None = None

    def start(self) -> servers.Redis:
        running = ExitStack()
        port = self.redis.port if self.redis else None
        self.redis = running.enter_context(servers.redis_server(self.folder, port=port))
        self._running = running
        return self.redis

    def kill(self) -> None:
        running, self._running = self._running, None
        if running is not None and self.redis is not None:
            self.redis.kill()
            running.close()

    def ensure(self) -> None:
        if self._running is None:
            self.start()

    def stop(self) -> None:
        running, self._running = self._running, None
        if running is not None:
            running.close()

    @property
    def url(self) -> str:
        assert self.redis is not None
        return self.redis.url


@dataclass(frozen=True)
class Stack:
    database: Path
    events_redis: RestartableRedis
    limits_redis: RestartableRedis
    apps: tuple[Restartable, Restartable]
    events: Restartable
    # one nginx over both apps; another over the second app only, whose requests all meet it
    # when it is frozen (the first one's turns between the apps are not the test's to choose)
    fronts: tuple[servers.Proxy, servers.Proxy]

    def app_logs(self) -> list[str]:
        return [app.server.log.read_text(errors="replace") if app.server else "" for app in self.apps]


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    _require_nginx()
    if servers.redis_binary() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server is missing under CI=true (scripts/test.sh installs it)")
        pytest.skip("redis-server is not installed")
    root = tmp_path_factory.mktemp("outages")
    database = root / "games.sqlite3"
    translations = root / "translations"  # compiled (the checkout holds only the .po files)
    shutil.copytree(ROOT / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    with ExitStack() as running:
        events_redis, limits_redis = RestartableRedis(root / "events-redis"), RestartableRedis(root / "limits-redis")
        for redis in (events_redis, limits_redis):
            redis.start()
            running.callback(redis.stop)
        env = {"PAIYOU_DATABASE_URL": f"sqlite:///{database}", "PAIYOU_EVENTS_BROKER": events_redis.url,
               "PAIYOU_RATELIMIT_STORAGE_URI": limits_redis.url, "PAIYOU_ANALYSIS_LEVEL": "standard",
               "PAIYOU_NEW_GAME_LIMIT": "600 per minute", "PAIYOU_TRANSLATIONS_DIR": str(translations)}

        def app(n: int) -> Restartable:
            return Restartable(lambda port: servers.gunicorn(root / f"app{n}", workers=1, threads=4, env=env,
                                                            port=port))

        apps = (app(0), app(1))
        events = Restartable(lambda port: servers.events_process(root / "events", env=env, port=port))
        started = []
        for server in (*apps, events):  # one after the other: the first one makes the database
            started.append(server.start())
            running.callback(server.stop)
        # one nginx worker: it sends requests to the two apps in turn (each worker keeps its own turn)
        front = running.enter_context(servers.nginx(root / "nginx", started[:2], write_rate="1000r/s",
                                                    events=[started[2]], workers="1"))
        second_only = running.enter_context(servers.nginx(root / "nginx-second", started[1:2],
                                                          write_rate="1000r/s", events=[started[2]], workers="1"))
        yield Stack(database, events_redis, limits_redis, apps, events, (front, second_only))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


@pytest.fixture
def seats(browser: Browser, stack: Stack) -> Iterator[Seats]:
    opened = Seats(browser, stack, [], [])  # type: ignore[arg-type]  # the same fields as test_friends_e2e's
    yield opened
    for context in opened.contexts:
        context.close()
    for server in (*stack.apps, stack.events):
        server.ensure()
    stack.events_redis.ensure()
    stack.limits_redis.ensure()
    assert opened.errors == []


def a_table(seats: Seats) -> tuple[Page, Page]:
    """A Chuo Pai table set up by a creator, the friend seated by the invite: both pages."""
    creator = seats.open(0)
    creator.context.set_default_timeout(LONG_MS)
    set_up(creator, "en", "chuo-pai", ["friend", "computer"])
    friend = seats.open(0)
    friend.context.set_default_timeout(LONG_MS)
    join(creator, friend)
    return creator, friend


SETTLED = """() => {
  const t = document.getElementById("table");
  return Boolean(t && t.dataset.waiting === "0" && !document.querySelector(".htmx-request"));
}"""


def settle(stack: Stack, pages: list[Page]) -> int:
    """Every page at the stored version with nothing left to show; a request a page says failed
    (the frozen process's 504) is sent again through its retry button, as a player would."""
    table = game_id(pages[0])
    deadline = time.monotonic() + 2 * LONG_MS / 1000
    while True:
        for page in pages:
            retry = page.locator("#play-failure .failure__retry")
            if retry.count():
                retry.first.click()
        now, _ = stored(stack, table)  # type: ignore[arg-type]
        if all(version(p) == now and p.evaluate(SETTLED) for p in pages) and stored(stack, table)[0] == now:  # type: ignore[arg-type]
            return now
        assert time.monotonic() < deadline, f"the pages are at {[version(p) for p in pages]}, the table at {now}"
        pages[0].wait_for_timeout(200)


def https(stack: Stack, method: str, path: str, body: bytes | None = None,
          headers: dict[str, str] | None = None, front: int = 0) -> tuple[int, dict[str, str], bytes]:
    conn = stack.fronts[front].https.connection(timeout=LONG_MS / 1000)
    try:
        conn.request(method, path, body=body, headers={"Host": "localhost", "Content-Type": "application/json",
                                                      **(headers or {})})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


# -- the limits' Redis ---------------------------------------------------------------------------

def test_the_limits_redis_killed_every_limited_request_answers_as_usual(seats: Seats) -> None:
    stack = seats.stack  # type: ignore[attr-defined]
    assert isinstance(stack, Stack)
    stack.limits_redis.kill()
    creator, friend = a_table(seats)  # the set-up and the join: pages, through both apps
    table = game_id(creator)
    for page in (creator, friend):  # a hint on the table (the seat not to act is told why not)
        answer = page.goto(f"/en/chuo-pai/games/{table}?hint=1")
        assert answer is not None and answer.status in (200, 409)
    for _ in range(4):  # new deals through the API, on both apps (nginx balances them)
        status, _, body = https(stack, "POST", "/api/v1/tien-gow/games", b"{}")
        assert status == 201, body
    expect(friend.locator("#play-form")).to_be_attached()  # seated
    logs = stack.app_logs()
    said = [log.count("limits: the store of the counts") for log in logs]
    assert sum(said) >= 1 and max(said) == 1, said  # once per process that met it
    assert not any("Traceback" in log for log in logs)
    assert not any(re.search(r'" 5\d\d ', log) for log in logs)  # gunicorn's access log: no 5xx


# -- the events' Redis ---------------------------------------------------------------------------

ARRIVALS = """() => {
  // the time each version of the table first appeared on this page
  window.paiyouArrivals = window.paiyouArrivals || {};
  const note = () => {
    const t = document.getElementById("table");
    if (t && !(t.dataset.version in window.paiyouArrivals)) window.paiyouArrivals[t.dataset.version] = Date.now();
  };
  note();
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}"""


def timed_move(stack: Stack, pages: list[Page], n: int) -> tuple[float, bool]:
    """The seat to act moves on its page (sent again through the page's retry if it fails): the
    seconds from the click to the other page's showing it, and whether the move was retried."""
    settle(stack, pages)
    mover = to_act(pages)
    assert mover is not None
    other = next(p for p in pages if p is not mover)
    other.evaluate(ARRIVALS)
    before, _ = stored(stack, game_id(mover))  # type: ignore[arg-type]
    clicked = mover.evaluate("Date.now()")
    move(mover, n)
    arrived = None
    retried = False
    deadline = time.monotonic() + LONG_MS / 1000
    while arrived is None:
        assert time.monotonic() < deadline, "the move never reached the other seat"
        retry = mover.locator("#play-failure .failure__retry")
        if retry.count():  # the move met the frozen process: the page says so and sends it again
            retry.click()
            retried = True
        arrived = other.evaluate("(v) => { const a = window.paiyouArrivals || {}; "
                                 "const seen = Object.keys(a).filter((k) => Number(k) > v).map((k) => a[k]); "
                                 "return seen.length ? Math.min(...seen) : null; }", before)
        if arrived is None:
            other.wait_for_timeout(100)
    settle(stack, pages)
    return float(arrived - clicked) / 1000, retried


def test_the_events_redis_killed_the_pages_say_so_poll_and_follow_within_the_poll(seats: Seats) -> None:
    stack = seats.stack  # type: ignore[attr-defined]
    assert isinstance(stack, Stack)
    creator, friend = a_table(seats)
    pages = [creator, friend]
    settle(stack, pages)
    stack.events_redis.kill()
    for page in pages:
        expect(page.locator("#live-status")).to_have_text(re.compile("interrupted"), timeout=LONG_MS)
    # the page says the table refreshes every few seconds: it does, with no move to tell it
    with friend.expect_request(lambda r: r.method == "GET" and r.url.endswith(f"/games/{game_id(friend)}")
                               and r.headers.get("hx-request") == "true", timeout=LONG_MS):
        pass
    delays = []
    for n in range(4):
        if to_act(pages) is None:
            break
        delays.append(timed_move(stack, pages, n)[0])
    print(f"\nevents' Redis down: a move reached the other seat after {', '.join(f'{d:.2f}' for d in delays)} s "
          f"(median {statistics.median(delays):.2f} s)")
    assert delays and max(delays) < 10  # the poll is 1 s, the page's refresh a fraction (15 s before)
    logs = stack.app_logs()
    assert all(log.count("live updates: the broker is out of reach") <= 1 for log in logs)
    assert not any("Traceback" in log for log in logs)
    stack.events_redis.start()
    for page in pages:
        expect(page.locator("#live-status")).to_have_text("", timeout=LONG_MS)


# -- a refresh that fails or hangs -----------------------------------------------------------------

def test_a_failing_refresh_says_reconnecting_retries_and_never_raises_an_alert(seats: Seats) -> None:
    stack = seats.stack  # type: ignore[attr-defined]
    assert isinstance(stack, Stack)
    creator, friend = a_table(seats)
    pages = [creator, friend]
    settle(stack, pages)
    table = game_id(friend)
    refused: list[str] = []

    def refuse(route: Route) -> Any:
        if route.request.headers.get("hx-request") == "true" and route.request.method == "GET":
            refused.append(route.request.url)
            return route.abort("connectionreset")
        return route.continue_()

    for n in range(10):  # the creator must be the one to move: the friend's refresh is what fails
        if to_act(pages) is creator:
            break
        timed_move(stack, pages, n)
    assert to_act(pages) is creator
    friend.route(f"**/en/chuo-pai/games/{table}", refuse)
    friend.locator("#leave-table").focus()
    move(creator, 0)
    expect(friend.locator("#live-status")).to_have_text(re.compile("Reconnecting"), timeout=LONG_MS)
    deadline = time.monotonic() + LONG_MS / 1000
    while len(refused) < 3:  # asked again, and again (1 s, then 2 s)
        assert time.monotonic() < deadline, f"the refresh was asked {len(refused)} times"
        friend.wait_for_timeout(200)
    expect(friend.locator("#play-failure")).to_have_count(0)  # not the player's request: no alert
    assert friend.evaluate("document.activeElement && document.activeElement.id") == "leave-table"
    friend.unroute(f"**/en/chuo-pai/games/{table}")
    settle(stack, pages)
    expect(friend.locator("#live-status")).to_have_text("", timeout=LONG_MS)


# -- a frozen app process ---------------------------------------------------------------------------

def test_a_frozen_app_process_leaves_the_tables_to_the_other_one(seats: Seats) -> None:
    stack = seats.stack  # type: ignore[attr-defined]
    assert isinstance(stack, Stack)
    creator, friend = a_table(seats)
    pages = [creator, friend]
    settle(stack, pages)
    frozen = stack.apps[1].server
    assert frozen is not None and frozen.pid is not None
    os.killpg(frozen.pid, signal.SIGSTOP)  # the master and its worker: stopped, not dead
    try:
        # reads: nginx gives up on the silent process after 5 s and asks the other one (its one
        # worker sends requests to the apps in turn, and the pages are quiet: one of two reads
        # meets the frozen process, unless a page's own refresh came between)
        reads: list[float] = []
        while len(reads) < 6 and not (reads and max(reads) > 4):
            started = time.monotonic()
            status, _, _ = https(stack, "GET", f"/en/chuo-pai/games/{game_id(creator)}")
            reads.append(time.monotonic() - started)
            assert status == 200
        # the tables: each move reaches the other seat through the process that answers; a move
        # sent to the frozen one is answered 504 by nginx after 30 s, and the page offers to send
        # it again (its version makes that safe), never an error page
        moves = []
        for n in range(4):
            if to_act(pages) is None:
                break
            moves.append(timed_move(stack, pages, n))
            for page in pages:
                assert page.locator("#table").count() == 1
        print(f"\none app process frozen: reads answered after {', '.join(f'{d:.2f}' for d in reads)} s; "
              f"a move reached the other seat after "
              f"{', '.join(f'{d:.2f} s' + (' (sent again)' if again else '') for d, again in moves)}")
        assert max(reads) < 20 and max(reads) > 4  # one met the frozen process: 5 s (30 s before)
        assert moves and all(d < 20 for d, again in moves if not again)
    finally:
        os.killpg(frozen.pid, signal.SIGCONT)
    settle(stack, pages)


def until_the_app_answers(stack: Stack, front: int) -> None:
    deadline = time.monotonic() + PATIENT_MS / 1000
    while True:
        status, _, _ = https(stack, "GET", "/api/v1/games/none", front=front)
        if status < 500:  # the app's own answer (a 404), not nginx's 503 for a process not there yet
            return
        assert time.monotonic() < deadline, f"the app behind front {front} still answers {status}"
        time.sleep(0.2)  # a poll's pause, not a wait for time to pass: the loop waits on the answer


def a_form_move(page: Page) -> None:
    """A move through a form of the table (a page without JavaScript): a play, else Pass, else the
    computer's moves up to this seat's turn."""
    for selector in ("button[name=quick]", "#pass-button:not([disabled])", "#skip-button"):
        button = page.locator(selector)
        if button.count():
            button.first.click()
            return
    raise AssertionError("no form to move with")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_form_move_to_a_frozen_app_process_gets_the_localized_page_and_the_way_back(
        browser: Browser, stack: Stack, lang: str) -> None:
    context = patient_context(browser.new_context(base_url=stack.fronts[1].https.origin, ignore_https_errors=True,
                                                  java_script_enabled=False))
    frozen = stack.apps[1].server
    assert frozen is not None and frozen.pid is not None
    try:
        page = context.new_page()
        page.goto(f"/{lang}/chuo-pai/play")
        page.locator("#new-deal").click()
        page.wait_for_url(re.compile(rf"/{lang}/chuo-pai/games/[^/?]+$"))
        table = urlsplit(page.url).path
        status, _, _ = https(stack, "GET", f"/api/v1/games/{game_id(page)}", front=1)
        assert status in (200, 401)  # the API answers through this front (the deal's key is the page's)
        os.killpg(frozen.pid, signal.SIGSTOP)
        try:
            # the API: its JSON error in the asked language (a read: nginx gives up after 5 s)
            status, headers, body = https(stack, "GET", f"/api/v1/games/{game_id(page)}?lang={lang}", front=1)
            assert (status, headers["Retry-After"], json.loads(body)["error"]) == (503, "5", "server-unavailable")
            # the page: the move waits nginx's 30 s, then the localized page instead of nginx's 504
            with page.expect_navigation() as navigation:
                a_form_move(page)
            answer = navigation.value
            assert answer is not None and answer.status == 503 and answer.headers["retry-after"] == "5"
            expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            heading = page.locator("main h1").inner_text()
            assert (heading == "The server did not answer in time") == (lang == "en")
            assert page.evaluate("""() => [...document.styleSheets].some((sheet) =>
                sheet.href && sheet.href.includes("/static/css/site.css") && sheet.cssRules.length > 0)""")
            back = page.locator("main a.button")
            expect(back).to_have_attribute("href", table)
        finally:
            os.killpg(frozen.pid, signal.SIGCONT)
        # Thawed, gunicorn's arbiter finds its worker silent past its timeout and replaces it: the
        # page's "Retry-After: 5" is honest, and a player who follows the way back before the new
        # worker is up gets the same page again. So does the test: it follows once the process answers.
        until_the_app_answers(stack, front=1)
        # the way back: the table as it stands (the move made or not, as the page said)
        with page.expect_navigation() as navigation:
            back.click()
        answer = navigation.value
        assert answer is not None and answer.status == 200 and urlsplit(page.url).path == table
        expect(page.locator("#table")).to_be_attached()
    finally:
        context.close()
