"""Names before a postposition: the ``%(<name>_obl)s`` placeholders.

A translation may write ``%(plum_obl)s`` where its English has ``%(plum)s``: the same name in its
oblique case, the form a Hindi name takes before a postposition («लंबे तीन की रैंक», not «लंबा तीन
की»). The call that fills ``%(plum)s`` fills ``%(plum_obl)s`` too, from the same value, so no view,
template or sentence builder passes it:

- Python's gettext calls (Flask-Babel's ``gettext``, ``pgettext`` … and the lazy ones) go through
  ``DecliningDomain``;
- templates' ``_()``, ``pgettext()`` … and ``{% trans %}`` through this module's Jinja callables;
- the rules texts and the lessons (``paiyou.content.rules``, ``paiyou.puzzles.texts``) call
  ``with_obliques`` themselves.

``oblique(value)`` puts every name of every game's vocabulary found in ``value`` into its oblique
(``Vocabulary.obliques``, translated like the names: "chuo-pai tile, oblique"): a name, a list of
names («लंबे तีน और काले सात»), a class phrase, or HTML around them. Anything that is not a name
(a seat, a number) stays as it is. ``init_app`` installs both hooks.
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

from paiyou.i18n.names import vocabularies

__all__ = ["OBLIQUE_SUFFIX", "oblique_forms", "oblique", "with_obliques", "DecliningDomain", "init_app"]

OBLIQUE_SUFFIX = "_obl"
_OBLIQUE_PLACEHOLDER = re.compile(r"%\((\w+)" + OBLIQUE_SUFFIX + r"\)")
_TAG = re.compile(r"(<[^>]*>)")


def oblique_forms() -> dict[str, str]:
    """In the current locale: each name whose oblique differs -> its oblique, every game's names."""
    cache: dict[str, dict[str, str]] = g.setdefault("_paiyou_obliques", {}) if g else {}
    locale = str(get_locale())
    if locale in cache:
        return cache[locale]
    forms: dict[str, str] = {}
    for words in vocabularies():
        for kind, table in words.names().items():
            for key, name in table.items():
                direct, declined = str(name), str(words.oblique(kind, key))
                if direct != declined:
                    forms.setdefault(direct, declined)
    cache[locale] = forms
    return forms


def _is_word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and unicodedata.category(text[i])[0] in "LMN"


def _declined_text(text: str, forms: Mapping[str, str]) -> str:
    if not forms or not text:
        return text
    pattern = re.compile("|".join(re.escape(name) for name in sorted(forms, key=len, reverse=True)))

    def replace(match: re.Match[str]) -> str:
        whole = not _is_word_char(text, match.start() - 1) and not _is_word_char(text, match.end())
        return forms[match.group(0)] if whole else match.group(0)

    return pattern.sub(replace, text)


def oblique(value: object) -> object:
    """``value`` with every name in it in the oblique case: a str stays a str, HTML (anything with
    ``__html__``) stays HTML with its tags untouched; any other value (a number) is returned as is."""
    forms = oblique_forms()
    if isinstance(value, LazyString):  # a name from a vocabulary: text, escaped like any text
        return _declined_text(str(value), forms)
    html = getattr(value, "__html__", None)
    if callable(html):
        parts = _TAG.split(str(html()))
        return Markup("".join(part if i % 2 else _declined_text(part, forms) for i, part in enumerate(parts)))
    if isinstance(value, str):
        return _declined_text(value, forms)
    return value


def with_obliques(source: str, values: Mapping[str, object]) -> Mapping[str, object]:
    """``values`` and, for each ``%(<name>_obl)s`` of ``source`` whose ``<name>`` has a value, that
    value in the oblique case (``values`` itself when ``source`` asks for none)."""
    wanted = [name for name in _OBLIQUE_PLACEHOLDER.findall(source)
              if name in values and name + OBLIQUE_SUFFIX not in values]
    if not wanted:
        return values
    return {**values, **{name + OBLIQUE_SUFFIX: oblique(values[name]) for name in wanted}}


class DecliningDomain(Domain):
    """Flask-Babel's domain, filling ``%(<name>_obl)s`` from ``%(<name>)s``'s value."""

    def _translations(self) -> NullTranslations:
        found: NullTranslations = self.get_translations()  # type: ignore[no-untyped-call]  # Flask-Babel's Domain is untyped
        return found

    def gettext(self, string: str, **variables: object) -> str:
        s: str = self._translations().ugettext(string)
        return s % with_obliques(s, variables) if variables else s

    def ngettext(self, singular: str, plural: str, num: int, **variables: object) -> str:
        variables.setdefault("num", num)
        s: str = self._translations().ungettext(singular, plural, num)
        return s % with_obliques(s, variables)

    def pgettext(self, context: str, string: str, **variables: object) -> str:
        s: str = self._translations().upgettext(context, string)
        return s % with_obliques(s, variables) if variables else s

    def npgettext(self, context: str, singular: str, plural: str, num: int, **variables: object) -> str:
        variables.setdefault("num", num)
        s: str = self._translations().unpgettext(context, singular, plural, num)
        return s % with_obliques(s, variables)


# Jinja's "newstyle" gettext (jinja2.ext._make_new_gettext …) formats the translation itself:
# the same, with the obliques filled in.

def _formatted(context: Context, text: str, variables: dict[str, object]) -> str:
    rv = Markup(text) if context.eval_ctx.autoescape else text
    return rv % with_obliques(rv, variables)  # Markup stays Markup


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
                                 pgettext=_jinja_pgettext, npgettext=_jinja_npgettext)
