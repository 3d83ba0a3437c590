"""Tien Gow in the site: its table, puzzles, explanations and words, declared in ``ROOM``: among
them the words of its four table options (engine/tien_gow/variants.py), a line and a short name each."""
from flask_babel import lazy_pgettext

from paiyou.i18n.levels import USUAL_LEVELS
from paiyou.registry import Room, register_room

ROOM = register_room(Room(
    key="tien-gow",
    package=__name__,
    listed=True,  # the shared listings show it
    sources=True,  # content/sources/<key>.toml: each rule's receipts, its "Sources and variants" page
    levels=USUAL_LEVELS,  # its computer levels (engine/games/tien_gow.py), the usual four
    options={  # one line each, as the start forms and the table show them
        "hk-banker-excess": lazy_pgettext(
            "play option", "A losing banker's pillars over four are not doubled."),
        "no-early-death": lazy_pgettext(
            "play option", "No early death: on a last single trick, a player without a pillar may still beat."),
        "pure-pairs": lazy_pgettext(
            "play option", "Pairs only: no mixed civil and military sets, so no triples or quartets."),
        "rising-banker": lazy_pgettext(
            "play option", "A banker who keeps the bank pays and is paid three times, then four times, and so on."),
    },
    option_names={  # a few words each: the rows of the measured table and the options' headings
        "hk-banker-excess": lazy_pgettext("play option name", "Banker's excess not doubled"),
        "no-early-death": lazy_pgettext("play option name", "No early death"),
        "pure-pairs": lazy_pgettext("play option name", "Pairs only"),
        "rising-banker": lazy_pgettext("play option name", "Rising banker multiplier"),
    },
))
