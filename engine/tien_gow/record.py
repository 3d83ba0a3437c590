"""Deal records, format 1 (docs/records-tien-gow.md): ``to_record`` and ``replay``.

``replay`` rebuilds the deal from the dealt hands, re-checks every action through
``Deal.apply`` and every stated result (trick leaders and winners, pillars, payments, net,
next banker) against the engine's own; the first difference raises ``RecordError(path, code, detail)``
(docs/records.md). A record of an unfinished deal is checked as far as it goes.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalAction, Path, RecordError, illegal, mismatch
from engine.records import (
    Record,
    as_int,
    as_list,
    as_object,
    as_seat,
    as_seed,
    list_field,
    read_variant,
    replayed,
    require,
    tiles_of,
)
from engine.tien_gow.actions import make_action
from engine.tien_gow.deal import Deal, deal_from_hands, new_deal
from engine.tien_gow.history import Trick
from engine.tien_gow.table import KEY as GAME
from engine.tien_gow.table import SEATS
from engine.tien_gow.variants import OPTIONS, RISING_BANKER, rules_of

FORMAT = 1


def _trick_dict(trick: Trick) -> dict[str, object]:
    return {
        "leader": trick.leader,
        "actions": [{"player": p.player, "tiles": [t.key for t in p.action.tiles],
                     "face_up": p.action.face_up} for p in trick.plays],
        "winner": trick.winner,
    }


def to_record(deal: Deal) -> dict[str, object]:
    """The record of a finished or unfinished deal (an unfinished trick has ``winner`` null). The
    table options (``variant``) and a rising banker's deals in a row (``banker_run``) are written
    only when they are not the default."""
    tricks = [_trick_dict(t) for t in deal.tricks]
    if deal.plays:
        tricks.append(_trick_dict(deal.trick))
    rules: dict[str, object] = {}
    if deal.rules.variant:
        rules["variant"] = list(deal.rules.variant)
    if deal.rules.banker_run != 1:
        rules["banker_run"] = deal.rules.banker_run
    return {
        "format": FORMAT, "game": GAME, **rules, "seed": deal.seed, "banker": deal.banker,
        "hands": [[t.key for t in h] for h in deal.dealt],
        "tricks": tricks,
        "pillars": list(deal.pillars),
        "payments": [p.as_dict() for p in deal.payments],
        "net": list(deal.net),
        "next_banker": deal.next_banker,
    }


def _start(record: Record) -> Deal:
    if require(record, "format") != FORMAT:
        raise RecordError(("format",), "unsupported-format", {"format": record["format"]})
    if require(record, "game") != GAME:
        raise RecordError(("game",), "wrong-game", {"game": record["game"]})
    variant = read_variant(record, OPTIONS)
    run = 1
    if "banker_run" in record:  # only a rising banker counts the deals in a row
        run = as_int(record["banker_run"], ("banker_run",))
        if RISING_BANKER not in variant or run < 2:
            raise RecordError(("banker_run",), "unknown-variant", {"detail": "banker-run"})
    seed = as_seed(record.get("seed"))
    banker = as_seat(require(record, "banker"), SEATS, ("banker",))
    hands = list_field(record, "hands")
    parsed = [tiles_of(as_list(hand, ("hands", i)), ("hands", i)) for i, hand in enumerate(hands)]
    try:
        deal = deal_from_hands(parsed, banker, seed)
    except IllegalAction as e:
        raise illegal(("hands",), e) from None
    if seed is not None and new_deal(seed, banker).dealt != deal.dealt:
        raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
    return deal._replace(rules=rules_of(variant, run)) if variant else deal


def _play_trick(deal: Deal, item: object, where: Path, last: bool, states: list[Deal]) -> Deal:
    if deal.is_over:
        raise RecordError(where, "illegal", {"reason": "deal-over"})
    trick = as_object(item, where)
    if require(trick, "leader", where) != deal.leader:
        raise mismatch((*where, "leader"), trick["leader"], deal.leader)
    actions = list_field(trick, "actions", where)
    done = len(deal.tricks)
    for j, value in enumerate(actions):
        at: Path = (*where, "actions", j)
        entry = as_object(value, at)
        if deal.is_over:
            raise RecordError(at, "illegal", {"reason": "deal-over"})
        player = as_seat(require(entry, "player", at), SEATS, (*at, "player"))
        face_up = require(entry, "face_up", at)
        if not isinstance(face_up, bool):
            raise RecordError((*at, "face_up"), "wrong-type", {"expected": "bool"})
        tiles = tiles_of(list_field(entry, "tiles", at), (*at, "tiles"))
        try:
            deal = deal.apply(make_action(tiles, face_up), player)
        except IllegalAction as e:
            raise illegal(at, e) from None
        states.append(deal)
    winner = trick.get("winner")
    if len(deal.tricks) > done:  # the trick is complete
        engine = deal.tricks[-1].winner
        if winner != engine or isinstance(winner, bool):
            raise mismatch((*where, "winner"), winner, engine)
    else:
        if not last:
            raise RecordError((*where, "actions"), "unfinished")
        if winner is not None:
            raise mismatch((*where, "winner"), winner, None)
    return deal


def _check_list(record: Record, key: str, engine: Sequence[object]) -> None:
    if key not in record:
        return
    stated = as_list(record[key], (key,))
    for i, (s, e) in enumerate(zip(stated, engine, strict=False)):  # lengths compared below
        if s != e or isinstance(s, bool) != isinstance(e, bool):
            raise mismatch((key, i), s, e)
    if len(stated) != len(engine):
        raise mismatch((key,), stated, engine)


def _check_results(record: Record, deal: Deal) -> None:
    _check_list(record, "pillars", list(deal.pillars))
    _check_list(record, "payments", [p.as_dict() for p in deal.payments])
    _check_list(record, "net", list(deal.net))
    if "next_banker" in record and (record["next_banker"] != deal.next_banker
                                    or isinstance(record["next_banker"], bool)):
        raise mismatch(("next_banker",), record["next_banker"], deal.next_banker)


def _states(record: object) -> list[Deal]:
    """Every state of the record's deal, the dealt one first, re-checking every action and every
    stated result; RecordError at the first difference."""
    return replayed(record, _start, "tricks", _play_trick, _check_results)


def replay(record: object) -> Deal:
    """Rebuild and re-check a record (as read from JSON); return the deal it reaches."""
    return _states(record)[-1]


def replay_steps(record: object) -> tuple[Deal, ...]:
    """Every state of the record's deal, the dealt one first, then one after each action (for a
    review), once the record is checked as ``replay`` checks it (RecordError otherwise)."""
    return tuple(_states(record))
