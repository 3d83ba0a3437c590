"""Names in the case and gender a sentence needs: ``%(<name>_<form>)s`` and ``%(<name>@…)s``.

A translation may write, where its English has ``%(plum)s``:

- ``%(plum_obl)s``, ``%(plum_acc)s`` …: the same name in one of its case forms (``paiyou.config``
  ``FORMS``, declared per language by ``Language.forms``): Hindi's oblique before a postposition
  («लंबे तीन की रैंक», not «लंबा तीन की»), Polish's accusative after «przebija» («przebija Czarną
  Siódemkę»). A form the language does not declare is the name itself.
- ``%(plum@przebił|przebiła|przebiło)s``: the word that agrees with the name's gender, one word per
  gender the language declares (``Language.genders``), in that order; several names at once take
  the language's ``list_gender``. Python's ``%`` reads any character but ``)`` in a key, so the
  whole choice is a key of the mapping this module fills.
- ``%(family_whole)s``: the name's whole title where its vocabulary has one (a kind ``<kind>`` with
  a ``<kind>-title`` table: Chuo Pai's family «الطويلة» -> «العائلة الطويلة», «ياو» -> «عائلة
  ياو»), so a sentence need not glue the noun to the name («من العائلة الطويلة», not «من عائلةٍ
  اسمها الطويلة»); any other value stays itself. Every language may use it.

The call that fills ``%(plum)s`` fills these too, from the same value, so no view, template or
sentence builder passes them:

- Python's gettext calls (Flask-Babel's ``gettext``, ``pgettext`` … and the lazy ones) go through
  ``DecliningDomain``;
- templates' ``_()``, ``pgettext()`` … and ``{% trans %}`` through this module's Jinja callables;
- the rules texts and the lessons (``paiyou.content.rules``, ``paiyou.puzzles.texts``) call
  ``with_forms`` themselves.

``decline(value, form)`` puts every name of every game's vocabulary found in ``value`` into that
form (``Vocabulary.form``): a name, a list of names («लंबे तीन और काले सात»), a class phrase, or
HTML around them. Anything that is not a name (a player's own name, a number) stays as it is, and
has no gender: a message that may name a player writes a sentence that needs neither, or a second
message for a player's own name, chosen by ``is_site_name`` (the play log: a seat's name, «الشرق»,
carries its verb, «مرّر الشرق»; a friend's own name does not). ``init_app`` installs both hooks
and that template global.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from babel.support import NullTranslations
from flask import Flask, g
from flask_babel import Domain, get_babel, get_locale, get_translations
from flask_babel.speaklater import LazyString
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from paiyou.config import FORMS
from paiyou.i18n.names import vocabularies
from paiyou.i18n.vocabulary import current_language

__all__ = ["FORM_PLACEHOLDER", "CHOICE_PLACEHOLDER", "WHOLE_PLACEHOLDER", "name_forms", "whole_names",
           "name_genders", "decline", "gender_of",
           "is_site_name", "with_forms", "DecliningDomain", "init_app"]

# ``%(<name>_<form>)s`` (group 1 the name, group 2 the form's suffix) and ``%(<name>@<words>)s``
FORM_PLACEHOLDER = re.compile(r"%\((\w+)_(" + "|".join(FORMS) + r")\)")
CHOICE_PLACEHOLDER = re.compile(r"%\((\w+)@([^)]*)\)")
CHOICE_SEPARATOR = "|"
# ``%(<name>_whole)s`` (group 1 the name): the name's whole title, where a ``-title`` table has one
WHOLE_PLACEHOLDER = re.compile(r"%\((\w+)_whole\)")
TITLE_KIND = "{}-title"
_TAG = re.compile(r"(<[^>]*>)")


def _cached(key: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = g.setdefault(key, {}) if g else {}
    return found


def name_forms(form: str) -> dict[str, str]:
    """In the current locale: each name whose ``form`` differs from it -> that form, every game's
    names (the first game's form wins where two games share a name)."""
    cache = _cached("_paiyou_name_forms")
    key = f"{get_locale()} {form}"
    if key in cache:
        return cache[key]
    forms: dict[str, str] = {}
    if form in current_language().forms:
        for words in vocabularies():
            for kind, table in words.names().items():
                for name_key, name in table.items():
                    direct, declined = str(name), words.form(kind, name_key, form)
                    if direct != declined:
                        forms.setdefault(direct, declined)
    cache[key] = forms
    return forms


def whole_names() -> dict[str, str]:
    """In the current locale: each name whose kind has a title table -> its title («الطويلة» ->
    «العائلة الطويلة»), every game's names."""
    cache = _cached("_paiyou_whole_names")
    key = str(get_locale())
    if key in cache:
        return cache[key]
    wholes: dict[str, str] = {}
    for words in vocabularies():
        tables = words.names()
        for kind, table in tables.items():
            titles = tables.get(TITLE_KIND.format(kind), {})
            for name_key, name in table.items():
                if name_key in titles:
                    wholes.setdefault(str(name), str(titles[name_key]))
    cache[key] = wholes
    return wholes


def name_genders() -> dict[str, str]:
    """In the current locale: each name -> its gender (empty where the language declares none)."""
    cache = _cached("_paiyou_name_genders")
    key = str(get_locale())
    if key in cache:
        return cache[key]
    genders: dict[str, str] = {}
    if current_language().genders:
        for words in vocabularies():
            for kind, table in words.names().items():
                for name_key, name in table.items():
                    gender = words.gender(kind, name_key)
                    if gender is not None:
                        genders.setdefault(str(name), gender)
    cache[key] = genders
    return genders


def site_names() -> Mapping[str, str]:
    """In the current locale: every name of every game's vocabulary, as the pages write it (each
    mapped to itself: a set kept in the request's cache)."""
    cache = _cached("_paiyou_site_names")
    key = str(get_locale())
    if key not in cache:
        cache[key] = {str(name): str(name) for words in vocabularies() for table in words.names().values()
                      for name in table.values()}
    return cache[key]


def is_site_name(value: object) -> bool:
    """Whether ``value`` is, whole, one of the site's own names (a seat's «الشرق», a lesson's
    «آنا»): a name the vocabulary gives a gender and forms, unlike a player's own name («Ana
    Maria», chosen at a table with friends), which a sentence cannot make agree."""
    parts = _text_parts(value)
    return parts is not None and "".join(parts).strip() in site_names()


def _is_word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and unicodedata.category(text[i])[0] in "LMN"


def _names_pattern(names: Mapping[str, str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)))


def _whole_names(text: str, names: Mapping[str, str]) -> list[re.Match[str]]:
    """The names of ``names`` in ``text``, each a whole word or words, longest first."""
    if not names or not text:
        return []
    return [m for m in _names_pattern(names).finditer(text)
            if not _is_word_char(text, m.start() - 1) and not _is_word_char(text, m.end())]


def _declined_text(text: str, forms: Mapping[str, str]) -> str:
    out, end = [], 0
    for match in _whole_names(text, forms):
        out += [text[end:match.start()], forms[match.group(0)]]
        end = match.end()
    return "".join(out) + text[end:]


def _text_parts(value: object) -> list[str] | None:
    """The text of ``value`` without its tags, part by part (None for a value that is no text)."""
    if isinstance(value, LazyString):
        return [str(value)]
    html = getattr(value, "__html__", None)
    if callable(html):
        return [part for i, part in enumerate(_TAG.split(str(html()))) if not i % 2]
    return [value] if isinstance(value, str) else None


def decline(value: object, form: str) -> object:
    """``value`` with every name in it in ``form`` (a suffix of FORMS): a str stays a str, HTML
    (anything with ``__html__``) stays HTML with its tags untouched; any other value (a number) is
    returned as is."""
    forms = name_forms(form)
    if isinstance(value, LazyString):  # a name from a vocabulary: text, escaped like any text
        return _declined_text(str(value), forms)
    html = getattr(value, "__html__", None)
    if callable(html):
        parts = _TAG.split(str(html()))
        return Markup("".join(part if i % 2 else _declined_text(part, forms) for i, part in enumerate(parts)))
    if isinstance(value, str):
        return _declined_text(value, forms)
    return value


def gender_of(value: object) -> str | None:
    """The gender a word agreeing with ``value`` takes: its name's, the language's ``list_gender``
    for several names, None for a value with no name in it (or a language without genders)."""
    genders = name_genders()
    found = [m.group(0) for part in _text_parts(value) or [] for m in _whole_names(part, genders)]
    if not found:
        return None
    return genders[found[0]] if len(found) == 1 else current_language().list_gender


def choose(value: object, words: str) -> str:
    """Of ``words`` (one per declared gender, ``CHOICE_SEPARATOR`` between them), the one that
    agrees with ``value``; the first for a value of no known gender."""
    alternatives = words.split(CHOICE_SEPARATOR)
    genders = current_language().genders
    gender = gender_of(value)
    if gender in genders and len(alternatives) == len(genders):
        return alternatives[genders.index(gender)]
    return alternatives[0]


def with_forms(source: str, values: Mapping[str, object]) -> Mapping[str, object]:
    """``values`` and, for each ``%(<name>_<form>)s``, ``%(<name>@…)s`` and ``%(<name>_whole)s``
    of ``source`` whose ``<name>`` has a value, that value's form, the word that agrees with it or
    its whole title (``values`` itself when ``source`` asks for none)."""
    added: dict[str, object] = {}
    for name, form in FORM_PLACEHOLDER.findall(source):
        key = f"{name}_{form}"
        if name in values and key not in values:
            added[key] = decline(values[name], form)
    for name, words in CHOICE_PLACEHOLDER.findall(source):
        key = f"{name}@{words}"
        if name in values and key not in values:
            added[key] = choose(values[name], words)
    for name in WHOLE_PLACEHOLDER.findall(source):
        key = f"{name}_whole"
        if name in values and key not in values:
            value = str(values[name])
            added[key] = whole_names().get(value, value)
    return {**values, **added} if added else values


class DecliningDomain(Domain):
    """Flask-Babel's domain, filling a name's forms and choices from ``%(<name>)s``'s value."""

    def _translations(self) -> NullTranslations:
        found: NullTranslations = self.get_translations()  # type: ignore[no-untyped-call]  # Flask-Babel's Domain is untyped
        return found

    def gettext(self, string: str, **variables: object) -> str:
        s: str = self._translations().ugettext(string)
        return s % with_forms(s, variables) if variables else s

    def ngettext(self, singular: str, plural: str, num: int, **variables: object) -> str:
        variables.setdefault("num", num)
        s: str = self._translations().ungettext(singular, plural, num)
        return s % with_forms(s, variables)

    def pgettext(self, context: str, string: str, **variables: object) -> str:
        s: str = self._translations().upgettext(context, string)
        return s % with_forms(s, variables) if variables else s

    def npgettext(self, context: str, singular: str, plural: str, num: int, **variables: object) -> str:
        variables.setdefault("num", num)
        s: str = self._translations().unpgettext(context, singular, plural, num)
        return s % with_forms(s, variables)


# Jinja's "newstyle" gettext (jinja2.ext._make_new_gettext …) formats the translation itself:
# the same, with the names' forms and choices filled in.

def _formatted(context: Context, text: str, variables: dict[str, object]) -> str:
    rv = Markup(text) if context.eval_ctx.autoescape else text
    return rv % with_forms(rv, variables)  # Markup stays Markup


@pass_context
def _jinja_gettext(__context: Context, __string: str, **variables: object) -> str:
    return _formatted(__context, get_translations().ugettext(__string), variables)


@pass_context
def _jinja_ngettext(__context: Context, __singular: str, __plural: str, __num: int, **variables: object) -> str:
    variables.setdefault("num", __num)
    return _formatted(__context, get_translations().ungettext(__singular, __plural, __num), variables)


@pass_context
def _jinja_pgettext(__context: Context, __string_ctx: str, __string: str, **variables: object) -> str:
    variables.setdefault("context", __string_ctx)
    return _formatted(__context, get_translations().upgettext(__string_ctx, __string), variables)


@pass_context
def _jinja_npgettext(__context: Context, __string_ctx: str, __singular: str, __plural: str, __num: int,
                     **variables: object) -> str:
    variables.setdefault("context", __string_ctx)
    variables.setdefault("num", __num)
    return _formatted(__context, get_translations().unpgettext(__string_ctx, __singular, __plural, __num),
                      variables)


def init_app(app: Flask) -> None:
    """Install the hooks (after ``Babel(app)``): the declining domain and the Jinja callables."""
    with app.app_context():
        babel = get_babel()
        babel.instance.domain_instance = DecliningDomain(domain=babel.default_domain)  # type: ignore[no-untyped-call]
    app.jinja_env.globals.update(gettext=_jinja_gettext, ngettext=_jinja_ngettext,
                                 pgettext=_jinja_pgettext, npgettext=_jinja_npgettext, is_site_name=is_site_name)
