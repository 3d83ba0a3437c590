"""The daily deal's field at scale (docs/daily.md): one day of one game grown to 100,000 counted
results in the store, and at each size the cost of what a request does with it, in process:

- **record**: a finished daily recorded (``DailyStore.record_result``: the result, its score's
  count and 15 decisions' action counts, one transaction), p50 and p99;
- **your result**: the score counts read and ranked (``score_counts`` + ``engine.field.standing``:
  matchpoints, percentile, rank, field size and distribution), p50 and p99 (goal ≤ 10 ms), in
  wall time and in this thread's CPU time (on a shared machine the wall time's tail is mostly
  waiting for a core);
- **leaderboard**: the top 50 with their ranks, p50 and p99;
- the process's resident memory, and the peak Python allocation of one "your result", which must
  stay flat as the field grows (nothing reads every result).

The field grows by bulk inserts of the same rows ``record_result`` writes (results, score counts,
action counts; one transaction per 20,000), made by a child process so that the measuring process
runs only the measured operations (its memory is theirs).
Players choose among three actions at each of 15 decisions (the first more often), so the field's
positions branch as a real day's do; scores are spread as Chuo Pai piles or Tien Gow points are.

    nice -n 10 .venv/bin/python -m bench.daily_field [--postgres] [--sizes 1000,10000,50000,100000]

``--postgres`` adds a throwaway PostgreSQL server (tests/site/pg_cluster.py) beside SQLite.
"""
from __future__ import annotations

import hashlib
import multiprocessing
import random
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import daily_runs
from engine.field import standing
from paiyou.store.daily import RESULT_COLUMNS, DailyStore
from paiyou.store.databases import open_store
from paiyou.store.schema import (
    DAILY_ACTIONS,
    DAILY_DAYS,
    DAILY_NAMES,
    DAILY_RESULTS,
    DAILY_SCORES,
    NAMES_GENERATION,
    new_id,
)

GAME, DAY = "chuo-pai", "2026-12-07"
DECISIONS = 15
BATCH = 20_000
SAMPLES = {"record": 300, "result": 1000, "leaderboard": 200}


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")  # pragma: no cover - not Linux


def player_path(draw: random.Random) -> tuple[int, list[tuple[str, str]]]:
    """A player's score and decisions: at each decision one of three actions (60/30/10), its
    position the hash of the choices before it (the same history, the same position)."""
    score = max(0, min(60, round(draw.gauss(20, 7))))
    decisions, history = [], ""
    for _ in range(DECISIONS):
        position = hashlib.sha256(history.encode()).hexdigest()[:32]
        action = draw.choices("abc", weights=(6, 3, 1))[0]
        decisions.append((position, action))
        history += action
    return score, decisions


def bulk(url: str, count: int, seed: int, game: str = GAME, day: str = DAY,
         shared: Sequence[tuple[str, str]] = (), named: float = 0.0) -> None:
    """Add ``count`` counted results with their counts, as ``record_result`` would, in batches (in
    a child process: the measuring process's memory holds only what the measured operations keep).
    ``shared``: (position, action) pairs every added player also chose (a real deal's decisions, so
    what the field played there grows with the field); ``named``: the share of players given a
    leaderboard name."""
    store, draw = open_store(url), random.Random(seed)
    for start in range(0, count, BATCH):
        size = min(BATCH, count - start)
        rows, scores, actions = [], Counter[int](), Counter[tuple[str, str]]()
        names = []
        for _ in range(size):
            score, decisions = player_path(draw)
            player = new_id()
            rows.append((new_id(), game, day, player, score, int(time.time()), 1))
            scores[score] += 1
            actions.update(decisions)
            actions.update(shared)
            if draw.random() < named:
                names.append((player, f"Player {draw.randrange(10**6)}", int(time.time())))
        store._ensure_schema()
        with store._connection() as conn:
            conn.execute("BEGIN")
            cur = conn.cursor()
            cur.executemany(store._sql(f"INSERT INTO {DAILY_RESULTS} ({RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                            rows)
            cur.executemany(store._sql(
                f"INSERT INTO {DAILY_SCORES} (game, day, score, players) VALUES (?, ?, ?, ?) ON CONFLICT "
                f"(game, day, score) DO UPDATE SET players = {DAILY_SCORES}.players + excluded.players"),
                [(game, day, s, n) for s, n in scores.items()])
            cur.executemany(store._sql(
                f"INSERT INTO {DAILY_ACTIONS} (game, day, position, action, players) VALUES (?, ?, ?, ?, ?) "
                f"ON CONFLICT (game, day, position, action) DO UPDATE SET players = "
                f"{DAILY_ACTIONS}.players + excluded.players"),
                [(game, day, p, a, n) for (p, a), n in actions.items()])
            if names:
                cur.executemany(store._sql(f"INSERT INTO {DAILY_NAMES} (player, name, named_at) VALUES (?, ?, ?)"),
                                names)
            # the store's rule for whoever writes the counts: bump the generations in the same
            # transaction, or a running server keeps showing the field it read before
            cur.executemany(store._sql(
                f"INSERT INTO {DAILY_DAYS} (game, day, generation) VALUES (?, ?, 1) ON CONFLICT (game, day) "
                f"DO UPDATE SET generation = {DAILY_DAYS}.generation + 1"),
                [(game, day), NAMES_GENERATION])
            cur.close()
            conn.execute("COMMIT")
    store.close()


def bulk_in_child(url: str, count: int, seed: int, **options: Any) -> None:
    child = multiprocessing.get_context("fork").Process(target=bulk, args=(url, count, seed), kwargs=options)
    child.start()
    child.join()
    if child.exitcode != 0:
        raise RuntimeError(f"the bulk fill failed ({child.exitcode})")


def timed(samples: int, call: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> list[float]:
    times = []
    for _ in range(samples):
        start = clock()
        call()
        times.append((clock() - start) * 1000)
    return times


def quantiles(times: list[float]) -> str:
    p50, p99 = daily_runs.quantiles(times)
    return f"p50 {p50:6.2f} ms, p99 {p99:6.2f} ms"


def measure(daily: DailyStore, draw: random.Random) -> dict[str, str]:
    def record() -> None:
        score, decisions = player_path(draw)
        daily.record_result(GAME, DAY, new_id(), new_id(), score, countable=True, decisions=decisions)

    def your_result() -> None:
        counts = daily.score_counts(GAME, DAY)
        standing(counts, draw.choice(counts)[0])

    found = {"record": quantiles(timed(SAMPLES["record"], record)),
             "your result": quantiles(timed(SAMPLES["result"], your_result)),
             "your result, CPU": quantiles(timed(SAMPLES["result"], your_result, time.thread_time)),
             "leaderboard": quantiles(timed(SAMPLES["leaderboard"], lambda: daily.leaderboard(GAME, DAY, 50)))}
    tracemalloc.start()
    your_result()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    counts = daily.score_counts(GAME, DAY)
    found["field"] = f"{sum(n for _, n in counts):,} players, {len(counts)} distinct scores"
    found["memory"] = f"RSS {rss_mib():.1f} MiB, one result's peak allocation {peak / 1024:.1f} KiB"
    return found


def run(label: str, url: str, sizes: list[int], out: Callable[[str], None]) -> None:
    store = open_store(url)
    daily, draw, have = DailyStore(store), random.Random(47), 0
    out(f"\n## {label}\n")
    out("| field before | record (p50, p99) | your result (p50, p99) | its CPU time (p50, p99) "
        "| leaderboard top 50 (p50, p99) | memory |")
    out("|---|---|---|---|---|---|")
    for size in sizes:
        start = time.perf_counter()
        bulk_in_child(url, size - have, size)
        filled = time.perf_counter() - start
        found = measure(daily, draw)
        have = size + SAMPLES["record"]
        out(f"| {size:,} (filled in {filled:.0f} s) | {found['record']} | {found['your result']} | "
            f"{found['your result, CPU']} | {found['leaderboard']} | {found['memory']} |")
    out(f"\nAfter the run: {found['field']}.")
    store.close()


def main(argv: list[str] | None = None) -> int:
    return daily_runs.main(argv, module="daily_field", doc=__doc__ or "", sizes="1000,10000,50000,100000",
                           setting=f"in process, one thread; samples: {SAMPLES}", run=run)


if __name__ == "__main__":
    raise SystemExit(main())
