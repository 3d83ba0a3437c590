"""Reason codes -> sentences in the learner's language (gettext domain ``puzzles``).

The engine says *why* with a code (``different-family``, ``wrong-count`` …, see
each game's engine package); the site turns those codes into words here and only
here. Each game's sentences are in its room (``paiyou.games.<game>.reasons.REASONS``, a
``GameReasons``); this module finds them by game key. Two levels:

- ``reason_message(game, code)``: one short sentence per code, no tiles named ("Different families
  never beat each other.").
- ``explain(game, code, current, play)``: the rich explanation of one verdict, naming the tiles,
  families and sets involved with the glossary's terms from ``paiyou.i18n.names`` ("Black Seven is in
  the Black family and Red Five is in the Red family: different families never beat each other.").
  ``current`` and ``play`` may be notation (``"6-6 4-5"``, ``""`` for a pass), an engine play /
  set / action (anything with ``.tiles``), a sequence of tiles, or None.

Both return plain text (``str``) in the current locale; templates escape it. Every sentence is
one whole message with named placeholders; names and numbers are inserted, never sentence parts.
Unknown codes get a general sentence rather than an error, so a new engine code never breaks a
page.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, cast

from flask_babel import pgettext
from flask_babel.speaklater import LazyString

from engine.tiles import Tile
from paiyou.i18n.phrases import tiles_of
from paiyou.registry import ByGame, game_module


class GameReasons(Protocol):
    """One game's half of the reasons."""

    @property
    def codes(self) -> tuple[str, ...]:
        """Every code the game's engine can give (judge() reasons, Deal.apply reasons, OK)."""

    @property
    def messages(self) -> Mapping[str, LazyString]:
        """One short sentence per code."""

    def explain(self, code: str, current: tuple[Tile, ...] | None,
                play: tuple[Tile, ...] | None) -> str | None:
        """The rich explanation of one verdict, or None when the short sentence says it all."""


def _reasons(game: str) -> GameReasons:
    return cast(GameReasons, game_module(game, "reasons").REASONS)


REASONS: Mapping[str, GameReasons] = ByGame(_reasons)
CODES: Mapping[str, tuple[str, ...]] = ByGame(lambda game: REASONS[game].codes)
MESSAGES: Mapping[str, Mapping[str, LazyString]] = ByGame(lambda game: REASONS[game].messages)


def reason_message(game: str, code: str) -> str:
    """One short sentence for ``code`` in ``game``, in the current locale. KeyError for an
    unknown game; a general sentence for an unknown code."""
    found = MESSAGES[game].get(code)
    if found is None:
        return pgettext("reason", "That is not allowed by the rules.")
    return str(found)


def explain(game: str, code: str, current: object = None, play: object = None) -> str:
    """The rich explanation of a verdict in the current locale (see the module docstring).
    KeyError for an unknown game."""
    found = REASONS[game].explain(code, tiles_of(current), tiles_of(play))
    if found is None:
        return reason_message(game, code)
    # a sentence may open with a set's name written for the middle of one ("the pair Nine and Nine")
    return found[:1].upper() + found[1:]


__all__ = ["GameReasons", "CODES", "reason_message", "explain"]
