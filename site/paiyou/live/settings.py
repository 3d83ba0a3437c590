"""The live updates' settings, read from the app's config (``PAIYOU_EVENTS_*``: defaults in
``paiyou.config.Config``, overridden by the environment as every ``PAIYOU_`` setting is), and the
broker they name. The Flask app and the events process read the same ones."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from paiyou.live.brokers import Broker, MemoryBroker

if TYPE_CHECKING:
    from flask import Config

POLL_SECONDS = 1.0  # how often a stream checks the database while the broker is down (a move
# reaches the other seats within about this much plus a page's refresh: goal 3 s, docs/deploy.md)


@dataclass(frozen=True, slots=True)
class LiveSettings:
    broker_url: str
    keepalive: float  # seconds between two ": keepalive" comments (and presence refreshes)
    max_seconds: float  # a stream is closed after this long (the browser reconnects)
    per_client: int  # open streams per client address
    max_streams: int  # open streams per process

    @classmethod
    def from_config(cls, config: Config) -> LiveSettings:
        def number(name: str) -> float:
            value = float(config[name])
            if not value > 0:
                raise RuntimeError(f"{name} must be a positive number: {config[name]!r}")
            return value

        broker_url = str(config.get("PAIYOU_EVENTS_BROKER") or "memory://")
        if not broker_url.startswith(("memory://", "redis://", "rediss://")):
            raise RuntimeError(f"PAIYOU_EVENTS_BROKER must be memory:// or redis://host:port/db: {broker_url!r}")
        return cls(broker_url=broker_url, keepalive=number("PAIYOU_EVENTS_KEEPALIVE"),
                   max_seconds=number("PAIYOU_EVENTS_MAX_SECONDS"),
                   per_client=int(number("PAIYOU_EVENTS_PER_CLIENT")),
                   max_streams=int(number("PAIYOU_EVENTS_MAX")))

    @property
    def is_memory(self) -> bool:
        return self.broker_url.startswith("memory://")


def open_broker(settings: LiveSettings) -> Broker:
    """The broker the settings name: ``memory://`` or ``redis://host:port/db``."""
    if settings.is_memory:
        return MemoryBroker()
    from paiyou.live.redis_broker import RedisBroker  # only a Redis deployment needs the client

    return RedisBroker(settings.broker_url)
