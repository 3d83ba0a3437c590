"""What both engine benchmarks share: random play-outs through the public, checking API."""
from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any


def random_deals(rules: ModuleType, count: int, keep: bool = False) -> tuple[float, list[Any], int]:
    """Play ``count`` complete deals of a game, every action a random legal one; return the time
    taken, the finished deals (only when ``keep``: holding thousands of them lengthens the garbage
    collector's passes and would slow the timing down) and the number of actions."""
    start, finished, actions = time.perf_counter(), [], 0
    for seed in range(count):
        deal, rng = rules.new_deal(seed), random.Random(seed)
        while not deal.is_over:
            deal = deal.apply(rng.choice(deal.legal_actions()))
            actions += 1
        if keep:
            finished.append(deal)
    return time.perf_counter() - start, finished, actions
