"""Flask-Babel's gettext functions with types (Flask-Babel has none), for the puzzles' words.

Same names and arguments as Flask-Babel's, so the Babel extractor finds every message.
"""
from __future__ import annotations

from collections.abc import Callable

import flask_babel
from flask_babel.speaklater import LazyString

__all__ = ["LazyString", "lazy_pgettext", "npgettext", "pgettext"]


def pgettext(context: str, string: str, **variables: object) -> str:
    return str(flask_babel.pgettext(context, string, **variables))


def npgettext(context: str, singular: str, plural: str, num: int, **variables: object) -> str:
    return str(flask_babel.npgettext(context, singular, plural, num, **variables))


lazy_pgettext: Callable[..., LazyString] = flask_babel.lazy_pgettext
