"""What the deal service tells the layers above it, as a tiny typed publish/subscribe: a stored
deal's new version (``deal_changed``: live updates announce it) and a deal's end (``deal_over``:
its analysis is queued). The deals never import who listens; ``paiyou.create_app`` connects the
site's receivers, once per process (connecting a receiver again changes nothing).

Sent in the thread that changed the deal, right after its store write, to each receiver in the
order they were connected; a receiver's exception reaches the sender, as a direct call's would."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

from paiyou.store.games import GameStore

P = ParamSpec("P")


class Signal(Generic[P]):
    """One kind of news and the receivers told of it; ``P`` is what each receiver is called with."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._receivers: list[Callable[P, None]] = []

    def connect(self, receiver: Callable[P, None]) -> None:
        if receiver not in self._receivers:
            self._receivers.append(receiver)

    def disconnect(self, receiver: Callable[P, None]) -> None:
        if receiver in self._receivers:
            self._receivers.remove(receiver)

    @property
    def receivers(self) -> tuple[Callable[P, None], ...]:
        return tuple(self._receivers)

    def send(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for receiver in tuple(self._receivers):
            receiver(*args, **kwargs)


# (game id, its new version): after a stored deal was written as that version.
deal_changed: Signal[[str, int]] = Signal("deal changed")
# (the store, game id): after the write that ended the deal (or stored it ended, every move forced).
deal_over: Signal[[GameStore, str]] = Signal("deal over")
