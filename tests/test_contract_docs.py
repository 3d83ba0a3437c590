"""docs/architecture.md lists the members of the contract's Protocols — a game's ``Deal`` and
``SeatView`` (``engine/spec.py``) and a room's ``Table`` (the site's table part) — and each list
is exactly the Protocol's members: one added to a Protocol and not to the doc (or the reverse)
fails here, so the lists cannot go stale."""
from __future__ import annotations

import re
from pathlib import Path
from types import FunctionType

import pytest

from engine.spec import Deal, SeatView
from paiyou.registry import part_shape

ARCHITECTURE = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
# Each list's paragraph, by how it opens; a member is written `.name` or `.name(arguments)`.
PARAGRAPHS = {
    "Deal": "A `Deal` (`engine.spec.Deal[A, V]`)",
    "SeatView": "A `SeatView` (`engine.spec.SeatView[A]`)",
    "Table": "A room's `Table[V]` (`paiyou.tables.presenter.Table`",
}
MEMBER = re.compile(r"`\.([A-Za-z_]\w*)")


def protocol_members(shape: type) -> set[str]:
    """The public members ``shape`` and its own bases declare: methods, properties, attributes."""
    found: set[str] = set()
    for klass in shape.__mro__:
        if klass.__module__ in {"builtins", "typing", "typing_extensions", "abc"}:
            continue
        found |= set(vars(klass).get("__annotations__", {}))
        found |= {name for name, value in vars(klass).items()
                  if isinstance(value, FunctionType | property | staticmethod | classmethod)}
    return {name for name in found if not name.startswith("_")}


def documented_members(opening: str) -> list[str]:
    paragraphs = re.split(r"\n\s*\n", ARCHITECTURE.read_text(encoding="utf-8"))
    (paragraph,) = [p for p in paragraphs if p.lstrip().startswith(opening)]
    return MEMBER.findall(paragraph)


@pytest.mark.parametrize(("name", "shape"), [("Deal", Deal), ("SeatView", SeatView),
                                             ("Table", part_shape("table"))])
def test_the_architecture_doc_lists_every_member_of_the_protocol(name: str, shape: type) -> None:
    listed = documented_members(PARAGRAPHS[name])
    assert len(listed) == len(set(listed)), f"{name}: a member is listed twice: {listed}"
    assert set(listed) == protocol_members(shape), (
        f"{name}: missing from docs/architecture.md {sorted(protocol_members(shape) - set(listed))}, "
        f"not in the Protocol {sorted(set(listed) - protocol_members(shape))}")


def test_the_member_reader_sees_what_the_protocols_declare() -> None:
    assert {"watch", "apply", "seed"} <= protocol_members(Deal)
    assert "positions" in protocol_members(part_shape("table"))  # an attribute, not a method
    assert not protocol_members(Deal) & {"__init__", "_is_protocol", "register"}
