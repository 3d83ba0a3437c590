"""How fast the production server answers, in one run: ``python bench/http.py [--through-nginx]``.

Starts the production gunicorn (the Dockerfile's command: gthread, 2 workers x 4 threads,
``paiyou:create_app()``) on a free loopback port with a throwaway instance folder (games in
SQLite), optionally behind nginx with deploy/nginx.conf (``--through-nginx``; HTTPS, a
self-signed certificate), and prints:

1. throughput with 16 keep-alive connections (one thread each, ``http.client``, ``--seconds``
   per target) for a trivial static file, the judge API, the rules, glossary and lesson pages,
   each also as a ratio to the trivial file -- the goal is >= 0.5 for every page;
2. a move through the game API (your action plus the computer players' answers): latency
   p50/p95/p99 over ``--moves`` moves on one connection -- the goal is p99 < 100 ms;
3. the same moves at 16 connections: throughput and errors (non-2xx answers, exceptions) -- the
   goal is none;
4. for each target: the size on the wire and whether it came compressed (every request asks
   ``Accept-Encoding: gzip`` as browsers do).

The client shares the machine (and, being Python, one core at a time) with the server, so the
figures compare targets against each other within one run; they are not absolute capacity.
Figures, not a test: nothing here passes or fails.
"""
from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    # run as `python bench/http.py`: this folder (first on sys.path) would shadow the standard
    # library's http with this very file; the checkout and its source root take its place
    _HERE = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    sys.path[:0] = [str(_HERE.parent), str(_HERE.parent / "site")]

import argparse  # noqa: E402
import gzip  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import ExitStack, contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from bench import servers  # noqa: E402

CONNECTIONS = 16
ACCEPT = {"Accept-Encoding": "gzip"}
JUDGE_BODY = json.dumps({"game": "chuo-pai", "current": "2-5", "play": "1-4", "lang": "en"}).encode()


@dataclass(frozen=True)
class Target:
    label: str
    method: str
    path: str
    body: bytes | None = None


TRIVIAL = Target("trivial file", "GET", "/static/vendor/htmx-2.0.11.LICENSE")
TARGETS: tuple[Target, ...] = (
    TRIVIAL,
    Target("CSS file (site.css)", "GET", "/static/css/site.css"),
    Target("judge API", "POST", "/api/v1/judge", JUDGE_BODY),
    Target("Chuo Pai rules", "GET", "/en/chuo-pai/rules"),
    Target("Tien Gow rules", "GET", "/en/tien-gow/rules"),
    Target("glossary", "GET", "/en/glossary"),
    Target("lesson page", "GET", "/en/chuo-pai/puzzles/cards/1"),
    Target("home page", "GET", "/en/"),
)


@dataclass
class Tally:
    """What the client threads saw, added up under a lock."""

    requests: int = 0
    errors: int = 0
    exceptions: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    size: int = 0
    encoding: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, requests: int, errors: int, exceptions: int, statuses: dict[int, int],
            size: int, encoding: str) -> None:
        with self.lock:
            self.requests += requests
            self.errors += errors
            self.exceptions += exceptions
            for status, count in statuses.items():
                self.statuses[status] = self.statuses.get(status, 0) + count
            if size:
                self.size, self.encoding = size, encoding


def _send(conn: http.client.HTTPConnection, method: str, path: str,
          body: bytes | None, key: str | None = None) -> tuple[int, bytes, str]:
    headers = dict(ACCEPT)
    if body is not None:
        headers["Content-Type"] = "application/json"
    if key is not None:  # the deal's seat key (docs/api.md): moves need it
        headers["Authorization"] = f"Bearer {key}"
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, data, response.getheader("Content-Encoding") or "identity"


def _run_threads(count: int, work: Callable[[int], None]) -> float:
    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def throughput(server: servers.Server, target: Target, seconds: float,
               connections: int = CONNECTIONS) -> tuple[float, Tally]:
    """req/s with ``connections`` keep-alive connections hammering ``target`` for ``seconds``."""
    tally = Tally()
    deadline = time.perf_counter() + seconds

    def work(_: int) -> None:
        requests = errors = exceptions = size = 0
        encoding = ""
        statuses: dict[int, int] = {}
        conn = server.connection(timeout=30)
        while time.perf_counter() < deadline:
            try:
                status, data, encoding = _send(conn, target.method, target.path, target.body)
            except (OSError, http.client.HTTPException):
                exceptions += 1
                conn.close()
                conn = server.connection(timeout=30)
                continue
            requests += 1
            statuses[status] = statuses.get(status, 0) + 1
            if not 200 <= status < 300:
                errors += 1
            size = len(data)
        conn.close()
        tally.add(requests, errors, exceptions, statuses, size, encoding)

    elapsed = _run_threads(connections, work)
    return tally.requests / elapsed, tally


class Player:
    """Plays Chuo Pai deals through the game API on one connection, one move at a time (always
    the first legal action), starting a new deal whenever one ends."""

    def __init__(self, server: servers.Server, seed: int) -> None:
        self.server, self.seed = server, seed
        self.conn = server.connection(timeout=30)
        self.game: dict[str, object] = {}
        self.key: str | None = None  # the seat key of the deal under way
        self.size, self.encoding = 0, ""

    def _json(self, method: str, path: str, body: object) -> tuple[int, dict[str, object]]:
        status, data, encoding = _send(self.conn, method, path, json.dumps(body).encode(), self.key)
        if 200 <= status < 300:
            raw = data
            if encoding == "gzip":
                raw = gzip.decompress(data)
            self.size, self.encoding = len(data), encoding
            answer = json.loads(raw)
            assert isinstance(answer, dict)
            return status, answer
        return status, {}

    def _new_game(self) -> int:
        self.key = None
        status, self.game = self._json("POST", "/api/v1/chuo-pai/games", {"seed": self.seed})
        key = self.game.get("key")
        self.key = key if isinstance(key, str) else None
        self.seed += 1
        return status

    def move(self) -> tuple[int, float]:
        """(status, seconds) of one move; a new deal is dealt first (not timed) when needed."""
        view = self.game.get("view")
        while not isinstance(view, dict) or view.get("is_over") or not view.get("legal_actions"):
            if self._new_game() != 201:
                raise RuntimeError("could not start a game")
            view = self.game.get("view")
        actions = view["legal_actions"]
        assert isinstance(actions, list)
        body = {"version": self.game["version"], **actions[0]}
        start = time.perf_counter()
        status, answer = self._json("POST", f"/api/v1/games/{self.game['id']}/actions", body)
        took = time.perf_counter() - start
        self.game = answer if status == 200 else {}
        return status, took

    def close(self) -> None:
        self.conn.close()


def move_latency(server: servers.Server, moves: int) -> tuple[list[float], int, int, str]:
    """Latencies of ``moves`` moves on one connection; (seconds each, errors, size, encoding)."""
    player, times, errors = Player(server, seed=1000), [], 0
    try:
        for _ in range(moves):
            status, took = player.move()
            times.append(took)
            errors += status != 200
    finally:
        player.close()
    return times, errors, player.size, player.encoding


def moves_under_load(server: servers.Server, seconds: float,
                     connections: int = CONNECTIONS) -> tuple[float, Tally, list[float]]:
    tally, latencies, lock = Tally(), [], threading.Lock()
    deadline = time.perf_counter() + seconds

    def work(index: int) -> None:
        player = Player(server, seed=100_000 * (index + 1))
        requests = errors = exceptions = 0
        statuses: dict[int, int] = {}
        mine: list[float] = []
        while time.perf_counter() < deadline:
            try:
                status, took = player.move()
            except (OSError, http.client.HTTPException, RuntimeError, ValueError):
                exceptions += 1
                player.close()
                player = Player(server, seed=player.seed + 1)
                continue
            requests += 1
            mine.append(took)
            statuses[status] = statuses.get(status, 0) + 1
            errors += not 200 <= status < 300
        player.close()
        tally.add(requests, errors, exceptions, statuses, player.size, player.encoding)
        with lock:
            latencies.extend(mine)

    elapsed = _run_threads(connections, work)
    return tally.requests / elapsed, tally, latencies


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


@contextmanager
def production_server(through_nginx: bool) -> Iterator[servers.Server]:
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="paiyou-bench-")))
        app = stack.enter_context(servers.gunicorn(folder / "instance"))
        if not through_nginx:
            yield app
            return
        # no write limit worth the name: the benchmark is one address posting as fast as it can
        proxy = stack.enter_context(servers.nginx(folder / "nginx", [app], write_rate="100000r/s"))
        yield proxy.https


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--through-nginx", action="store_true", help="put deploy/nginx.conf in front")
    parser.add_argument("--seconds", type=float, default=5.0, help="per throughput target (default 5)")
    parser.add_argument("--moves", type=int, default=200, help="moves timed on one connection (default 200)")
    args = parser.parse_args(argv)

    with production_server(args.through_nginx) as server:
        command = " ".join(servers.gunicorn_argv(0)[2:]).replace(f"{servers.HOST}:0", "127.0.0.1:<port>")
        print(f"server: {command}" + ("  (behind nginx, HTTPS)" if args.through_nginx else ""))
        print(f"client: {CONNECTIONS} keep-alive connections, {args.seconds:g} s per target, "
              f"Accept-Encoding: gzip\n")
        for target in TARGETS:  # warm up: templates compiled, catalogs and content loaded
            conn = server.connection()
            _send(conn, target.method, target.path, target.body)
            conn.close()

        rows: list[tuple[str, float, Tally]] = []
        for target in TARGETS:
            rate, tally = throughput(server, target, args.seconds)
            rows.append((f"{target.method} {target.path}", rate, tally))
        base = rows[0][1]
        print(f"{'target':<20} {'request':<42} {'req/s':>8} {'x trivial':>9} {'errors':>6} {'bytes':>7}  encoding")
        for (request, rate, tally), target in zip(rows, TARGETS, strict=True):
            errors = tally.errors + tally.exceptions
            print(f"{target.label:<20} {request:<42} {rate:>8.1f} {rate / base:>9.3f} "
                  f"{errors:>6} {tally.size:>7}  {tally.encoding}")
        pages = [(t.label, r / base) for (_, r, _), t in zip(rows, TARGETS, strict=True)
                 if t.path.startswith("/en/") and t.label != "home page"]
        worst = min(pages, key=lambda p: p[1])
        if args.through_nginx:
            print("(through nginx the static files are nginx's own: the ratios compare the app with nginx)")
        print(f"\nslowest rules/glossary/lesson page: {worst[0]} at {worst[1]:.3f}x the trivial file "
              f"(goal >= 0.5x)")

        times, errors, size, encoding = move_latency(server, args.moves)
        ms = [t * 1000 for t in times]
        print(f"\ngame API move (POST /api/v1/games/<id>/actions, Chuo Pai, your move + the computer's), "
              f"1 connection, {len(ms)} moves:")
        print(f"  p50 {percentile(ms, 50):.1f} ms   p95 {percentile(ms, 95):.1f} ms   "
              f"p99 {percentile(ms, 99):.1f} ms   max {max(ms):.1f} ms   mean {statistics.fmean(ms):.1f} ms   "
              f"errors {errors}   last answer {size} bytes, {encoding}   (goal p99 < 100 ms)")

        rate, tally, latencies = moves_under_load(server, args.seconds)
        ms = [t * 1000 for t in latencies]
        print(f"\ngame API moves at {CONNECTIONS} connections for {args.seconds:g} s: {rate:.1f} moves/s, "
              f"p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
              f"non-2xx {tally.errors}, exceptions {tally.exceptions}   (goal: no errors)")
        if tally.statuses and set(tally.statuses) != {200}:
            print(f"  statuses: {dict(sorted(tally.statuses.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
