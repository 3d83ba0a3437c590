"""Arabic: a family's name after «عائلة» only where the name is foreign (issue 50).

Arabic writes an adjective's family with the article on both words («العائلة الطويلة»), but a
foreign name is annexed to the bare noun («عائلة ياو»): «العائلة ياو» ("the-family Yao") is a
certain error. A placeholder that may hold a name without the article (ياو) therefore never
follows a word that carries it («من عائلة %(family)s»); a caption whose placeholder is always
one adjective (``%(long)s``, «الطويلة») may keep it.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from babel.messages.catalog import Message
from flask import Flask
from flask_babel import force_locale

from paiyou.i18n import names
from tests.site.test_declension import _strings, catalog_messages

# Placeholders filled with any Chuo Pai family by the code (reasons.py, puzzles.py).
ANY_FAMILY = frozenset({"family", "play_family", "current_family"})
# A lesson's placeholder of one family, from its extracted comment.
ONE_FAMILY = re.compile(r"^%\((\w+)\)s = the glossary's name of the Chuo Pai family ([\w-]+)$")
WORD_BEFORE = r"(?<![\u0600-\u06ff])([\u0600-\u06ff]+)\s*%\({name}\)s"
# The article, alone or after a one-letter conjunction or preposition (والعائلة، بالعائلة، للعائلة).
ARTICLE = re.compile(r"^(?:[وفبك]?ال|[وف]?لل)")


def family_placeholders(msg: Message, family_names: dict[str, str]) -> dict[str, set[str]]:
    """Each placeholder of ``msg`` that holds a family, with the names that can fill it."""
    ids = (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
    used = {p for i in ids for p in re.findall(r"%\((\w+)\)s", i)}
    found = {p: set(family_names.values()) for p in used & ANY_FAMILY}
    for comment in msg.auto_comments:
        if (m := ONE_FAMILY.match(comment)) and m.group(1) in used:
            found[m.group(1)] = {family_names[m.group(2)]}
    return found


def article_before_a_bare_name(text: str, placeholders: dict[str, set[str]]) -> list[str]:
    """The placeholders of ``text`` after a word with the article while one of their names has none."""
    problems = []
    for placeholder, values in placeholders.items():
        if all(value.startswith("ال") for value in values):
            continue  # always an adjective with its own article: «العائلة الطويلة»
        for m in re.finditer(WORD_BEFORE.format(name=re.escape(placeholder)), text):
            if ARTICLE.match(m.group(1)):
                problems.append(m.group(0))
    return problems


def test_the_checker_finds_the_article_before_a_foreign_name() -> None:
    any_family = {"family": {"الطويلة", "ياو"}}
    assert article_before_a_bare_name("من العائلة %(family)s", any_family) == ["العائلة %(family)s"]
    assert article_before_a_bare_name("في سلّم والعائلة %(family)s", any_family)
    assert article_before_a_bare_name("للعائلة %(family)s", any_family)
    assert not article_before_a_bare_name("من عائلة %(family)s", any_family)
    assert not article_before_a_bare_name("العائلة: %(family)s", any_family)
    assert not article_before_a_bare_name("العائلة %(long)s.", {"long": {"الطويلة"}})
    assert article_before_a_bare_name("العائلة %(yao)s.", {"yao": {"ياو"}})


def catalog_problems(checker: Callable[[str, dict[str, set[str]]], list[str]],
                     family_names: dict[str, str]) -> list[str]:
    """What ``checker`` finds in every Arabic message's forms, each with its domain and context."""
    problems = []
    for domain, msg in catalog_messages("ar"):
        placeholders = family_placeholders(msg, family_names)
        for text in _strings(msg):
            problems += [f"{domain} {msg.context!r}: {p} | {text}" for p in checker(text, placeholders)]
    return problems


def test_no_arabic_article_before_a_family_that_may_be_foreign(app: Flask) -> None:
    with app.test_request_context(), force_locale("ar"):
        family_names = {key: str(name) for key, name in names.terms("family").items()}
    assert not family_names["yao"].startswith("ال"), family_names  # the case this test is for
    problems = catalog_problems(article_before_a_bare_name, family_names)
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)


def bare_family_before_an_adjective(text: str, placeholders: dict[str, set[str]]) -> list[str]:
    """The placeholders of ``text`` right after the bare noun «عائلة» while one of their names is
    an adjective with its own article: «عائلة السوداء» ("the family of the black one") is as wrong
    as «العائلة ياو»; a family that may be either is named after «هي» or «اسمها» instead."""
    problems = []
    for placeholder, values in placeholders.items():
        if not any(value.startswith("ال") for value in values):
            continue  # always a foreign name: «عائلة ياو»
        for m in re.finditer(WORD_BEFORE.format(name=re.escape(placeholder)), text):
            if re.fullmatch(r"[وفبل]?عائلة", m.group(1)):
                problems.append(m.group(0))
    return problems


def test_the_checker_finds_the_bare_noun_before_an_adjective() -> None:
    any_family = {"family": {"الطويلة", "ياو"}}
    assert bare_family_before_an_adjective("في سلّم عائلة %(family)s.", any_family)
    assert bare_family_before_an_adjective("%(play)s من عائلة %(play_family)s", {"play_family": {"السوداء"}})
    assert not bare_family_before_an_adjective("من عائلة واحدة، هي %(family)s", any_family)
    assert not bare_family_before_an_adjective("من عائلةٍ اسمها %(family)s", any_family)
    assert not bare_family_before_an_adjective("عائلة %(yao)s.", {"yao": {"ياو"}})


def test_no_bare_arabic_family_noun_before_a_family_that_may_be_an_adjective(app: Flask) -> None:
    with app.test_request_context(), force_locale("ar"):
        family_names = {key: str(name) for key, name in names.terms("family").items()}
    problems = catalog_problems(bare_family_before_an_adjective, family_names)
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)
