"""Analysis of a finished deal (engine/analysis.py): its cost, its grades by the player's level, and
the duplicate's score difference.

    python bench/analysis.py --deals 200 --jobs 2              # the full run (hours of CPU)
    python bench/analysis.py --deals 4 --levels standard       # a check that it works

For each game and each ``--levels`` name L, deals ``--seed`` … ``--seed + deals − 1`` are played
as the site plays them (``engine.seating``: one generator per move) with L in seat 0 and
``--opponents`` in the other seats; then seat 0 is analysed by ``--analysis-level`` and the deal is
played again with ``--duplicate-level`` in seat 0 (``engine.analysis.duplicate``). Printed:

- **time per deal**: the process's CPU time of ``analyse`` (one core; ``time.process_time``),
  median, 95th percentile (nearest rank) and maximum, with the graded decisions per deal, and the
  duplicate's CPU time (median, p95); pooled over the levels, per game;
- **grades**: the share of graded decisions in each grade per level, with 95% Wilson intervals
  (decisions pooled over the deals), and the mean accuracy per deal with a 95% normal interval —
  the stronger the player, the higher the accuracy should be (the last line says whether it is);
- **duplicate**: the mean of (duplicate-level's score − L's score) in seat 0 per deal (Chuo Pai
  cards in the pile, Tien Gow net points), with a 95% normal interval; 0 by construction when L is
  the duplicate level itself (the same players with the same generators play the same deal).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import wilson  # noqa: E402  (the arena's interval of a proportion)
from engine.analysis import GRADES, analyse, duplicate  # noqa: E402
from engine.games import GAME_KEYS, game  # noqa: E402
from engine.seating import play_seats  # noqa: E402

Z95 = 1.959964


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean with its 95% normal interval (± z × sd / √n)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return (mean, mean - half, mean + half)


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def run_deal(key: str, seed: int, level: str, opponents: str, analysis_level: str,
             duplicate_level: str) -> dict[str, Any]:
    """One deal: played with ``level`` in seat 0, analysed, played again (duplicate)."""
    spec = game(key)
    players = [spec.make_agent(level)] + [spec.make_agent(opponents) for _ in range(spec.seats - 1)]
    record = spec.to_record(play_seats(spec.new_deal(seed), players))
    start = time.process_time()
    result = analyse(record, 0, level=analysis_level)
    seconds = time.process_time() - start
    start = time.process_time()
    again = duplicate(record, 0, level=duplicate_level, opponents=opponents)
    return {"seconds": seconds, "duplicate_seconds": time.process_time() - start, "counts": result.counts,
            "accuracy": result.accuracy, "difference": again.difference}


def bench(key: str, levels: Sequence[str], deals: int, first_seed: int, opponents: str,
          analysis_level: str, duplicate_level: str, out: Any = sys.stdout,
          jobs: int = 1) -> dict[str, list[dict[str, Any]]]:
    """Every deal of one game for every level; prints the three tables; returns the rows.

    With ``jobs`` > 1 the deals run in that many processes; each deal's figures are its own
    process's CPU time, so the results do not depend on ``jobs``."""
    tasks = [(key, seed, level, opponents, analysis_level, duplicate_level)
             for level in levels for seed in range(first_seed, first_seed + deals)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.starmap(run_deal, tasks, chunksize=1)
    else:
        results = [run_deal(*task) for task in tasks]
    rows: dict[str, list[dict[str, Any]]] = {level: [] for level in levels}
    for task, result in zip(tasks, results, strict=True):
        rows[task[2]].append(result)
    print(report(key, rows, deals, first_seed, opponents, analysis_level, duplicate_level), file=out)
    return rows


def report(key: str, rows: dict[str, list[dict[str, Any]]], deals: int, first_seed: int, opponents: str,
           analysis_level: str, duplicate_level: str) -> str:
    pooled = [r for level_rows in rows.values() for r in level_rows]
    times = sorted(r["seconds"] for r in pooled)
    graded = [sum(r["counts"].values()) for r in pooled]
    dup = sorted(r["duplicate_seconds"] for r in pooled)
    lines = [f"## {key}: seeds {first_seed}–{first_seed + deals - 1}, opponents {opponents}, "
             f"analysed by {analysis_level}, duplicate {duplicate_level}", "",
             f"analysis CPU per deal (n={len(times)}): median {statistics.median(times):.2f} s, "
             f"p95 {percentile(times, 0.95):.2f} s, max {times[-1]:.2f} s; "
             f"graded decisions per deal: mean {statistics.fmean(graded):.1f}; duplicate CPU per deal: "
             f"median {statistics.median(dup):.2f} s, p95 {percentile(dup, 0.95):.2f} s", "",
             "| player | graded | " + " | ".join(GRADES) + " | accuracy (95%) | duplicate − player (95%) |",
             "|---|---|" + "---|" * len(GRADES) + "---|---|"]
    accuracies = []
    for level, level_rows in rows.items():
        counts = {g: sum(r["counts"][g] for r in level_rows) for g in GRADES}
        n = sum(counts.values())
        shares = []
        for g in GRADES:
            low, high = wilson(counts[g], n)
            shares.append(f"{100 * counts[g] / n if n else math.nan:.1f}% [{100 * low:.1f}, {100 * high:.1f}]")
        accuracy = mean_interval([r["accuracy"] for r in level_rows if r["accuracy"] is not None])
        accuracies.append(accuracy[0])
        difference = mean_interval([r["difference"] for r in level_rows])
        lines.append(f"| {level} | {n} | " + " | ".join(shares)
                     + f" | {accuracy[0]:.1f} [{max(0.0, accuracy[1]):.1f}, {min(100.0, accuracy[2]):.1f}]"
                     + f" | {difference[0]:+.2f} [{difference[1]:+.2f}, {difference[2]:+.2f}] |")
    if len(accuracies) > 1:
        rising = all(a < b for a, b in zip(accuracies, accuracies[1:], strict=False))
        lines += ["", f"accuracy rises with the player's level ({', '.join(rows)}): {'yes' if rising else 'NO'}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAME_KEYS))
    parser.add_argument("--levels", default="greedy,standard,strong", help="the players of seat 0, weakest first")
    parser.add_argument("--deals", type=int, default=200, help="deals per game and level")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--opponents", default="strong", help="the other seats' level (the site's default)")
    parser.add_argument("--analysis-level", default="strong")
    parser.add_argument("--duplicate-level", default="strong")
    parser.add_argument("--jobs", type=int, default=1, help="processes (each deal's CPU time is its own)")
    args = parser.parse_args(argv)
    for key in args.games.split(","):
        bench(key, args.levels.split(","), args.deals, args.seed, args.opponents, args.analysis_level,
              args.duplicate_level, jobs=args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
