"""The day's secrets at start-up: ``PAIYOU_DAILY_SECRET`` read once by ``create_app`` through
``engine.daily.keyring`` (docs/daily.md, "The secret"; docs/deploy.md).

Production is the app behind its proxy (``PAIYOU_BEHIND_PROXY``, as the compose stack runs it) and
not under test: there a missing, short, malformed or development secret stops the start with the
engine's code, so no production day is ever dealt from the public development secret. Elsewhere a
missing secret gives the development one (a developer's ``scripts/serve.sh``, the tests).
"""
from __future__ import annotations

import os

from flask import Flask, current_app

from engine.daily import DailyError, Keyring, keyring

SETTING = "PAIYOU_DAILY_SECRET"
EXTENSION_KEY = "paiyou.daily.keyring"


def init_app(app: Flask, *, production: bool) -> None:
    """Read the secret (the config, else the environment) and keep its keyring on the app; a bad
    secret in production stops the start (RuntimeError naming the engine's code, never the value)."""
    configured = app.config.get(SETTING) or os.environ.get(SETTING)
    try:
        ring = keyring(str(configured) if configured else None, production=production)
    except DailyError as e:
        raise RuntimeError(f"{SETTING}: {e.code} ({e.detail})") from None
    app.extensions[EXTENSION_KEY] = ring
    app.config.pop(SETTING, None)  # the keyring holds it; nothing prints the config's copy


def ring(app: Flask | None = None) -> Keyring:
    """The app's keyring (``init_app``)."""
    found = (app or current_app).extensions[EXTENSION_KEY]
    assert isinstance(found, Keyring)
    return found


__all__ = ["SETTING", "init_app", "ring"]
