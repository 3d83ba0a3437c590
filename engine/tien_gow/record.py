"""Deal records, format 1 (docs/records-tien-gow.md): ``to_record`` and ``replay``.

``replay`` rebuilds the deal from the dealt hands, re-checks every action through
``Deal.apply`` and every stated result (trick leaders and winners, pillars, payments, net,
next banker) against the engine's own; the first difference raises ``RecordError(path, code, detail)``
(docs/records.md). A record of an unfinished deal is checked as far as it goes.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalAction, NotationError, Path, RecordError, illegal, mismatch, tiles_error
from engine.tien_gow.actions import make_action
from engine.tien_gow.deal import Deal, deal_from_hands, new_deal
from engine.tien_gow.history import Trick
from engine.tien_gow.table import KEY as GAME
from engine.tien_gow.table import SEATS
from engine.tiles import tiles_from_keys

FORMAT = 1


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "actions": [{"player": p.player, "tiles": [t.key for t in p.action.tiles],
                     "face_up": p.action.face_up} for p in trick.plays],
        "winner": trick.winner,
    }


def to_record(deal: Deal) -> dict[str, Any]:
    """The record of a finished or unfinished deal (an unfinished trick has ``winner`` null)."""
    tricks = [_trick_dict(t) for t in deal.tricks]
    if deal.plays:
        tricks.append(_trick_dict(deal.trick))
    return {
        "format": FORMAT, "game": GAME, "seed": deal.seed, "banker": deal.banker,
        "hands": [[t.key for t in h] for h in deal.dealt],
        "tricks": tricks,
        "pillars": list(deal.pillars),
        "payments": [p.as_dict() for p in deal.payments],
        "net": list(deal.net),
        "next_banker": deal.next_banker,
    }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(obj: Mapping[str, Any], key: str, where: Path) -> Any:
    if key not in obj:
        raise RecordError((*where, key), "missing")
    return obj[key]


def _seat(value: object, where: Path) -> int:
    if not _is_int(value) or not 0 <= value < SEATS:  # type: ignore[operator]
        raise RecordError(where, "not-a-seat", {"value": value})
    return value  # type: ignore[return-value]


def _list(value: object, where: Path) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, "wrong-type", {"expected": "list"})
    return value


def _start(record: Mapping[str, Any]) -> Deal:
    if _get(record, "format", ()) != FORMAT:
        raise RecordError(("format",), "unsupported-format", {"format": record["format"]})
    if _get(record, "game", ()) != GAME:
        raise RecordError(("game",), "wrong-game", {"game": record["game"]})
    seed = record.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError(("seed",), "wrong-type", {"expected": "int"})
    banker = _seat(_get(record, "banker", ()), ("banker",))
    hands = _list(_get(record, "hands", ()), ("hands",))
    parsed = []
    for i, hand in enumerate(hands):
        try:
            parsed.append(tiles_from_keys(_list(hand, ("hands", i))))
        except NotationError as e:
            raise tiles_error(("hands", i), e) from None
    try:
        deal = deal_from_hands(parsed, banker, seed)
    except IllegalAction as e:
        raise illegal(("hands",), e) from None
    if seed is not None and new_deal(seed, banker).dealt != deal.dealt:
        raise RecordError(("hands",), "not-dealt-by-seed", {"seed": seed})
    return deal


def _play_trick(deal: Deal, trick: object, where: Path, last: bool) -> Deal:
    if not isinstance(trick, Mapping):
        raise RecordError(where, "not-an-object")
    if _get(trick, "leader", where) != deal.leader:
        raise mismatch((*where, "leader"), trick["leader"], deal.leader)
    actions = _list(_get(trick, "actions", where), (*where, "actions"))
    done = len(deal.tricks)
    for j, entry in enumerate(actions):
        at: Path = (*where, "actions", j)
        if not isinstance(entry, Mapping):
            raise RecordError(at, "not-an-object")
        if deal.is_over:
            raise RecordError(at, "illegal", {"reason": "deal-over"})
        player = _seat(_get(entry, "player", at), (*at, "player"))
        face_up = _get(entry, "face_up", at)
        if not isinstance(face_up, bool):
            raise RecordError((*at, "face_up"), "wrong-type", {"expected": "bool"})
        try:
            tiles = tiles_from_keys(_list(_get(entry, "tiles", at), (*at, "tiles")))
        except NotationError as e:
            raise tiles_error((*at, "tiles"), e) from None
        try:
            deal = deal.apply(make_action(tiles, face_up), player)
        except IllegalAction as e:
            raise illegal(at, e) from None
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


def _check_list(record: Mapping[str, Any], key: str, engine: list[Any]) -> None:
    if key not in record:
        return
    stated = _list(record[key], (key,))
    for i, (s, e) in enumerate(zip(stated, engine, strict=False)):  # lengths compared below
        if s != e or isinstance(s, bool) != isinstance(e, bool):
            raise mismatch((key, i), s, e)
    if len(stated) != len(engine):
        raise mismatch((key,), stated, engine)


def replay(record: Mapping[str, Any]) -> Deal:
    """Rebuild and re-check a record; return the deal it reaches."""
    if not isinstance(record, Mapping):
        raise RecordError((), "not-an-object")
    deal = _start(record)
    tricks = _list(_get(record, "tricks", ()), ("tricks",))
    for i, trick in enumerate(tricks):
        if deal.is_over:
            raise RecordError(("tricks", i), "illegal", {"reason": "deal-over"})
        deal = _play_trick(deal, trick, ("tricks", i), i == len(tricks) - 1)
    _check_list(record, "pillars", list(deal.pillars))
    _check_list(record, "payments", [p.as_dict() for p in deal.payments])
    _check_list(record, "net", list(deal.net))
    if "next_banker" in record and (record["next_banker"] != deal.next_banker
                                    or isinstance(record["next_banker"], bool)):
        raise mismatch(("next_banker",), record["next_banker"], deal.next_banker)
    return deal


def replay_steps(record: Mapping[str, Any]) -> tuple[Deal, ...]:
    """Every state of the record's deal, the dealt one first, then one after each action (for a
    review), once ``replay`` has checked the record (RecordError otherwise)."""
    replay(record)
    deal = _start(record)
    states = [deal]
    for trick in record["tricks"]:
        for entry in trick["actions"]:
            action = make_action(tiles_from_keys(entry["tiles"]), entry["face_up"])
            deal = deal.apply(action, entry["player"])
            states.append(deal)
    return tuple(states)
