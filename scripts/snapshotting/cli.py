"""The engine through its command line, ``python -m engine judge|selfplay|replay``, run as
subprocesses."""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from scripts.snapshotting.common import CHECKOUT, GAMES, SEATS
from scripts.snapshotting.judge import JUDGE_QUERIES
from scripts.snapshotting.record import Recorder

AGENTS = ("random", "greedy", "standard")
SELFPLAY = (("random", 20, 1), ("greedy", 5, 100), ("standard", 2, 200))  # agent, deals, seed
MIXED_SEED = 300


def engine(rec: Recorder, name: str, args: Sequence[str], stdin: str = "",
           count_records: bool = False) -> str:
    """``python -m engine ARGS`` with ``stdin``; one file: the command, exit code, stderr, stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIYOU_")}
    env.update(COLUMNS="80", LINES="24")  # argparse wraps its messages to the terminal's width
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", cwd=CHECKOUT, env=env, check=False)
    text = (f"python -m engine {' '.join(args)}\nexit {done.returncode}\n"
            f"-- stderr\n{done.stderr}-- stdout\n{done.stdout}")
    rec.write(name, text, "cli")
    if count_records and done.returncode == 0:
        rec.counts["record"] += sum(1 for line in done.stdout.splitlines() if line.strip())
    return done.stdout


def tampered(record: dict[str, Any]) -> list[tuple[str, str]]:
    """Broken copies of a record (one line each) for ``replay`` to reject, and a few others."""
    cases = [("not-json", "{not json"), ("list", "[1, 2]"), ("unknown-game", '{"game": "mahjong"}'),
             ("empty-object", "{}")]
    for key in record:
        cases.append((f"without-{key}", json.dumps({k: v for k, v in record.items() if k != key})))
    changes: dict[str, Any] = {"format": 2, "seed": (record.get("seed") or 0) + 1}
    for key, value in changes.items():
        cases.append((f"changed-{key}", json.dumps({**record, key: value})))
    for key, value in record.items():
        if isinstance(value, list) and value:
            cases.append((f"shorter-{key}", json.dumps({**record, key: value[:-1]})))
    return cases


def command_line(rec: Recorder) -> None:
    for game in GAMES:
        lines = [json.dumps(q) for q in JUDGE_QUERIES.get(game, ())]
        lines += ["not json", "[1]", '{"current": "6-6"}', '{"play": 66}', '{"play": "6-6", "current": 5}',
                  "", '{"play": "6-6", "current": null, "extra": 1}']
        engine(rec, f"cli/judge/{game}", ["judge", "--game", game], "\n".join(lines) + "\n")
        runs: list[tuple[str, int, int]] = [(",".join([a] * SEATS[game]), n, s) for a, n, s in SELFPLAY]
        mixed = [c for c in itertools.product(AGENTS, repeat=SEATS[game]) if len(set(c)) > 1]
        runs += [(",".join(c), 1, MIXED_SEED + i) for i, c in enumerate(mixed)]
        sample: dict[str, Any] | None = None
        for agents, deals, seed in runs:
            name = f"{agents.replace(',', '-')}-{deals}-from-{seed}"
            records = engine(rec, f"cli/selfplay/{game}/{name}",
                             ["selfplay", "--game", game, "--deals", str(deals), "--seed", str(seed),
                              "--agents", agents], count_records=True)
            engine(rec, f"cli/replay/{game}/{name}", ["replay"], records)
            if sample is None and records.strip():
                sample = json.loads(records.splitlines()[0])
        engine(rec, f"cli/selfplay/{game}/default-agents", ["selfplay", "--game", game, "--seed", "9"],
               count_records=True)
        for label, args in (("unknown-agent", ["--agents", ",".join(["best"] * SEATS[game])]),
                            ("too-few-agents", ["--agents", "random"]), ("no-deals", ["--deals", "0"])):
            engine(rec, f"cli/selfplay/{game}/{label}", ["selfplay", "--game", game, *args])
        for label, line in tampered(sample or {}):
            engine(rec, f"cli/replay/{game}/tampered-{label}", ["replay"], line + "\n")
    engine(rec, "cli/usage/judge-unknown-game", ["judge", "--game", "mahjong"], "")
    engine(rec, "cli/usage/no-command", [])
    engine(rec, "cli/usage/help", ["--help"])
    engine(rec, "cli/usage/replay-missing-file", ["replay", "/nonexistent/records.jsonl"])
