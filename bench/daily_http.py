"""The daily deal's pages through HTTP as the field grows (issue 47; docs/daily.md, "Speed"):

    nice -n 10 .venv/bin/python -m bench.daily_http [--postgres] [--sizes 1000,10000,100000]

Starts the production gunicorn (``bench.servers.gunicorn``: the Dockerfile's command, 2 workers x 4
threads) on SQLite, and with ``--postgres`` again on a throwaway PostgreSQL server; plays today's
Tien Gow daily through the API (its player's progress key is the browser cookie of the pages
below), then grows the day's field to each size (``bench.daily_field.bulk``: counted results, their
score and action counts — every added player also chose at the played deal's positions, so what
the field played there grows with it —, one player in ten named) and, at each size, times on one
keep-alive connection, the targets taken in turn (so a burst of load hits them alike):

- the Tien Gow **rules page** (the yardstick: goal, the day's page within 1.5x its latency);
- **the day's page** for a visitor (commitment, start form, how many finished);
- **the day's page with your result** (matchpoints, percentile, rank, chart, par, the top 50 with
  names, what the field played at each of your decisions);
- the **live result fragment** htmx polls (the same panel alone);
- the **leaderboard**'s first page and its last (the deepest ``OFFSET``);

and reads the resident memory of each gunicorn worker (``/proc``), which must stay flat as the
field grows: no request reads every result. The client shares the machine with the server (and
with whatever else runs), so the figures compare targets within one run.
"""
from __future__ import annotations

import http.client
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench import daily_runs, servers
from bench.daily_field import bulk_in_child
from engine.daily import decisions, today
from paiyou.store.databases import open_store

GAME = "tien-gow"
SAMPLES = 150
WARM_UP = 5
ACCEPT = {"Accept-Encoding": "gzip"}
UNLIMITED = "1000000 per minute"  # the read limit would stop one client's thousands of reads


def call(conn: http.client.HTTPConnection, method: str, path: str, headers: dict[str, str],
         body: bytes | None = None) -> tuple[int, bytes, float]:
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, data, (time.perf_counter() - start) * 1000


def play_daily(server: servers.Server) -> tuple[str, str]:
    """Today's deal played through the API (the first legal action each time): (progress key, deal id)."""
    conn = server.connection()
    try:
        headers = {"Content-Type": "application/json"}
        status, body, _ = call(conn, "POST", f"/api/v1/{GAME}/daily", headers, b"{}")
        assert status == 201, body[:300]
        data = json.loads(body)
        player, key = data["player"], data["key"]
        while not data["view"]["is_over"]:
            move = json.dumps({"version": data["version"], **data["view"]["legal_actions"][0]}).encode()
            status, body, _ = call(conn, "POST", f"/api/v1/games/{data['id']}/actions",
                                   {**headers, "Authorization": f"Bearer {key}"}, move)
            assert status == 200, body[:300]
            data = json.loads(body)
        return player, str(data["id"])
    finally:
        conn.close()


def played_decisions(url: str, deal_id: str) -> list[tuple[str, str]]:
    store = open_store(url)
    try:
        stored = store.get(deal_id)
        assert stored is not None
        return [(d.position, d.action) for d in decisions(stored.record, stored.seat)]
    finally:
        store.close()


def worker_rss(master: int) -> list[float]:
    """The resident memory (MiB) of each of the gunicorn master's children, its workers."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != master:
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError, ValueError):
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                found.append(int(line.split()[1]) / 1024)
    return sorted(found)


def measure(server: servers.Server, targets: dict[str, tuple[str, dict[str, str]]]) -> dict[str, tuple[float, float]]:
    """p50 and p99 (ms) of each target, ``SAMPLES`` requests each in turn on one connection."""
    conn = server.connection()
    times: dict[str, list[float]] = {label: [] for label in targets}
    try:
        for n in range(WARM_UP + SAMPLES):
            for label, (path, headers) in targets.items():
                status, body, ms = call(conn, "GET", path, {**ACCEPT, **headers})
                if status != 200:
                    raise RuntimeError(f"{label}: {path} answered {status}: {body[:200]!r}")
                if n >= WARM_UP:
                    times[label].append(ms)
    finally:
        conn.close()
    return {label: daily_runs.quantiles(found) for label, found in times.items()}


def run(label: str, url: str, sizes: list[int], out: Callable[[str], None]) -> None:
    day = today().isoformat()
    with tempfile.TemporaryDirectory() as folder:
        env = {"PAIYOU_DATABASE_URL": url, "PAIYOU_DAILY_READ_LIMIT": UNLIMITED, "PAIYOU_ANALYSIS_WORKERS": "0"}
        with servers.gunicorn(Path(folder) / "instance", env=env) as server:
            assert server.pid is not None
            player, deal_id = play_daily(server)
            shared = played_decisions(url, deal_id)
            cookie = {"Cookie": f"paiyou_daily={player}"}
            out(f"\n## {label}\n")
            out("| field | rules page | day's page, a visitor | day's page, your result | live fragment "
                "| leaderboard, page 1 | leaderboard, last page | your result / rules (p50) | workers' RSS |")
            out("|---|---|---|---|---|---|---|---|---|")
            have = 1
            for size in sizes:
                start = time.perf_counter()
                bulk_in_child(url, size - have, size, game=GAME, day=day, shared=shared, named=0.1)
                filled = time.perf_counter() - start
                have = size
                last = -(-size // 50)
                targets = {
                    "rules": (f"/en/{GAME}/rules", {}),
                    "visitor": (f"/en/{GAME}/daily", {}),
                    "result": (f"/en/{GAME}/daily", cookie),
                    "live": (f"/en/{GAME}/daily/result", {**cookie, "HX-Request": "true"}),
                    "board": (f"/en/{GAME}/daily/{day}/board", cookie),
                    "last": (f"/en/{GAME}/daily/{day}/board?page={last}", cookie),
                }
                found = measure(server, targets)
                cells = [f"{p50:.1f} / {p99:.1f}" for p50, p99 in found.values()]
                ratio = found["result"][0] / found["rules"][0]
                rss = ", ".join(f"{r:.1f}" for r in worker_rss(server.pid))
                out(f"| {size:,} (filled in {filled:.0f} s) | " + " | ".join(cells) + f" | {ratio:.2f}x | {rss} MiB |")
    out("\nEach cell: p50 / p99 in ms over "
        f"{SAMPLES} requests (after {WARM_UP} to warm up), the targets in turn on one connection.")


def main(argv: list[str] | None = None) -> int:
    return daily_runs.main(argv, module="daily_http", doc=__doc__ or "", sizes="1000,10000,100000",
                           setting="production gunicorn (2 workers x 4 threads), one client connection", run=run)


if __name__ == "__main__":
    raise SystemExit(main())
