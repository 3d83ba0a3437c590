"""Stability of the analysis's grades across the estimate's random draws, and its CPU (issue 48).

    python bench/analysis_stability.py --deals 50 --draws 5 --jobs 2      # the full run
    python bench/analysis_stability.py --deals 6 --levels strong          # a quick look

For each game and each ``--levels`` name L, deals ``--seed`` … ``--seed + deals − 1`` are played as
the site plays them (``engine.seating``: one generator per move) with L in every seat; seat 0 is
analysed by L with ``analyse(…, draw=k)`` for the estimate's draws 0 … ``--draws`` − 1 (the same
views, only the estimator's random draws differ; draw 0 is what the site shows). Printed, per game
and level, over the graded decisions and deals:

- **re-estimate changes the grade**: the share of (decision, draw k ≥ 1) whose grade differs from
  draw 0's (the issue's measure: the same view re-estimated with other draws); and the share of
  all pairs of draws (any two) that differ;
- **changes under at least one draw**: decisions whose grade is not the same under every draw;
- **mistake/blunder ↔ best/good**: decisions graded mistake or blunder under one draw and best or
  good under another;
- **accuracy moves**: per deal, the largest difference between two draws' accuracies, mean and
  maximum (and against draw 0 alone, the issue's measure);
- **hint graded mistake/blunder** (L = the hint's level, ``strong``): decisions at which the hint's
  first choice (the draw-0 estimate's best, what the site's hint shows) is graded a mistake or a
  blunder by the analysis at draw 0, and under any draw (``assess`` of it with that draw);
- **close**: the share of grades the analysis flags close;
- **CPU per analysed deal**: the process's CPU time (``time.process_time``) of the analysis at
  draw 0 against today's (before issue 48: the level's ``estimate_scores`` — its halving search —
  once per graded decision, which is what the analysis ran), median and mean, and their ratio;
- **the deals whose accuracy moves most**: their accuracy under each draw and the move whose
  accuracy moves most, with its cost ± margin (and move accuracy) under each draw: where the
  spread comes from.
"""
from __future__ import annotations

import argparse
import itertools
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.analysis import (  # noqa: E402
    BEST,
    BLUNDER,
    GOOD,
    MISTAKE,
    analyse,
    assess,
    estimate_figures,
    seat_moves,
)
from engine.games import game  # noqa: E402
from engine.rng import make_rng  # noqa: E402
from engine.seating import play_seats  # noqa: E402

HINT_LEVEL = "strong"  # the site's hint: the strongest estimating level
HARSH, MILD = (MISTAKE, BLUNDER), (BEST, GOOD)


def today_seconds(key: str, record: dict[str, Any], level: str) -> float:
    """CPU of the analysis as it was: the level's own search once per graded decision."""
    spec = game(key)
    agent = spec.make_estimator(level)
    start = time.process_time()
    for step, before, _ in seat_moves(record, 0):
        view = before.view(0)
        if len(view.legal_actions()) > 1:
            estimate_figures(agent, view, make_rng(step))
    return time.process_time() - start


def run_deal(key: str, seed: int, level: str, draws: int) -> dict[str, Any]:
    """One deal played with ``level`` everywhere; seat 0 analysed under every draw (``analyse``, as
    the site analyses it), and the hint's first choice (draw 0's best) graded under every draw."""
    spec = game(key)
    record = spec.to_record(play_seats(spec.new_deal(seed), [spec.make_agent(level) for _ in range(spec.seats)]))
    grades: list[list[str]] = []  # per draw, the graded decisions' grades in order
    accuracies: list[float | None] = []
    moves: list[list[tuple[float, float, float]]] = []  # per draw, each graded move's (cost, margin, accuracy)
    hint_grades: list[list[str]] = []  # per decision, the hint's first choice's grade per draw
    seconds, close, steps, hints = 0.0, 0, [], []
    for draw in range(draws):
        start = time.process_time()
        found = analyse(record, 0, level=level, draw=draw)
        graded = [d for d in found.decisions if not d.forced]
        if draw == 0:
            seconds = time.process_time() - start
            close = sum(1 for d in graded if d.close)
            steps = [d.step for d in graded]
            hint_grades = [[] for _ in graded]
            hints = [d.best for d in graded]  # the site's hint: draw 0's estimate's first
        grades.append([str(d.grade) for d in graded])
        accuracies.append(found.accuracy)
        moves.append([(d.cost or 0.0, d.margin or 0.0, d.accuracy or 0.0) for d in graded])
        if level == HINT_LEVEL:
            for i, (d, hint) in enumerate(zip(graded, hints, strict=True)):
                assert hint is not None and d.best is not None
                if hint.as_dict() == d.best.as_dict():
                    hint_grades[i].append(BEST)
                else:  # the analysis's grade of the hint's move, from this draw's estimate
                    view = spec.replay_steps(record)[d.step].view(0)
                    hint_grades[i].append(str(assess(key, view, hint, level=level, step=d.step, draw=draw).grade))
    return {"seed": seed, "grades": grades, "accuracies": accuracies, "seconds": seconds, "close": close,
            "steps": steps, "moves": moves,
            "today": today_seconds(key, record, level), "hint": hint_grades if level == HINT_LEVEL else []}


def bench(key: str, level: str, deals: int, first_seed: int, draws: int, jobs: int, every: int = 0) -> str:
    """The report of ``deals`` deals; with ``every``, also a report after each ``every`` deals
    done (printed, flushed: the largest sample done stands if the run is cut short)."""
    tasks = [(key, seed, level, draws) for seed in range(first_seed, first_seed + deals)]
    rows: list[dict[str, Any]] = []
    with multiprocessing.Pool(max(1, jobs)) as pool:
        for row in pool.imap(_run, tasks):
            rows.append(row)
            if every and len(rows) % every == 0 and len(rows) < deals:
                print(f"(partial: the first {len(rows)} deals)", flush=True)
                print(report(key, level, rows, len(rows), first_seed, draws), flush=True)
    return report(key, level, rows, deals, first_seed, draws)


def _run(task: tuple[str, int, str, int]) -> dict[str, Any]:
    return run_deal(*task)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "n/a"


def report(key: str, level: str, rows: list[dict[str, Any]], deals: int, first_seed: int, draws: int) -> str:
    per_decision = [list(column) for r in rows for column in zip(*r["grades"], strict=True)]
    n = len(per_decision)
    vs_zero = sum(1 for g in per_decision for k in range(1, draws) if g[k] != g[0])
    pairs = list(itertools.combinations(range(draws), 2))
    any_pair = sum(1 for g in per_decision for i, j in pairs if g[i] != g[j])
    unstable = sum(1 for g in per_decision if len(set(g)) > 1)
    flips = sum(1 for g in per_decision if set(g) & set(HARSH) and set(g) & set(MILD))
    moves, from_zero = [], []
    for r in rows:
        values = [a for a in r["accuracies"] if a is not None]
        if len(values) == draws:
            moves.append(max(values) - min(values))
            from_zero.append(max(abs(a - values[0]) for a in values))
    hints = [h for r in rows for h in r["hint"]]
    today = [r["today"] for r in rows]
    now = [r["seconds"] for r in rows]
    grades0 = [g[0] for g in per_decision]
    lines = [f"## {key}, {level}: seeds {first_seed}–{first_seed + deals - 1} ({deals} deals), "
             f"{draws} draws, {n} graded decisions", "",
             "| measure | value |", "|---|---|",
             f"| a re-estimate changes the grade (vs draw 0) | {_percent(vs_zero, n * (draws - 1))} |",
             f"| any two draws grade differently | {_percent(any_pair, n * len(pairs))} |",
             f"| a decision changes grade under at least one draw | {_percent(unstable, n)} |",
             f"| a mistake or blunder is best or good under another draw | {_percent(flips, n)} |",
             f"| the deal's accuracy moves between two draws, mean (max) | "
             f"{statistics.fmean(moves):.2f} ({max(moves):.2f}) points |" if moves else "| accuracy | n/a |",
             f"| … against draw 0, mean (max) | {statistics.fmean(from_zero):.2f} ({max(from_zero):.2f}) points |"
             if from_zero else "| accuracy | n/a |"]
    if hints:
        lines += [f"| the hint's first choice graded mistake/blunder at draw 0 | "
                  f"{_percent(sum(1 for h in hints if h[0] in HARSH), len(hints))} |",
                  f"| … under some draw | {_percent(sum(1 for h in hints if set(h) & set(HARSH)), len(hints))} |",
                  f"| … graded below best at draw 0 | {_percent(sum(1 for h in hints if h[0] != BEST), len(hints))} |"]
    lines += [f"| grades flagged close (draw 0) | {_percent(sum(r['close'] for r in rows), n)} |",
              "| grades at draw 0 (best/good/inaccuracy/mistake/blunder) | "
              + " / ".join(str(grades0.count(g)) for g in ("best", "good", "inaccuracy", "mistake", "blunder"))
              + " |",
              f"| CPU per analysed deal, today (median, mean) | {statistics.median(today):.2f} s, "
              f"{statistics.fmean(today):.2f} s |",
              f"| CPU per analysed deal, now (median, mean) | {statistics.median(now):.2f} s, "
              f"{statistics.fmean(now):.2f} s |",
              f"| ratio of the means (now / today) | {statistics.fmean(now) / statistics.fmean(today):.2f} |"]
    return "\n".join(lines + worst(rows, draws)) + "\n"


def worst(rows: list[dict[str, Any]], draws: int, count: int = 3) -> list[str]:
    """The ``count`` deals whose accuracy moves most between draws: their graded decisions, the
    accuracies per draw, and the move whose accuracy moves most (its cost ± margin per draw)."""
    spread = []
    for r in rows:
        values = [a for a in r["accuracies"] if a is not None]
        if len(values) == draws:
            spread.append((max(values) - min(values), r["seed"], r))
    lines = ["", f"The {count} deals whose accuracy moves most:", ""]
    for moved, seed, r in sorted(spread, key=lambda x: (-x[0], x[1]))[:count]:
        per_move = list(zip(*r["moves"], strict=True))  # per decision, its (cost, margin, accuracy) per draw
        i = max(range(len(per_move)), key=lambda i: max(m[2] for m in per_move[i]) - min(m[2] for m in per_move[i]))
        figures = ", ".join(f"{c:.3f} ± {m:.3f} ({a:.1f})" for c, m, a in per_move[i])
        lines.append(f"- seed {seed}: {len(per_move)} graded decisions, accuracy "
                     + " / ".join(f"{a:.1f}" for a in r["accuracies"]) + f" (moves {moved:.2f}); "
                     f"most at step {r['steps'][i]}: cost ± margin (move accuracy) {figures}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="tien-gow,chuo-pai")
    parser.add_argument("--levels", default="strong,standard", help="the analysis's (and the players') levels")
    parser.add_argument("--deals", type=int, default=50, help="deals per game and level")
    parser.add_argument("--seed", type=int, default=2000, help="the first deal's seed")
    parser.add_argument("--draws", type=int, default=5, help="the estimate's draws, 0 … draws − 1")
    parser.add_argument("--jobs", type=int, default=1, help="processes (each deal's CPU time is its own)")
    parser.add_argument("--every", type=int, default=0, help="also report after each EVERY deals done")
    args = parser.parse_args(argv)
    for key in args.games.split(","):
        for level in args.levels.split(","):
            print(bench(key, level, args.deals, args.seed, args.draws, args.jobs, args.every), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
