"""Arena: agents play the same fixed deals with the seats rotated, and the results are compared.

    python bench/arena.py --game chuo-pai --agents standard,greedy,greedy --deals 2000

Each of the ``--deals`` seeds (``--seed``, ``--seed`` + 1, …) is played once per rotation of the
line-up, so every agent sits in every seat of every deal (``deals × seats`` games in all). Per
agent name (seats with the same name are pooled) it prints:

- **first**: the share of first places. A win alone counts 1; a joint first among k players
  (Chuo Pai, CP-19) counts 1/k to each. Tien Gow's first place is winning the last trick (TG-11).
  With a 95% Wilson score interval, taking n = the agent's games and the shares' sum as the
  successes.
- **mean score**: Chuo Pai the pile size (CP-19), Tien Gow the net points (TG-18), per game.
- **time per move**: wall-clock time of ``choose`` on non-forced moves (more than one legal
  action; a forced move answers at once) — median, 95th percentile, maximum, in ms —
  and the median, 95th percentile and maximum of the process's CPU time for the same calls (on a shared
  machine the wall clock also counts time spent waiting for a core; the CPU time does not).

``--pool careful,cheat,...`` plays the first ``--agents`` name against (seats − 1) copies of each
pool member (bench/pool: hand-written players strong never meets in its play-outs; ``cheat``
reads every hand) and ends with a markdown table. Only ``choose`` is timed; the referee's work (``Deal.apply``,
building the view) is not.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pool import make_player, pool_names  # noqa: E402
from engine.ai import AGENT_NAMES  # noqa: E402
from engine.games import GAME_KEYS, game  # noqa: E402
from engine.rng import make_rng  # noqa: E402


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def outcome(game_key: str, deal) -> tuple[tuple[int, ...], tuple[float, ...]]:  # type: ignore[no-untyped-def]
    """(first-placed seats, score per seat) of a finished deal."""
    if game_key == "chuo-pai":
        return deal.winners, tuple(float(p) for p in deal.piles)
    return (deal.winner,), tuple(float(v) for v in deal.net)


def play(game_key: str, seed: int, names: Sequence[str], agents: Sequence, times: dict,  # type: ignore[type-arg]
         cpu: dict) -> object:  # type: ignore[type-arg]
    """One deal; the generators are seeded as in ``python -m engine selfplay``."""
    rules = game(game_key)
    rngs = [make_rng(seed * 16 + seat + 1) for seat in range(rules.seats)]
    deal = rules.new_deal(seed)
    clock, cpu_clock = time.perf_counter, time.process_time
    while not deal.is_over:
        seat = deal.to_act
        agent = agents[seat]
        if getattr(agent, "sees_all", False):  # a pool cheat reads the whole deal
            deal = deal.apply(agent.choose_seeing(deal, seat, rngs[seat]), player=seat)
            continue
        view = deal.view(seat)
        start, cpu_start = clock(), cpu_clock()
        action = agent.choose(view, rngs[seat])
        if len(deal.legal_actions()) > 1:  # a forced move answers at once: time the others
            times[names[seat]].append(clock() - start)
            cpu[names[seat]].append(cpu_clock() - cpu_start)
        deal = deal.apply(action, player=seat)
    return deal


def arena(game_key: str, lineup: Sequence[str], deals: int, first_seed: int = 0,
          progress: bool = False) -> dict[str, dict[str, float]]:
    seats = game(game_key).seats
    if len(lineup) != seats:
        raise SystemExit(f"--agents needs {seats} names for {game_key}")
    games: dict[str, int] = defaultdict(int)
    firsts: dict[str, float] = defaultdict(float)
    scores: dict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for number, seed in enumerate(range(first_seed, first_seed + deals)):
        for rotation in range(seats):
            names = [lineup[(seat - rotation) % seats] for seat in range(seats)]
            agents = [make_player(name, game_key) for name in names]
            deal = play(game_key, seed, names, agents, times, cpu)
            first, score = outcome(game_key, deal)
            for seat, name in enumerate(names):
                games[name] += 1
                scores[name] += score[seat]
                if seat in first:
                    firsts[name] += 1 / len(first)
        if progress and (number + 1) % 100 == 0:
            print(f"  {number + 1}/{deals} deals", file=sys.stderr, flush=True)
    results = {}
    for name in dict.fromkeys(lineup):
        n, moves, cpu_moves = games[name], sorted(times[name]) or [0.0], sorted(cpu[name]) or [0.0]
        low, high = wilson(firsts[name], n)
        results[name] = {
            "games": n, "first": firsts[name] / n, "low": low, "high": high,
            "mean_score": scores[name] / n, "moves": len(moves),
            "median_ms": 1000 * statistics.median(moves),
            "p95_ms": 1000 * percentile(moves, 0.95), "max_ms": 1000 * moves[-1],
            "cpu_median_ms": 1000 * statistics.median(cpu_moves),
            "cpu_p95_ms": 1000 * percentile(cpu_moves, 0.95), "cpu_max_ms": 1000 * cpu_moves[-1],
        }
    return results


def report(game_key: str, lineup: Sequence[str], deals: int, results: dict) -> str:  # type: ignore[type-arg]
    seats = len(lineup)
    lines = [f"{game_key}: {','.join(lineup)} — {deals} deals x {seats} rotations = {deals * seats} games",
             f"{'agent':<10} {'games':>6} {'first':>7} {'95% interval':>17} {'mean score':>11} "
             f"{'moves':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'cpu med':>8} {'cpu p95':>8} "
             f"{'cpu max':>8}"]
    for name, r in results.items():
        lines.append(f"{name:<10} {r['games']:>6} {r['first']:>7.1%} "
                     f"{'[' + format(r['low'], '.1%') + ', ' + format(r['high'], '.1%') + ']':>17} "
                     f"{r['mean_score']:>11.2f} {r['moves']:>8} {r['median_ms']:>10.2f} "
                     f"{r['p95_ms']:>8.2f} {r['max_ms']:>8.2f} {r['cpu_median_ms']:>8.2f} "
                     f"{r['cpu_p95_ms']:>8.2f} {r['cpu_max_ms']:>8.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAME_KEYS, required=True)
    parser.add_argument("--agents", required=True,
                        help=f"comma-separated line-up, one name per seat ({', '.join(AGENT_NAMES)})")
    parser.add_argument("--deals", type=int, default=2000, help="number of seeds (each played once per rotation)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--progress", action="store_true", help="report progress on standard error")
    parser.add_argument("--pool", default=None,
                        help="comma-separated pool members (bench/pool) or levels: play --agents' "
                             "first name against (seats - 1) copies of each, one table row each")
    args = parser.parse_args(argv)
    lineup = args.agents.split(",")
    for name in lineup + (args.pool.split(",") if args.pool else []):
        try:
            make_player(name, args.game)
        except KeyError:
            raise SystemExit(f"unknown agent {name!r} (pool: {', '.join(pool_names(args.game))})") from None
    if args.pool:
        seats = game(args.game).seats
        rows = []
        for member in args.pool.split(","):
            mates = [lineup[0]] + [member] * (seats - 1)
            results = arena(args.game, mates, args.deals, args.seed, args.progress)
            print(report(args.game, mates, args.deals, results), flush=True)
            rows.append(pool_row(lineup[0], member, seats, results))
        print(f"\n| {lineup[0]} vs {seats - 1} × | games | first (95% interval) | mean score | "
              "opponents' first, mean score | non-forced ms median / p95 / max (CPU) |")
        print("|---|---|---|---|---|---|")
        print("\n".join(rows))
        return 0
    results = arena(args.game, lineup, args.deals, args.seed, args.progress)
    print(report(args.game, lineup, args.deals, results))
    return 0


def pool_row(name: str, member: str, seats: int, results: dict) -> str:  # type: ignore[type-arg]
    """A markdown row: the agent against a pool member, DouZero-style (first share, mean score)."""
    me, them = results[name], results[member]
    return (f"| {member} | {me['games']} | {me['first']:.1%} [{me['low']:.1%}, {me['high']:.1%}] | "
            f"{me['mean_score']:+.2f} | {them['first']:.1%}, {them['mean_score']:+.2f} | "
            f"{me['median_ms']:.1f} / {me['p95_ms']:.1f} / {me['max_ms']:.1f} "
            f"(CPU {me['cpu_median_ms']:.1f} / {me['cpu_p95_ms']:.1f} / {me['cpu_max_ms']:.1f}) |")


if __name__ == "__main__":
    raise SystemExit(main())
