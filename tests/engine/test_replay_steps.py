"""``replay_steps(record)``: every state of a checked record, the dealt one first, one per action;
the last is what ``replay`` gives. A record ``replay`` rejects is rejected the same way."""
from __future__ import annotations

import pytest

from engine.errors import RecordError
from engine.games import GAMES
from engine.rng import make_rng


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_state_of_a_deal(game: str) -> None:
    spec = GAMES[game]
    agent = spec.make_agent(spec.agent_levels[1])  # above random
    deal = spec.new_deal(11)
    states = [deal]
    while not deal.is_over:
        deal = deal.apply(agent.choose(deal.view(deal.to_act), make_rng(deal.action_count)),
                          player=deal.to_act)
        states.append(deal)
    steps = spec.replay_steps(spec.to_record(deal))
    assert len(steps) == len(states) == deal.action_count + 1
    assert [spec.to_record(s) for s in steps] == [spec.to_record(s) for s in states]
    half = spec.to_record(states[len(states) // 2])
    assert spec.to_record(spec.replay_steps(half)[-1]) == half  # an unfinished record too


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rejected_record_is_rejected(game: str) -> None:
    spec = GAMES[game]
    record = spec.to_record(spec.new_deal(3))
    record["hands"] = record["hands"][::-1]
    with pytest.raises(RecordError):
        spec.replay_steps(record)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_next_deal_of_a_match(game: str) -> None:
    """TG-19: the last trick's winner banks the next deal; CP-3: each deal draws its first leader."""
    spec = GAMES[game]
    agent = spec.make_agent(spec.agent_levels[1])  # above random
    deal = spec.new_deal(21)
    while not deal.is_over:
        deal = deal.apply(agent.choose(deal.view(deal.to_act), make_rng(deal.action_count)), player=deal.to_act)
    outcome = deal.outcome()
    assert outcome is not None
    following = spec.next_deal(22, outcome.next_first)
    assert spec.to_record(following)["hands"] == spec.to_record(spec.new_deal(22))["hands"]
    if outcome.next_first is not None and "banker" in following.view(0).as_dict():
        assert following.view(0).as_dict()["banker"] == outcome.next_first
    assert spec.replay(spec.to_record(following)).to_act == following.to_act


def test_the_settlement_working_adds_up_to_the_final_payments() -> None:
    """TG-13 … TG-18: each line is base × banker × F, and without a capture the final payments
    are exactly those lines' amounts."""
    from engine.tien_gow import SETS, final_payments, settlement_working

    won_with = next(s for s in SETS if s.size == 1)
    for pillars in ((0, 3, 1, 4), (8, 0, 0, 0), (2, 6, 0, 0), (1, 1, 1, 5)):
        winner = max(range(4), key=lambda s: pillars[s])
        for banker in range(4):
            lines = settlement_working(pillars, banker, winner, won_with)
            assert sorted(line.seat for line in lines) == [s for s in range(4) if s != winner]
            for line in lines:
                assert line.amount == line.base * line.banker * line.multiplier
            paid = final_payments(pillars, banker, winner, winner, won_with, won_with)
            owed = {p.payer: p.amount for p in paid if p.payee == winner}
            owed.update({p.payee: -p.amount for p in paid if p.payer == winner})
            assert {line.seat: line.amount for line in lines if line.amount} == owed
