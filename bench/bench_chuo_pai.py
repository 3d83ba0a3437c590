"""Chuo Pai engine speed, through the public checking API, on one core.

Prints: complete random deals per second (engine and play-out kernel), microseconds per legal-actions call, records
written
per second. Usage: python bench/bench_chuo_pai.py [--deals N]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import kernel_deals, random_deals, selfplay_rates, standard_decision_times  # noqa: E402
from engine import chuo_pai as cp  # noqa: E402
from engine.chuo_pai import kernel  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=3000)
    args = parser.parse_args()
    random_deals(cp, 200)  # warm up
    best = min(random_deals(cp, args.deals)[0] for _ in range(3))
    _, deals, actions = random_deals(cp, args.deals, keep=True)
    print(f"random deals per second:        {args.deals / best:,.0f}  "
          f"({actions / args.deals:.1f} actions per deal)")

    positions = []
    for deal in deals[:50]:
        state = cp.replay(cp.to_record(deal))
        positions.append(state)
    sample = [cp.new_deal(s) for s in range(200)]
    start = time.perf_counter()
    for _ in range(20):
        for state in sample:
            state.legal_actions()
    leads = (time.perf_counter() - start) / (20 * len(sample)) * 1e6
    followers = [cp.new_deal(s).apply(cp.new_deal(s).legal_actions()[0]) for s in range(200)]
    start = time.perf_counter()
    for _ in range(20):
        for state in followers:
            state.legal_actions()
    follows = (time.perf_counter() - start) / (20 * len(followers)) * 1e6
    print(f"legal actions, leader (28 cards): {leads:.1f} µs per call")
    print(f"legal actions, follower:          {follows:.1f} µs per call")

    start = time.perf_counter()
    for deal in deals:
        json.dumps(cp.to_record(deal))
    print(f"records written per second:     {len(deals) / (time.perf_counter() - start):,.0f}")
    start = time.perf_counter()
    for deal in deals[:500]:
        cp.replay(cp.to_record(deal))
    print(f"records replayed per second:    {500 / (time.perf_counter() - start):,.0f}")

    kernel_deals(cp, kernel, 300)  # warm up
    rate = max(kernel_deals(cp, kernel, args.deals) for _ in range(3))
    print(f"kernel random deals per second:   {rate:,.0f}")
    naive, cli = selfplay_rates("chuo-pai", min(args.deals, 2000))
    print(f"selfplay with records (CPU), naive loop: {naive:,.0f} deals/s; python -m engine selfplay: "
          f"{cli:,.0f} deals/s ({cli / naive:.1f}x)")
    views, median = standard_decision_times("chuo-pai")
    print(f"standard, non-forced decision:    median {median:,.0f} µs over {views} views")


if __name__ == "__main__":
    main()
