"""Names in the case a sentence needs (issues 38, 50): every name has the forms and the gender its
language declares, every call fills ``%(<name>_<form>)s`` and ``%(<name>@…)s``, and no Hindi
message puts a name in the direct case before a postposition.

- The vocabulary: every name of every game (the seats too) has every form and the gender its
  language declares (``paiyou.config.Language``), the name itself for a form it does not declare.
- The mechanism (``paiyou.i18n.declension``): ``%(<name>_obl)s``, ``%(<name>_acc)s`` … and the
  gender choices ``%(<name>@…|…)s`` are filled from ``%(<name>)s``'s value by Python's gettext
  calls, by the templates' and by the rules and lesson texts.
- The catalogs: no Hindi translation, in any domain, puts a name placeholder in the direct case right
  before a postposition (alone or in a list of names), unless every name that can fill it is the same
  in both cases (so a later name in -ā still fails here).
- The pages: the lessons, the rules, the glossary and every explanation of a verdict, rendered in
  Hindi, show no name of the vocabulary in the direct case before a postposition.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from flask import current_app
from flask_babel import force_locale, get_locale, get_translations, npgettext, pgettext
from markupsafe import Markup

from engine.tiles import ALL_TILES
from paiyou.config import DEFAULT_LANGUAGE, FORMS, GENDER, LANGUAGE_BY_CODE, LANGUAGE_CODES, LANGUAGES
from paiyou.i18n import catalogs, declension, names
from paiyou.i18n.vocabulary import form_context, name_message

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
LANGS = tuple(code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE)
DOMAINS = tuple(catalogs.domains(TRANSLATIONS))
DECLINING = {language.code for language in LANGUAGES if "obl" in language.forms}  # Hindi

# Hindi postpositions (and the words that govern the oblique like them).
POSTPOSITION = r"(?:की|के|का|को|से|में|पर|ने|तक|वाला|वाले|वाली|जैसा|जैसे|जैसी|द्वारा|सहित)(?![\u0900-\u097f])"
AND_OR = r"(?:[ \u00a0]*,[ \u00a0]*|[ \u00a0]+(?:और|व|या|तथा)[ \u00a0]+)"
CLOSE_QUOTE = "[’”\"']"

# Placeholders of Python and template messages that hold a name (content messages say so in their
# comments: "the glossary's … name of …"): the reasons and explanations (games/*/reasons.py), the
# puzzles' hints and feedback (games/*/puzzles.py), the glossary and the game names.
NAME_PLACEHOLDERS = frozenset({
    "tile", "head", "heads", "first", "second", "play", "current", "card", "cards", "totals",
    "tiles", "type", "supreme", "big_six", "little_three", "bigsix", "littlethree", "family",
    "play_family", "current_family", "play_class", "current_class", "order", "game", "suit",
    "set", "mixed", "name",
})
CONTENT_NAME = re.compile(r"^%\((\w+)\)s = the glossary's ")


def _strings(msg: Message) -> tuple[str, ...]:
    return (msg.string,) if isinstance(msg.string, str) else tuple(msg.string)


def catalog_messages(lang: str) -> Iterator[tuple[str, Message]]:
    for domain in DOMAINS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            yield from ((domain, m) for m in read_po(f) if m.id)


def name_placeholders(msg: Message) -> set[str]:
    """The placeholders of ``msg`` that hold a name of the vocabulary."""
    content = {m.group(1) for c in msg.auto_comments if (m := CONTENT_NAME.match(c))}
    if msg.context and ("/" in msg.context or "#" in msg.context):  # a lesson's or a rules text
        return content
    ids = (msg.id,) if isinstance(msg.id, str) else msg.id
    used = {name for i in ids for name in re.findall(r"%\((\w+)\)s", i)}
    return content | (used & NAME_PLACEHOLDERS)


def direct_before_postposition(text: str, placeholders: set[str]) -> list[str]:
    """The name placeholders of ``text`` in the direct case (``%(x)s``, not ``%(x_obl)s``) that
    stand before a postposition, alone or in a list of names («%(a)s और %(b)s की»), or unquoted
    before one noun and a postposition («%(a)s पत्ते को»: the name agrees with the noun)."""
    if not placeholders:
        return []
    name = r"%\((?:" + "|".join(map(re.escape, sorted(placeholders))) + r")(?:_obl)?\)s"
    notation = r"(?:\s+%\(\w+_tiles\)s)?"
    chain = re.compile(rf"({name}{notation}(?:{AND_OR}{name}{notation})*)"
                       rf"(?:{CLOSE_QUOTE}\s+{POSTPOSITION}|\s+{POSTPOSITION}|\s+[\u0900-\u097f]+\s+{POSTPOSITION})")
    found = []
    for match in chain.finditer(text):
        found += [p for p in re.findall(r"%\((\w+)\)s", match.group(1)) if p in placeholders]
    return found


def test_the_checker_finds_a_direct_name_before_a_postposition() -> None:
    names_ = {"a", "b", "head"}
    assert direct_before_postposition("%(a)s की रैंक %(b)s से ऊपर है", names_) == ["a", "b"]
    assert direct_before_postposition("%(a)s और %(b_obl)s की जोड़ी", names_) == ["a"]
    assert direct_before_postposition("%(a)s पत्ते को हराता है", names_) == ["a"]
    assert direct_before_postposition("‘%(a)s’ पत्ते को हराता है", names_) == []
    assert direct_before_postposition("%(a_obl)s की रैंक %(b_obl)s से ऊपर है", names_) == []
    assert direct_before_postposition("%(head)s पत्ता %(a_obl)s को हराता है", names_) == []
    assert direct_before_postposition("%(seat)s को", names_) == []
    assert direct_before_postposition("%(a)s %(a_tiles)s और %(b)s %(b_tiles)s का योग", names_) \
        == ["a", "b"]


def _declinable_kinds() -> set[str]:
    """The kinds of name that have, in some language, an oblique other than the name."""
    kinds = set()
    app = current_app
    for lang in LANGS:
        with app.test_request_context(), force_locale(lang):
            for words in names.vocabularies():
                for kind, table in words.names().items():
                    if any(str(name) != words.oblique(kind, key) for key, name in table.items()):
                        kinds.add(kind)
    return kinds


def content_kind(msg: Message, placeholder: str) -> str | None:
    """The vocabulary kind of a content placeholder, from its comment (None for another one)."""
    for comment in msg.auto_comments:
        m = re.match(r"^%\((\w+)\)s = the glossary's (.+) name of the (\w[\w ]*?) [\w-]+$", comment)
        if m and m.group(1) == placeholder:
            what = m.group(3)
            return {"card": "tile", "tile": "tile", "Chuo Pai family": "family", "family": "family",
                    "special combination": "special", "set kind": "set", "mixed set": "mixed",
                    "suit": "suit"}.get(what, what)
    return None


def hindi_catalog_problems() -> list[str]:
    declinable = _declinable_kinds()
    problems = []
    for domain, msg in catalog_messages("hi"):
        placeholders = name_placeholders(msg)
        for text in _strings(msg):
            for p in direct_before_postposition(text, placeholders):
                kind = content_kind(msg, p)
                if kind is not None and kind not in declinable:
                    continue  # every name of that kind is the same in both cases
                problems.append(f"{domain} {msg.context!r} %({p})s: {text}")
    return problems


def test_no_hindi_name_in_the_direct_case_before_a_postposition(app) -> None:
    with app.app_context():
        problems = hindi_catalog_problems()
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)


# -- the vocabulary ---------------------------------------------------------------------------

def test_every_name_has_every_declared_form_and_gender(app) -> None:
    """Each name of every game (the seats too) has, in each language, a translated message for
    every form and the gender it declares, the gender one of its genders; any other form is the
    name itself."""
    with app.test_request_context():
        for lang in LANGS:
            language = LANGUAGE_BY_CODE[lang]
            catalog = translations_of(lang)
            for words in names.vocabularies():
                for kind, table in words.names().items():
                    assert table, (words.game, kind)
                    for key, name in table.items():
                        context, msgid, _ = name_message(name)
                        with force_locale(lang):
                            direct = str(name)
                            for form in FORMS:
                                value = words.form(kind, key, form)
                                assert value.strip(), (lang, words.game, kind, key, form)
                                if form in language.forms:
                                    assert f"{form_context(context, form)}\x04{msgid}" in catalog, \
                                        (lang, context, msgid, form)
                                else:
                                    assert value == direct, (lang, words.game, kind, key, form, value)
                            gender = words.gender(kind, key)
                        if language.genders:
                            assert gender in language.genders, (lang, context, msgid, gender)
                        else:
                            assert gender is None, (lang, context, msgid)


def translations_of(lang: str) -> dict[object, str]:
    """The compiled catalog of ``lang`` (msgid or "ctx\x04msgid" -> text), entries that are set."""
    with force_locale(lang):
        return {k: v for k, v in get_translations()._catalog.items() if v}


def test_every_declared_language_grammar_is_consistent() -> None:
    for language in LANGUAGES:
        assert set(language.forms) <= set(FORMS), language.code
        assert (language.list_gender is None) == (not language.genders), language.code
        assert language.list_gender is None or language.list_gender in language.genders, language.code
        assert len(set(language.genders)) == len(language.genders), language.code


def test_polish_forms_and_genders(app) -> None:
    expected = {("chuo-pai", "tile", "2-5", "acc"): "Czarną Siódemkę",
                ("chuo-pai", "tile", "3-6", "gen"): "Czarnej Dziewiątki",
                ("chuo-pai", "tile", "3-6", "ins"): "Czarną Dziewiątką",
                ("chuo-pai", "tile", "1-2", "gen"): "Gwoździa",
                ("tien-gow", "tile", "2-3", "acc"): "Piątkę",
                ("tien-gow", "set", "supreme", "ins"): "Parą Cesarską",
                ("chuo-pai", "seat", "Ana", "gen"): "Any",
                ("tien-gow", "seat", "Chen", "dat"): "Chenowi",
                ("tien-gow", "seat", "East", "loc"): "Wschodzie"}
    genders = {("chuo-pai", "tile", "6-6"): "n", ("chuo-pai", "tile", "1-5"): "m",
               ("chuo-pai", "seat", "Ana"): "f", ("tien-gow", "seat", "Dev"): "m"}
    with app.test_request_context(), force_locale("pl"):
        for (game, kind, key, form), value in expected.items():
            assert names.vocabulary(game).form(kind, key, form) == value
        for (game, kind, key), gender in genders.items():
            assert names.vocabulary(game).gender(kind, key) == gender


@pytest.mark.parametrize("lang", LANGS)
def test_one_set_of_forms_per_name(app, lang: str) -> None:
    """Two names written alike (Heaven in both games) decline alike: a value names no game."""
    seen: dict[str, tuple[str | None, ...]] = {}
    with app.test_request_context(), force_locale(lang):
        for words in names.vocabularies():
            for kind, table in words.names().items():
                for key, name in table.items():
                    forms = (*(words.form(kind, key, form) for form in FORMS), words.gender(kind, key))
                    assert seen.setdefault(str(name), forms) == forms, (lang, str(name), forms, seen[str(name)])


def test_hindi_obliques(app) -> None:
    expected = {("chuo-pai", "tile", "3-3"): "लंबे तीन", ("chuo-pai", "tile", "5-5"): "आलूबुखारे के फूल",
                ("chuo-pai", "tile", "2-5"): "काले सात", ("chuo-pai", "family", "black"): "काले",
                ("tien-gow", "tile", "2-4"): "बड़े छह", ("tien-gow", "tile", "1-2"): "छोटे तीन",
                ("tien-gow", "tile", "5-5"): "आलूबुखारे", ("chuo-pai", "tile", "1-5"): "बिल्ली",
                ("tien-gow", "set", "supreme"): "सर्वोच्च जोड़ी"}
    with app.test_request_context(), force_locale("hi"):
        for (game, kind, key), obl in expected.items():
            assert names.vocabulary(game).oblique(kind, key) == obl


# -- the mechanism ----------------------------------------------------------------------------

def oblique(value: object) -> object:
    return declension.decline(value, "obl")


def test_oblique_declines_every_name_in_a_value(app) -> None:
    with app.test_request_context(), force_locale("hi"):
        assert oblique("लंबा तीन, काला सात और सीधा आठ") == "लंबे तीन, काले सात और सीधे आठ"
        assert oblique(Markup('<span class="tile-name">बड़ा छह</span>')) == \
            Markup('<span class="tile-name">बड़े छह</span>')
        assert oblique(names.tile_name("1-2", "tien-gow")) == "छोटे तीन"
        assert oblique("Priya") == "Priya"        # a player's own name: not a name of the vocabulary
        assert oblique("कालापन") == "कालापन"      # a name only as a whole word
        assert oblique(3) == 3
    with app.test_request_context(), force_locale("pl"):
        assert oblique("Długa Trójka") == "Długa Trójka"


def _with_message(key: str, text: str):
    """Put one translation into the current locale's compiled catalog (for the test's duration)."""
    catalog = get_translations()._catalog  # GNUTranslations' table: msgid or "ctx\x04msgid" -> text
    old = catalog.get(key)
    catalog[key] = text
    return catalog, key, old


def test_every_call_fills_the_oblique(app) -> None:
    long_three = names.tile_name("3-3", "chuo-pai")
    with app.test_request_context(), force_locale("hi"):
        catalog, key, old = _with_message("test\x04%(card)s ranks", "%(card_obl)s की रैंक")
        plural_key = ("test\x04%(card)s rank", 0)
        catalog[plural_key] = "%(card_obl)s की %(num)s रैंक"
        try:
            assert pgettext("test", "%(card)s ranks", card=long_three) == "लंबे तीन की रैंक"
            assert npgettext("test", "%(card)s rank", "%(card)s ranks", 1, card=long_three) == "लंबे तीन की 1 रैंक"
            template = app.jinja_env.from_string("{{ pgettext('test', '%(card)s ranks', card=card) }}")
            assert template.render(card=Markup("<b>सीधा आठ</b>")) == "<b>सीधे आठ</b> की रैंक"
        finally:
            del catalog[plural_key]
            if old is None:
                del catalog[key]
            else:
                catalog[key] = old
        # the glossary's template message and a Hindi lesson text, as the catalogs have them
        page = app.test_client().get("/hi/glossary").get_data(as_text=True)
        assert "टेढ़े आठ के बराबर रैंक" in page and "टेढ़ा आठ के" not in page


def test_every_call_fills_the_forms_and_the_gender_choices(app) -> None:
    black_seven = names.tile_name("2-5", "chuo-pai")
    heaven = names.tile_name("6-6", "chuo-pai")
    with app.test_request_context(), force_locale("pl"):
        catalog = get_translations()._catalog
        added = {"test\x04%(play)s beats %(current)s":
                 "%(play)s %(play@przebił|przebiła|przebiło)s %(current_acc)s, nie %(current_gen)s",
                 "test\x04It is %(seat)s's": "To należy do %(seat_gen)s",
                 "test\x04%(text)s": "%(text)s"}
        old = {key: catalog.get(key) for key in added}
        catalog.update(added)
        try:
            assert pgettext("test", "%(play)s beats %(current)s", play=heaven, current=black_seven) == \
                "Niebo przebiło Czarną Siódemkę, nie Czarnej Siódemki"
            assert pgettext("test", "%(play)s beats %(current)s", play=black_seven, current=heaven) == \
                "Czarna Siódemka przebiła Niebo, nie Nieba"
            seat = names.vocabulary("chuo-pai").seats["Ana"]
            assert pgettext("test", "It is %(seat)s's", seat=seat) == "To należy do Any"
            assert pgettext("test", "It is %(seat)s's", seat="Priya") == "To należy do Priya"  # a player
            template = app.jinja_env.from_string(
                "{{ pgettext('test', '%(play)s beats %(current)s', play=play, current=current) }}")
            assert template.render(play=Markup("<b>Kot</b>"), current=Markup("<i>Ana</i>")) == \
                "<b>Kot</b> przebił <i>Anę</i>, nie <i>Any</i>"
            # several names: the language's list gender; no name: the first word
            assert declension.choose("Ana i Kot", "x|y|z") == "x"
            assert declension.choose("Ana", "x|y|z") == "y"
            assert declension.choose("Priya", "x|y|z") == "x"
            assert declension.with_forms("%(a_loc)s %(a@x|y|z)s", {"a": "Niebo"}) == \
                {"a": "Niebo", "a_loc": "Niebie", "a@x|y|z": "z"}
        finally:
            for key, value in old.items():
                if value is None:
                    del catalog[key]
                else:
                    catalog[key] = value
    with app.test_request_context(), force_locale("hi"):  # Hindi: the oblique and m/f, no accusative
        assert declension.decline("Kot", "acc") == "Kot"
        assert declension.with_forms("%(a_acc)s %(a@x|y)s", {"a": "बिल्ली"}) == \
            {"a": "बिल्ली", "a_acc": "बिल्ली", "a@x|y": "y"}
        assert declension.choose("स्वर्ग", "x|y") == "x"


# -- the pages --------------------------------------------------------------------------------

_PATTERNS: dict[str, re.Pattern[str]] = {}


def _rendered_pattern() -> re.Pattern[str]:
    """The pattern of ``rendered_problems`` in the current locale (made once per locale)."""
    locale = str(get_locale())
    if locale in _PATTERNS:
        return _PATTERNS[locale]
    forms = declension.name_forms("obl")
    assert forms, "no name declines in the current locale: call this in a Hindi request context"
    every = {str(obl) for words in names.vocabularies() for kind, table in words.names().items()
             for key, name in table.items() for obl in (str(name), words.oblique(kind, key))}
    direct = "|".join(map(re.escape, sorted(forms, key=len, reverse=True)))
    any_name = "|".join(map(re.escape, sorted(every, key=len, reverse=True)))
    space = "[ \u00a0]+"
    noun = rf"(?!(?:{any_name}))[\u0900-\u097f]+"  # one word (a classifier), not the start of a name
    _PATTERNS[locale] = re.compile(  # atomic groups: a name is matched whole («आलूबुखारे का फूल»)
        rf"(?<![\u0900-\u097f])(?>{direct})(?![\u0900-\u097f])"
        rf"(?:{AND_OR}(?>{any_name}))*"
        rf"(?:{CLOSE_QUOTE}{space}{POSTPOSITION}|{space}{POSTPOSITION}|{space}{noun}{space}{POSTPOSITION})")
    return _PATTERNS[locale]


def rendered_problems(text: str) -> list[str]:
    """Names of the vocabulary in the direct case before a postposition in a rendered Hindi text
    (alone, in a list of names, or unquoted before one noun and a postposition)."""
    inline = re.sub(r"</?(?:span|strong|b|em|i|bdi|a|abbr|mark)(?:\s[^>]*)?>", "", text)
    plain = re.sub(r"<[^>]+>", " | ", inline)  # the text of two blocks is not one phrase
    pattern = _rendered_pattern()
    return [plain[max(0, m.start() - 30):m.end() + 10] for m in pattern.finditer(plain)]

def test_the_page_checker_finds_a_direct_name() -> None:
    from paiyou import create_app

    app = create_app({"TESTING": True})
    with app.test_request_context(), force_locale("hi"):
        assert rendered_problems("<p>लंबा तीन की रैंक</p>")
        assert rendered_problems('<p><span class="tile-name">लंबा तीन</span> की रैंक</p>')
        assert not rendered_problems("<li>लंबा तीन</li><li>आलूबुखारे का फूल</li>")
        assert rendered_problems("सीधा आठ और टेढ़े आठ की रैंक")
        assert rendered_problems("काला परिवार में")
        assert not rendered_problems("लंबे तीन की रैंक आलूबुखारे के फूल से ऊपर है")
        assert not rendered_problems("‘लंबा तीन’ पत्ते को")
        assert not rendered_problems("लंबा तीन पत्ता सबसे ऊँचा है")


def _lesson_texts() -> Iterator[object]:
    from paiyou.puzzles import loading

    for game in names.GAME_NAMES:
        for lesson in loading.load_course(current_app.config["PAIYOU_CONTENT_DIR"], game).lessons:
            yield from lesson.texts()


def test_hindi_pages_decline_every_name(app) -> None:
    client = app.test_client()
    problems = []
    pages = {path: client.get(path).get_data(as_text=True)
             for path in ["/hi/glossary", *(f"/hi/{game}/rules" for game in names.GAME_NAMES)]}
    with app.test_request_context("/hi/"), force_locale("hi"):
        from paiyou.puzzles.texts import render_text

        for path, page in pages.items():
            problems += [f"{path}: {p}" for p in rendered_problems(page)]
        for text in _lesson_texts():
            problems += [f"{text.ctx}: {p}" for p in rendered_problems(str(render_text(text)))]
    assert not problems, "\n".join(problems)


def test_hindi_explanations_decline_every_name(app) -> None:
    """Every explanation of a verdict on one tile or any two tiles, led or against one tile or a
    tile doubled, both games, in Hindi."""
    from engine.errors import NotationError
    from engine.games import game as engine_game
    from paiyou import reasons

    singles = [t.key for t in ALL_TILES]
    pairs = [f"{a.key} {b.key}" for a, b in itertools.combinations_with_replacement(ALL_TILES, 2)]
    problems = set()
    with app.test_request_context("/hi/"), force_locale("hi"):
        for game in names.GAME_NAMES:
            judge = engine_game(game).judge
            doubled = [f"{t} {t}" for t in singles]
            for current, play in itertools.product([None, *singles, *doubled], singles + pairs):
                try:
                    code = judge(current, play).reason
                except NotationError:
                    continue  # a current play that is no legal play
                text = reasons.explain(game, code, current, play)
                problems |= {f"{game} {current} / {play}: {p}" for p in rendered_problems(text)}
    assert not problems, f"{len(problems)}:\n" + "\n".join(sorted(problems)[:40])


# -- Hindi: a name carries its own verb ---------------------------------------------------------

# A Hindi message lets a name be what it names: never wrapped in a classifier noun to dodge the
# name's gender («%(play_obl)s का सेट … के सेट को हराता है», «%(longthree)s पत्ता … हराता है»,
# «‘%(a)s’ पत्ते को», «… नामक»), the name itself the subject («स्वर्ग पृथ्वी को हराता है»), its
# verb agreeing through a gender choice (``%(play@हराता|हराती)s``, paiyou.i18n.declension). A
# suit's name is an adjective («नागरिक टाइलें»), not a wrapped name. After a number or «सभी /
# सारे» a name is plural: its oblique, the direct plural of a name in -ā («दो लंबे तीन»).
CLASSIFIER = r"(?:सेट|चाल|चालें|पत्ता|पत्ते|पत्तों|टाइल|टाइलें|टाइलों)(?![\u0900-\u097f])"
QUANTIFIER = r"(?<![\u0900-\u097f])(?:दो|तीन|चार|दोनों|तीनों|चारों|सभी|सारे|सारी|कई)(?![\u0900-\u097f])"
GENDERED_VERB = re.compile(r"(?<![\u0900-\u097f])[\u0900-\u097f]+(?:ता|ती)(?![\u0900-\u097f])")
ADJECTIVE_NAMES = {"suit"}  # kinds of name that qualify a noun («%(civil)s टाइलें»)


def _name_pattern(placeholders: set[str], forms: str = r"(?:_obl)?") -> str:
    return r"%\((" + "|".join(map(re.escape, sorted(placeholders))) + r")" + forms + r"\)s"


def wrapped_names(text: str, placeholders: set[str]) -> list[str]:
    """The name placeholders of ``text`` wrapped in a classifier noun: «%(a)s पत्ता», «%(a_obl)s
    का सेट», «‘%(a)s’ पत्ते», «नामक %(a)s» / «%(a)s नामक»."""
    if not placeholders:
        return []
    name = _name_pattern(placeholders)
    found = [m.group(1) for m in re.finditer(
        rf"{name}{CLOSE_QUOTE}?[ \u00a0]+(?:(?:का|की|के)[ \u00a0]+)?{CLASSIFIER}", text)]
    found += [m.group(1) or m.group(2) for m in re.finditer(rf"नामक[ \u00a0]+{name}|{name}[ \u00a0]+नामक", text)]
    return found


def singular_after_a_number(text: str, placeholders: set[str]) -> list[str]:
    """The name placeholders of ``text`` in the direct case right after a number or «सभी / सारे»."""
    if not placeholders:
        return []
    return re.findall(rf"{QUANTIFIER}(?:\*\*)?[ \u00a0]+(?:\*\*)?{_name_pattern(placeholders, '')}", text)


def verbs_without_agreement(text: str, placeholders: set[str]) -> list[str]:
    """The name placeholders of ``text`` that stand as a clause's subject (the direct case, no
    postposition or noun after them) in a clause whose verb is written in one gender («%(a)s
    %(b_obl)s को हराता है»), not chosen by the name's gender («%(a@हराता|हराती)s»)."""
    if not placeholders:
        return []
    word = r"[\u0900-\u097f]+"
    subject = re.compile(  # a name not followed by a postposition, alone or ending a list
        rf"{_name_pattern(placeholders, '')}(?![ \u00a0]*{CLOSE_QUOTE}?(?:[ \u00a0]*\([^)]*\))?[ \u00a0]*"
        rf"(?:{POSTPOSITION}|{word}[ \u00a0]+{POSTPOSITION}|{AND_OR}(?:%\(\w+\)s|{word})[ \u00a0]+{POSTPOSITION}))")
    after_a_number = re.compile(rf"{QUANTIFIER}(?:\*\*)?[ \u00a0]+(?:\*\*)?$")
    found = []
    for clause in re.split(r"[।:;?,]", text):
        for m in list(subject.finditer(clause))[:1]:  # the subject comes first: a later name is an object
            rest = clause[m.end():]
            if after_a_number.search(clause[:m.start()]):
                continue  # a plural: its verb is plural («दो %(a_obl)s … हराते हैं»)
            choices = set(re.findall(r"%\((\w+)@", clause))
            if GENDERED_VERB.search(re.sub(r"%\([^)]*\)s", " ", rest)) and m.group(1) not in choices:
                found.append(m.group(1))
    return found


def test_the_hindi_wrapper_checkers() -> None:
    names_ = {"play", "current", "a", "b"}
    assert wrapped_names("%(play_obl)s का सेट %(current_obl)s के सेट को हराता है", names_) == ["play", "current"]
    assert wrapped_names("%(a)s पत्ता %(b_obl)s को हराता है", names_) == ["a"]
    assert wrapped_names("‘%(a)s’ पत्ते को", names_) == ["a"]
    assert wrapped_names("%(a)s नामक पत्ता", names_) == ["a"]
    assert not wrapped_names("%(a_obl)s की जोड़ी %(b_obl)s की जोड़ी को हराती है", names_)
    assert not wrapped_names("%(a)s एक मान्य चाल है", names_)
    assert singular_after_a_number("बो के पास दो %(a)s हैं", names_) == ["a"]
    assert singular_after_a_number("**सारे** %(a)s", names_) == ["a"]
    assert not singular_after_a_number("दो %(a_obl)s और एक %(b)s", names_)
    assert verbs_without_agreement("%(a)s %(b_obl)s को हराता है: वही श्रेणी", names_) == ["a"]
    assert verbs_without_agreement("%(a)s कभी आठ नहीं गिना जाता", names_) == ["a"]
    assert not verbs_without_agreement("%(a)s %(b_obl)s को %(a@हराता|हराती)s है", names_)
    assert not verbs_without_agreement("%(a_obl)s की रैंक %(b_obl)s से नीची है", names_)
    assert not verbs_without_agreement("%(a)s एक मान्य चाल है: इससे अगुआई की जा सकती है", names_)
    assert not verbs_without_agreement("दो %(a_obl)s %(b_obl)s को हराते हैं", names_)
    assert not verbs_without_agreement("%(a)s (`3-6`) और %(b)s (`4-5`) की रैंक बराबर है", names_)
    assert not verbs_without_agreement("%(a)s या चौकड़ी से दौर जीतने पर भुगतान मिलता है", names_)


def hindi_wrapping_problems() -> list[str]:
    problems = []
    for domain, msg in catalog_messages("hi"):
        if msg.context and msg.context.startswith("daily"):
            continue  # its %(first)s is a date or a page number, not a name
        placeholders = {p for p in name_placeholders(msg) if content_kind(msg, p) not in ADJECTIVE_NAMES}
        for text in _strings(msg):
            for check in (wrapped_names, singular_after_a_number, verbs_without_agreement):
                problems += [f"{check.__name__}: {domain} {msg.context!r} %({p})s: {text}"
                             for p in check(text, placeholders)]
    return problems


def test_no_hindi_message_wraps_a_name_or_leaves_its_verb_unagreed(app) -> None:
    problems = hindi_wrapping_problems()
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)


def test_a_hindi_verb_agrees_with_the_name_it_follows(app) -> None:
    """The verb takes the gender of the name that is its subject: a name's own (स्वर्ग m, बिल्ली f),
    a number's (नौ, m), a Tien Gow military pair's («नौ की जोड़ी», f), in the explanations and in
    the rules' texts."""
    from engine.games import game as engine_game
    from paiyou import reasons

    def explained(game: str, current: str | None, play: str) -> str:
        text = reasons.explain(game, engine_game(game).judge(current, play).reason, current, play)
        assert text is not None
        return text

    with app.test_request_context("/hi/"), force_locale("hi"):
        assert explained("chuo-pai", "1-1", "6-6").startswith("स्वर्ग पृथ्वी को हराता है:")
        assert explained("chuo-pai", "3-3", "1-1").startswith("पृथ्वी लंबे तीन को हराती है:")
        assert explained("chuo-pai", "4-6", "1-5").startswith("बिल्ली चार-छह को हराती है:")
        assert explained("chuo-pai", "1-3 1-4", "4-4 2-5").startswith("रेन ची हे वू को हराता है:")
        assert explained("tien-gow", "2-6 3-5", "3-6 4-5").startswith("नौ की जोड़ी आठ की जोड़ी को हराती है:")
        assert explained("tien-gow", "1-1 1-1", "6-6 6-6").startswith("स्वर्ग पृथ्वी को हराता है:")
        assert explained("tien-gow", "1-1 2-6", "6-6 3-6").startswith("स्वर्ग–नौ पृथ्वी–आठ को हराता है:")
        assert explained("tien-gow", "2-3", "3-6").startswith("नौ पाँच को हराता है:")
        assert explained("chuo-pai", None, "6-6 2-2").startswith("स्वर्ग सिर्फ़ काले नौ या लाल नौ के साथ तियान जिउ बनाता है;")
    page = re.sub(r"<[^>]+>", "", app.test_client().get("/hi/chuo-pai/rules").get_data(as_text=True))
    assert "बिल्ली उसके ढेर में जाती है" in page
    assert "लाल नौ काले नौ को नहीं हरा सकता" in page


# -- Polish: a name after a word that governs its case ------------------------------------------

# Polish names stay in the nominative: after a preposition or «czyli» they need a classifier noun
# in the governed case («z kartą „%(plum)s”», «nad kartą %(plum)s») or a parenthesis («z
# dziewiątkami (%(a)s lub %(b)s)»), never the bare name («z %(plum)s», «czyli %(a)s»). «niż» takes
# the case of what it compares (the nominative here). The romanised names (the games, Chuo Pai's
# special combinations) do not decline.
INDECLINABLE = re.compile(r"^%\((\w+)\)s = the glossary's name of the special combination ")
POLISH_GOVERNING = (r"(?<![\w\u00c0-\u017f])(?:z|ze|od|do|przez|nad|pod|przed|w|we|na|o|po|przy|dla|bez|u|za|"
                    r"między|czyli|wobec|według|spośród|oprócz|prócz|obok|koło)\s+[„\"]?")


def polish_problems(text: str, placeholders: set[str]) -> list[str]:
    if not placeholders:
        return []
    name = r"%\((?:" + "|".join(map(re.escape, sorted(placeholders))) + r")\)s"
    return [m.group(0) for m in re.finditer(POLISH_GOVERNING + name, text, re.I)]


def test_the_polish_checker() -> None:
    assert polish_problems("%(heaven)s z dziewiątkami, czyli %(a)s lub %(b)s.", {"heaven", "a", "b"})
    assert polish_problems("gra się z %(a)s", {"a"})
    assert not polish_problems("stoi wyżej niż %(a)s", {"a"})
    assert not polish_problems("%(heaven)s z dziewiątkami (%(a)s lub %(b)s).", {"heaven", "a", "b"})
    assert not polish_problems("z kartą „%(a)s”", {"a"})
    assert not polish_problems("do %(seat)s", {"a"})


def test_no_polish_name_after_a_case_governing_word(app) -> None:
    problems = []
    for domain, msg in catalog_messages("pl"):
        for text in _strings(msg):
            declining = name_placeholders(msg) - {"game"} - {
                m.group(1) for c in msg.auto_comments if (m := INDECLINABLE.match(c))}
            problems += [f"{domain} {msg.context!r}: {p} | {text}" for p in polish_problems(text, declining)]
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)


# Polish names decline (issue 50): a sentence puts the name itself in the case its verb or
# preposition governs («przebija %(current_acc)s», «należy do %(seat_gen)s»), never wraps it in a
# label noun to keep it in the nominative («przebija zagranie „%(current)s”», «należy do gracza
# %(seat)s»: a masculine noun for Ana), nor leaves it in the nominative after a verb that governs
# the accusative. A family or a suit stays a quoted label («rodzina „Długa”»): those are adjectives
# the site writes as labels (test_polish_pages_write_category_names_as_labels). A button's label
# is quoted too, but it is no name. An unquoted classifier in apposition («wychodzi kością %(x)s»,
# «dwie karty %(x)s»: copies of a card) is Polish's own way of naming a thing, as «statkiem Batory».
POLISH_LABEL_NOUN = r"(?<![\w\u00c0-\u017f])(?:kart\w*|koś\w*|kamie\w*|zestaw\w*|zagrani\w*|par[aęyą]|gracz\w*)"
POLISH_ACCUSATIVE_VERB = r"(?<![\w\u00c0-\u017f])(?:przebija|przebijają|przebić|przebił\w*|zagraj|zagrać|bije)"
SEAT_PLACEHOLDERS = frozenset({"seat", "leader"})


def polish_wrapped_names(text: str, placeholders: set[str]) -> list[str]:
    """The places of ``text`` where a name placeholder stays in the nominative behind a label noun
    («zagranie „%(a)s”», «gracza %(seat)s») or after a verb governing the accusative («przebija
    %(a)s»)."""
    if not placeholders:
        return []
    name = r"%\((?:" + "|".join(map(re.escape, sorted(placeholders))) + r")\)s"
    patterns = (rf"{POLISH_LABEL_NOUN}\s+„{name}”", rf"(?<![\w\u00c0-\u017f])gracz\w*\s+{name}",
                rf"{POLISH_ACCUSATIVE_VERB}\s+„?{name}")
    return [m.group(0) for pattern in patterns for m in re.finditer(pattern, text, re.I)]


def test_the_polish_wrapped_name_checker() -> None:
    names_ = {"play", "current", "seat", "plum"}
    assert polish_wrapped_names("%(play)s przebija zagranie „%(current)s”: ta sama klasa", names_)
    assert polish_wrapped_names("%(play)s przebija zestaw „%(current)s”", names_)
    assert polish_wrapped_names("Para „%(play)s” przebija parę „%(plum)s”.", names_)
    assert polish_wrapped_names("należy do gracza %(seat)s, więc", names_)
    assert polish_wrapped_names("%(play)s przebija %(current)s.", names_)
    assert polish_wrapped_names("nie ma ani karty „%(plum)s”, ani", names_)
    assert not polish_wrapped_names("%(play)s przebija %(current_acc)s: ta sama klasa", names_)
    assert not polish_wrapped_names("należy do %(seat_gen)s, więc %(seat)s wygrywa", names_)
    assert not polish_wrapped_names("naciśnij „%(play_button)s”", names_)
    assert not polish_wrapped_names("z rodziny „%(family)s”", names_ | {"family"})
    assert not polish_wrapped_names("Jedna nazwa karty: „%(plum)s”.", names_)
    assert not polish_wrapped_names("wychodzi kością %(plum)s", names_)


def polish_wrapped_name_problems(messages: Iterator[tuple[str, Message]]) -> list[str]:
    problems = []
    for domain, msg in messages:
        placeholders = (name_placeholders(msg) | SEAT_PLACEHOLDERS) - {"game"} - {
            m.group(1) for c in msg.auto_comments if (m := INDECLINABLE.match(c))}
        for text in _strings(msg):
            problems += [f"{domain} {msg.context!r}: {p} | {text}" for p in polish_wrapped_names(text, placeholders)]
    return problems


def test_no_polish_message_wraps_a_name_it_could_decline(app) -> None:
    problems = polish_wrapped_name_problems(catalog_messages("pl"))
    assert not problems, f"{len(problems)} places:\n" + "\n".join(problems)


# What the Polish readers of issue 50 flagged, besides the names: a title no native would write, a
# chess term for a game's situation, the present tense of an event under "previous" (the third
# read), the telegraphic «Poprzednia lewa – Północy.» (the fourth), one set named two ways.
POLISH_FLAGGED = {
    ("core", None, "Learn and play %(games)s"): r"^Poznaj %\(games\)s i zagraj$",
    ("core", None, "Find the best play in a real position."): r"pozycji",
    ("play", "play", "Previous round: %(player)s won it."): r"wygrywa|–",
    ("play", "play", "Previous trick: %(player)s won it."): r"bierze|–",
    ("play", "play", "Previous round: you won it."): r"–",
    ("play", "play", "Previous trick: you won it."): r"–",
}


def test_polish_sentences_the_reader_flagged_are_rewritten(app) -> None:
    found = {(domain, msg.context, msg.id): msg.string for domain, msg in catalog_messages("pl")}
    for key, old in POLISH_FLAGGED.items():
        assert key in found, key
        assert not re.search(old, found[key]), (key, found[key])
    # a set is named one way: «czwórką», never «zestawem „Czwórka”»
    sets = [text for (_, _, _), text in found.items() if isinstance(text, str) and re.search(r"zestaw\w* „", text)]
    assert not sets, sets
    with app.test_request_context("/pl/"), force_locale("pl"):
        # a state, not an event («ma», no gender), and the name in the nominative: a friend's own
        # name («Ana Maria») has no genitive, so «dla %(player_gen)s» would read «dla Ana Maria»
        assert pgettext("play", "Previous round: %(player)s won it.",
                        player=str(names.vocabulary("chuo-pai").seats["East"])) == "Poprzednią rundę ma Wschód."
        assert pgettext("play", "Previous trick: %(player)s won it.",
                        player="Ana Maria") == "Poprzednią lewę ma Ana Maria."


def test_every_name_message_has_its_forms_messages() -> None:
    """In the templates, beside each name (context "chuo-pai tile" …) a message per form some
    language declares and its gender (context "chuo-pai tile, accusative" …), so a translator meets
    them together; no other message has a form's context."""
    keys = set()
    for domain in DOMAINS:
        with (TRANSLATIONS / f"{domain}.pot").open("rb") as f:
            keys |= {(m.context, m.id) for m in read_po(f) if m.id}
    wanted = catalogs.declared_forms()
    assert set(wanted) == {*(f for language in LANGUAGES for f in language.forms), GENDER}
    name_keys = set(names.name_messages())
    assert {("chuo-pai tile", "Long Three"), ("seat", "Ana"), ("play seat", "East")} <= name_keys
    forms = {(form_context(ctx, form), msgid) for ctx, msgid in name_keys for form in wanted}
    assert forms <= keys
    suffixes = tuple(form_context("", form) for form in (*FORMS, GENDER))
    assert {(ctx, msgid) for ctx, msgid in keys if ctx and ctx.endswith(suffixes)} == forms


# Polish: a family, suit or set kind named inside a sentence is a label in quotes («z rodziny
# „Długa”», «kolor „Cywilny”»), or the common noun in lower case («para cywilna»); the capitalised
# name stands only as a label of its own («Rodzina Długa.», «Rodzina: Długa»). Tile names are
# proper names (Długa Trójka, Czarna Dziewiątka) and stay capitalised.
POLISH_CATEGORY = re.compile(
    r"(?<=[a-ząćęłńóśźż,] )(?<!Rodzina )(?<!Kolor )"
    r"(Pojedyncz\w*|Para (cywil|wojsk|miesz)\w*|Trójk\w* miesz\w*|Czwórk\w*|Cywiln\w*|Wojskow\w*|"
    r"Dług(a|iej|ą)|Czarn(a|ej|ą)|Czerwon(a|ej|ą)|Specjaln(a|ej|ą))\b(?!\s+(Trójk|Dziewiąt|Siódem|Piąt|Ósem))")


def test_polish_pages_write_category_names_as_labels(app) -> None:
    assert POLISH_CATEGORY.search("zajmuje drugie miejsce w rodzinie Długiej")
    assert POLISH_CATEGORY.search("w dwóch kolorach: kolor Cywilny to")
    assert POLISH_CATEGORY.search("z dwóch rodzin Czarnej i Czerwonej")
    assert not POLISH_CATEGORY.search("w rodzinie „Długa”, zaś karta Długa Trójka")
    problems = []
    client = app.test_client()
    pages = {path: client.get(path).get_data(as_text=True)
             for path in ["/pl/glossary", *(f"/pl/{game}/rules" for game in names.GAME_NAMES)]}
    with app.test_request_context("/pl/"), force_locale("pl"):
        from paiyou.puzzles.texts import render_text

        pages |= {text.ctx: str(render_text(text)) for text in _lesson_texts()}
    for where, html in pages.items():
        # the «✗ Not allowed» mark is a label of its own, then the caption's sentence starts
        html = re.sub(r'<span class="wrong-mark">(?:<span[^>]*>[^<]*</span>)?[^<]*</span>', " | ", html)
        html = re.sub(r"</?(?:span|strong|b|em|i|bdi|a)(?:\s[^>]*)?>", "", html)
        plain = re.sub(r"<[^>]+>", " | ", html)  # the text of two blocks is not one phrase
        problems += [f"{where}: {plain[max(0, m.start() - 40):m.end() + 10]}" for m in POLISH_CATEGORY.finditer(plain)]
    assert not problems, "\n".join(problems)


# Arabic and Persian: the names do not decline, but what joins them must not break them. Arabic
# names carry the article (القط), so «لـ» never joins one («لالقط»: write «لورقة %(cat)s» or
# «إلى»); Persian never glues a suffix to a name («%(nail)sها»: «کارت‌های %(nail)s»).
JOINED_TO_A_NAME = {
    "ar": lambda name: rf"(?<![\u0600-\u06ff])لـ?{name}",
    "fa": lambda name: rf"{name}\u200c?(?:ها|های|ای|اش)(?![\u0600-\u06ff])",
}


@pytest.mark.parametrize("lang", sorted(JOINED_TO_A_NAME))
def test_nothing_is_glued_to_a_name(app, lang: str) -> None:
    assert re.search(JOINED_TO_A_NAME[lang](r"%\(a\)s"), {"ar": "لـ%(a)s", "fa": "%(a)s‌ها"}[lang])
    problems = []
    for domain, msg in catalog_messages(lang):
        placeholders = name_placeholders(msg)
        if not placeholders:
            continue
        name = r"%\((?:" + "|".join(map(re.escape, sorted(placeholders))) + r")(?:_obl)?\)s"
        pattern = re.compile(JOINED_TO_A_NAME[lang](name))
        problems += [f"{domain} {msg.context!r}: {text}" for text in _strings(msg) if pattern.search(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE])
def test_every_message_naming_a_game_writes_the_games_own_name(app, lang: str) -> None:
    """A message whose English names a game writes that game's name as the language's catalog does
    (``paiyou.i18n.names.game_name``): one spelling per game (the sources pages once wrote «تيان غاو»
    where every other page says «تين غاو»)."""
    from paiyou.registry import GAME_KEYS

    with app.test_request_context(), force_locale(lang):
        own = {key: str(names.game_name(key)) for key in GAME_KEYS}
        with force_locale(DEFAULT_LANGUAGE):
            english = {key: str(names.game_name(key)) for key in GAME_KEYS}
    # A name in Latin letters may be declined (Polish «W Wysoką kość gra się…»): each word's stem
    # then stands for it; a name in another script is written whole.
    def written(key: str, text: str) -> bool:
        name = own[key]
        if not name.isascii() and not all(ch.isalpha() and ch < "\u0250" or not ch.isalpha() for ch in name):
            return name in text
        return all(word[:max(3, len(word) - 2)] in text for word in name.split())

    problems = []
    for domain, msg in catalog_messages(lang):
        if msg.context and msg.context.endswith(form_context("", GENDER)):
            continue  # a name's gender, not a sentence
        ids = (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
        for key, name in english.items():
            if any(name in i for i in ids) and not all(written(key, text) for text in _strings(msg) if text):
                problems.append(f"{domain} {msg.context!r}: {own[key]} | {_strings(msg)[0][:90]}")
    assert not problems, f"{len(problems)} messages:\n" + "\n".join(problems)
