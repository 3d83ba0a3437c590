"""Chuo Pai in the site: its table, puzzles, explanations and words, declared in ``ROOM``."""
from paiyou.i18n.levels import USUAL_LEVELS
from paiyou.registry import Room, register_room

ROOM = register_room(Room(
    key="chuo-pai",
    package=__name__,
    listed=True,  # the shared listings show it
    sources=True,  # content/sources/<key>.toml: each rule's receipts, its "Sources and variants" page
    levels=USUAL_LEVELS,  # its computer levels (engine/games/chuo_pai.py), the usual four
))
