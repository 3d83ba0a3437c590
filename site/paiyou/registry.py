"""The ground floor of the site: which games it has, where each game's room is, and what a room
must provide. This module imports no room and no area; every shared module finds a room through it.

- ``GAME_KEYS``: the engine's games (``engine.games``), in its order: the one list of games.
- ``game_module(key, part)``: a room's module (``table``, ``puzzles``, ``reasons``, ``vocabulary``),
  found by the game's key, never imported by name.
- ``PARTS`` and ``TEMPLATE_PARTS``: what every room declares; ``PROTOCOLS``: the shape each part's
  object has (found only when a room is checked); ``missing_parts(key)`` names what a room lacks,
  down to each member of each part's Protocol, and ``create_app`` refuses to start when anything
  is missing.
- ``Room``: everything the product needs of one game, declared in ONE object by the game's own
  room package, which registers it (``ROOM = register_room(Room(...))`` in its ``__init__``): its
  key, whether the listings show it (``listed``), its computer levels' words (``levels``), its
  table options' words (``options``, one line each, and ``option_names``, a short name each: one
  per ``GameSpec.variant_options``, exactly), where
  its template parts and content are, and its parts' objects (``table``, ``puzzles``, ``reasons``,
  ``vocabulary``, each from ``<package>.<part>``), template parts (``template_parts``: each
  part's path and the names it must define) and content (``content_parts``: its rules text, its
  course and the course's policy, ``policy.toml``: what the shared tests ask of its course and
  players) and whether it has a sources file (``sources``: ``sources/<key>.toml``, each rule's
  receipts and the game's "Sources and variants" page, ``paiyou.content.sources``).
- ``TEMPLATE_NAMES``: the macros and sets each template part must define (what the shared
  templates call; ``OPTIONAL_TEMPLATE_NAMES`` what they call only for a game whose puzzles ask
  for them), checked by parsing the part (``template_names``).
- ``listed_games()``: the games the shared listings show (the setting ``PAIYOU_LISTED_GAMES``,
  by default the games whose room declares ``listed=True``); a game not listed is served by its
  URLs alone.
- ``content_parts(key, content_dir)``: where a room's content is (``ContentParts``), the one place
  the rules' and the course's loaders and the tests' policy reader take the paths from.

A room of a built-in game is the package ``paiyou.games.<key with _>`` (imported, so that it
registers itself, the first time its game is asked for), its template parts in
``templates/games/<key>/``, its content in the site's content folder (``rules/<key>.md``,
``puzzles/<key>/``) and its styles, if it has any, in ``static/css/games/<key>.css``. A room kept
outside ``paiyou/games/`` registers itself the same way, with its own folders, before
``create_app``.
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FunctionType, ModuleType
from typing import NamedTuple, TypeVar

from flask_babel.speaklater import LazyString
from jinja2 import Environment, nodes

from engine.games import GAME_KEYS, GAMES, game

__all__ = ["GAME_KEYS", "GAMES", "game", "game_module", "python_name", "url_converter", "Room",
           "LevelWords", "room", "register_room", "listed_keys", "listed_games", "ByGame", "PARTS",
           "PROTOCOLS", "TEMPLATE_PARTS", "TEMPLATE_NAMES", "OPTIONAL_TEMPLATE_NAMES", "declared_members",
           "template_names", "missing_parts", "stylesheet", "ContentParts", "content_parts", "POLICY_FILE"]

SITE_DIR = Path(__file__).resolve().parent

# Each room module and the object it provides: the object is of the Protocol its area defines
# (``PROTOCOLS``).
PARTS: dict[str, str] = {
    "table": "TABLE",
    "puzzles": "PUZZLES",
    "reasons": "REASONS",
    "vocabulary": "VOCABULARY",
}
# Each part's shape, ``module:name``: a Protocol (or the dataclass every room fills in). Named, not
# imported: this module imports no area; ``part_shape`` imports one when a room is checked.
PROTOCOLS: dict[str, str] = {
    "table": "paiyou.tables.presenter:Table",
    "puzzles": "paiyou.puzzles.kinds:GamePuzzles",
    "reasons": "paiyou.reasons:GameReasons",
    "vocabulary": "paiyou.i18n.vocabulary:Vocabulary",
}
# Members of a part's object that are objects of a shape of their own, checked member by member too.
NESTED_PROTOCOLS: dict[tuple[str, str], str] = {
    ("puzzles", "practice"): "paiyou.puzzles.kinds:PracticeRules",
}

# Each room's template parts (``games/<key>/<name>``), by the page that includes them.
TEMPLATE_PARTS: tuple[str, ...] = (
    "home_about.html",             # the home page's card and the game's header links
    "tile_face.html",              # one tile drawn in the game's style (_macros/tiles.html)
    "play.html",                   # the play pages' words (macros: left_label, score_label …)
    "play_controls.html",          # the table's move form
    "play_result.html",            # the end-of-deal table (table, review)
    "play_log.html",               # the log lines only this game has (event kinds it declares)
    "play_analysis.html",          # the review's analysis: the game's figures (its score's words)
    "puzzles_words.html",          # the lessons' words (macros)
    "puzzles_position.html",       # a lesson's position
    "puzzles_choices.html",        # a lesson's answer choices
    "puzzles_form.html",           # a lesson's answer form
    "glossary_legend.html",        # the glossary's legend of the game's drawing
    "glossary_class.html",         # a tile's class in the game (glossary table cell)
    "glossary_combinations.html",  # the game's named combinations
)
# The glossary groups the tiles by the first game's ladders: that game titles each group, every
# other game adds a line to it.
FIRST_GAME_PART = "glossary_group_title.html"
OTHER_GAME_PART = "glossary_group_meta.html"

# The macros and sets each template part must define: every name the shared templates call on it
# (``tests/test_architecture.py`` derives them from the shared templates and holds this equal).
TEMPLATE_NAMES: dict[str, tuple[str, ...]] = {
    "home_about.html": ("art", "blurb", "classes", "facts", "grouping", "hero", "medium"),
    "play.html": ("description", "direction", "expected_score", "hand_help", "hand_legend", "hand_played_out",
                  "has_forced_pass", "high_label", "hints_by_expected", "last_round_label", "lead_hint",
                  "left_label", "msg_illegal", "result_title", "round_label", "score_label", "seat_badges",
                  "status", "subtitle"),
    "play_analysis.html": ("score",),
    "play_log.html": ("event_text", "named_kinds", "undrawn_kinds"),
    "puzzles_words.html": ("beaters_in_game", "beaters_in_hand", "beats_button", "current_label",
                           "does_not_beat_button", "hand_legend", "incomplete_note", "legal_button",
                           "not_a_play_button", "nothing_beats", "proposed_label"),
}
# Names the shared templates call only for a puzzle of a kind the game may not have: a number answer
# (``number_label``) or a settlement (``settlement_table``).
OPTIONAL_TEMPLATE_NAMES: dict[str, tuple[str, ...]] = {
    "puzzles_words.html": ("number_label", "settlement_table"),
}


# Beside a course's lessons, not a lesson: what the shared tests ask of the game's course and players
# (tests/game_policy.py).
POLICY_FILE = "policy.toml"


class ContentParts(NamedTuple):
    """Where a room's content is: its rules text, its course (a folder of lessons) and the course's
    policy."""

    rules: Path
    course: Path
    policy: Path


class LevelWords(NamedTuple):
    """A computer level's words on the play pages: its name and what it does."""

    name: LazyString
    description: LazyString


@dataclass(frozen=True, slots=True)
class Room:
    """Everything the product needs of one game, declared by its room package (``ROOM``)."""

    key: str
    package: str                 # the Python package of its part modules (``PARTS``)
    listed: bool                 # whether the shared listings show it (``listed_keys``)
    levels: Mapping[str, LevelWords]  # the words of each of its engine levels (``GameSpec.agent_levels``)
    templates: Path | None = None  # its template parts; None: the site's templates/games/<key>/
    content: Path | None = None    # holds rules/<key>.md and puzzles/<key>/ (and policy.toml); None: the site's
    sources: bool = False          # its content has sources/<key>.toml: each rule's receipts, a sources page
    # the words of each of its engine's table options (``GameSpec.variant_options``), one line
    # each: the forms and the API show them; empty for a game that has none
    options: Mapping[str, LazyString] = field(default_factory=dict)
    # and a short name of each (two to four words): a row of the measured table, an option's heading
    option_names: Mapping[str, LazyString] = field(default_factory=dict)

    def part(self, name: str) -> object:
        """The object a part's module provides (``PARTS``: ``<package>.table.TABLE`` …)."""
        return getattr(importlib.import_module(f"{self.package}.{name}"), PARTS[name])

    @property
    def table(self) -> object:
        return self.part("table")

    @property
    def puzzles(self) -> object:
        return self.part("puzzles")

    @property
    def reasons(self) -> object:
        return self.part("reasons")

    @property
    def vocabulary(self) -> object:
        return self.part("vocabulary")

    def content_parts(self, content_dir: str | Path) -> ContentParts:
        """Its rules, course and policy, in its own content folder or else ``content_dir`` (the
        site's, ``PAIYOU_CONTENT_DIR``)."""
        folder = self.content or Path(content_dir)
        course = folder / "puzzles" / self.key
        return ContentParts(folder / "rules" / f"{self.key}.md", course, course / POLICY_FILE)

    @property
    def template_parts(self) -> dict[Path, tuple[str, ...]]:
        """Each template part's path and the macros and sets it must define."""
        folder = self.templates or SITE_DIR / "templates" / "games" / self.key
        role = FIRST_GAME_PART if self.key == GAME_KEYS[0] else OTHER_GAME_PART
        return {folder / name: TEMPLATE_NAMES.get(name, ()) for name in (*TEMPLATE_PARTS, role)}


_ROOMS: dict[str, Room] = {}


def python_name(key: str) -> str:
    """``chuo-pai`` -> ``chuo_pai``: the game's folder under ``paiyou/games/``."""
    return key.replace("-", "_")


def register_room(declared: Room) -> Room:
    """A room package declares itself (``ROOM = register_room(Room(...))``), a built-in one at its
    import, one kept outside ``paiyou/games/`` before ``create_app``. KeyError for a game the
    engine does not list."""
    if declared.key not in GAMES:
        raise KeyError(f"{declared.key}: register the game in engine.games first")
    _ROOMS[declared.key] = declared
    return declared


def room(key: str) -> Room:
    """The room of a game the engine lists (KeyError otherwise): the one it registered, a built-in
    game's found by importing ``paiyou.games.<key with _>``. A room that registered nothing is
    an empty one (``missing_parts`` names what it lacks)."""
    if key not in GAMES:
        raise KeyError(key)
    package = f"paiyou.games.{python_name(key)}"
    if key not in _ROOMS:
        try:
            importlib.import_module(package)
        except ModuleNotFoundError as error:
            if error.name != package:
                raise
    return _ROOMS.get(key) or Room(key, package, listed=False, levels={})


def game_module(key: str, part: str) -> ModuleType:
    """The module ``<room package>.<part>`` (KeyError for a key the engine does not list)."""
    return importlib.import_module(f"{room(key).package}.{part}")


def listed_by_room(key: str) -> bool:
    """Whether the room of ``key`` declares its game listed (``Room.listed``; the recipe's example
    game says False, so it is served by its URLs alone)."""
    return room(key).listed


def listed_keys(setting: object) -> tuple[str, ...]:
    """The games of the setting ``PAIYOU_LISTED_GAMES`` (comma-separated keys, or a sequence of
    them), in the engine's order: the games the shared listings show; when it is not set (None),
    the games whose room declares ``listed=True``. ValueError for a key the engine does not
    list."""
    if setting is None:
        return tuple(key for key in GAME_KEYS if listed_by_room(key))
    keys: list[object] = (list(setting.split(",")) if isinstance(setting, str)
                          else list(setting) if isinstance(setting, list | tuple) else [])
    wanted = {str(key).strip() for key in keys} - {""}
    if unknown := sorted(wanted - set(GAMES)):
        raise ValueError(f"PAIYOU_LISTED_GAMES names no game of the engine: {unknown}")
    return tuple(key for key in GAME_KEYS if key in wanted)


def listed_games() -> tuple[str, ...]:
    """The games listed on the shared pages (home, navigation, sitemap, glossary, the lesson and
    play indexes), as ``create_app`` read them from ``PAIYOU_LISTED_GAMES``; every game of
    ``GAME_KEYS`` is served by its own URLs whether listed or not."""
    from flask import current_app

    listed: tuple[str, ...] = current_app.config["PAIYOU_LISTED_GAMES"]
    return listed


def template_folder(key: str) -> Path:
    return room(key).templates or SITE_DIR / "templates" / "games" / key


def template_names(path: Path) -> set[str]:
    """The macros and sets a template defines at its top level (what an import of it exports),
    read from Jinja's parse of it."""
    return set(_top_level_names(path.read_text()))


@functools.lru_cache(maxsize=256)
def _top_level_names(source: str) -> frozenset[str]:
    # Parsing is most of an app's start: a process that starts several apps (the tests, the
    # screenshot tour) parses an unchanged template once; an edited one is parsed anew.
    tree = Environment().parse(source)
    return frozenset({node.name for node in tree.body if isinstance(node, nodes.Macro)}
                     | {node.target.name for node in tree.body
                        if isinstance(node, nodes.Assign) and isinstance(node.target, nodes.Name)})


def stylesheet(key: str) -> str | None:
    """The game's own styles, ``static/css/games/<key>.css`` (a path under ``static/``), linked on
    every page after the shared stylesheets; None for a game that has none."""
    name = f"css/games/{key}.css"
    return name if (SITE_DIR / "static" / name).is_file() else None


def content_parts(key: str, content_dir: str | Path) -> ContentParts:
    """Where the game's rules, course and policy are (``Room.content_parts``)."""
    return room(key).content_parts(content_dir)


def part_shape(part: str) -> type:
    """The Protocol (or dataclass) of a part's object (``PROTOCOLS``), imported now."""
    return _shape(PROTOCOLS[part])


def _shape(where: str) -> type:
    module, name = where.split(":")
    shape: type = getattr(importlib.import_module(module), name)
    return shape


_MEMBER_KINDS = (FunctionType, property, staticmethod, classmethod)


def declared_members(shape: type) -> tuple[str, ...]:
    """Every public member ``shape`` and its own bases declare, bases first: its methods, its
    properties and its annotated attributes (a dataclass's fields). What typing adds to a
    Protocol (``typing.Protocol``, ``Generic``) and private names are not members."""
    found: dict[str, None] = {}
    for klass in reversed(shape.__mro__):
        if klass.__module__ in {"builtins", "typing", "typing_extensions", "abc"}:
            continue
        names = [*klass.__dict__.get("__annotations__", {}),
                 *(name for name, value in vars(klass).items() if isinstance(value, _MEMBER_KINDS))]
        found.update(dict.fromkeys(name for name in names if not name.startswith("_")))
    return tuple(found)


def missing_parts(key: str, content_dir: str | Path | None = None) -> list[str]:
    """Every declared part the room of ``key`` lacks, by name (empty when it has them all): the
    room itself ``<package>.ROOM``, the words of each engine level ``<package>.ROOM.levels.<level>``,
    the line and the short name of each engine table option (``<package>.ROOM.options.<key>``,
    ``<package>.ROOM.option_names.<key>``; one for an option the engine lacks, ``… (not an
    option of the engine)``),
    a module ``<package>.<part>``, its object ``<package>.<part>.<OBJECT>``, each member of the
    part's Protocol the object lacks ``<package>.<part>.<OBJECT>.<member>``, each template part
    by its path, each macro or set a template part must define ``<path>:<name>``, and, given the
    site's content folder, each of its content parts (``content_parts``) by its path."""
    missing = []
    declared = room(key)
    if key not in _ROOMS:
        missing.append(f"{declared.package}.ROOM")
    missing += [f"{declared.package}.ROOM.levels.{level}" for level in game(key).agent_levels
                if level not in declared.levels]
    engine_options = [option.key for option in game(key).variant_options]
    for member, declared_words in (("options", declared.options), ("option_names", declared.option_names)):
        missing += [f"{declared.package}.ROOM.{member}.{option}" for option in engine_options
                    if option not in declared_words]
        missing += [f"{declared.package}.ROOM.{member}.{option} (not an option of the engine)"
                    for option in declared_words if option not in engine_options]
    for part, name in PARTS.items():
        where = f"{room(key).package}.{part}"
        try:
            module = game_module(key, part)
        except ModuleNotFoundError:
            missing.append(where)
            continue
        if not hasattr(module, name):
            missing.append(f"{where}.{name}")
            continue
        found = getattr(module, name)
        missing += [f"{where}.{name}.{member}" for member in declared_members(part_shape(part))
                    if not hasattr(found, member)]
        for (nested_part, member), shape in NESTED_PROTOCOLS.items():
            if nested_part == part and hasattr(found, member):
                inner = getattr(found, member)
                missing += [f"{where}.{name}.{member}.{m}" for m in declared_members(_shape(shape))
                            if not hasattr(inner, m)]
    for path, names in declared.template_parts.items():
        if not path.is_file():
            missing.append(str(path))
            continue
        defined = template_names(path)  # one parse a part, not one a name
        missing += [f"{path}:{name}" for name in names if name not in defined]
    if content_dir is not None:
        rules, course, policy = declared.content_parts(content_dir)
        missing += [str(path) for path, there in ((rules, rules.is_file()), (course, course.is_dir()),
                                                  (policy, policy.is_file())) if not there]
        sources = (declared.content or Path(content_dir)) / "sources" / f"{key}.toml"
        if declared.sources and not sources.is_file():
            missing.append(str(sources))
    return missing


T = TypeVar("T")


class ByGame(Mapping[str, T]):
    """A table by game key whose values are made on first use, from the game's room: a shared
    module may define one at import, before any room is loaded or registered."""

    def __init__(self, make: Callable[[str], T]) -> None:
        self._make = make
        self._made: dict[str, T] = {}

    def __getitem__(self, key: str) -> T:
        if key not in self._made:
            if key not in GAMES:
                raise KeyError(key)
            self._made[key] = self._make(key)
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_KEYS)

    def __len__(self) -> int:
        return len(GAME_KEYS)


def url_converter(name: str = "game") -> str:
    """A URL rule part matching exactly the engine's game keys: ``<any('chuo-pai', …):game>``."""
    return "<any(" + ", ".join(f"'{key}'" for key in GAME_KEYS) + f"):{name}>"
