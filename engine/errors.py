"""The engine's errors. Codes, never prose: the site turns codes into sentences."""
from __future__ import annotations

import json


class EngineError(Exception):
    """Base class of everything the engine raises on purpose."""


class NotationError(EngineError, ValueError):
    """Text that is not tile notation. ``token`` is the offending piece of input."""

    def __init__(self, token: str, problem: str = "bad-tile") -> None:
        self.token = token
        self.problem = problem
        super().__init__(f"{problem}: {token!r}")


class IllegalAction(EngineError, ValueError):
    """An action the rules forbid in this state. ``reason`` is a stable code."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


class VariantError(EngineError, ValueError):
    """A rule set the game does not have: an unknown option, a malformed list of options, an
    option for a game that has none. ``code`` is always ``unknown-variant``; ``detail`` the
    offending piece (an option key, or what was wrong with the list)."""

    code = "unknown-variant"

    def __init__(self, detail: str) -> None:
        self.detail = detail
        super().__init__(f"{self.code}: {detail}")


Path = tuple[str | int, ...]
RECORD_ERROR_CODES: tuple[str, ...] = (
    "not-an-object", "missing", "wrong-type", "not-a-seat", "unsupported-format", "wrong-game",
    "bad-tile", "not-dealt-by-seed", "illegal", "unfinished", "mismatch", "unknown-variant",
)


def path_text(path: Path) -> str:
    """A path as text: ``tricks[3].actions[1].tiles``; ``record`` for the record itself."""
    text = ""
    for piece in path:
        text += f"[{piece}]" if isinstance(piece, int) else f".{piece}" if text else piece
    return text or "record"


class RecordError(EngineError, ValueError):
    """A deal record that is malformed, illegal, or states a wrong result (docs/records.md).

    ``path``: where in the record, as the keys and list indices (from 0) leading there from the
    record (``("rounds", 2, "actions", 1)``; ``()`` for the record itself). ``code``: one of
    ``RECORD_ERROR_CODES``. ``detail``: data, never prose (the tile token, the stated and the
    engine's values, the ``IllegalAction`` reason)."""

    def __init__(self, path: Path, code: str, detail: dict[str, object] | None = None) -> None:
        assert code in RECORD_ERROR_CODES, code
        self.path = path
        self.code = code
        self.detail: dict[str, object] = detail or {}
        text = f"{path_text(path)}: {code}"
        super().__init__(f"{text} {json.dumps(self.detail, default=repr)}" if self.detail else text)


def tiles_error(path: Path, error: NotationError) -> RecordError:
    """A record's list of tiles that is no list of tile keys."""
    if error.problem == "bad-tile":
        return RecordError(path, "bad-tile", {"token": error.token})
    return RecordError(path, "wrong-type", {"expected": "list"})


def illegal(path: Path, error: IllegalAction) -> RecordError:
    """A record's action, or its hands, that the rules forbid: the engine's reason code."""
    detail: dict[str, object] = {"reason": error.reason}
    if error.detail:
        detail["detail"] = error.detail
    return RecordError(path, "illegal", detail)


def mismatch(path: Path, stated: object, engine: object) -> RecordError:
    """A result the record states that is not the engine's."""
    return RecordError(path, "mismatch", {"stated": stated, "engine": engine})
