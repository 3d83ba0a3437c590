"""What the daily deal's benchmarks share (``bench.daily_field``, ``bench.daily_http``): the
command line (``--sizes``, ``--postgres``), the stores run in turn — SQLite in a temporary folder,
then with ``--postgres`` a throwaway PostgreSQL server (tests/site/pg_cluster.py) — and the
quantiles they report."""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

# run(label, database URL, field sizes, out): one store's table of figures
Run = Callable[[str, str, list[int], Callable[[str], None]], None]


def quantiles(times: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile (nearest rank) of ``times``."""
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def postgres_url() -> Iterator[str]:
    """A new database on a throwaway PostgreSQL server, removed after; nothing when none is installed."""
    from tests.site import pg_cluster

    cleanups: list[Callable[[], Any]] = []

    class Config:
        def add_cleanup(self, call: Callable[[], Any]) -> None:
            cleanups.append(call)

    try:
        server = pg_cluster.server_url(Config())
        if server is None:
            print("no PostgreSQL installed: skipped", file=sys.stderr)
            return
        yield pg_cluster.new_database(server)
    finally:
        for call in cleanups:
            call()


def main(argv: list[str] | None, *, module: str, doc: str, sizes: str, setting: str, run: Run) -> int:
    """``python -m bench.<module> [--postgres] [--sizes …]``: the header (the command, the time,
    Python and ``setting``), then ``run`` on SQLite and, with ``--postgres``, on PostgreSQL."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=sizes)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    chosen = [int(s) for s in args.sizes.split(",")]
    print(f"# python -m bench.{module} --sizes {args.sizes}{' --postgres' if args.postgres else ''}")
    print(f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, {setting}")
    with tempfile.TemporaryDirectory() as folder:
        run("SQLite (WAL, synchronous=NORMAL)", f"sqlite:///{folder}/games.sqlite3", chosen, print)
    if args.postgres:
        for url in postgres_url():
            run("PostgreSQL (throwaway local server, fsync off)", url, chosen, print)
    return 0
