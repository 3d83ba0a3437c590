"""Deal records, format 1 (docs/records.md): write any deal, read one back replaying every action."""
from __future__ import annotations

from engine.chuo_pai.actions import PASS
from engine.chuo_pai.deal import Deal, deal_from_hands, new_deal
from engine.chuo_pai.table import KEY as GAME
from engine.chuo_pai.table import SEATS
from engine.chuo_pai.view import round_dict
from engine.errors import IllegalAction, Path, RecordError, illegal, mismatch
from engine.records import (
    Record,
    as_list,
    as_object,
    as_seed,
    int_field,
    list_field,
    read_variant,
    replayed,
    tiles_of,
)
from engine.tiles import Tile

FORMAT = 1


def _keys(tiles: tuple[Tile, ...]) -> list[str]:
    return [t.key for t in tiles]


def to_record(deal: Deal) -> dict[str, object]:
    """The record of a finished or unfinished deal. An unfinished one has ``"winners": null``."""
    rounds = [round_dict(r) for r in deal.rounds]
    if deal.round is not None:
        rounds.append(round_dict(deal.round))
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


def _start(record: Record) -> Deal:
    if record.get("format") != FORMAT:
        raise RecordError(("format",), "unsupported-format", {"format": record.get("format")})
    if record.get("game") != GAME:
        raise RecordError(("game",), "wrong-game", {"game": record.get("game")})
    read_variant(record, ())  # Chuo Pai has no table options: only an absent or empty list
    hands_keys = list_field(record, "hands")
    first = int_field(record, "first_leader")
    seed = as_seed(record.get("seed"))
    hands = [tiles_of(h, ("hands", i)) for i, h in enumerate(hands_keys)]
    try:
        deal = deal_from_hands(hands, first, seed)
    except IllegalAction as error:
        raise illegal(("hands",), error) from None
    if seed is not None:
        fresh = new_deal(seed)
        if fresh.dealt != deal.dealt or fresh.first_leader != first:
            raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
    if "bonus" in record:
        stated_keys = as_list(record["bonus"], ("bonus",))
        bonus = [tiles_of(b, ("bonus", i)) for i, b in enumerate(stated_keys)]
        stated = tuple(tuple(sorted(b, key=lambda t: t.index)) for b in bonus)
        computed = tuple(tuple(sorted(b, key=lambda t: t.index)) for b in deal.bonus)
        if stated != computed:
            raise mismatch(("bonus",), record["bonus"], [_keys(b) for b in deal.bonus])
    return deal


def _play_round(deal: Deal, entry: object, where: Path, last: bool, states: list[Deal]) -> Deal:
    rnd = as_object(entry, where)
    if deal.is_over:
        raise RecordError(where, "illegal", {"reason": "deal-over"})
    if int_field(rnd, "leader", where) != deal.to_act:
        raise mismatch((*where, "leader"), rnd["leader"], deal.to_act)
    for a_index, item in enumerate(list_field(rnd, "actions", where)):
        at: Path = (*where, "actions", a_index)
        action = as_object(item, at)
        player = int_field(action, "player", at)
        tiles = tiles_of(list_field(action, "tiles", at), (*at, "tiles"))
        try:
            deal = deal.apply(tiles if tiles else PASS, player=player)
        except IllegalAction as error:
            raise illegal(at, error) from None
        states.append(deal)
    if deal.round is not None:  # the round is under way: only the last may be
        if not last:
            raise RecordError((*where, "actions"), "unfinished")
        if "winner" in rnd:
            raise mismatch((*where, "winner"), rnd["winner"], None)
    elif rnd.get("winner") != deal.rounds[-1].winner or "winner" not in rnd:
        raise mismatch((*where, "winner"), rnd.get("winner"), deal.rounds[-1].winner)
    return deal


def _check_results(record: Record, deal: Deal) -> None:
    if "piles" in record and record["piles"] != list(deal.piles):
        raise mismatch(("piles",), record["piles"], list(deal.piles))
    engine_winners = list(deal.winners) if deal.is_over else None
    winners = record.get("winners")
    if winners is not None and winners != list(deal.winners):
        raise mismatch(("winners",), winners, engine_winners)
    if winners is None and deal.is_over and "winners" in record:
        raise mismatch(("winners",), None, engine_winners)
    assert len(deal.piles) == SEATS


def _states(record: object) -> list[Deal]:
    """Every state of the record's deal, the dealt one first, re-checking every action and every
    stated result; RecordError at the first difference."""
    return replayed(record, _start, "rounds", _play_round, _check_results)


def replay(record: object) -> Deal:
    """Replay a record (as read from JSON), re-checking every action and every stated result;
    raise RecordError."""
    return _states(record)[-1]


def replay_steps(record: object) -> tuple[Deal, ...]:
    """Every state of the record's deal, the dealt one first, then one after each action (for a
    review), once the record is checked as ``replay`` checks it (RecordError otherwise)."""
    return tuple(_states(record))
