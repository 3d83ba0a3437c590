"""Typesetting a language's catalogs: the one-letter words that never end a line.

Polish typesetting never leaves a one-letter word (a, i, o, u, w, z and their capitals) at the end
of a line: it is bound to the next word by a no-break space. A language lists those words in
``paiyou.config.Language.single_letter_words``; ``bind_single_letter_words`` binds them in one
translation, and ``paiyou.i18n.catalogs.compile_catalogs`` applies it to every translation of the
language as it compiles, so every text the site shows in that language — pages, the rules and
lessons (their texts are catalog messages), the glossary, the API's messages — is set so, while
the ``.po`` files stay plain for translators.

Text in a language that is not a catalog's — a source quoted word for word on the receipts — goes
through the ``typeset`` template filter with its language (``{{ q.text|typeset("pl") }}``).

Only running text changes: HTML tags (their attributes included), code (``<code>``, ``<pre>``,
Markdown's backticks), placeholders (``%(tile)s``, ``%(tile@…)s``) and entities stay as written.
"""
from __future__ import annotations

import re

__all__ = ["NO_BREAK_SPACE", "bind_single_letter_words", "typeset"]

NO_BREAK_SPACE = "\u00a0"
# What is never running text: a code element or Markdown code span, a tag, a placeholder, an entity.
_UNTOUCHED = re.compile(r"(<(code|pre)\b[^>]*>.*?</\2>|`[^`]*`|<[^>]*>|%\([^)]*\)[-#0 +]*\d*[sdifr]|%%|&\w+;)",
                        re.S)


def bind_single_letter_words(text: str, letters: str) -> str:
    """``text`` with each one-letter word of ``letters`` bound to what follows it (a word, a tag, a
    placeholder) by a no-break space (``letters``: the words, e.g. "aiouwzAIOUWZ"; empty: ``text``
    as it is)."""
    if not letters or not text:
        return text
    untouched = [m.span() for m in _UNTOUCHED.finditer(text)]
    # the word, then any emphasis or closing tag around it («**i** co», «<b>w</b> domu»), then spaces
    word = re.compile(rf"(?<![\w'’\-])([{re.escape(letters)}](?:\*{{1,2}}|_|</\w+>)*) +(?=\S)")

    def bind(match: re.Match[str]) -> str:
        if any(start <= match.start() < end for start, end in untouched):
            return match.group(0)
        return match.group(1) + NO_BREAK_SPACE

    return word.sub(bind, text)


def typeset(text: str, lang: str) -> str:
    """``text`` (plain text in the language ``lang``) typeset as that language's catalogs are."""
    from paiyou.config import LANGUAGE_BY_CODE

    language = LANGUAGE_BY_CODE.get(lang)
    return bind_single_letter_words(text, language.single_letter_words) if language else text
