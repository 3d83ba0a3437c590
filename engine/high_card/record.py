"""High Card's deal record (docs/records.md): the dealt hands, then every action in order.

``{"format": 1, "game": "high-card", "seed", "first", "hands": [[tile keys] x 2],
"actions": [{"player", "tiles": [one key]}], "winners"}``; every failure is a ``RecordError`` at
its path (``engine.records``' checked readers)."""
from __future__ import annotations

from engine.errors import IllegalAction, Path, RecordError, illegal, mismatch
from engine.high_card.actions import action_from_tiles
from engine.high_card.deal import Deal, next_deal
from engine.high_card.table import DECK, HAND, KEY, SEATS
from engine.records import Record, as_object, as_seat, as_seed, int_field, list_field, replayed, require, tiles_of

FORMAT = 1


def to_record(deal: Deal) -> dict[str, object]:
    outcome = deal.outcome()
    return {"format": FORMAT, "game": KEY, "seed": deal.seed, "first": deal.first,
            "hands": [[t.key for t in h] for h in deal.dealt],
            "actions": [{"player": s, "tiles": [a.tile.key]} for s, a in deal.history],
            "winners": list(outcome.first) if outcome else None}


def _start(record: Record) -> Deal:
    if int_field(record, "format") != FORMAT:
        raise RecordError(("format",), "unsupported-format", {"value": record["format"]})
    if require(record, "game") != KEY:
        raise RecordError(("game",), "wrong-game", {"value": record["game"]})
    hands = list_field(record, "hands")
    if len(hands) != SEATS:
        raise RecordError(("hands",), "wrong-type", {"expected": "list", "length": SEATS})
    first = as_seat(require(record, "first"), SEATS, ("first",))
    seed = as_seed(record.get("seed"))
    dealt = tuple(tiles_of(h, ("hands", i)) for i, h in enumerate(hands))
    if sorted(t.key for h in dealt for t in h) != sorted(t.key for t in DECK) or {len(h) for h in dealt} != {HAND}:
        raise RecordError(("hands",), "illegal", {"reason": "not-the-deck"})
    if seed is not None and dealt != next_deal(seed, first).dealt:
        raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
    return Deal(seed, dealt, first)


def _play(deal: Deal, entry: object, where: Path, last: bool, states: list[Deal]) -> Deal:
    step = as_object(entry, where)
    player = as_seat(require(step, "player", where), SEATS, (*where, "player"))
    tiles = tiles_of(require(step, "tiles", where), (*where, "tiles"))
    try:
        deal = deal.apply(action_from_tiles(tiles), player=player)
    except IllegalAction as error:
        raise illegal(where, error) from None
    states.append(deal)
    return deal


def _check(record: Record, deal: Deal) -> None:
    stated = record.get("winners")
    outcome = deal.outcome()
    engine = list(outcome.first) if outcome else None
    if stated is not None and stated != engine:
        raise mismatch(("winners",), stated, engine)


def replay_steps(record: object) -> tuple[Deal, ...]:
    """Every state of a checked record, the dealt one first."""
    return tuple(replayed(record, _start, "actions", _play, _check))


def replay(record: object) -> Deal:
    return replay_steps(record)[-1]
