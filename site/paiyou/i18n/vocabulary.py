"""The shape of one game's vocabulary: what a page needs to name that game's things.

Each game's room defines one (``paiyou.games.<game>.vocabulary.VOCABULARY``); ``paiyou.i18n.names``
looks them up by game key. The names are lazy strings, translated when a page renders them.

Every name (tiles, terms, the game's name, the seats) has, in a language that declares them
(``paiyou.config.Language``), its **case forms** and its **gender**: Hindi's oblique (लंबा तीन ->
«लंबे तीन की रैंक»), Polish's accusative, genitive … (Czarna Siódemka -> «przebija Czarną
Siódemkę»). Each is a message of its own: the name's message with the form's word added to its
context ("chuo-pai tile, oblique", "seat, genitive", "chuo-pai tile, gender"). The catalog tools
write those messages into the templates and into the catalogs of the languages that declare them
(``paiyou.i18n.catalogs``); in any other language a form is the name itself, with no catalog entry.
A message uses a form through a placeholder suffix (``%(<name>_acc)s``) or a gender choice
(``%(<name>@…|…)s``), filled by the call that fills ``%(<name>)s`` (``paiyou.i18n.declension``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask_babel import get_locale, pgettext
from flask_babel.speaklater import LazyString

from paiyou.config import FORMS, GENDER, LANGUAGE_BY_CODE, Language

GAME = "name"  # the key of the game's own name in ``Vocabulary.names()["game"]``
SEAT = "seat"  # the kind of the seats' names in ``Vocabulary.names()``


def form_context(context: str, form: str) -> str:
    """The message context of a name's form (``form``: a suffix of FORMS, or GENDER)."""
    return f"{context}, {FORMS.get(form, form)}"


def name_message(name: LazyString) -> tuple[str, str, dict[str, object]]:
    """The message of a name made by ``lazy_pgettext(context, msgid, **variables)``: its context,
    its msgid and its variables (a form's message is the same with another context)."""
    context, msgid = name._args  # Flask-Babel's LazyString keeps the call's arguments
    return str(context), str(msgid), dict(name._kwargs)


def current_language() -> Language:
    return LANGUAGE_BY_CODE.get(str(get_locale()), LANGUAGE_BY_CODE["en"])


@dataclass(frozen=True, slots=True)
class ChineseName:
    characters: str
    pinyin: str
    inferred: bool = False  # tiles.md: "inferred" / "unverified" — not found in a public source


@dataclass(frozen=True, slots=True)
class Combination:
    """A named group of tiles the glossary draws: a head tile and the tiles that join it."""

    name: LazyString
    head: str                # tile key
    totals: tuple[str, ...]  # tile keys


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One game's words.

    ``terms`` holds the game's own classes of things by kind, each a table key -> name (Chuo
    Pai: ``family``, ``family-title``, ``special``; Tien Gow: ``suit``, ``set``, ``mixed``).

    ``seats`` names the players its pages show, by their English name: the lessons' players
    ("Ana", context ``seat``) and the table's seats ("East", context ``play seat``).

    Every name is a ``lazy_pgettext`` of its own (``name_message``): its forms and its gender are
    messages made from it (module docstring).
    """

    game: str                                    # the game key ("chuo-pai")
    name: LazyString                             # the game's name ("Chuo Pai")
    chinese: str                                 # the game's name in Chinese ("戳牌")
    chinese_script: str                          # BCP 47 tag of the Chinese names ("zh-Hans")
    abbreviation: str                            # rule numbers and content placeholders ("cp")
    tile_style: str                              # how its tiles are drawn (paiyou.web.drawing)
    tile_names: Mapping[str, LazyString]         # tile key ("1-2") -> the tile's name in this game
    chinese_names: Mapping[str, ChineseName]     # tile key -> Chinese name (data, not translated)
    terms: Mapping[str, Mapping[str, LazyString]]
    rules_link: LazyString                       # the header link to its rules ("Chuo Pai rules")
    example_rule: str                            # a rule the rules page cites as an example ("cp-12")
    ladders: Mapping[str, tuple[tuple[str, ...], ...]]  # the rules page's ladders by name, strongest
    #                                              rung first; keys sharing a rung are equal rank
    combinations: tuple[Combination, ...]        # the glossary's combinations, strongest first
    seats: Mapping[str, LazyString] = field(default_factory=dict)

    def names(self) -> dict[str, Mapping[str, LazyString]]:
        """Every name of the game by kind (``"game"``, ``"tile"``, each kind of ``terms``, then
        ``"seat"``)."""
        return {"game": {GAME: self.name}, "tile": self.tile_names, **self.terms, SEAT: self.seats}

    def form(self, kind: str, key: str, form: str) -> str:
        """One name (``kind`` as in ``names()``) in a case form (a suffix of FORMS) in the current
        locale: the name itself where the language does not declare that form."""
        name = self.names()[kind][key]
        if form not in current_language().forms:
            return str(name)
        context, msgid, variables = name_message(name)
        return pgettext(form_context(context, form), msgid, **variables)

    def oblique(self, kind: str, key: str) -> str:
        return self.form(kind, key, "obl")

    def gender(self, kind: str, key: str) -> str | None:
        """One name's gender in the current locale (one of the language's ``genders``); None where
        the language declares none."""
        if not current_language().genders:
            return None
        context, msgid, _ = name_message(self.names()[kind][key])
        return pgettext(form_context(context, GENDER), msgid)
