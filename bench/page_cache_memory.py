"""How much memory one process's page cache takes under the two floods of the 2026-12-03 audit.

- ``urls``: 20,000 requests for the rules page, each with a different query (``?0``, ``?1`` …);
- ``cookies``: 600 requests for the rules page, each with 98 cookies of 4,000 random characters.

Each flood runs in a fresh Python process (the app with its production defaults, games in a
temporary SQLite file, limits off so that every request reaches the page), which prints its
resident set size (VmRSS) after one warm-up request and after the flood, and the statuses it saw.
Run it against another checkout with ``PYTHONPATH=<checkout>/site:<checkout>`` to compare.

    python -m bench.page_cache_memory [--flood urls|cookies|both]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import string
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

URL_REQUESTS = 20_000
COOKIE_REQUESTS = 600
COOKIES_PER_REQUEST = 98
COOKIE_BYTES = 4_000
PAGE = "/en/chuo-pai/rules"


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def flood(kind: str) -> dict[str, object]:
    """One flood in this process: the RSS before and after, and the statuses seen."""
    from paiyou import create_app

    folder = tempfile.mkdtemp(prefix="paiyou-bench-")
    app = create_app({"RATELIMIT_ENABLED": False, "SECRET_KEY": "bench",
                      "PAIYOU_DATABASE_URL": f"sqlite:///{folder}/games.sqlite3"})
    client = app.test_client()
    assert client.get(PAGE).status_code == 200
    before = rss_mib()
    statuses: Counter[int] = Counter()
    rng = random.Random(1)
    letters = string.ascii_letters + string.digits
    if kind == "urls":
        for n in range(URL_REQUESTS):
            statuses[client.get(f"{PAGE}?{n}").status_code] += 1
    else:
        for _ in range(COOKIE_REQUESTS):
            client._cookies.clear()
            for c in range(COOKIES_PER_REQUEST):
                client.set_cookie(f"c{c}", "".join(rng.choices(letters, k=COOKIE_BYTES)))
            statuses[client.get(PAGE).status_code] += 1
    return {"flood": kind, "rss_before_mib": round(before, 1), "rss_after_mib": round(rss_mib(), 1),
            "statuses": dict(statuses)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", choices=("urls", "cookies", "both"), default="both")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_process:
        print(json.dumps(flood(args.flood)))
        return 0
    for kind in ("urls", "cookies") if args.flood == "both" else (args.flood,):
        done = subprocess.run([sys.executable, "-m", "bench.page_cache_memory", "--flood", kind,
                               "--in-process"], check=True, capture_output=True, text=True,
                              env=os.environ.copy())
        print(done.stdout.strip().splitlines()[-1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
