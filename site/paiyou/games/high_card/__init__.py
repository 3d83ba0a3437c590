"""High Card in the site (the example game of docs/adding-a-game.md): its table, puzzles,
explanations and words, declared in ``ROOM``."""
from flask_babel import lazy_pgettext

from paiyou.i18n.levels import USUAL_LEVELS
from paiyou.registry import LevelWords, Room, register_room

ROOM = register_room(Room(
    key="high-card",
    package=__name__,
    listed=False,  # the recipe's example: served by its URLs, listed only when PAIYOU_LISTED_GAMES names it
    levels={  # its computer levels (engine/games/high_card.py), said in the page's language
        "random": USUAL_LEVELS["random"],
        "highest": LevelWords(lazy_pgettext("play level", "Highest"), lazy_pgettext(
            "play level", "Always plays its highest tile.")),
        "exact": LevelWords(lazy_pgettext("play level", "Exact"), lazy_pgettext(
            "play level", "Works out every move exactly to the end of the deal and plays the best one.")),
    },
))
