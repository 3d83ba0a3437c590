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


RECORD = play_deal("chuo-pai", 11, ["random"] * 3)


@pytest.mark.parametrize("mutate, path, code", [
    (lambda r: r.update(hands=r["hands"][:2]), ("hands",), "illegal"),
    (lambda r: r["hands"][0].__setitem__(0, "7-7"), ("hands", 0), "bad-tile"),
    (lambda r: r.update(first_leader=(r["first_leader"] + 1) % 3), ("hands",), "not-dealt-by-seed"),
    (lambda r: r.update(seed="7"), ("seed",), "wrong-type"),
    (lambda r: r["rounds"][0].update(leader=(r["rounds"][0]["leader"] + 1) % 3), ("rounds", 0, "leader"), "mismatch"),
    (lambda r: r["rounds"][0]["actions"][0].update(player=(r["rounds"][0]["leader"] + 1) % 3),
     ("rounds", 0, "actions", 0), "illegal"),
    (lambda r: r["rounds"][0]["actions"][0].update(tiles="1-1"), ("rounds", 0, "actions", 0, "tiles"), "wrong-type"),
    (lambda r: r["rounds"][0]["actions"][0].pop("player"), ("rounds", 0, "actions", 0, "player"), "missing"),
    (lambda r: r["rounds"][0]["actions"].pop(), ("rounds", 0, "actions"), "unfinished"),
    (lambda r: r["rounds"][1].update(winner=(r["rounds"][1]["winner"] + 1) % 3), ("rounds", 1, "winner"), "mismatch"),
    (lambda r: r["rounds"].append(r["rounds"][-1]), ("rounds", len(RECORD["rounds"])), "illegal"),
    (lambda r: r.update(bonus=[["1-2"], [], []]), ("bonus",), "mismatch"),
    (lambda r: r.update(piles=[0, 0, 0]), ("piles",), "mismatch"),
    (lambda r: r.pop("rounds"), ("rounds",), "missing"),
    (lambda r: r["rounds"].__setitem__(0, 5), ("rounds", 0), "not-an-object"),
    (lambda r: r.update(game="tien-gow"), ("game",), "wrong-game"),
    (lambda r: r.update(format=2), ("format",), "unsupported-format"),
])
def test_bad_records_name_the_problem(mutate, path, code):
    record = json.loads(json.dumps(RECORD))
    mutate(record)
    with pytest.raises(RecordError) as error:
        cp.replay(record)
    assert (error.value.path, error.value.code) == (path, code)


def test_a_record_error_carries_data_not_prose():
    record = json.loads(json.dumps(RECORD))
    record["piles"] = [0, 0, 0]
    with pytest.raises(RecordError) as error:
        cp.replay(record)
    assert error.value.detail == {"stated": [0, 0, 0], "engine": RECORD["piles"]}
    record = json.loads(json.dumps(RECORD))
    record["rounds"][0]["actions"][0]["tiles"] = ["7-7"]
    with pytest.raises(RecordError) as error:
        cp.replay(record)
    assert error.value.detail == {"token": "7-7"}
    assert str(error.value) == 'rounds[0].actions[0].tiles: bad-tile {"token": "7-7"}'
    record = json.loads(json.dumps(RECORD))
    record["rounds"].append(record["rounds"][-1])
    with pytest.raises(RecordError) as error:
        cp.replay(record)
    assert error.value.detail == {"reason": "deal-over"}
