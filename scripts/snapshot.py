#!/usr/bin/env python3
"""A behaviour snapshot of Paiyou: every page, API answer and deal record, one file each.

What it is for: proving that a refactor (modules moved, internals renamed) changes no behaviour.
Take a snapshot before and after and compare the two trees; any difference is a change of
behaviour (or of something the snapshot normalises, listed below)::

    .venv/bin/python scripts/snapshot.py /tmp/before
    # ... refactor ...
    .venv/bin/python scripts/snapshot.py /tmp/after
    diff -r /tmp/before /tmp/after

OUTDIR must not exist yet or be empty (``--force`` replaces an earlier snapshot, recognised by its
``SUMMARY.txt``). A run takes about two minutes on one core and prints a summary at the end:
how many pages, API answers, deal records and command-line outputs it wrote (also kept in
``SUMMARY.txt``, with notes on anything it could not do).

It only uses entry points that survive a refactor, never an internal module:

- the site through ``paiyou.create_app(config)`` and the Flask test client, by URL: a breadth-first
  crawl from every language's home page that follows every same-site link (``href``, ``src``,
  ``hx-get``, GET form actions, CSS ``url()``, redirects), then the lesson puzzles answered (right,
  wrong, every option of the form, with and without ``HX-Request``), practice puzzles with fixed
  seeds, full deals with fixed seeds through the JSON API and through the HTML table, bad input of
  every kind, the judge API, error pages;
- the engine through its command line, ``python -m engine judge|selfplay|replay``, run as
  subprocesses.

Each HTTP exchange is one file: the request, the status, every response header but
``Content-Length`` (the body is there byte for byte), then the body. A redirect that is followed
gives one file per hop. Normalised, because they differ from run to run: game ids (``GAME-1``,
``GAME-2``, ... in order of first appearance), the random seeds of the practice links
(``SEED-1``, ...), each deal's random salt and the commitments made from it (``SALT``,
``SHA256``), cookie expiry dates, and the static files' ``Last-Modified``/``ETag`` (they
come from the files' modification times). Deals without a seed are random: their answers are
recorded without the body, and their tables are not fetched.

The jobs are the modules of ``scripts/snapshotting/`` (its ``__init__`` lists them); this file is
the command line.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if os.environ.get("PYTHONHASHSEED") != "0":  # the same set and dict orders in every run
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.snapshotting.run import SUMMARY, prepare, snapshot  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--force", action="store_true", help="replace an earlier snapshot in OUTDIR")
    args = parser.parse_args(argv)
    began = time.monotonic()
    prepare(args.outdir, args.force)
    rec = snapshot(args.outdir)
    print((args.outdir / SUMMARY).read_text(encoding="utf-8"), end="")
    print("time: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in rec.timings))
    print(f"written to {args.outdir} in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
