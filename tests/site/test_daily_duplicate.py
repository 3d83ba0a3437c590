"""True duplicate in the daily deal: the computer seats' choices depend only on the deal, the
position and the seed derived from them (``engine.seating.agent_rng``), so two players who make
the same choices in the same daily deal meet exactly the same computer moves and results — here
one player in this process and the other in a fresh interpreter with another hash seed, through
the site's own computer players (``paiyou.deals.computer``) at the daily's level, in both games.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from engine.daily import LEVEL, daily_deal, decisions, keyring, opens_at, score
from engine.games import game as game_rules
from paiyou.deals.computer import run_until_choice
from paiyou.deals.game import HUMAN, HUMAN_SEAT
from paiyou.registry import listed_keys

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 12, 7)
NOON = opens_at(DAY).timestamp() + 12 * 3600


def play_daily(game: str, choice: int, level: str = LEVEL, switch_at: int = 0) -> dict[str, object]:
    """The day's deal of ``game`` played to the end through the site's computer players at
    ``level``: the human seat takes legal action number ``(actions so far + choice) % count`` at
    each turn (before its ``switch_at``-th real decision, choice 0). Returns the record and the
    human's score."""
    rules = game_rules(game)
    deal = rules.new_deal(daily_deal(keyring(None, production=False), game, DAY, NOON).seed)
    agents = tuple(HUMAN if seat == HUMAN_SEAT else level for seat in range(rules.seats))
    deal, _ = run_until_choice(game, deal, HUMAN_SEAT, agents, auto_pass=False)
    made = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        now = choice if made >= switch_at else 0
        made += len(legal) > 1
        deal = deal.apply(legal[(deal.action_count + now) % len(legal)], player=HUMAN_SEAT)
        deal, _ = run_until_choice(game, deal, HUMAN_SEAT, agents, auto_pass=False)
    return {"record": rules.to_record(deal), "score": score(game, deal, HUMAN_SEAT)}


played_here = cache(play_daily)  # each test's deals are played once in this process


def play_elsewhere(game: str, choice: int) -> dict[str, object]:
    code = ("import json; from tests.site.test_daily_duplicate import play_daily; "
            f"print(json.dumps(play_daily({game!r}, {choice})))")
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert isinstance(found, dict)
    return found


@pytest.mark.parametrize("game", listed_keys(None))
def test_the_same_choices_meet_the_same_computer_moves_and_result(game: str) -> None:
    here = played_here(game, 0)
    assert json.loads(json.dumps(here)) == play_elsewhere(game, 0)


@pytest.mark.parametrize("game", listed_keys(None))
def test_other_choices_play_another_deal_from_the_same_shuffle(game: str) -> None:
    """The check above could not fail if the moves ignored the choices: other choices change the
    history, from the same dealt hands."""
    first, other = played_here(game, 0)["record"], played_here(game, 1)["record"]
    assert isinstance(first, dict) and isinstance(other, dict)
    assert first["seed"] == other["seed"] and first != other


@pytest.mark.parametrize("game", listed_keys(None))
def test_the_field_sees_one_position_while_the_choices_are_the_same(game: str) -> None:
    """``engine.daily.decisions`` keys a position by the seat's view: two players share their
    positions' keys up to the first decision where they choose differently (the same history so
    far), and never after it. The computers play ``greedy`` here: the claim holds for any level."""
    first = decisions(play_daily(game, 0, "greedy")["record"], HUMAN_SEAT)  # type: ignore[arg-type]
    switch = 2
    other = decisions(play_daily(game, 1, "greedy", switch_at=switch)["record"], HUMAN_SEAT)  # type: ignore[arg-type]
    assert [d.position for d in first[:switch + 1]] == [d.position for d in other[:switch + 1]]
    assert [d.action for d in first[:switch]] == [d.action for d in other[:switch]]
    assert first[switch].action != other[switch].action
    assert not {d.position for d in first[switch + 1:]} & {d.position for d in other[switch + 1:]}
