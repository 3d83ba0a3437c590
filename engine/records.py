"""Reading a deal record (docs/records.md), for every game's ``record.py``: the record is JSON from
outside, so each piece is an ``object`` until checked here, and every failure is a ``RecordError``
at the piece's path (``engine.errors``)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from engine.errors import NotationError, Path, RecordError, VariantError, tiles_error
from engine.spec import VariantOption, check_variant
from engine.tiles import Tile, tiles_from_keys

Record = Mapping[str, object]  # a JSON object, its keys checked one by one
D = TypeVar("D")


def is_int(value: object) -> bool:
    """An int of JSON (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def as_object(value: object, where: Path) -> Record:
    if not isinstance(value, Mapping):
        raise RecordError(where, "not-an-object")
    return value


def require(obj: Record, key: str, where: Path = ()) -> object:
    """``obj[key]``, or RecordError "missing" at ``where`` + ``key``."""
    if key not in obj:
        raise RecordError((*where, key), "missing")
    return obj[key]


def as_list(value: object, where: Path) -> list[object]:
    if not isinstance(value, list):
        raise RecordError(where, "wrong-type", {"expected": "list"})
    return value


def as_int(value: object, where: Path) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(where, "wrong-type", {"expected": "int"})
    return value


def as_seat(value: object, seats: int, where: Path) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise RecordError(where, "not-a-seat", {"value": value})
    return value


def as_seed(value: object) -> int | None:
    """A record's ``seed``: an int, or None for a deal set up by hand."""
    return None if value is None else as_int(value, ("seed",))


def read_variant(record: Record, options: Iterable[VariantOption]) -> tuple[str, ...]:
    """A record's ``variant``: absent, or a sorted list of distinct option keys of its game
    (empty for the default rules); RecordError "unknown-variant" otherwise (any key, for a game
    that has no options)."""
    value = record.get("variant", [])
    try:
        keys = check_variant(tuple(options), value)
    except VariantError as error:
        raise RecordError(("variant",), "unknown-variant", {"detail": error.detail}) from None
    if list(keys) != value:
        raise RecordError(("variant",), "unknown-variant", {"detail": "not-sorted"})
    return keys


def list_field(obj: Record, key: str, where: Path = ()) -> list[object]:
    return as_list(require(obj, key, where), (*where, key))


def int_field(obj: Record, key: str, where: Path = ()) -> int:
    return as_int(require(obj, key, where), (*where, key))


def tiles_of(keys: object, where: Path) -> tuple[Tile, ...]:
    """Tiles from a list of tile keys (``"a-b"``)."""
    if not isinstance(keys, Iterable):
        raise RecordError(where, "wrong-type", {"expected": "list"})
    try:
        return tiles_from_keys(keys)
    except NotationError as error:
        raise tiles_error(where, error) from None
    except TypeError:  # pragma: no cover  (an iterable that fails while iterated: never JSON)
        raise RecordError(where, "wrong-type", {"expected": "list"}) from None


def replayed(data: object, start: Callable[[Record], D], parts: str,
             play: Callable[[D, object, Path, bool, list[D]], D], check: Callable[[Record, D], None]) -> list[D]:
    """Every state of a record's deal, the dealt one first: ``data`` must be an object;
    ``start(record)`` checks its header and deals; each entry of its list ``parts`` (Chuo Pai's
    rounds, Tien Gow's tricks) is played in order by ``play(deal, entry, path, last, states)``,
    which checks the entry, appends each state it reaches to ``states`` and returns the last;
    ``check(record, deal)`` compares the results the record states with the deal's."""
    record = as_object(data, ())
    deal = start(record)
    states = [deal]
    entries = list_field(record, parts)
    for i, entry in enumerate(entries):
        deal = play(deal, entry, (parts, i), i == len(entries) - 1, states)
    check(record, deal)
    return states


__all__ = ["Record", "is_int", "as_object", "require", "as_list", "as_int", "as_seat", "as_seed",
           "list_field", "int_field", "tiles_of", "replayed"]
