"""The deals' malformed-request error, shared by the service, the seating and the routes."""
from __future__ import annotations


class BadInput(Exception):
    """A malformed request (status 400); ``code`` names what is wrong."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
