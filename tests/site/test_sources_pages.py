"""Every rule shows its receipts (issue 49): ``content/sources/<game>.toml`` and the pages it feeds.

- Data: every rule a rules page states has exactly one receipt, every receipt names a rule of that
  page, and "corrected" and "disputed" receipts carry their detail (the card's words, their
  meaning and the reading adopted; the disputed point with what each source says and the
  default). The format is strict (``paiyou.content.sources``).
- The rules pages, in every language: each rule has a badge and a fold (``<details>``, no script)
  naming the cards and sources, the corrections with the card's own words in its language, and a
  link to the disputed point.
- The "Sources and variants" page of each game with sources, in every language: the sources, the
  disputed points (Tien Gow's with the engine's four table options, in the engine's order, and
  their effect as the benchmark measured it), the cards' corrections and every rule's receipt;
  linked from the rules page, listed in the sitemap; a game whose room declares no sources has no
  such page.
- Each option cites the sources of the one position of its dispute that it plays
  (``plays_option``, issue 50), by their names and in the page's language, never the engine's
  English notes.
- Every message of the sources is translated in every language.
- A place cited in an English work (``where``) is a message, shown in the page's language after the
  work's ``<cite>`` and a colon outside it; a place in a Chinese work is the work's own term, shown as
  written and marked ``lang="zh"`` (issue 50, the ar and hi reads). A work's title carries no English
  description of it.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.games import game as game_rules
from paiyou import create_app, registry
from paiyou.config import LANGUAGE_CODES
from paiyou.content import rules as rules_content
from paiyou.content import sources as sources_content
from paiyou.content.extract import extract_sources
from paiyou.i18n import catalogs
from paiyou.i18n.typesetting import typeset
from paiyou.registry import GAME_KEYS
from tests.site.test_rules_pages import main_of, tree

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
TRANSLATIONS = ROOT / "translations"
WITH_SOURCES = tuple(game for game in GAME_KEYS if sources_content.has_sources(game))
WITHOUT_SOURCES = tuple(game for game in GAME_KEYS if game not in WITH_SOURCES)
# Issue 49: Tien Gow's disputed rules as table options, each off by default and backed by a source.
# In the engine's order (engine/tien_gow/variants.py OPTIONS), which the page follows.
TIEN_GOW_OPTIONS = ("hk-banker-excess", "no-early-death", "pure-pairs", "rising-banker")


@pytest.fixture(scope="module")
def sources_app(tmp_path_factory: pytest.TempPathFactory):
    translations = tmp_path_factory.mktemp("sources") / "translations"
    shutil.copytree(TRANSLATIONS, translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations)})


@pytest.fixture(scope="module")
def pages(sources_app) -> dict[tuple[str, str, str], str]:
    client = sources_app.test_client()
    out = {}
    for lang in LANGUAGE_CODES:
        for game in WITH_SOURCES:
            for page in ("rules", "sources"):
                response = client.get(f"/{lang}/{game}/{page}")
                assert response.status_code == 200, (lang, game, page)
                out[lang, game, page] = response.get_data(as_text=True)
    return out


def receipts(game: str) -> sources_content.Sources:
    return sources_content.load(CONTENT, game)


# --- the data ------------------------------------------------------------------------------------


def test_chuo_pai_and_tien_gow_have_sources() -> None:
    assert {"chuo-pai", "tien-gow"} <= set(WITH_SOURCES)


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_every_rule_on_the_rules_page_has_a_receipt_and_every_receipt_names_one(game: str) -> None:
    stated = rules_content.load(CONTENT, game).rules()
    assert sorted(receipts(game).receipts) == sorted(stated)


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_corrected_and_disputed_receipts_carry_their_detail(game: str) -> None:
    found = receipts(game)
    for receipt in found.receipts.values():
        assert receipt.status in sources_content.STATUSES
        if receipt.status == "corrected":
            assert receipt.corrections, receipt.rule
        if receipt.status == "disputed":
            assert receipt.disputes, receipt.rule
        if receipt.status == "agreed":
            assert receipt.citations, receipt.rule
        for cid in receipt.corrections:
            correction = found.corrections[cid]
            assert correction.quotes and correction.meaning.msgid and correction.adopted.msgid
            assert all(found.sources[q.card].card and q.text for q in correction.quotes)
            assert receipt.rule in correction.rules
        for did in receipt.disputes:
            dispute = found.disputes[did]
            assert len(dispute.positions) >= 2 and dispute.default.msgid
    for correction in found.corrections.values():  # each correction belongs to the rules it fixes
        assert all(correction.id in found.receipts[rule].corrections for rule in correction.rules)


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_a_cards_quote_is_in_the_cards_own_language(game: str) -> None:
    scripts = {"ar": r"[\u0600-\u06ff]", "fa": r"[\u0600-\u06ff]", "hi": r"[\u0900-\u097f]",
               "pl": r"[A-Za-ząćęłńóśźżĄĆĘŁŃÓŚŹŻ]"}
    found = receipts(game)
    for correction in found.corrections.values():
        for quote in correction.quotes:
            language = found.sources[quote.card].card
            assert re.search(scripts[language], quote.text), (correction.id, quote.text)


def test_tien_gow_lists_the_issues_four_options_each_with_its_sources() -> None:
    found = receipts("tien-gow")
    assert tuple(option.key for option in found.options) == TIEN_GOW_OPTIONS
    for option in found.options:
        dispute = found.disputes[option.dispute]
        assert dispute.option == option.key
        assert any(not found.sources[s].card for p in dispute.positions for s in p.sources), option.key
        (played,) = [p for p in dispute.positions if p.plays_option]
        assert option.position == played and all(not found.sources[s].card for s in played.sources)
    assert not any(p.plays_option for d in found.disputes.values() if not d.option for p in d.positions)
    assert receipts("chuo-pai").options == ()  # no source gives Chuo Pai one


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_the_sources_options_are_the_engines_in_its_order(game: str) -> None:
    """One list of options: the engine's (keys, rules), each answering one dispute and citing the
    sources of the position it plays."""
    found = receipts(game)
    engine = game_rules(game).variant_options
    listed = sources_content.table_options(found)
    assert [o["key"] for o in listed] == [o.key for o in engine]
    assert [o["rule"] for o in listed] == [o.rule.lower() for o in engine]
    for o in listed:
        (played,) = [p for p in found.disputes[str(o["dispute"])].positions if p.plays_option]
        assert (o["sources"], o["says"]) == (played.sources, played.says)
    assert all(o["words"] == str(registry.room(game).options[str(o["key"])]) for o in listed)


TIEN_GOW_TEXT = (CONTENT / "sources" / "tien-gow.toml").read_text(encoding="utf-8")


# hk-banker-excess's dispute: the mark on the Hong Kong rule's position, and the card's position
PLAYED = ('plays_option = true\nsources = ["wikipedia-zh"]\n', 'sources = ["wikipedia-zh"]\n')
CARDS = ('[[dispute.position]]\nsources = ["card-ar"]\nsays = "Every base payment',
         '[[dispute.position]]\nplays_option = true\nsources = ["card-ar"]\nsays = "Every base payment')


def edited(*edits: tuple[str, str]) -> str:
    text = TIEN_GOW_TEXT
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("edits, problem", [
    ((('option = "hk-banker-excess"', 'option = "house-rule"'),), "'house-rule' is not one of the engine's"),
    ((('option = "hk-banker-excess"\n', ''), PLAYED),  # the option and the mark on its position
     r"no dispute names the engine's options \['hk-banker-excess'\]"),
    ((('option = "hk-banker-excess"', 'option = "pure-pairs"'),), "'pure-pairs' already answers"),
])
def test_options_the_content_and_the_engine_disagree_on_are_refused_at_load(edits: tuple[tuple[str, str], ...],
                                                                            problem: str) -> None:
    with pytest.raises(sources_content.ContentError, match=problem):
        sources_content.parse(edited(*edits), "tien-gow")


@pytest.mark.parametrize("edits, problem", [
    ((PLAYED,), r"exactly one position plays option 'hk-banker-excess'; 0 say so"),
    ((CARDS,), r"exactly one position plays option 'hk-banker-excess'; 2 say so"),
    ((("plays_option = true\nsources = [\"wikipedia-zh\"]", "plays_option = 1\nsources = [\"wikipedia-zh\"]"),),
     "'plays_option' must be true or false"),
])
def test_an_options_dispute_with_no_or_several_played_positions_is_refused(edits, problem: str) -> None:
    with pytest.raises(sources_content.ContentError, match=problem):
        sources_content.parse(edited(*edits), "tien-gow")


def test_the_option_cites_the_position_the_mark_is_on() -> None:
    """Moving the mark to the card's position makes the option cite the card: the page's list
    follows the data, not the engine's notes."""
    options = {o.key: o for o in sources_content.parse(edited(PLAYED, CARDS), "tien-gow").options}
    assert options["hk-banker-excess"].position.sources == ("card-ar",)
    assert options["no-early-death"].position.sources == ("navpil", "navpil-code")


def test_a_position_marked_in_a_dispute_without_an_option_is_refused() -> None:
    assert GOOD.count('sources = ["work"]') == 1
    marked = GOOD.replace('sources = ["work"]', 'plays_option = true\nsources = ["work"]')
    with pytest.raises(sources_content.ContentError, match="plays an option, but the dispute names none"):
        sources_content.parse(marked, "chuo-pai")


def test_an_option_for_a_game_whose_engine_has_none_is_refused_at_load() -> None:
    with pytest.raises(sources_content.ContentError, match="not one of the engine's"):
        sources_content.parse(
            GOOD.replace('default = "The default."', 'default = "The default."\noption = "no-early-death"')
            .replace('sources = ["work"]', 'plays_option = true\nsources = ["work"]'), "chuo-pai")


@pytest.mark.parametrize("spoil, problem", [
    (lambda data: data["rows"][0].pop("banker_keeps"), "malformed"),
    (lambda data: data["rows"][1].update(variant=["house-rule"]), "options the engine does not have"),
    (lambda data: data.update(matches="many"), "malformed"),
])
def test_malformed_measured_figures_are_refused_at_load(spoil, problem: str) -> None:
    data = json.loads(sources_content.measured_path("tien-gow", CONTENT).read_text(encoding="utf-8"))
    spoil(data)
    with pytest.raises(sources_content.ContentError, match=problem):
        sources_content.measured_of(data, "tien-gow")


def test_the_measured_figures_are_the_benchmarks() -> None:
    """content/sources/tien-gow.measured.json is scripts/variant_figures.py's copy of the benchmark's
    results: re-run the script after re-running bench/variants.py."""
    from scripts.variant_figures import BENCH, figures
    from scripts.variant_figures import CONTENT as COPY

    bench = json.loads(BENCH.read_text(encoding="utf-8"))
    assert json.loads(COPY.read_text(encoding="utf-8")) == figures(bench)
    found = sources_content.measured(CONTENT, "tien-gow")
    assert found is not None and found.command in bench["command"]
    assert [row.variant for row in found.rows] == [tuple(row["variant"]) for row in bench["rows"]]
    assert all(getattr(mine, field) == row[field] for mine, row in zip(found.rows, bench["rows"], strict=True)
               for field in sources_content.MEASURED_FIELDS)
    assert sources_content.measured(CONTENT, "chuo-pai") is None


GOOD = """
title = "T"
intro = "I"
[[source]]
id = "card-ar"
card = "ar"
name = "The card"
about = "A card."
[[source]]
id = "work"
title = "A work"
about = "A work."
[[correction]]
id = "d1"
quote = [{ card = "card-ar", text = "كلمة" }]
meaning = "A word."
adopted = "Another word."
rules = ["cp-1"]
[[dispute]]
id = "point"
point = "A point."
default = "The default."
[[dispute.position]]
sources = ["card-ar"]
says = "One thing."
[[dispute.position]]
sources = ["work"]
says = "Another."
[[rule]]
rule = "cp-1"
status = "corrected"
cards = ["card-ar"]
corrections = ["d1"]
"""


def test_the_format_reads_a_good_file() -> None:
    found = sources_content.parse(GOOD, "chuo-pai")
    assert found.receipts["cp-1"].corrections == ("d1",)


@pytest.mark.parametrize("edit, problem", [
    (('status = "corrected"\ncards = ["card-ar"]\ncorrections = ["d1"]', 'status = "corrected"\ncards = ["card-ar"]'),
     "names the correction it follows"),
    (('status = "corrected"', 'status = "disputed"'), "names its dispute"),
    (('status = "corrected"\ncards = ["card-ar"]\ncorrections = ["d1"]', 'status = "agreed"\ncards = ["card-ar"]'),
     "cites the public sources"),
    (('status = "corrected"', 'status = "likely"'), "status must be one of"),
    (('rule = "cp-1"\nstatus', 'rule = "tg-1"\nstatus'), "not a rule of chuo-pai"),
    (('corrections = ["d1"]', 'corrections = ["d1", "d9"]'), "unknown corrections"),
    (('sources = ["work"]', 'sources = ["nowhere"]'), "unknown sources"),
    (('cards = ["card-ar"]', 'cards = ["work"]'), "the user's cards"),
    (('quote = [{ card = "card-ar"', 'quote = [{ card = "work"'), "not one of the user's cards"),
    (('meaning = "A word."', 'meaning = "Deal 28 cards."'), "digits"),
    (('rules = ["cp-1"]\n[[dispute]]', 'rules = ["cp-2"]\n[[dispute]]'), "does not name this correction"),
])
def test_the_format_is_strict(edit: tuple[str, str], problem: str) -> None:
    old, new = edit
    assert GOOD.count(old) == 1
    with pytest.raises(sources_content.ContentError, match=problem):
        sources_content.parse(GOOD.replace(old, new), "chuo-pai")


def test_a_where_that_is_not_text_is_refused() -> None:
    edited = GOOD + 'source = [{ id = "work", where = 3 }]\n'  # GOOD ends in the receipt of cp-1
    with pytest.raises(sources_content.ContentError, match="where"):
        sources_content.parse(edited, "chuo-pai")


# --- the places cited in a work (issue 50) ---------------------------------------------------------

PLACES = GOOD.replace(
    "[[correction]]",
    '[[source]]\nid = "zh-work"\nlang = "zh"\ntitle = "天九"\nabout = "A Chinese work."\n'
    '[[source]]\nid = "other"\ntitle = "B"\nabout = "Another work."\n[[correction]]', 1,
) + ('source = [{ id = "work", where = "the  banker" }, { id = "zh-work", where = "至尊" }, '
     '{ id = "other", where = "the banker" }, { id = "other" }]\n')


def test_an_english_works_place_is_a_message_and_a_chinese_works_is_not() -> None:
    found = sources_content.parse(PLACES, "chuo-pai")
    english, chinese, again, bare = found.receipts["cp-1"].citations
    assert english.place is not None
    assert (english.place.ctx, english.place.msgid) == ("chuo-pai/sources#where", "the banker")
    assert chinese.place is None and chinese.where == "至尊"
    assert again.place == english.place and bare.place is None
    # one message per distinct text, however many receipts cite it
    assert [t.msgid for t in found.texts() if t.ctx.endswith("#where")] == ["the banker"]


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_every_english_place_is_extracted_with_its_context(game: str) -> None:
    found = receipts(game)
    english = {c.where for r in found.receipts.values() for c in r.citations
               if c.where and found.sources[c.source].lang == "en"}
    assert english, game
    path = sources_content.sources_path(game, CONTENT)
    with path.open("rb") as f:  # the extractor finds the game by the file's name
        extracted = {context for _n, _f, context, _c in extract_sources(f, {}, (), {})}
    assert {(f"{game}/sources#where", where) for where in english} <= extracted
    with (TRANSLATIONS / "rules.pot").open("rb") as f:
        pot = read_po(f)
    assert all(pot.get(where, context=f"{game}/sources#where") is not None for where in english)
    chinese = {c.where for r in found.receipts.values() for c in r.citations
               if c.where and found.sources[c.source].lang != "en"}
    assert not {msgid for ctx, msgid in extracted if ctx.endswith("#where")} & chinese


def _places(main) -> list:
    return main.find_all(lambda n: "receipt-place" in n.classes())


@pytest.mark.parametrize("game", WITH_SOURCES)
@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_no_english_place_in_a_receipt(pages, lang: str, game: str) -> None:
    found = receipts(game)
    with catalogs.po_path(TRANSLATIONS, lang, "rules").open("rb") as f:
        catalog = read_po(f, locale=lang)
    english = {c.place.msgid for r in found.receipts.values() for c in r.citations if c.place is not None}
    translated = {" ".join(typeset(catalog.get(msgid, context=f"{game}/sources#where").string, lang).split())
                  for msgid in english}
    shown = {" ".join(n.text().split()) for n in _places(main_of(pages[lang, game, "rules"])) if "lang" not in n.attrs}
    assert shown == translated
    page = " ".join(main_of(pages[lang, game, "rules"]).text().split())
    for msgid in english:
        # a game's name may be written as in English (Polish "Tien Gow"); a description never is
        if msgid != catalog.get(msgid, context=f"{game}/sources#where").string:
            assert msgid not in shown, (lang, msgid)
            if len(msgid.split()) > 1:
                assert msgid not in page, (lang, msgid)


@pytest.mark.parametrize("game", WITH_SOURCES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_a_chinese_place_is_shown_as_written_in_chinese(pages, lang: str, game: str) -> None:
    found = receipts(game)
    chinese = {c.where for r in found.receipts.values() for c in r.citations
               if c.where and found.sources[c.source].lang == "zh"}
    marked = {n.text() for n in _places(main_of(pages[lang, game, "rules"]))
              if n.attrs.get("lang") == "zh" and n.attrs.get("dir") == "auto"}
    assert chinese and marked == chinese


@pytest.mark.parametrize("game", WITH_SOURCES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_colon_follows_the_works_name_outside_its_cite(pages, lang: str, game: str) -> None:
    found = receipts(game)
    html = pages[lang, game, "rules"]
    for receipt in found.receipts.values():
        for cited in receipt.citations:
            source = found.sources[cited.source]
            name = (rf'<a href="/{lang}/{game}/sources#source-{cited.source}"><cite lang="{source.lang}" dir="auto">'
                    rf'{re.escape(source.label)}</cite></a>')
            after = r': <span class="receipt-place"' if cited.where else r"</li>"
            assert re.search(name + after, html), (lang, receipt.rule, cited.source)
    assert not re.search(r"<cite[^>]*>[^<]*:\s*</cite>", html)


@pytest.mark.parametrize("game", WITH_SOURCES)
def test_a_works_title_carries_no_english_description(game: str) -> None:
    """A title in another language is the work's own; what the work is goes in its ``about``."""
    for source in receipts(game).sources.values():
        if source.title and source.lang != "en":
            bare = re.sub(r"\(\S+\.\S+\)", "", source.title)  # its address, as "(zh.wikipedia.org)"
            assert not re.search(r"[A-Za-z]", bare), (source.id, source.title)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_sources_page_says_which_places_stay_in_their_language(pages, lang: str) -> None:
    note = ("Titles of works are given in their own language; the places cited in a Chinese work are given in "
            "Chinese, as the work names them.")
    if lang != "en":
        with catalogs.po_path(TRANSLATIONS, lang, "rules").open("rb") as f:
            note = read_po(f, locale=lang).get(note).string
    for game in WITH_SOURCES:
        notes = [" ".join(n.text().split()) for n in main_of(pages[lang, game, "sources"]).find_all(
            lambda n: "rules-note" in n.classes())]
        assert " ".join(typeset(note, lang).split()) in notes
        if lang != "en":
            assert not note.startswith("Titles of works")


def test_a_room_declaring_sources_without_its_file_is_refused(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    key = "high-card"
    site = registry.content_parts(key, CONTENT)
    shutil.copytree(site.course, tmp_path / "puzzles" / key)
    (tmp_path / "rules").mkdir()
    shutil.copy2(site.rules, tmp_path / "rules" / site.rules.name)
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(registry.room(key), content=tmp_path, sources=True))
    assert str(tmp_path / "sources" / f"{key}.toml") in registry.missing_parts(key, CONTENT)


# --- the rules pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", WITH_SOURCES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_each_rule_has_a_badge_and_a_fold_with_its_receipt(pages, lang: str, game: str) -> None:
    found = receipts(game)
    main = main_of(pages[lang, game, "rules"])
    folds = {n.attrs["id"]: n for n in main.find_all(lambda n: n.tag == "details")}
    for rule, receipt in found.receipts.items():
        fold = folds[f"receipt-{rule}"]
        assert f"receipt-{receipt.status}" in fold.classes()
        (summary,) = fold.find_all(lambda n: n.tag == "summary")
        assert summary.find_all(lambda n: "receipt-badge" in n.classes())
        links = [n.attrs.get("href", "") for n in fold.find_all(lambda n: n.tag == "a")]
        sources_page = f"/{lang}/{game}/sources"
        for cited in receipt.citations:
            assert f"{sources_page}#source-{cited.source}" in links
        for did in receipt.disputes:
            assert f"{sources_page}#dispute-{did}" in links
        quotes = fold.find_all(lambda n: n.tag == "q")
        for cid in receipt.corrections:
            for quote in found.corrections[cid].quotes:
                # the quote word for word, typeset as its language is (paiyou.i18n.typesetting)
                card = found.sources[quote.card].card
                assert any(q.text() == typeset(quote.text, card) and q.attrs["lang"] == card
                           for q in quotes), (rule, cid)
        assert fold.find_all(lambda n: "receipt-body" in n.classes())
    assert f'href="/{lang}/{game}/sources"' in pages[lang, game, "rules"]


# --- the sources pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", WITH_SOURCES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_sources_page_lays_out_sources_disputes_corrections_and_receipts(pages, lang: str, game: str) -> None:
    found = receipts(game)
    html = pages[lang, game, "sources"]
    root = tree(html)
    ids = {n.attrs["id"] for n in root.iter() if n.attrs.get("id")}
    assert {"sources", "disputes", "corrections", "receipts"} <= ids
    assert {f"source-{s}" for s in found.sources} <= ids
    assert {f"dispute-{d}" for d in found.disputes} <= ids
    assert {f"correction-{c}" for c in found.corrections} <= ids
    for dispute in found.disputes.values():
        (row,) = root.find_all(lambda n, d=dispute: n.attrs.get("id") == f"dispute-{d.id}")
        assert len(row.find_all(lambda n: n.tag == "li")) == len(dispute.positions)
    for source in found.sources.values():
        if source.url:  # shown as an address, since no page links to another host
            assert f'<bdi class="source-url" dir="ltr">{source.url}</bdi>' in html
    index = [n.attrs["href"] for n in root.find_all(lambda n: n.tag == "a" and "#receipt-" in n.attrs.get("href", ""))]
    assert index == [f"/{lang}/{game}/rules#receipt-{rule}" for rule in found.receipts]
    in_page = {n.attrs["href"][1:] for n in root.find_all(
        lambda n: n.tag == "a" and n.attrs.get("href", "").startswith("#"))}
    assert in_page <= ids  # no broken link inside the page


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_tien_gow_sources_page_lists_the_four_options(pages, lang: str) -> None:
    root = tree(pages[lang, "tien-gow", "sources"])
    listed = [n.attrs["id"][len("option-"):] for n in root.iter() if n.attrs.get("id", "").startswith("option-")]
    assert tuple(listed) == TIEN_GOW_OPTIONS
    assert not [n for n in tree(pages[lang, "chuo-pai", "sources"]).iter()
                if n.attrs.get("id", "").startswith("option-")]


def room_words(sources_app, lang: str, member: str) -> dict[str, str]:
    """The Tien Gow room's ``options`` or ``option_names`` in ``lang``, spaces collapsed."""
    with sources_app.test_request_context(f"/{lang}/"):
        declared = getattr(registry.room("tien-gow"), member)
        return {key: " ".join(str(words).split()) for key, words in declared.items()}


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_an_option_is_named_by_its_words_and_its_key_is_only_its_identifier(sources_app, pages, lang: str) -> None:
    """A reader meets each option by its short name, then its line in the page's language (as
    the start forms show it), never by its key: the key (`no-early-death`, an identifier for the
    API and the command line) stands once, after the words that say what it is, and the disputed
    points link to the option in words."""
    root = tree(pages[lang, "tien-gow", "sources"])
    entries = [n for n in options_section(pages[lang, "tien-gow", "sources"]).iter() if n.tag in ("dt", "dd")]
    terms = {n.attrs["id"][len("option-"):]: n for n in entries if n.tag == "dt"}
    assert {key: " ".join(term.text().split()) for key, term in terms.items()} == room_words(
        sources_app, lang, "option_names")
    lines = [" ".join(line.text().split()) for dd in entries if dd.tag == "dd"
             for line in dd.find_all(lambda n: "option-words" in n.classes())]
    assert lines == [room_words(sources_app, lang, "options")[key] for key in TIEN_GOW_OPTIONS]
    for dispute in (n for n in root.iter() if n.tag == "tr" and n.attrs.get("id", "").startswith("dispute-")):
        links = [a for a in dispute.iter() if a.tag == "a" and a.attrs.get("href", "").startswith("#option-")]
        assert all(key not in a.text() for a in links for key in TIEN_GOW_OPTIONS)
    page = main_of(pages[lang, "tien-gow", "sources"]).text()
    for key in TIEN_GOW_OPTIONS:  # once, in its own definition: the measured rows name it in words
        assert page.count(key) == 1, key


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_measured_rows_are_named_by_the_options_short_names(sources_app, pages, lang: str) -> None:
    """Issue 50: a row of "What each option changes, measured" names its options by the room's
    short names in the page's language (``Room.option_names``), joined by " + ", each linking to
    the option's entry; no row shows an option's key."""
    names = room_words(sources_app, lang, "option_names")
    rows = tree(pages[lang, "tien-gow", "sources"]).find_all(
        lambda n: n.tag == "tr" and "data-variant" in n.attrs)
    optioned = [row for row in rows if row.attrs["data-variant"]]
    assert len(optioned) >= len(TIEN_GOW_OPTIONS) + 1  # each option alone and some combined
    assert any("," in row.attrs["data-variant"] for row in optioned)
    for row in optioned:
        keys = row.attrs["data-variant"].split(",")
        (heading,) = [n for n in row.iter() if n.tag == "th"]
        links = [a for a in heading.iter() if a.tag == "a"]
        assert [a.attrs["href"] for a in links] == [f"#option-{key}" for key in keys]
        assert [a.text() for a in links] == [names[key] for key in keys]
        assert " ".join(heading.text().split()) == " + ".join(names[key] for key in keys)
        assert not [key for key in TIEN_GOW_OPTIONS if key in heading.text()]
    if lang != "en":  # translated, not the English names
        english = room_words(sources_app, "en", "option_names")
        assert all(names[key] != english[key] for key in TIEN_GOW_OPTIONS), names


@pytest.mark.parametrize("member", ["options", "option_names"])
def test_a_room_lacking_an_options_words_or_naming_another_is_refused(
        monkeypatch: pytest.MonkeyPatch, member: str) -> None:
    """A room declares a line and a short name for exactly its engine's options: one missing,
    or one for an option the engine lacks, is named (``registry.missing_parts``) and
    ``create_app`` refuses to start."""
    import dataclasses
    declared = registry.room("tien-gow")
    assert registry.missing_parts("tien-gow") == []
    words = dict(getattr(declared, member))
    words["no-such-option"] = words.pop("pure-pairs")
    monkeypatch.setitem(registry._ROOMS, "tien-gow", dataclasses.replace(declared, **{member: words}))
    package = declared.package
    assert registry.missing_parts("tien-gow") == [
        f"{package}.ROOM.{member}.pure-pairs",
        f"{package}.ROOM.{member}.no-such-option (not an option of the engine)"]
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    assert f"{package}.ROOM.{member}.pure-pairs" in str(refused.value)


def options_section(html: str):
    (section,) = tree(html).find_all(lambda n: n.tag == "section" and n.attrs.get("id") == "options")
    return section


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_each_option_lists_the_sources_of_the_position_it_plays(pages, lang: str) -> None:
    """Under each option, "Sources that follow it" links to the entries of its played position's
    sources, in the file's order, each by the name the disputes' table gives it."""
    found = receipts("tien-gow")
    lines = options_section(pages[lang, "tien-gow", "sources"]).find_all(
        lambda n: "option-sources" in n.classes())
    assert len(lines) == len(found.options)
    for option, line in zip(found.options, lines, strict=True):
        links = line.find_all(lambda n: n.tag == "a")
        assert [a.attrs["href"] for a in links] == [f"#source-{sid}" for sid in option.position.sources]
        assert [a.text() for a in links] == [found.sources[sid].label for sid in option.position.sources]


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_the_options_section_has_no_english_description(pages, lang: str) -> None:
    """Issue 50: the engine's notes on the sources ("zh-Wikipedia (Hong Kong rule)", "Polovynka
    (optional rule)", "(no mixing)") are English; the page in another language shows none of them,
    and what it cites in <cite> is only a source's name, in that source's language."""
    found = receipts("tien-gow")
    section = options_section(pages[lang, "tien-gow", "sources"])
    text = " ".join(section.text().split())
    notes = {name for option in game_rules("tien-gow").variant_options for name in option.sources}
    described = {m for name in notes for m in re.findall(r"\(([^)]*)\)", name)}
    assert described  # the engine's notes do describe, so the check below has something to find
    for english in notes | described:
        assert english not in text, (lang, english)
    labels = {source.label: source.lang for source in found.sources.values() if not source.card}
    for cite in section.find_all(lambda n: n.tag == "cite"):
        assert labels.get(cite.text()) == cite.attrs.get("lang"), (lang, cite.text())


def test_the_tien_gow_sources_page_shows_the_benchmarks_figures(pages) -> None:
    """What each option changes, measured: one row per rule set of bench/results/variants.json, in
    its order, each figure the JSON's (percents to a tenth, payments to a tenth of a point)."""
    bench = json.loads((ROOT / "bench" / "results" / "variants.json").read_text(encoding="utf-8"))
    root = tree(pages["en", "tien-gow", "sources"])
    rows = root.find_all(lambda n: n.tag == "tr" and "data-variant" in n.attrs)
    assert [r.attrs["data-variant"] for r in rows] == [",".join(row["variant"]) for row in bench["rows"]]
    for row, expected in zip(rows, bench["rows"], strict=True):
        shown = {n.attrs["data-figure"]: n.text().strip() for n in row.iter() if "data-figure" in n.attrs}
        assert shown == {
            "banker_keeps": f"{round(expected['banker_keeps'] * 100, 1):g}%",
            "mean_abs_net": f"{round(expected['mean_abs_net'], 1):g}",
            "net_spread": f"{round(expected['net_spread'], 1):g}",
            "early_death": f"{round(expected['early_death'] * 100, 1):g}%",
            "mixed_deals": f"{round(expected['mixed_deals'] * 100, 1):g}%",
        }, expected["variant"]
    method = " ".join(main_of(pages["en", "tien-gow", "sources"]).text().split())
    assert "matches: 150; deals in a match: 8" in method and "level “Greedy”" in method
    assert "python bench/variants.py --matches 150 --match 8 --level greedy --seed 0" in method
    persian = tree(pages["fa", "tien-gow", "sources"])
    (default,) = persian.find_all(lambda n: n.tag == "tr" and n.attrs.get("data-variant") == "")
    assert "۲۷٪" in default.text()  # the locale's digits and percent sign


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_the_sources_pages_have_no_untranslated_english(pages, lang: str) -> None:
    for game in WITH_SOURCES:
        page = " ".join(main_of(pages[lang, game, "sources"]).text().split())
        for text in receipts(game).texts():
            plain = re.sub(r"%\([a-z0-9_]+\)s|\*\*|`", " ", text.msgid)
            for chunk in re.split(r"\s{2,}|[.:;!?()\"]", plain):
                chunk = " ".join(chunk.split())
                if len(chunk.split()) >= 4:
                    assert chunk not in page, f"untranslated English on the {lang} {game} page: {chunk!r}"


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_every_sources_message_is_translated(lang: str) -> None:
    with catalogs.po_path(TRANSLATIONS, lang, "rules").open("rb") as f:
        catalog = read_po(f, locale=lang)
    for game in WITH_SOURCES:
        for text in receipts(game).texts():
            message = catalog.get(text.msgid, context=text.ctx)
            assert message is not None and message.string and not message.fuzzy, (lang, text.ctx, text.msgid)


def test_the_rules_pot_holds_every_sources_message() -> None:
    with (TRANSLATIONS / "rules.pot").open("rb") as f:
        pot = read_po(f)
    for game in WITH_SOURCES:
        for text in receipts(game).texts():
            assert pot.get(text.msgid, context=text.ctx) is not None, (
                f"rules.pot is stale (flask --app paiyou i18n extract -D rules): {text.msgid!r}")


def test_the_sources_pages_are_in_the_sitemap_and_only_for_games_with_sources(sources_app) -> None:
    client = sources_app.test_client()
    sitemap = client.get("/sitemap.xml").get_data(as_text=True)
    for game in WITH_SOURCES:
        if game in sources_app.config["PAIYOU_LISTED_GAMES"]:
            assert f"/en/{game}/sources" in sitemap
    for game in WITHOUT_SOURCES:
        assert client.get(f"/en/{game}/sources").status_code == 404
        assert f"/{game}/sources" not in sitemap
        assert "receipt-" not in client.get(f"/en/{game}/rules").get_data(as_text=True)
