"""The engine's errors. Codes, never prose: the site turns codes into sentences."""
from __future__ import annotations


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


class RecordError(EngineError, ValueError):
    """A deal record that is malformed, illegal, or states a wrong result."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")
