"""One term per concept in every language: translations/terms.toml against every catalog.

For each concept of the termbase, every message whose English uses the concept (its ``en``
patterns) must render it with one of the language's chosen forms, in every plural form; the
forms the review replaced (``avoid``) appear in no message of that language, and the forms of a
neighbouring concept (``not_here``: "the winning play" for "a play that beats") in none of the
messages that use this one. Exceptions are listed,
with their reason, at the end of terms.toml. The checker itself is tested on a deliberately
inconsistent catalog, so a termbase that checks nothing cannot pass.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from paiyou.config import DEFAULT_LANGUAGE, GENDER, LANGUAGE_CODES
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
    forms: dict[str, tuple[re.Pattern[str], ...]]  # a concept may settle only some languages
    avoid: dict[str, tuple[re.Pattern[str], ...]]
    # another concept's forms, refused only in the messages that use this one
    not_here: dict[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)


def load_termbase(text: str) -> tuple[list[Concept], set[tuple[str, str, str]]]:
    data = tomllib.loads(text)
    exceptions = {(e["concept"], e["lang"], e["msgid"]) for e in data.pop("exception", [])}
    data.pop("words", None)  # the page tests' words (language_words), not a concept
    for e in tomllib.loads(text).get("exception", []):
        assert e.get("why"), f"exception without a reason: {e}"
    concepts = []
    for name, entry in data.items():
        concepts.append(Concept(
            name=name,
            english=tuple(re.compile(p, re.I) for p in entry["en"]),
            forms={lang: tuple(re.compile(p, re.I) for p in entry[lang]) for lang in LANGS
                   if lang in entry},
            avoid={lang: tuple(re.compile(p) for p in entry.get("avoid", {}).get(lang, ()))
                   for lang in LANGS},
            not_here={lang: tuple(re.compile(p) for p in entry.get("not_here", {}).get(lang, ()))
                      for lang in LANGS},
        ))
    return concepts, exceptions


def language_words() -> dict[str, dict[str, str]]:
    """Each language's ``[words.<lang>]`` of the termbase: the words the page tests look for."""
    words: dict[str, dict[str, str]] = tomllib.loads(TERMBASE.read_text(encoding="utf-8"))["words"]
    return words


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
            if lang not in concept.forms or not any(p.search(english) for p in concept.english):
                continue
            if {(concept.name, lang, singular), (concept.name, "*", singular)} & exceptions:
                continue
            for bare, text in texts:
                if not any(f.search(bare) for f in concept.forms[lang]):
                    problems.append(f"{concept.name}: {singular!r} -> {text!r}")
                problems += [f"{concept.name}: another concept's form {p.pattern!r} in {singular!r}: {text!r}"
                             for p in concept.not_here.get(lang, ()) if p.search(bare)]
    return problems


def catalog_messages(lang: str) -> list[Message]:
    messages = []
    for domain in DOMAINS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            # a name's gender ("chuo-pai tile, gender": m, f, n) is grammar, not a rendering of it
            messages += [m for m in read_po(f) if m.id and not (m.context or "").endswith(", " + GENDER)]
    return messages


@pytest.fixture(scope="module")
def termbase() -> tuple[list[Concept], set[tuple[str, str, str]]]:
    return load_termbase(TERMBASE.read_text(encoding="utf-8"))


def test_termbase_covers_the_concepts(termbase) -> None:
    concepts, _ = termbase
    names = {c.name for c in concepts}
    assert {"deal", "hand", "trick", "round", "lead", "play", "set", "pile", "pillar", "banker",
            "pass", "face_down", "capture", "suit", "family", "civil", "military",
            "supreme", "strictly", "immediate", "legal", "request_body", "step", "reset",
            "try_again", "page", "head", "beat", "rules", "record", "commitment", "replay"} <= names
    assert any(c.name.startswith("cp_") for c in concepts) and any(c.name.startswith("tg_") for c in concepts)


# The game concepts every language settles: a language added to LANGUAGE_CODES with no terms (or
# only some) fails here instead of passing with nothing checked. Tile and card names (the entries
# with a ``tile``) are required too.
EVERY_LANGUAGE_SETTLES = frozenset({
    "deal", "hand", "trick", "round", "lead", "play", "set", "pile", "pillar", "banker", "pass",
    "face_down", "capture", "suit", "family", "civil", "military", "supreme", "strictly",
    "immediate", "legal"})


def unsettled(concepts: list[Concept], lang: str, tiles: set[str]) -> list[str]:
    """The required concepts (``EVERY_LANGUAGE_SETTLES`` and every tile) with no form in ``lang``."""
    return sorted(c.name for c in concepts
                  if (c.name in EVERY_LANGUAGE_SETTLES or c.name in tiles) and lang not in c.forms)


def tile_concepts() -> set[str]:
    data = tomllib.loads(TERMBASE.read_text(encoding="utf-8"))
    return {name for name, entry in data.items() if isinstance(entry, dict) and "tile" in entry}


def test_a_language_with_no_terms_fails() -> None:
    concepts, _ = load_termbase(TERMBASE.read_text(encoding="utf-8"))
    assert EVERY_LANGUAGE_SETTLES <= {c.name for c in concepts}
    bare = [Concept(c.name, c.english, {k: v for k, v in c.forms.items() if k != "pl"}, c.avoid)
            for c in concepts]
    assert set(unsettled(bare, "pl", tile_concepts())) == EVERY_LANGUAGE_SETTLES | tile_concepts()
    assert unsettled(concepts, "pl", tile_concepts()) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_uses_the_termbase(termbase, lang: str) -> None:
    concepts, exceptions = termbase
    missing = unsettled(concepts, lang, tile_concepts())
    assert not missing, f"{lang} settles no form for {len(missing)} concepts: {missing}"
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


def test_every_language_has_its_page_words() -> None:
    words = language_words()
    assert set(words) == set(LANGUAGE_CODES), "translations/terms.toml: one [words.<lang>] each"
    for lang, entry in words.items():
        assert set(entry) == {"cards", "tiles", "automatic"} and all(entry.values()), lang


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

POLISH_YOUR = re.compile(r"\b(Twój|Twoja|Twoje|Twoim|Twojej|Twoją|Twoich|Twojego|Twojemu|Twoi|"
                         r"Ci|Cię|Ciebie|Tobie|Tobą)\b")
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
    assert polish_capitalised_you("Nie wolno Ci pasować.") == ["Ci"]
    problems = [s for m in catalog_messages("pl") for s in _strings(m) if polish_capitalised_you(s)]
    assert not problems, problems


# A past tense or conditional in the second person singular has a gender (rozpocząłeś / rozpoczęłaś,
# wybrałbyś): the reader's is unknown, so Polish says it impersonally (rozpoczęto) or in the present.
POLISH_GENDERED_YOU = re.compile(r"\b\w+(łeś|łaś|łbyś|łabyś)\b|\b\w*byś\s+\w+ł[aoy]?\b", re.I)


def test_polish_never_assumes_the_reader_s_gender() -> None:
    for gendered in ("W krótkim czasie rozpocząłeś wiele rozdań.", "Poprosiłaś o podpowiedź.",
                     "Czy wybrałbyś parę?", "Gdybyś zagrał parę…"):
        assert POLISH_GENDERED_YOU.search(gendered), gendered
    assert not POLISH_GENDERED_YOU.search("W krótkim czasie rozpoczęto bardzo wiele rozdań.")
    problems = [s for m in catalog_messages("pl") for s in _strings(m) if POLISH_GENDERED_YOU.search(s)]
    assert not problems, problems


def test_polish_takes_a_trick_and_wins_a_deal() -> None:
    """Polish players take a trick (brać lewę) and win a round or deal: the termbase refuses
    «wygrać lewę» in the forms the review replaced, and allows the chosen sentences."""
    concepts, exceptions = load_termbase(TERMBASE.read_text(encoding="utf-8"))
    for text in ("Bo wygrywa lewę.", "Kto wygra lewę, dostaje filar.", "Ostatnią lewę wygrano czwórką.",
                 "Zwycięzca ostatniej lewy zostaje bankierem.", "Wygrywasz Najwyższą parą."):
        assert term_problems(concepts, exceptions, "pl", [Message("A sentence.", text)]), text
    for text in ("Kto weźmie ostatnią lewę, wygrywa rozdanie.", "Bierzesz ostatnią lewę i wygrywasz rozdanie!",
                 "Zdobywca ostatniej lewy wygrywa rozdanie."):
        assert not term_problems(concepts, exceptions, "pl", [Message("Who wins the trick?", text)]), text


def test_persian_uses_the_formal_register() -> None:
    assert PERSIAN_INFORMAL.search("نشان بده") and not PERSIAN_INFORMAL.search("نشان بدهید")
    problems = [s for m in catalog_messages("fa") for s in _strings(m) if PERSIAN_INFORMAL.search(s)]
    assert not problems, problems


def test_the_label_after_each_trick_says_previous_not_last() -> None:
    """"Last trick" is the game's term for the deciding final trick (TG-12, TG-14): the label
    shown after every trick or round must not announce the deal's end mid-deal."""
    with (TRANSLATIONS / "play.pot").open("rb") as f:
        ids = [m.id for m in read_po(f) if isinstance(m.id, str)]
    assert "Previous trick: %(player)s won it." in ids and "Previous round: %(player)s won it." in ids
    assert not [i for i in ids if re.match(r"Last (trick|round): ", i)]


def test_strictly_higher_keeps_not_equal() -> None:
    """The forms the review replaced for "strictly higher" read "really / certainly higher" and
    lose the point (not equal): the termbase refuses them."""
    concepts, exceptions = load_termbase(TERMBASE.read_text(encoding="utf-8"))
    lost = {"hi": "चाल सचमुच ऊँची होनी चाहिए।", "ar": "يجب أن تكون الحركة أعلى قطعًا.",
            "fa": "حرکت باید حتماً بالاتر باشد."}
    for lang, text in lost.items():
        message = Message("Equal rank never beats: the play must be strictly higher.", text)
        assert term_problems(concepts, exceptions, lang, [message]), lang


# A verb or adjective that agrees with a placeholder naming a card, tile, play or seat, whose
# gender depends on the name substituted (القط / السماء, स्वर्ग / पृथ्वी, Bo / Ana): the
# translation must put a classifier noun before the name or avoid the finite verb (terms.toml).
AGREES_WITH_A_NAME = {
    "ar": re.compile(r"(?<!حركة )(?<!مجموعة )(?<!ورقة )(?<!قطعة )(?<!رتبة )"
                     r"%\((play|current|first|second|head|card)\)s"
                     r"(\s*و%\(\w+\)s)?\s+(تغلب|يغلب|تكوّن|يكوّن|تساوي|يساوي|متساويتان|متساويان)"),
    "hi": re.compile(r"%\((play|current|head|seat|leader)\)s(?! की चाल| का सेट| के सेट| पत्ता| टाइल| को| के)"
                     r",? [^।:;]{0,40}?(हराता|हराती|फेंकता|फेंकती|बनाता|बनाती) है"),
}


def test_no_agreement_with_a_substituted_name() -> None:
    assert AGREES_WITH_A_NAME["ar"].search("%(play)s تغلب %(current)s")
    assert not AGREES_WITH_A_NAME["ar"].search("حركة %(play)s تغلب حركة %(current)s")
    assert AGREES_WITH_A_NAME["hi"].search("%(seat)s इससे हराता है:")
    assert not AGREES_WITH_A_NAME["hi"].search("%(play)s की चाल %(current)s की चाल को हराती है")
    problems = []
    for lang, pattern in AGREES_WITH_A_NAME.items():
        for domain in ("puzzles", "play"):
            with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
                for msg in read_po(f):
                    problems += [(lang, s) for s in _strings(msg) if msg.id and pattern.search(s)]
    assert not problems, problems


# A seat in the play domain was a compass point; at a table with friends it can be a person's chosen
# name (Ana), so nothing may agree with it there either: no Arabic verb before it («فاز %(player)s»:
# «فازت آنا»), no Arabic pronoun after it, no masculine role noun in apposition («الفائز بها
# %(player)s»); no Polish past tense after it («%(player)s wygrał») or winner's noun before it
# («zwycięzca: %(player)s»). The one way to agree: a choice on the name (``%(player@فاز|فازت)s``), in
# a "play log" line, which is shown for the site's own names only; a line for a player's own name
# (context "play log, a player's own name", and every other message) has no choice either.
OWN_NAME_CONTEXT = "play log, a player's own name"
CHOICE_ON_A_PLAYER = re.compile(r"%\(players?@")
SEAT_AGREEMENT = {
    "ar": re.compile(r"(?<![\u0600-\u06ff])(فاز|افتتح|مرّر|مرر|رمى|يرمِ|لعب|أخذ|أضاف|يُضف|غلبها|تقاسم)"
                     r"\s+%\(players?\)s|%\(player\)s\s+(هو|هي|يفتتح|تفتتح)(?![\u0600-\u06ff])"
                     r"|الفائز\S*\s+(\S+\s+)?%\(player\)s"),
    "pl": re.compile(r"%\(player\)s\s+\w+ł[aoy]?\b|\b(zwycięzc|zwyciężczy|zdobywc)\w*\W{0,3}%\(player\)s"),
}


def test_nothing_agrees_with_a_seat_in_the_play_domain() -> None:
    assert SEAT_AGREEMENT["ar"].search("فاز %(player)s بالجولة.")
    assert SEAT_AGREEMENT["ar"].search("الجولة السابقة: الفائز بها %(player)s.")
    assert SEAT_AGREEMENT["ar"].search("%(player)s هو صاحب البنك.")
    assert not SEAT_AGREEMENT["ar"].search("الأكلة من نصيب %(player)s: عمود واحد.")
    assert SEAT_AGREEMENT["pl"].search("%(player)s wygrał rundę.")
    assert SEAT_AGREEMENT["pl"].search("Poprzednia lewa — zdobywca: %(player)s.")
    assert not SEAT_AGREEMENT["pl"].search("Poprzednia lewa: bierze ją %(player)s.")
    problems = []
    for lang, pattern in SEAT_AGREEMENT.items():
        with (TRANSLATIONS / lang / "LC_MESSAGES" / "play.po").open("rb") as f:
            for msg in read_po(f):
                problems += [(lang, s) for s in _strings(msg) if msg.id and pattern.search(s)]
    assert not problems, problems


def test_only_a_seats_log_line_agrees_with_its_name() -> None:
    """A gender choice on ``%(player)s`` only in the "play log" lines (a seat's name); every line
    for a player's own name has its twin there, with the same English."""
    found, own, seat = [], set(), set()
    for lang in LANGS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / "play.po").open("rb") as f:
            for msg in read_po(f):
                if not msg.id:
                    continue
                key = msg.id if isinstance(msg.id, str) else msg.id[0]
                if msg.context == OWN_NAME_CONTEXT:
                    own.add(key)
                elif msg.context == "play log":
                    seat.add(key)
                    continue
                found += [(lang, msg.context, s) for s in _strings(msg) if CHOICE_ON_A_PLAYER.search(s)]
    assert not found, found
    assert own and own <= seat, own - seat
