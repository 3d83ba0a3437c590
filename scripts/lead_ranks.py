"""How ``standard`` chooses its leads: the tables ``strong``'s play-outs lead the opponents by. A
generator of product data.

    python scripts/lead_ranks.py --game chuo-pai [--deals 80] [--seed 300000]
    python scripts/lead_ranks.py --game tien-gow [--deals 200] [--seed 300000]

**Writes** no file: it prints. With ``--game chuo-pai`` and the defaults, the two printed tables are
``EARLY_LEAD_RANKS`` and ``LATE_LEAD_RANKS`` in ``engine/ai/strong_chuo_pai.py``, copied there by
hand; ``tests/engine/ai/test_strong.py`` fails when they differ from what this prints.

Plays ``standard`` against itself (seeds ``--seed`` … ``--seed + deals − 1``, on none of the tuning
or report seeds) and, for every lead it chooses among several, takes the **rank** of its lead in
greedy's lead order among the leads its hand allows (0: the lead greedy would make):

- Chuo Pai: the led group's identity among the identities the hand holds (special combinations,
  about 5% of the leads, are left out: the play-outs do not lead them), counted apart with 28 or
  more cards in the other two hands ("early") and with fewer ("late");
- Tien Gow: the led set among the sets the hand holds, counted by tiles in hand.

It prints how often each rank is led and the 64 quantiles of each distribution, (q + ½) / 64 for
q = 0 … 63, so that a uniform number u picks rank ``table[int(64 × u)]``: for Chuo Pai the
``EARLY_LEAD_RANKS`` and ``LATE_LEAD_RANKS`` of ``engine.ai.strong_chuo_pai``. Tien Gow's tables
are not used: its opponents led by them in ``strong``'s play-outs did worse (research/log.md,
Tien Gow tuning).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.chuo_pai import LEAD_ORDER  # noqa: E402
from engine.ai.strong_chuo_pai import EARLY_LEAD  # noqa: E402
from engine.ai.strong_tien_gow import LEAD_IDS  # noqa: E402
from engine.tien_gow.kernel import to_id  # noqa: E402
from scripts.selfplay import standard_decisions  # noqa: E402

QUANTILES = 64
_CP_PLACE = {identity: k for k, identity in enumerate(LEAD_ORDER)}
_TG_PLACE = {set_id: k for k, (_, set_id) in enumerate(LEAD_IDS)}


def chuo_pai_rank(view: Any, action: Any) -> tuple[str, int] | None:
    """(table, rank) of a lead by a group; None for a follow or a special combination."""
    if view.current is not None or action.group_index < 0:
        return None
    held = sorted((i for i, n in enumerate(view.hand_counts) if n), key=_CP_PLACE.__getitem__)
    others = sum(view.hand_sizes) - view.hand_sizes[view.seat]
    return ("EARLY_LEAD_RANKS" if others >= EARLY_LEAD else "LATE_LEAD_RANKS"), held.index(action.group_index)


def tien_gow_rank(view: Any, action: Any) -> tuple[str, int] | None:
    """(table, rank) of a lead; None for a follow."""
    if view.trick.plays:
        return None
    leads = sorted((to_id(a) for a in view.legal_actions()), key=_TG_PLACE.__getitem__)
    return f"{len(view.hand)} tiles in hand", leads.index(to_id(action))


RANK_OF: dict[str, Callable[[Any, Any], tuple[str, int] | None]] = {
    "chuo-pai": chuo_pai_rank, "tien-gow": tien_gow_rank}
DEALS = {"chuo-pai": 80, "tien-gow": 200}  # each gives about 1,000 or more leads per table


def led_ranks(game_key: str, first_seed: int, deals: int) -> dict[str, Counter[int]]:
    """How many of ``standard``'s chosen leads had each rank, by table."""
    counted: dict[str, Counter[int]] = {}
    for view, action in standard_decisions(game_key, range(first_seed, first_seed + deals)):
        if len(view.legal_actions()) == 1:
            continue
        found = RANK_OF[game_key](view, action)
        if found is not None:
            counted.setdefault(found[0], Counter())[found[1]] += 1
    return counted


def quantiles(counts: Counter[int]) -> tuple[int, ...]:
    """The rank at each of the 64 quantiles (q + ½) / 64 of the counted ranks."""
    total = sum(counts.values())
    ranks = sorted(counts)
    table = []
    for q in range(QUANTILES):
        target, seen = (q + 0.5) / QUANTILES * total, 0
        for rank in ranks:
            seen += counts[rank]
            if seen >= target:
                table.append(rank)
                break
    return tuple(table)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(RANK_OF), required=True)
    parser.add_argument("--deals", type=int, default=None, help="80 (Chuo Pai) or 200 (Tien Gow)")
    parser.add_argument("--seed", type=int, default=300000)
    args = parser.parse_args()
    deals = args.deals or DEALS[args.game]
    for name, counts in sorted(led_ranks(args.game, args.seed, deals).items(), reverse=True):
        total = sum(counts.values())
        shares = ", ".join(f"{rank}: {counts[rank] / total:.1%}" for rank in sorted(counts))
        print(f"# {name}: {total} leads; share by rank: {shares}")
        print(f"{quantiles(counts)}")


if __name__ == "__main__":
    main()
