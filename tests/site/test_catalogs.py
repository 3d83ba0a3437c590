"""The gettext catalogs, every domain and language.

- No untranslated or fuzzy entry, no wrong number of plural forms, no placeholder mismatch
  (``Message.check``), no obsolete entry, in any ``.po``; every ``.po`` matches its ``.pot``.
- The Plural-Forms headers are each language's ``catalogs.plural_rule``, in every catalog of every
  language of ``paiyou.config.LANGUAGES``: Babel 2.18's (Arabic: 6 forms in Babel's order, Polish:
  3), or the one a language declares where Babel's table does not serve it (Persian: 2, CLDR's one
  and other, where the table has 1); ``i18n update`` keeps it.
- Every plural message renders the right form for n in 0, 1, 2, 3, 5, 11, 22, 100 in every
  language: the form Babel's rule picks, and in ar and pl the form checked by hand.
- The core domain's template is up to date with the code, and no English is left in it.
- Compiling merges every domain of a language into one messages.mo.
"""
from __future__ import annotations

import gettext
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from flask_babel import force_locale, ngettext, npgettext

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_BY_CODE, LANGUAGE_CODES, LANGUAGES
from paiyou.i18n import catalogs, declension
from paiyou.i18n.names import name_messages
from paiyou.i18n.typesetting import bind_single_letter_words
from paiyou.i18n.vocabulary import form_context

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
PO_FILES = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))
DOMAINS = catalogs.domains(TRANSLATIONS)
TRANSLATED = [code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE]

# The plural rules are Babel 2.18's gettext headers (toolchain.md, section 3) or a language's own
# (``Language.plural_forms``), as the committed catalogs hold them (``test_plural_forms_header``).
# Arabic: msgstr[4] is n%100 in 0..2 (100, 101, 102 …), msgstr[5] is 11..99 — not the GNU order;
# keep Babel pinned.
PLURAL_SAMPLES = (0, 1, 2, 3, 5, 11, 22, 100)
# The form of each sample, checked by hand against CLDR where the rule has more than two forms: a
# check on Babel's rule (data of a language, not a list of the languages).
EXPECTED_FORM = {
    "ar": {0: 0, 1: 1, 2: 2, 3: 3, 5: 3, 11: 5, 22: 5, 100: 4},
    "pl": {0: 2, 1: 0, 2: 1, 3: 1, 5: 2, 11: 2, 22: 1, 100: 2},
    # one alone says «یک»; 0 takes the other form (CLDR's one holds 0 too, which «یک» cannot say)
    "fa": {0: 1, 1: 0, 2: 1, 3: 1, 5: 1, 11: 1, 22: 1, 100: 1},
}
PLACEHOLDER = re.compile(r"%\((\w+)\)([sdif])")
FORM = declension.FORM_PLACEHOLDER  # %(<name>_<form>)s: a name's case form (paiyou.i18n.declension)
CHOICE = declension.CHOICE_PLACEHOLDER  # %(<name>@<word>|<word>…)s: the word agreeing with a name
WHOLE = declension.WHOLE_PLACEHOLDER  # %(<name>_whole)s: a name's whole title


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def plain(text: str) -> str:
    """``text`` with each ``%(<name>_<form>)s``, ``%(<name>@…)s`` and ``%(<name>_whole)s`` read as
    ``%(<name>)s``."""
    return WHOLE.sub(r"%(\1)", CHOICE.sub(r"%(\1)", FORM.sub(r"%(\1)", text)))


def without_forms(msg: Message) -> Message:
    """The message with each name's form and gender choice read as ``%(<name>)s``: they are filled
    from the same value (paiyou.i18n.declension), so Babel's placeholder check sees the name."""
    strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
    plain_strings = tuple(plain(text) for text in strings)
    return Message(msg.id, plain_strings if msg.pluralizable else plain_strings[0], flags=msg.flags,
                   context=msg.context)


def form_problems(lang: str, msg: Message) -> list[str]:
    """The forms and gender choices of ``msg``'s translation that ``lang`` cannot fill: a form it
    does not declare, a choice with another number of words than its genders, either on a
    placeholder the English message does not have."""
    language = LANGUAGE_BY_CODE[lang]
    ids = (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
    english = {name for i in ids for name in re.findall(r"%\((\w+)\)", i)}
    strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
    problems = []
    for text in strings:
        for name, form in FORM.findall(text):
            if f"{name}_{form}" in english:
                continue  # the English's own placeholder
            if form not in language.forms:
                problems.append(f"form {form!r} not declared: %({name}_{form})s")
            if name not in english:
                problems.append(f"no %({name})s in the English: %({name}_{form})s")
        for name, words in CHOICE.findall(text):
            if len(words.split(declension.CHOICE_SEPARATOR)) != len(language.genders):
                problems.append(f"{len(language.genders)} genders: %({name}@{words})s")
            if name not in english:
                problems.append(f"no %({name})s in the English: %({name}@{words})s")
        problems += [f"no %({name})s in the English: %({name}_whole)s"
                     for name in WHOLE.findall(text) if name not in english]
    return problems


def catalog_problems(path: Path) -> list[str]:
    cat = read(path)
    problems = ["header is fuzzy"] if cat.fuzzy else []
    for msg in cat:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        if msg.fuzzy:
            problems.append(f"fuzzy: {msg.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {msg.id!r}")
        if msg.pluralizable and len(strings) != cat.num_plurals:
            problems.append(f"{len(strings)} forms, expected {cat.num_plurals}: {msg.id!r}")
        problems += [f"{error}: {msg.id!r}" for error in without_forms(msg).check(cat)]
        problems += [f"{error}: {msg.id!r}" for error in form_problems(str(cat.locale), msg)]
    if cat.obsolete:
        problems.append(f"{len(cat.obsolete)} obsolete (#~) entries")
    return problems


def keys(cat: Catalog) -> set[tuple[str | None, str]]:
    def context(m) -> str | None:  # read_mo leaves contexts as bytes
        return m.context.decode() if isinstance(m.context, bytes) else m.context

    return {(context(m), m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}


def test_there_are_catalogs() -> None:
    assert "core" in DOMAINS
    for lang in TRANSLATED:
        assert (TRANSLATIONS / lang / "LC_MESSAGES" / "core.po").exists()


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_is_complete_and_consistent(path: Path) -> None:
    assert catalog_problems(path) == []


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_matches_its_template(path: Path) -> None:
    pot = TRANSLATIONS / f"{path.stem}.pot"
    assert pot.exists(), f"{path} has no template"
    lang = path.parts[-3]
    expected = {key for key in keys(read(pot)) if catalogs.in_language(lang, key[0])}
    assert keys(read(path)) == expected, "run 'flask --app paiyou i18n update'"


def test_a_language_has_only_the_forms_it_declares() -> None:
    """The forms' messages are in the template once per form some language declares; a language
    that declares none has none of them, Polish has its five cases and its genders."""
    core = keys(read(TRANSLATIONS / "core.pot"))
    assert ("chuo-pai tile, oblique", "Long Three") in core
    assert ("chuo-pai tile, accusative", "Long Three") in core and ("seat, genitive", "Ana") in core
    for lang in TRANSLATED:
        held = keys(read(TRANSLATIONS / lang / "LC_MESSAGES" / "core.po"))
        for form in catalogs.declared_forms():
            context = form_context("chuo-pai tile", form)
            assert ((context, "Long Three") in held) == (form in catalogs.declared_forms(lang)), (lang, form)


def test_the_form_checker() -> None:
    def problems(msgid: str, text: str, lang: str = "pl") -> list[str]:
        return form_problems(lang, Message(msgid, text))
    assert not problems("%(a)s beats %(b)s", "%(a)s %(a@przebił|przebiła|przebiło)s %(b_acc)s")
    assert problems("%(a)s beats %(b)s", "%(a)s %(a@przebił|przebiła)s %(b_acc)s")
    assert problems("%(a)s beats %(b)s", "%(a)s przebija %(b_obl)s")
    assert problems("%(a)s beats %(b)s", "%(a)s przebija %(c_acc)s")
    assert problems("%(a)s beats", "%(c@x|y|z)s")
    assert not problems("%(a)s ranks", "%(a_obl)s की रैंक", "hi")
    assert problems("%(a)s ranks", "%(a_acc)s की रैंक", "hi")
    assert not problems("%(x_loc)s", "%(x_loc)s", "ar")  # the English's own placeholder


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_plural_forms_header(path: Path) -> None:
    """Every catalog's header is its language's plural rule: CLDR's as Babel writes it, or the
    language's own declared one."""
    lang = path.parts[-3]
    cat = read(path)
    assert (cat.num_plurals, cat.plural_expr) == catalogs.plural_rule(lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_has_every_domains_catalog_with_its_plural_rule(lang: str) -> None:
    for domain in DOMAINS:
        po = TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po"
        assert po.exists(), f"{po.relative_to(ROOT)}: run 'flask --app paiyou i18n update'"
        cat = read(po)
        assert (cat.num_plurals, cat.plural_expr) == catalogs.plural_rule(lang), po


def test_a_language_declares_its_own_plural_rule_only_where_babels_differs() -> None:
    """Persian's two forms are a declared exception to Babel's gettext table (one form); every
    other language takes the table's rule."""
    assert (get_plural("fa").num_plurals, catalogs.plural_rule("fa")) == (1, (2, "(n != 1)"))
    for lang in TRANSLATED:
        rule = get_plural(lang)
        declared = LANGUAGE_BY_CODE[lang].plural_forms
        assert (declared is None) == (catalogs.plural_rule(lang) == (rule.num_plurals, rule.plural_expr)), lang


def test_an_update_keeps_a_languages_own_plural_rule(tmp_path: Path) -> None:
    """Merging the templates writes Persian's declared rule into a catalog that had Babel's, and
    gives each plural message its second form, empty until translated."""
    scratch = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, scratch, ignore=shutil.ignore_patterns("*.mo"))
    po = scratch / "fa" / "LC_MESSAGES" / "core.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace("nplurals=2; plural=(n != 1);", "nplurals=1; plural=0;")
    po.write_text(re.sub(r'\nmsgstr\[1\] "[^"]*"', "", text), encoding="utf-8")
    assert read(po).num_plurals == 1
    catalogs.update(scratch, only=["core"])
    cat = read(po)
    assert (cat.num_plurals, cat.plural_expr) == (2, "(n != 1)")
    assert all(len(m.string) == 2 and m.string[0] and not m.string[1] for m in cat if m.id and m.pluralizable)
    catalogs.update(scratch, only=["core"])  # an update of a catalog with the rule keeps it
    assert (read(po).num_plurals, read(po).plural_expr) == (2, "(n != 1)")


@pytest.mark.parametrize("lang", sorted(EXPECTED_FORM))
def test_the_plural_rule_picks_the_forms_checked_by_hand(lang: str) -> None:
    form = gettext.c2py(catalogs.plural_rule(lang)[1])
    assert {n: form(n) for n in PLURAL_SAMPLES} == EXPECTED_FORM[lang]


def test_core_template_is_up_to_date(tmp_path: Path) -> None:
    scratch = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, scratch, ignore=shutil.ignore_patterns("*.mo", "*.po"))
    catalogs.extract(scratch, only=["core"], root=ROOT, names=name_messages())
    assert keys(read(scratch / "core.pot")) == keys(read(TRANSLATIONS / "core.pot")), \
        "run 'flask --app paiyou i18n extract' then 'update'"


NATIVE_NAMES = {language.code: language.native_name for language in LANGUAGES}
# Words that stay as they are in Latin script: the brand and the games' own (romanised) names.
LATIN_ALLOWED = {"Paiyou"}
SAME_IN_POLISH = {"Chuo Pai", "Tien Gow", "Yao", "Tian Jiu", "Di Ba", "Ren Qi", "He Wu",
                  "Ana", "Bo", "Cy", "Chen", "Dev",  # the lessons' players
                  "%(name)s, %(notation)s", "Chuo Pai rules",
                  "Menu"}  # the Polish word is the English one


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_left_in_core(lang: str) -> None:
    cat = read(TRANSLATIONS / lang / "LC_MESSAGES" / "core.po")
    for msg in cat:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in strings:
            bare = PLACEHOLDER.sub("", text)
            for word in LATIN_ALLOWED:
                bare = bare.replace(word, "")
            if not re.search(r"[A-Za-z]", NATIVE_NAMES[lang]):  # a language not written in Latin letters
                assert not re.search(r"[A-Za-z]{2,}", bare), (msg.id, text)
            else:
                english = msg.id if isinstance(msg.id, str) else msg.id[0]
                assert text != english or english in SAME_IN_POLISH, (msg.id, text)


def test_persian_catalog_writes_persian_digits() -> None:
    cat = read(TRANSLATIONS / "fa" / "LC_MESSAGES" / "core.po")
    for msg in cat:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in strings:
            assert not re.search(r"[0-9]", PLACEHOLDER.sub("", text)), (msg.id, text)


def test_no_domain_contradicts_another() -> None:
    """A message in two domains must read the same in both (the core domain wins the merge)."""
    for lang in TRANSLATED:
        seen: dict[tuple[str | None, object], tuple[str, object]] = {}
        for domain in DOMAINS:
            po = TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po"
            if not po.exists():
                continue
            for msg in read(po):
                if not msg.id:
                    continue
                key = (msg.context, msg.id)
                if key in seen:
                    assert seen[key][1] == msg.string, (lang, key, seen[key][0], domain)
                seen[key] = (domain, msg.string)


def test_compile_merges_every_domain(translations_dir: Path) -> None:
    for lang in TRANSLATED:
        with (translations_dir / lang / "LC_MESSAGES" / "messages.mo").open("rb") as f:
            compiled = read_mo(f)
        expected: set[tuple[str | None, str]] = set()
        for domain in DOMAINS:
            po = translations_dir / lang / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                cat = read(po)
                done = Catalog()
                for m in cat:
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    if m.id and not m.fuzzy and all(strings):
                        done[m.id] = m
                expected |= keys(done)
        assert keys(compiled) == expected
        assert compiled.num_plurals == catalogs.plural_rule(lang)[0]  # the rule checked above


def test_the_cli_compiles(tmp_path: Path) -> None:
    from paiyou import create_app

    scratch = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, scratch, ignore=shutil.ignore_patterns("*.mo"))
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(scratch)})
    result = app.test_cli_runner().invoke(args=["i18n", "compile"])
    assert result.exit_code == 0, result.output
    assert sorted(p.parts[-3] for p in scratch.glob("*/LC_MESSAGES/messages.mo")) == sorted(TRANSLATED)


def plural_messages(translations_dir: Path, lang: str) -> list:
    return [m for m in catalogs.merged_catalog(translations_dir, lang) if m.id and m.pluralizable]


def sample_variables(msgid: str, n: int) -> dict[str, object]:
    return {name: (n if kind in "dif" else str(n)) for name, kind in PLACEHOLDER.findall(msgid)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_plural_message_renders_every_form(app, translations_dir: Path, lang: str) -> None:
    form_of = gettext.c2py(catalogs.plural_rule(lang)[1])  # the rule the catalogs' headers hold
    messages = plural_messages(translations_dir, lang)
    assert messages, "no plural message to check"
    for msg in messages:
        singular, plural = msg.id
        forms = msg.string
        if lang == "ar":
            # with a numeral Arabic has six forms to tell apart, without one three (one, two, more)
            writes_number = re.search(r"%\((count|num)\)", plural) is not None
            assert len(set(forms)) >= (4 if writes_number else 3), f"Arabic forms look copied: {forms}"
        for n in PLURAL_SAMPLES:
            variables = sample_variables(singular, n)
            variables.pop("num", None)
            with app.test_request_context(), force_locale(lang):
                if msg.context:
                    rendered = npgettext(msg.context, singular, plural, n, **variables)
                else:
                    rendered = ngettext(singular, plural, n, **variables)
                # a name's forms and choices are filled from the same value (paiyou.i18n.declension),
                # compiled with the language's typesetting (paiyou.i18n.typesetting)
                letters = LANGUAGE_BY_CODE[lang].single_letter_words
                form = bind_single_letter_words(forms[form_of(n)], letters)
                expected = form % declension.with_forms(form, {**variables, "num": n})
            assert rendered == expected, (lang, n, singular)
            english = (singular if n == 1 else plural) % {**variables, "num": n}
            assert rendered != english, (lang, n, singular)


def test_arabic_forms_read_right() -> None:
    """Spot checks of real text, so a swapped msgstr[4]/msgstr[5] would show."""
    cat = read(TRANSLATIONS / "ar" / "LC_MESSAGES" / "core.po")
    forms = cat.get(("%(count)s player", "%(count)s players")).string
    assert forms[1] == "لاعب واحد" and forms[2] == "لاعبان"
    assert forms[3] == "%(count)s لاعبين"   # 3..10
    assert forms[4] == "%(count)s لاعب"     # 100, 101, 102
    assert forms[5] == "%(count)s لاعبًا"   # 11..99


# Digits are never typed into a message: a number is a placeholder filled with the ``num`` filter
# (or numerals.format_number), so every page shows its own digits — the rule the rules texts'
# extractor already enforces ({x=n:…}). Exempt: tile notation (`1-2`, "6-6 4-5"), a code that is
# always written and read in ASCII.
NOTATION = re.compile(r"`[^`]*`|(?<![\w-])[0-9]-[0-9](?: [0-9]-[0-9])*(?![\w-])")


def typed_digits(text: str) -> list[str]:
    return re.findall(r"\d+", NOTATION.sub("", PLACEHOLDER.sub("", text)))


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_digits_typed_into_messages(domain: str) -> None:
    found = []
    for path in [TRANSLATIONS / f"{domain}.pot", *TRANSLATIONS.glob(f"*/LC_MESSAGES/{domain}.po")]:
        for msg in read(path):
            if not msg.id:
                continue
            ids = (msg.id,) if isinstance(msg.id, str) else msg.id
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            for text in (*ids, *(s for s in strings if s)):
                if typed_digits(text):
                    found.append(f"{path.relative_to(TRANSLATIONS)}: {text!r}")
    assert not found, "use a placeholder and |num:\n" + "\n".join(found)


def test_the_digit_guard_sees_every_script() -> None:
    assert typed_digits("Play 1 to 4 cards") == ["1", "4"]
    assert typed_digits("مثلاً ۴۲") == ["۴۲"] and typed_digits("من ٣") == ["٣"]
    assert typed_digits("%(count)s tiles such as `1-2` or \"6-6 4-5\"") == []


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_header_names_its_translator_and_review(path: Path) -> None:
    cat = read(path)
    assert cat.last_translator and "FULL NAME" not in cat.last_translator
    assert "EMAIL@ADDRESS" not in (cat.language_team or "")
    assert re.search(r"Reviewed by the Paiyou language team, \d{4}-\d{2}-\d{2}", cat.header_comment)
