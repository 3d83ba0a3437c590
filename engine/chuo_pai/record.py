"""Deal records, format 1 (docs/records.md): write any deal, read one back replaying every action."""
from __future__ import annotations

from typing import Any

from engine.chuo_pai.actions import PASS
from engine.chuo_pai.deal import Deal, deal_from_hands, new_deal
from engine.chuo_pai.history import Round
from engine.chuo_pai.table import KEY as GAME
from engine.chuo_pai.table import SEATS
from engine.errors import IllegalAction, NotationError, Path, RecordError, illegal, mismatch, tiles_error
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


_TYPE_NAMES = {int: "int", list: "list", dict: "object", bool: "bool"}


def _field(record: dict[str, Any], name: str, kind: type, where: Path = ()) -> Any:
    if name not in record:
        raise RecordError((*where, name), "missing")
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError((*where, name), "wrong-type", {"expected": _TYPE_NAMES[kind]})
    return value


def _tiles(keys: Any, where: Path) -> tuple[Tile, ...]:
    try:
        return tiles_from_keys(keys)
    except NotationError as error:
        raise tiles_error(where, error) from None
    except TypeError:
        raise RecordError(where, "wrong-type", {"expected": "list"}) from None


def _start(record: dict[str, Any]) -> Deal:
    if not isinstance(record, dict):
        raise RecordError((), "not-an-object")
    if record.get("format") != FORMAT:
        raise RecordError(("format",), "unsupported-format", {"format": record.get("format")})
    if record.get("game") != GAME:
        raise RecordError(("game",), "wrong-game", {"game": record.get("game")})
    hands_keys = _field(record, "hands", list)
    first = _field(record, "first_leader", int)
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(("seed",), "wrong-type", {"expected": "int"})
    hands = [_tiles(h, ("hands", i)) for i, h in enumerate(hands_keys)]
    try:
        deal = deal_from_hands(hands, first, seed)
    except IllegalAction as error:
        raise illegal(("hands",), error) from None
    if seed is not None:
        fresh = new_deal(seed)
        if fresh.dealt != deal.dealt or fresh.first_leader != first:
            raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
    if "bonus" in record:
        if not isinstance(record["bonus"], list):
            raise RecordError(("bonus",), "wrong-type", {"expected": "list"})
        bonus = [_tiles(b, ("bonus", i)) for i, b in enumerate(record["bonus"])]
        stated = tuple(tuple(sorted(b, key=lambda t: t.index)) for b in bonus)
        computed = tuple(tuple(sorted(b, key=lambda t: t.index)) for b in deal.bonus)
        if stated != computed:
            raise mismatch(("bonus",), record["bonus"], [_keys(b) for b in deal.bonus])
    return deal


def replay(record: dict[str, Any]) -> Deal:
    """Replay a record, re-checking every action and every stated result; raise RecordError."""
    deal = _start(record)
    rounds = _field(record, "rounds", list)
    for r_index, rnd in enumerate(rounds):
        where: Path = ("rounds", r_index)
        if not isinstance(rnd, dict):
            raise RecordError(where, "not-an-object")
        if deal.is_over:
            raise RecordError(where, "illegal", {"reason": "deal-over"})
        if _field(rnd, "leader", int, where) != deal.to_act:
            raise mismatch((*where, "leader"), rnd["leader"], deal.to_act)
        for a_index, action in enumerate(_field(rnd, "actions", list, where)):
            at: Path = (*where, "actions", a_index)
            if not isinstance(action, dict):
                raise RecordError(at, "not-an-object")
            player = _field(action, "player", int, at)
            tiles = _tiles(_field(action, "tiles", list, at), (*at, "tiles"))
            try:
                deal = deal.apply(tiles if tiles else PASS, player=player)
            except IllegalAction as error:
                raise illegal(at, error) from None
        if deal.round is not None:  # the round is under way: only the last may be
            if r_index < len(rounds) - 1:
                raise RecordError((*where, "actions"), "unfinished")
            if "winner" in rnd:
                raise mismatch((*where, "winner"), rnd["winner"], None)
        elif rnd.get("winner") != deal.rounds[-1].winner or "winner" not in rnd:
            raise mismatch((*where, "winner"), rnd.get("winner"), deal.rounds[-1].winner)
    if "piles" in record and record["piles"] != list(deal.piles):
        raise mismatch(("piles",), record["piles"], list(deal.piles))
    engine_winners = list(deal.winners) if deal.is_over else None
    winners = record.get("winners")
    if winners is not None and winners != list(deal.winners):
        raise mismatch(("winners",), winners, engine_winners)
    if winners is None and deal.is_over and "winners" in record:
        raise mismatch(("winners",), None, engine_winners)
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
