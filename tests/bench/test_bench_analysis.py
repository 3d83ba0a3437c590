"""bench/analysis.py runs and prints its three tables (a tiny run: cheap players, one deal)."""
from __future__ import annotations

import io

from bench import analysis as bench_analysis
from engine.analysis import GRADES


def test_the_benchmark_prints_time_grades_and_duplicate():
    out = io.StringIO()
    rows = bench_analysis.bench("tien-gow", ["random", "greedy"], 1, 5, "greedy", "standard", "greedy", out=out)
    text = out.getvalue()
    assert "analysis CPU per deal (n=2)" in text
    assert all(g in text for g in GRADES) and "| random |" in text and "| greedy |" in text
    assert "accuracy rises with the player's level (random, greedy)" in text
    assert rows["greedy"][0]["difference"] == 0  # greedy in the seat again: the same deal


def test_the_interval_helpers():
    assert bench_analysis.wilson(0, 0) == (0.0, 1.0)
    low, high = bench_analysis.wilson(5, 10)
    assert low < 0.5 < high
    mean, low, high = bench_analysis.mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and low < 2.0 < high
    assert bench_analysis.percentile([1.0, 2.0, 3.0, 4.0], 0.95) == 4.0


def test_processes_give_the_same_grades_and_scores_as_one():
    def figures(jobs: int) -> list[tuple[object, ...]]:
        rows = bench_analysis.bench("tien-gow", ["random", "greedy"], 2, 7, "greedy", "standard", "greedy",
                                    out=io.StringIO(), jobs=jobs)
        return [(level, r["counts"], r["accuracy"], r["difference"]) for level in rows for r in rows[level]]

    assert figures(2) == figures(1)
