"""High Card's half of the reasons (``paiyou.reasons.GameReasons``)."""
from __future__ import annotations

from flask_babel import lazy_pgettext, pgettext

from engine.high_card import rank
from engine.judging import OK
from engine.tiles import Tile
from paiyou.games.high_card.vocabulary import TILE_NAMES
from paiyou.i18n.phrases import number

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
        """Against a play, both totals (HC-2): "That play is allowed" says nothing of why it beats."""
        if not current or not play or len(current) != 1 or len(play) != 1 or code not in (OK, "not-higher"):
            return None
        words = {"play": str(TILE_NAMES[play[0].key]), "current": str(TILE_NAMES[current[0].key]),
                 "play_total": number(rank(play[0])), "current_total": number(rank(current[0]))}
        if code == OK:
            return str(pgettext("high-card reason", "Total of pips: %(play_total)s for %(play)s, "
                                "%(current_total)s for %(current)s. The higher total beats, so this "
                                "play beats.", **words))
        return str(pgettext("high-card reason", "Total of pips: %(play_total)s for %(play)s, "
                            "%(current_total)s for %(current)s. Only a higher total beats, so this "
                            "play does not.", **words))


REASONS = HighCardReasons()
