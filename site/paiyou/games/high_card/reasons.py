"""High Card's half of the reasons (``paiyou.reasons.GameReasons``)."""
from __future__ import annotations

from flask_babel import lazy_pgettext

from engine.judging import OK
from engine.tiles import Tile

CODES = (OK, "not-a-play", "not-higher", "not-in-hand", "not-your-turn", "deal-over")
MESSAGES = {
    OK: lazy_pgettext("high-card reason", "That play is allowed."),
    "not-a-play": lazy_pgettext("high-card reason", "Play exactly one tile."),
    "not-higher": lazy_pgettext("high-card reason", "Only a higher total beats."),
    "not-in-hand": lazy_pgettext("high-card reason", "You do not hold that tile."),
    "not-your-turn": lazy_pgettext("high-card reason", "It is not your turn."),
    "deal-over": lazy_pgettext("high-card reason", "The deal is over."),
}


class HighCardReasons:
    codes = CODES
    messages = MESSAGES

    @staticmethod
    def explain(code: str, current: tuple[Tile, ...] | None, play: tuple[Tile, ...] | None) -> str | None:
        return None


REASONS = HighCardReasons()
