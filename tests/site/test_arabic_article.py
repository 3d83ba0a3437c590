"""Arabic: a family's name after «عائلة» only where the name is foreign (issue 50).

Arabic writes an adjective's family with the article on both words («العائلة الطويلة»), but a
foreign name is annexed to the bare noun («عائلة ياو»): «العائلة ياو» ("the-family Yao") is a
certain error. A placeholder that may hold a name without the article (ياو) therefore never
follows a word that carries it («من عائلة %(family)s»); a caption whose placeholder is always
one adjective (``%(long)s``, «الطويلة») may keep it.

A family named by the code (``%(family)s``) is best written whole, ``%(family_whole)s``
(paiyou.i18n.declension): «من العائلة الطويلة», «من عائلة ياو», never the workaround «من عائلةٍ
اسمها الطويلة» nor «عائلة السبعة السوداء هي السوداء».
"""
from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from babel.messages.catalog import Message
from flask import Flask
from flask_babel import force_locale

from engine.tiles import parse_tiles
from paiyou.i18n import declension, names
from paiyou.registry import game_module
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


# The workarounds a family placeholder needed before it could be named whole (confirm-ar.md §2, 3).
NAMED_ROUND_ABOUT = re.compile(r"اسمها\s*%\(|[،,]\s*(?:و?هي)\s*%\(\w*family\)s|عائلة %\(\w+\)s هي")


def test_the_checker_finds_a_family_named_round_about() -> None:
    assert NAMED_ROUND_ABOUT.search("من عائلةٍ اسمها %(family)s")
    assert NAMED_ROUND_ABOUT.search("الورقتان من عائلة واحدة، هي %(family)s: ابحث")
    assert NAMED_ROUND_ABOUT.search("في سلّم عائلتهما، وهي %(family)s: ولا")
    assert NAMED_ROUND_ABOUT.search("عائلة %(play)s هي %(play_family)s")
    assert not NAMED_ROUND_ABOUT.search("من %(family_whole)s")


def test_arabic_names_a_family_by_its_whole_name() -> None:
    found = [f"{domain} {msg.context!r}: {text}" for domain, msg in catalog_messages("ar")
             for text in _strings(msg) if NAMED_ROUND_ABOUT.search(text)]
    assert not found, "\n".join(found)


def test_a_family_placeholder_also_fills_its_whole_name(app: Flask) -> None:
    """``%(family_whole)s`` is the family's title in the page's language, from the value the code
    passes as ``%(family)s``; a value that is no family's name stays itself."""
    with app.test_request_context(), force_locale("ar"):
        long, yao = (str(names.terms("family")[key]) for key in ("long", "yao"))
        assert declension.with_forms("من %(family_whole)s", {"family": long})["family_whole"] == "العائلة الطويلة"
        assert declension.with_forms("من %(family_whole)s", {"family": yao})["family_whole"] == "عائلة ياو"
        assert declension.with_forms("%(x_whole)s", {"x": "آنا"})["x_whole"] == "آنا"
        assert declension.with_forms("%(family)s", {"family": yao}) == {"family": yao}


@pytest.mark.parametrize(("code", "current", "play", "said"), [
    ("different-family", "1-4", "2-5", "السبعة السوداء من العائلة السوداء، والخمسة الحمراء من العائلة الحمراء"),
    ("different-family", "1-6", "6-6", "السماء من العائلة الطويلة، والقدم العالية من عائلة ياو"),
    ("different-family", "6-6 6-6", "1-3 1-4", "والسماء من العائلة الطويلة:"),
    ("not-higher", "1-6", "1-5", "القط أدنى رتبة من القدم العالية في سلّم عائلة ياو:"),
])
def test_chuo_pai_explanations_name_the_family_whole_in_arabic(app: Flask, code: str, current: str, play: str,
                                                                said: str) -> None:
    with app.test_request_context(), force_locale("ar"):
        text = game_module("chuo-pai", "reasons").REASONS.explain(code, parse_tiles(current), parse_tiles(play))
    assert text is not None and said in text, text


def test_the_english_explanation_puts_a_card_in_its_family(app: Flask) -> None:
    """A card is *in* a family ("Heaven is in the Long family"), never the family itself; the
    class phrase shares its sentence with "is a special combination"."""
    with app.test_request_context(), force_locale("en"):
        text = game_module("chuo-pai", "reasons").REASONS.explain("different-family", parse_tiles("6-6 6-6"),
                                                                  parse_tiles("1-3 1-4"))
    assert text is not None and "is in the Long family" in text and "is the Long family" not in text, text
    # the special combination is named once, as the play's label, not again in brackets
    assert "is a special combination and" in text or text.endswith("is a special combination."), text
    assert "combination (" not in text, text
