"""``standard`` decides as recorded: golden decisions on fixed seeds.

The views are every decision with more than one legal action in deals ``1000 …`` played by one
``random`` seat and otherwise ``greedy`` seats (the random seat makes the positions varied). For
each view the golden file ``golden/standard-<game>.json`` holds the action ``standard`` chose and
a fingerprint of its generator's state afterwards (the same draws, not only the same choice),
and, for some views, its ``estimate`` (every action with its first-place chance).

After a change that is meant to change ``standard``'s decisions, re-record them with
``python tests/engine/ai/test_standard_golden.py --regen`` and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.games import GAME_KEYS, game

GOLDEN = Path(__file__).parent / "golden"
# The games with a ``standard`` level (engine.ai's): each has its golden file.
GAMES = tuple(key for key in GAME_KEYS if "standard" in game(key).agent_levels)
CHOICE_DEALS, ESTIMATE_DEALS = 12, 3


def decision_views(game_key: str, deals: int) -> list[Any]:
    from engine.games import game, make_agent
    from engine.rng import make_rng

    rules = game(game_key)
    agents = [make_agent("random" if seat == 0 else "greedy", game_key) for seat in range(rules.seats)]
    views = []
    for seed in range(deals):
        deal, rng = rules.new_deal(1000 + seed), make_rng(seed)
        while not deal.is_over:
            view = deal.view(deal.to_act)
            if len(view.legal_actions()) > 1:
                views.append(view)
            deal = deal.apply(agents[deal.to_act].choose(view, rng), player=deal.to_act)
    return views


def state_print(rng: random.Random) -> str:
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]


def record(game_key: str) -> dict[str, Any]:
    """What ``standard`` decides today, as the golden file holds it."""
    from engine.games import make_agent
    from engine.rng import make_rng

    standard = make_agent("standard", game_key)
    choices = []
    for number, view in enumerate(decision_views(game_key, CHOICE_DEALS)):
        rng = make_rng(number)
        choices.append({"action": standard.choose(view, rng).as_dict(), "state": state_print(rng)})
    estimates = [[[action.as_dict(), chance] for action, chance in standard.estimate(view, make_rng(number))]
                 for number, view in enumerate(decision_views(game_key, ESTIMATE_DEALS)[::2])]
    return {"game": game_key, "choices": choices, "estimates": estimates}


def _golden(game_key: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"standard-{game_key}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game_key", GAMES)
def test_standard_chooses_as_recorded(game_key: str) -> None:
    from engine.games import make_agent
    from engine.rng import make_rng

    golden = _golden(game_key)["choices"]
    views = decision_views(game_key, CHOICE_DEALS)
    assert len(views) == len(golden) > 150
    standard = make_agent("standard", game_key)
    for number, (view, want) in enumerate(zip(views, golden, strict=True)):
        rng = make_rng(number)
        assert standard.choose(view, rng).as_dict() == want["action"], number
        assert state_print(rng) == want["state"], number  # the same draws


@pytest.mark.parametrize("game_key", GAMES)
def test_standard_estimates_as_recorded(game_key: str) -> None:
    from engine.games import make_agent
    from engine.rng import make_rng

    golden = _golden(game_key)["estimates"]
    views = decision_views(game_key, ESTIMATE_DEALS)[::2]
    assert len(views) == len(golden)
    standard = make_agent("standard", game_key)
    for number, (view, want) in enumerate(zip(views, golden, strict=True)):
        got = [[action.as_dict(), chance] for action, chance in standard.estimate(view, make_rng(number))]
        assert got == want, number


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        raise SystemExit(f"usage: python {Path(__file__).name} --regen  (rewrites {GOLDEN}/standard-*.json)")
    sys.path[:0] = [str(Path(__file__).resolve().parents[3])]
    GOLDEN.mkdir(exist_ok=True)
    for key in GAMES:
        text = json.dumps(record(key), separators=(",", ":")).replace('{"action"', '\n{"action"')
        (GOLDEN / f"standard-{key}.json").write_text(text + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN / f'standard-{key}.json'}")
