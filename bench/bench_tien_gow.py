"""Tien Gow engine speed, through the public checking API, on one core.

Prints: complete random deals per second (``deal.legal_actions()``, a seeded ``random.Random``
choice, ``deal.apply(action)`` which re-checks legality), microseconds per legal-actions call
(leaders and followers, on fresh states: a deal caches its own list), records written and
replayed per second. Usage: python bench/bench_tien_gow.py [--deals N]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import kernel_deals, random_deals, selfplay_rates, standard_decision_times  # noqa: E402
from engine import tien_gow as tg  # noqa: E402
from engine.tien_gow import kernel  # noqa: E402


def fresh_states(deals: list[tg.Deal]) -> list[tg.Deal]:
    """Every position of the deals, rebuilt without asking for legal actions."""
    states = []
    for deal in deals:
        state = tg.deal_from_hands(deal.dealt, deal.banker, deal.seed)
        for trick in deal.tricks:
            for play in trick.plays:
                states.append(state)
                state = state.apply(play.action)
    return states


def per_call(states: list[tg.Deal]) -> float:
    start = time.perf_counter()
    for state in states:
        state.legal_actions()
    return (time.perf_counter() - start) / len(states) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=5000)
    args = parser.parse_args()
    random_deals(tg, 300)  # warm up
    best = min(random_deals(tg, args.deals)[0] for _ in range(3))
    _, deals, actions = random_deals(tg, args.deals, keep=True)
    print(f"random deals per second:          {args.deals / best:,.0f}  "
          f"({actions / args.deals:.1f} actions per deal)")

    sample = deals[:1000]
    leaders = [s for s in fresh_states(sample) if not s.plays]
    followers = [s for s in fresh_states(sample) if s.plays]
    print(f"legal actions, leader:            {per_call(leaders):.1f} µs per call")
    print(f"legal actions, follower:          {per_call(followers):.1f} µs per call")

    start = time.perf_counter()
    for deal in deals:
        json.dumps(tg.to_record(deal))
    print(f"records written per second:       {len(deals) / (time.perf_counter() - start):,.0f}")
    start = time.perf_counter()
    for deal in deals[:1000]:
        tg.replay(tg.to_record(deal))
    print(f"records replayed per second:      {1000 / (time.perf_counter() - start):,.0f}")

    kernel_deals(tg, kernel, 300)  # warm up
    rate = max(kernel_deals(tg, kernel, args.deals) for _ in range(3))
    print(f"kernel random deals per second:   {rate:,.0f}")
    naive, cli = selfplay_rates("tien-gow", min(args.deals, 2000))
    print(f"selfplay with records (CPU), naive loop: {naive:,.0f} deals/s; python -m engine selfplay: "
          f"{cli:,.0f} deals/s ({cli / naive:.1f}x)")
    views, median = standard_decision_times("tien-gow")
    print(f"standard, non-forced decision:    median {median:,.0f} µs over {views} views")


if __name__ == "__main__":
    main()
