"""Deal records, format 1 (docs/records.md): write any deal, read one back replaying every action."""
from __future__ import annotations

from typing import Any

from engine.chuo_pai.actions import PASS
from engine.chuo_pai.deal import Deal, deal_from_hands, new_deal
from engine.chuo_pai.history import Round
from engine.chuo_pai.table import KEY as GAME
from engine.chuo_pai.table import SEATS
from engine.errors import EngineError, IllegalAction, RecordError
from engine.tiles import Tile, tiles_from_keys

FORMAT = 1


def _keys(tiles: tuple[Tile, ...]) -> list[str]:
    return [t.key for t in tiles]


def _round(rnd: Round) -> dict[str, Any]:
    out: dict[str, Any] = {
        "leader": rnd.leader,
        "actions": [{"player": seat, "tiles": _keys(play.tiles)} for seat, play in rnd.actions],
    }
    if rnd.winner is not None:
        out["winner"] = rnd.winner
    return out


def to_record(deal: Deal) -> dict[str, Any]:
    """The record of a finished or unfinished deal. An unfinished one has ``"winners": null``."""
    rounds = [_round(r) for r in deal.rounds]
    if deal.round is not None:
        rounds.append(_round(deal.round))
    return {
        "format": FORMAT,
        "game": GAME,
        "seed": deal.seed,
        "hands": [_keys(h) for h in deal.dealt],
        "bonus": [_keys(b) for b in deal.bonus],
        "first_leader": deal.first_leader,
        "rounds": rounds,
        "piles": list(deal.piles),
        "winners": list(deal.winners) if deal.is_over else None,
    }


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    if name not in record:
        raise RecordError(where, f"missing field {name!r}")
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(where, f"field {name!r} has the wrong type")
    return value


def _start(record: dict[str, Any]) -> Deal:
    if not isinstance(record, dict):
        raise RecordError("record", "not a JSON object")
    if record.get("format") != FORMAT or record.get("game") != GAME:
        raise RecordError("record", f"not a format {FORMAT} {GAME} record")
    hands_keys = _field(record, "hands", list)
    first = _field(record, "first_leader", int)
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError("record", "field 'seed' has the wrong type")
    try:
        hands = [tiles_from_keys(h) for h in hands_keys]
        deal = deal_from_hands(hands, first, seed)
    except (EngineError, ValueError, TypeError) as error:
        raise RecordError("hands", str(error)) from None
    if seed is not None:
        fresh = new_deal(seed)
        if fresh.dealt != deal.dealt or fresh.first_leader != first:
            raise RecordError("hands", f"not the deal of seed {seed}")
    if "bonus" in record:
        try:
            stated = tuple(tuple(sorted(tiles_from_keys(b), key=lambda t: t.index)) for b in record["bonus"])
        except (EngineError, TypeError) as error:
            raise RecordError("bonus", str(error)) from None
        computed = tuple(tuple(sorted(b, key=lambda t: t.index)) for b in deal.bonus)
        if stated != computed:
            raise RecordError("bonus", f"stated {record['bonus']}, the rules give {[_keys(b) for b in deal.bonus]}")
    return deal


def replay(record: dict[str, Any]) -> Deal:
    """Replay a record, re-checking every action and every stated result; raise RecordError."""
    deal = _start(record)
    rounds = _field(record, "rounds", list)
    for r_index, rnd in enumerate(rounds, start=1):
        where = f"round {r_index}"
        if not isinstance(rnd, dict):
            raise RecordError(where, "not a JSON object")
        if deal.is_over:
            raise RecordError(where, "the deal is already over")
        if _field(rnd, "leader", int, where) != deal.to_act:
            raise RecordError(where, f"leader is {rnd['leader']}, the rules give {deal.to_act}")
        for a_index, action in enumerate(_field(rnd, "actions", list, where), start=1):
            at = f"{where}, action {a_index}"
            if not isinstance(action, dict):
                raise RecordError(at, "not a JSON object")
            player = _field(action, "player", int, at)
            try:
                tiles = tiles_from_keys(_field(action, "tiles", list, at))
                deal = deal.apply(tiles if tiles else PASS, player=player)
            except IllegalAction as error:
                raise RecordError(at, f"illegal: {error.reason} (player {player}, tiles {action['tiles']})") from None
            except EngineError as error:
                raise RecordError(at, f"bad tiles: {error}") from None
        if "winner" in rnd:
            if deal.round is not None:
                raise RecordError(where, "states a winner but the round is not over")
            if rnd["winner"] != deal.rounds[-1].winner:
                raise RecordError(where, f"winner is {rnd['winner']}, the rules give {deal.rounds[-1].winner}")
        elif deal.round is None:
            raise RecordError(where, "the round is over but no winner is stated")
        elif r_index < len(rounds):
            raise RecordError(where, "the round is not complete but another follows")
    if "piles" in record and record["piles"] != list(deal.piles):
        raise RecordError("piles", f"stated {record['piles']}, the rules give {list(deal.piles)}")
    winners = record.get("winners")
    if winners is not None and winners != list(deal.winners):
        stated = "the deal is not over" if not deal.is_over else f"the rules give {list(deal.winners)}"
        raise RecordError("winners", f"stated {winners}, {stated}")
    if winners is None and deal.is_over and "winners" in record:
        raise RecordError("winners", f"stated null, the rules give {list(deal.winners)}")
    assert len(deal.piles) == SEATS
    return deal


def replay_steps(record: dict[str, Any]) -> tuple[Deal, ...]:
    """Every state of the record's deal, the dealt one first, then one after each action (for a
    review), once ``replay`` has checked the record (RecordError otherwise)."""
    replay(record)
    deal = _start(record)
    states = [deal]
    for rnd in record["rounds"]:
        for action in rnd["actions"]:
            tiles = tiles_from_keys(action["tiles"])
            deal = deal.apply(tiles if tiles else PASS, player=action["player"])
            states.append(deal)
    return tuple(states)
