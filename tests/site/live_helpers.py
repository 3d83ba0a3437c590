"""Reading an events stream in tests: its blocks parsed, read until a condition holds or a deadline
passes (never a fixed sleep). The deadline: ``scripts.patience.PATIENT``, as for every wait of the
tests (a stream, another process: they take their time on a loaded machine)."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from scripts.patience import PATIENT


@dataclass(frozen=True)
class Block:
    """One block of the stream: its fields (``event``, ``id``, ``data`` parsed as JSON, ``retry``)
    and comments."""

    event: str | None = None
    id: str | None = None
    data: Any = None
    retry: int | None = None
    comments: tuple[str, ...] = ()


def parse(text: str) -> list[Block]:
    blocks = []
    for chunk in text.split("\n\n"):
        if not chunk:
            continue
        fields: dict[str, Any] = {}
        comments = []
        for line in chunk.split("\n"):
            name, _, value = line.partition(": ")
            if name == "":
                comments.append(value)
            elif name == "data":
                fields["data"] = json.loads(value)
            elif name == "retry":
                fields["retry"] = int(value)
            else:
                fields[name] = value
        blocks.append(Block(**fields, comments=tuple(comments)))
    return blocks


@dataclass
class StreamReader:
    """Blocks from an iterator of byte (or text) chunks, kept as they come."""

    chunks: Iterator[bytes | str]
    seen: list[Block] = field(default_factory=list)
    _rest: str = ""

    def read_until(self, wanted: Callable[[Block], bool], timeout: float = PATIENT) -> Block:
        """Reads until a block satisfies ``wanted`` (a chunk arrives at least every keepalive)."""
        checked = 0
        deadline = time.monotonic() + timeout
        while True:
            for block in self.seen[checked:]:
                if wanted(block):
                    return block
            checked = len(self.seen)
            if time.monotonic() >= deadline:
                break
            chunk = next(self.chunks)
            self._rest += chunk.decode() if isinstance(chunk, bytes) else chunk
            complete, _, self._rest = self._rest.rpartition("\n\n")
            if complete:
                self.seen += parse(complete + "\n\n")
        raise AssertionError(f"no such block within {timeout} s; seen: {self.seen}")

    def version(self, number: int, timeout: float = PATIENT) -> Block:
        return self.read_until(lambda b: b.event is None and b.data == {"v": number}, timeout)

    def presence(self, seats: list[int], timeout: float = PATIENT) -> Block:
        return self.read_until(lambda b: b.event == "presence" and b.data["seats"] == seats, timeout)

    def watchers(self, count: int, timeout: float = PATIENT) -> Block:
        return self.read_until(lambda b: b.event == "presence" and b.data["watchers"] == count, timeout)

    def live(self, flag: bool, timeout: float = PATIENT) -> Block:
        return self.read_until(lambda b: b.event == "live" and b.data == {"live": flag}, timeout)


def eventually(condition: Callable[[], bool], timeout: float = PATIENT) -> None:
    """Waits until ``condition()`` holds (another process acts on its own time), at most
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s")
        time.sleep(0.02)
