"""Tien Gow in the site: its table, puzzles, explanations and words, declared in ``ROOM``."""
from flask_babel import lazy_pgettext

from paiyou.registry import LevelWords, Room, register_room

ROOM = register_room(Room(
    key="tien-gow",
    package=__name__,
    listed=True,  # the shared listings show it
    levels={  # its computer levels (engine/games/tien_gow.py), said in the page's language
        "random": LevelWords(lazy_pgettext("play level", "Random"), lazy_pgettext(
            "play level", "Plays any legal move at random: good for learning the moves.")),
        "greedy": LevelWords(lazy_pgettext("play level", "Greedy"), lazy_pgettext(
            "play level", "Plays the best move it sees now, without thinking ahead.")),
        "standard": LevelWords(lazy_pgettext("play level", "Standard"), lazy_pgettext(
            "play level", "Thinks ahead: tries each move on many guesses at the hidden hands.")),
        "strong": LevelWords(lazy_pgettext("play level", "Strong"), lazy_pgettext(
            "play level", "The strongest computer player: it searches deeper than Standard.")),
    },
))
