"""Deal records (docs/records.md) and golden records for fixed seeds."""
import json
from pathlib import Path

import pytest

from engine import chuo_pai as cp
from engine.cli import play_deal
from engine.errors import RecordError

GOLDEN = Path(__file__).parent / "golden"


def test_record_has_the_documented_fields():
    record = play_deal("chuo-pai", 42, ["random"] * 3)
    assert record["format"] == 1 and record["game"] == "chuo-pai" and record["seed"] == 42
    assert [len(h) for h in record["hands"]] == [28, 28, 28]
    assert set(record) >= {"hands", "bonus", "first_leader", "rounds", "piles", "winners"}
    first = record["rounds"][0]
    assert first["leader"] == record["first_leader"] and first["actions"][0]["tiles"]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_records_replay_and_are_reproduced(path):
    record = json.loads(path.read_text())
    deal = cp.replay(record)
    assert deal.is_over and list(deal.winners) == record["winners"]
    assert play_deal("chuo-pai", record["seed"], ["random"] * 3) == record


def test_unfinished_record_is_checked_as_far_as_it_goes():
    deal = cp.new_deal(9)
    for _ in range(5):
        deal = deal.apply(deal.legal_actions()[0])
    record = cp.to_record(deal)
    assert record["winners"] is None and "winner" not in record["rounds"][-1]
    assert cp.replay(record) == deal


@pytest.mark.parametrize("mutate, where", [
    (lambda r: r.update(hands=r["hands"][:2]), "hands"),
    (lambda r: r["hands"][0].__setitem__(0, "7-7"), "hands"),
    (lambda r: r.update(first_leader=(r["first_leader"] + 1) % 3), "hands"),
    (lambda r: r["rounds"][0].update(leader=(r["rounds"][0]["leader"] + 1) % 3), "round 1"),
    (lambda r: r["rounds"][0]["actions"][0].update(player=(r["rounds"][0]["leader"] + 1) % 3), "round 1, action 1"),
    (lambda r: r["rounds"][1].update(winner=(r["rounds"][1]["winner"] + 1) % 3), "round 2"),
    (lambda r: r.update(bonus=[["1-2"], [], []]), "bonus"),
    (lambda r: r.update(piles=[0, 0, 0]), "piles"),
    (lambda r: r.pop("rounds"), "record"),
    (lambda r: r.update(game="tien-gow"), "record"),
])
def test_bad_records_name_the_problem(mutate, where):
    record = play_deal("chuo-pai", 11, ["random"] * 3)
    mutate(record)
    with pytest.raises(RecordError) as error:
        cp.replay(record)
    assert error.value.where == where
