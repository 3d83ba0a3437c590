"""Configuration: the language table and where the files outside the package live.

``site/paiyou`` is the package; ``content/`` and ``translations/`` sit at the checkout root, so
their default locations are absolute paths derived from this file. In a container (or any install
where the package is not inside a checkout) set ``PAIYOU_CONTENT_DIR`` and
``PAIYOU_TRANSLATIONS_DIR``.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine.games import GAME_KEYS

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent.parent


# The case forms a language may declare (paiyou.i18n.declension): the placeholder suffix a
# translation writes (``%(tile_acc)s``) -> the word added to a name's message context for that
# form's message ("chuo-pai tile, accusative").
FORMS: dict[str, str] = {
    "obl": "oblique", "acc": "accusative", "gen": "genitive", "dat": "dative",
    "ins": "instrumental", "loc": "locative",
}
GENDER = "gender"  # the word added to a name's message context for its gender's message


@dataclass(frozen=True, slots=True)
class Language:
    """A language of the site and the grammar its translations use on the site's own names."""

    code: str          # URL segment and Babel locale identifier
    native_name: str   # the language's name written in itself (switcher)
    # the case forms its names take, as FORMS' suffixes; a form not declared is the name itself
    forms: tuple[str, ...] = ()
    # its grammatical genders, in the order a gender choice lists its words
    # (``%(tile@przebił|przebiła|przebiło)s``); each name's gender is one of them
    genders: tuple[str, ...] = ()
    # the gender a choice takes for several names at once («Ana i Bo»)
    list_gender: str | None = None
    # the one-letter words that never end a line: each is bound to the next word by a no-break
    # space in every translation as it is compiled (paiyou.i18n.typesetting)
    single_letter_words: str = ""
    # the catalogs' Plural-Forms where Babel's gettext table is not what the translations need;
    # None: Babel's (paiyou.i18n.catalogs.plural_rule, which ``i18n update`` keeps in every catalog)
    plural_forms: str | None = None


# Order of the language switcher. The first one is the fallback language.
LANGUAGES: tuple[Language, ...] = (
    Language("en", "English"),
    # no case forms: a name is written the same as subject, object or after a preposition (the
    # case endings are unwritten vowels) and always with its article; two genders, for the verb
    # and pronoun that agree with a name («الشرق يمرّر», «آنا تمرّر»); several names at once are
    # tiles, whose plural takes the feminine singular («هذه القطع تغلب»)
    Language("ar", "العربية", genders=("m", "f"), list_gender="f"),
    # the oblique: a name before a postposition («लंबे तीन की»); a verb after a name takes its
    # gender («स्वर्ग पृथ्वी को हराता है», «बिल्ली … हराती है»), and several names the masculine
    Language("hi", "हिन्दी", forms=("obl",), genders=("m", "f"), list_gender="m"),
    # nothing to declare: Persian has no grammatical gender, and a name never changes (the object
    # marker «را» and the ezafe are words or unwritten vowels after it: «%(current)s را می‌برد»).
    # Two plural forms, not Babel's one (its gettext table gives fa «nplurals=1»): CLDR gives
    # Persian the categories one and other, and a sentence says one in a word («یک کاشی», never
    # «۱ کاشی»); a noun after any other numeral stays singular, so 0 takes the other form with
    # its digit (CLDR's one also holds 0, which a sentence cannot say with «یک»)
    Language("fa", "فارسی", plural_forms="nplurals=2; plural=(n != 1);"),
    # the singular cases a name takes after a verb or a preposition («przebija Czarną Siódemkę»,
    # «należy do Any», «zagrać Parą siódemek»); the vocative never addresses a name
    Language("pl", "Polski", forms=("acc", "gen", "dat", "ins", "loc"), genders=("m", "f", "n"), list_gender="m",
             single_letter_words="aiouwzAIOUWZ"),
)
LANGUAGE_CODES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
LANGUAGE_BY_CODE: dict[str, Language] = {lang.code: lang for lang in LANGUAGES}
DEFAULT_LANGUAGE = LANGUAGE_CODES[0]
LANGUAGE_COOKIE = "paiyou_lang"
GAMES: tuple[str, ...] = GAME_KEYS  # the engine's games, in its order
# A route segment that matches only the site's languages: "/en" then redirects to "/en/", while
# "/nothing" is a plain 404 (a bare "<lang_code>" would redirect it to "/nothing/" first).
LANG_SEGMENT = "<any(" + ", ".join(LANGUAGE_CODES) + "):lang_code>"


def default_content_dir() -> Path:
    return Path(os.environ.get("PAIYOU_CONTENT_DIR") or CHECKOUT_DIR / "content").resolve()


def default_translations_dir() -> Path:
    return Path(os.environ.get("PAIYOU_TRANSLATIONS_DIR") or CHECKOUT_DIR / "translations").resolve()


class Config:
    """Defaults; ``create_app(config)`` and ``PAIYOU_*`` environment variables override them."""

    LANGUAGES = LANGUAGE_CODES
    BABEL_DEFAULT_LOCALE = DEFAULT_LANGUAGE
    BABEL_DOMAIN = "messages"  # every domain's .po is merged into messages.mo (paiyou.i18n.catalogs)
    LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    TEMPLATES_AUTO_RELOAD = None
    # the games the shared listings show (home, navigation, sitemap, glossary, start pages), comma
    # separated; every other game of GAME_KEYS is served by its URLs only (docs/deploy.md). None:
    # the games whose room declares listed=True (paiyou.registry.Room).
    PAIYOU_LISTED_GAMES: str | None = None
    MAX_CONTENT_LENGTH = 64 * 1024
    # Saved games are forgotten when unfinished and idle this long, or finished this long ago;
    # every process checks on each PAIYOU_PRUNE_EVERY-th game it creates (0: never by itself).
    PAIYOU_PRUNE_UNFINISHED_DAYS = 30
    PAIYOU_PRUNE_FINISHED_DAYS = 90
    PAIYOU_PRUNE_EVERY = 500
    # The analysis of a finished deal (paiyou.analysis.jobs): the estimating level, the jobs one
    # process runs at once (its worker threads; 0: none, jobs wait for another process or a test
    # to run them), the jobs it holds waiting (more stay queued in the database), and the lease in
    # seconds after which another process takes over a job whose process died.
    PAIYOU_ANALYSIS_LEVEL = "strong"
    PAIYOU_ANALYSIS_WORKERS = 1
    PAIYOU_ANALYSIS_QUEUE = 64
    PAIYOU_ANALYSIS_LEASE = 120
    # At most this many analyses queued or running in the store: a deal that ends beyond it keeps
    # its analysis "deferred" until its player asks again (paiyou.analysis.jobs, docs/deploy.md).
    PAIYOU_ANALYSIS_BACKLOG = 100
    # Live updates (paiyou.live, docs/deploy.md): the broker (memory:// for one process,
    # redis://host:port/db for several), the seconds between keepalives, a stream's longest life
    # in seconds, and the open streams allowed per client address and per process.
    PAIYOU_EVENTS_BROKER = "memory://"
    PAIYOU_EVENTS_KEEPALIVE = 15
    PAIYOU_EVENTS_MAX_SECONDS = 1800
    PAIYOU_EVENTS_PER_CLIENT = 8
    PAIYOU_EVENTS_MAX = 5000
