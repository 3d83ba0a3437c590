"""One term per concept in every language: translations/terms.toml against every catalog.

For each concept of the termbase, every message whose English uses the concept (its ``en``
patterns) must render it with one of the language's chosen forms, in every plural form; the
forms the review replaced (``avoid``) appear in no message of that language. Exceptions are listed,
with their reason, at the end of terms.toml. The checker itself is tested on a deliberately
inconsistent catalog, so a termbase that checks nothing cannot pass.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.i18n import catalogs

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
TERMBASE = TRANSLATIONS / "terms.toml"
LANGS = tuple(code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE)
DOMAINS = tuple(catalogs.domains(TRANSLATIONS))
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]")


@dataclass(frozen=True)
class Concept:
    name: str
    english: tuple[re.Pattern[str], ...]
    forms: dict[str, tuple[re.Pattern[str], ...]]
    avoid: dict[str, tuple[re.Pattern[str], ...]]


def load_termbase(text: str) -> tuple[list[Concept], set[tuple[str, str, str]]]:
    data = tomllib.loads(text)
    exceptions = {(e["concept"], e["lang"], e["msgid"]) for e in data.pop("exception", [])}
    for e in tomllib.loads(text).get("exception", []):
        assert e.get("why"), f"exception without a reason: {e}"
    concepts = []
    for name, entry in data.items():
        concepts.append(Concept(
            name=name,
            english=tuple(re.compile(p, re.I) for p in entry["en"]),
            forms={lang: tuple(re.compile(p, re.I) for p in entry[lang]) for lang in LANGS},
            avoid={lang: tuple(re.compile(p) for p in entry.get("avoid", {}).get(lang, ()))
                   for lang in LANGS},
        ))
    return concepts, exceptions


def _ids(msg: Message) -> tuple[str, ...]:
    return (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)


def _strings(msg: Message) -> tuple[str, ...]:
    return (msg.string,) if isinstance(msg.string, str) else tuple(msg.string)


def term_problems(concepts: list[Concept], exceptions: set[tuple[str, str, str]], lang: str,
                  messages: list[Message]) -> list[str]:
    """Every message of ``lang`` that renders a concept another way, or uses an avoided form."""
    problems = []
    for msg in messages:
        if not msg.id:
            continue
        english = " ".join(PLACEHOLDER.sub(" ", i) for i in _ids(msg))
        singular = _ids(msg)[0]
        for concept in concepts:
            texts = [(PLACEHOLDER.sub(" ", s), s) for s in _strings(msg)]
            for pattern in concept.avoid[lang]:
                for bare, text in texts:
                    if pattern.search(bare):
                        problems.append(f"{concept.name}: avoided form {pattern.pattern!r} in {singular!r}: {text!r}")
            if not any(p.search(english) for p in concept.english):
                continue
            if {(concept.name, lang, singular), (concept.name, "*", singular)} & exceptions:
                continue
            for bare, text in texts:
                if not any(f.search(bare) for f in concept.forms[lang]):
                    problems.append(f"{concept.name}: {singular!r} -> {text!r}")
    return problems


def catalog_messages(lang: str) -> list[Message]:
    messages = []
    for domain in DOMAINS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            messages += [m for m in read_po(f) if m.id]
    return messages


@pytest.fixture(scope="module")
def termbase() -> tuple[list[Concept], set[tuple[str, str, str]]]:
    return load_termbase(TERMBASE.read_text(encoding="utf-8"))


def test_termbase_covers_the_concepts(termbase) -> None:
    concepts, _ = termbase
    names = {c.name for c in concepts}
    assert {"deal", "hand", "trick", "round", "lead", "play", "set", "pile", "pillar", "banker",
            "pass", "face_down", "capture", "suit", "family", "civil", "military",
            "supreme"} <= names
    assert any(c.name.startswith("cp_") for c in concepts) and any(c.name.startswith("tg_") for c in concepts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_uses_the_termbase(termbase, lang: str) -> None:
    concepts, exceptions = termbase
    problems = term_problems(concepts, exceptions, lang, catalog_messages(lang))
    assert not problems, f"{len(problems)} messages:\n" + "\n".join(problems)


def test_every_exception_is_still_needed(termbase) -> None:
    concepts, exceptions = termbase
    by_name = {c.name: c for c in concepts}
    for concept_name, lang, msgid in exceptions:
        assert concept_name in by_name, concept_name
        langs = LANGS if lang == "*" else (lang,)
        needed = False
        for code in langs:
            for msg in catalog_messages(code):
                if msg.id and _ids(msg)[0] == msgid:
                    if term_problems([by_name[concept_name]], set(), code, [msg]):
                        needed = True
        assert needed, f"exception no longer needed: {concept_name} / {lang} / {msgid!r}"


def test_tile_names_match_the_glossary(termbase) -> None:
    """The termbase's tile and card names are the glossary's (the core catalog's tile messages)."""
    concepts, _ = termbase
    data = tomllib.loads(TERMBASE.read_text(encoding="utf-8"))
    TILES = {name: (entry["tile"], entry["game"]) for name, entry in data.items() if "tile" in entry}
    assert len(TILES) == 38  # 21 Chuo Pai cards, 17 Tien Gow names
    for lang in LANGS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / "core.po").open("rb") as f:
            core = read_po(f)
        for concept in concepts:
            if not concept.name.startswith(("cp_", "tg_")):
                continue
            tile, game = TILES[concept.name]
            message = core.get(tile, context=f"{game} tile")
            assert message is not None, (concept.name, tile)
            assert any(f.fullmatch(message.string) for f in concept.forms[lang]), \
                (lang, concept.name, message.string)


def test_the_checker_finds_an_inconsistent_message() -> None:
    termbase = load_termbase("""
[trick]
en = ['\\btricks?\\b']
ar = ['أكل']
avoid.ar = ['حيل']
hi = ['हाथ']
fa = ['دست']
pl = ['lew']

[[exception]]
concept = "trick"
lang = "pl"
msgid = "Tricks won"
why = "a test"
""")
    catalog = Catalog(locale="ar")
    catalog.add("Win the last trick.", "افز بالأكلة الأخيرة.")
    catalog.add("Each trick has a leader.", "لكل حيلة مفتتح.")             # the calque
    catalog.add(("%(count)s trick", "%(count)s tricks"), ("لا أكلات", "أكلة واحدة", "أكلتان", "%(count)s أكلات",
                                     "%(count)s أكلة", "%(count)s جولة"))  # one form strays
    catalog.add("A ruse.", "حيلة.")                                          # avoided anywhere
    catalog.add("Tricked you", "خدعتك")                                       # word boundary: no trick
    problems = term_problems(*termbase, "ar", list(catalog))
    assert len(problems) == 4, problems
    assert any("avoided form" in p and "A ruse." in p for p in problems)
    assert any("%(count)s جولة" in p for p in problems)
    assert not any("Win the last trick" in p for p in problems)

    polish = Catalog(locale="pl")
    polish.add("Tricks won", "Wygrane")          # an exception: no problem
    polish.add("Tricks lost", "Przegrane")       # not an exception
    assert term_problems(*termbase, "pl", list(polish)) == ["trick: 'Tricks lost' -> 'Przegrane'"]


# -- register: two style decisions of the review, guarded like the terms ------------------------

POLISH_YOUR = re.compile(r"\b(Twój|Twoja|Twoje|Twoim|Twojej|Twoją|Twoich|Twojego|Twojemu|Twoi)\b")
# Persian addresses the reader in the formal plural; these informal singular imperatives were the
# ones the review found on buttons (ببر, بده, کن, بینداز …).
PERSIAN_INFORMAL = re.compile(
    r"(?<![\u0600-\u06ff\u200c])(بده|بزن|کن|ببر|بگیر|بینداز|ببین|بخوان)(?![\u0600-\u06ff\u200c])")


def polish_capitalised_you(text: str) -> list[str]:
    """'Twój' and its forms in capitals anywhere but at the start of a sentence."""
    found = []
    for match in POLISH_YOUR.finditer(text):
        before = text[:match.start()]
        if before.strip(" *„\"") and not re.search(r"[.!?]\**\s*$", before):
            found.append(match.group(0))
    return found


def test_polish_writes_twoj_in_lower_case_inside_a_sentence() -> None:
    assert polish_capitalised_you("Nic w Twojej ręce") == ["Twojej"]
    assert polish_capitalised_you("Twój ruch: zagraj. Twoja kolej.") == []
    problems = [s for m in catalog_messages("pl") for s in _strings(m) if polish_capitalised_you(s)]
    assert not problems, problems


def test_persian_uses_the_formal_register() -> None:
    assert PERSIAN_INFORMAL.search("نشان بده") and not PERSIAN_INFORMAL.search("نشان بدهید")
    problems = [s for m in catalog_messages("fa") for s in _strings(m) if PERSIAN_INFORMAL.search(s)]
    assert not problems, problems
