"""The words of the engine's usual computer levels (``engine.ai.agents.AGENT_NAMES``: random,
greedy, standard, strong), written once: a room whose game has these levels takes them from here,
and a game with levels of its own (High Card's ``highest``, ``exact``) says those in its room."""
from flask_babel import lazy_pgettext

from paiyou.registry import LevelWords

USUAL_LEVELS: dict[str, LevelWords] = {
    "random": LevelWords(lazy_pgettext("play level", "Random"), lazy_pgettext(
        "play level", "Plays any legal move at random: good for learning the moves.")),
    "greedy": LevelWords(lazy_pgettext("play level", "Greedy"), lazy_pgettext(
        "play level", "Plays the best move it sees now, without thinking ahead.")),
    "standard": LevelWords(lazy_pgettext("play level", "Standard"), lazy_pgettext(
        "play level", "Thinks ahead: tries each move on many guesses at the hidden hands.")),
    "strong": LevelWords(lazy_pgettext("play level", "Strong"), lazy_pgettext(
        "play level", "The strongest computer player: it searches deeper than Standard.")),
}
