"""The rules pages (/<lang>/chuo-pai/rules, /<lang>/tien-gow/rules) and their content.

- Both pages render in every language, with every section id, a table of contents and no broken
  in-page link.
- Each ladder is drawn in the engine's rank order (CP-7, TG-1) with ties marked as ties (CP-8,
  TG-1); the Yao ladder is Cat > High Foot > Four-Six > Axe (D1).
- Every rule a player needs (CP-1 … CP-19, TG-1 … TG-19) has its badge anchor (``#cp-12``).
- The sets are drawn: the special combinations, military pairs, the Supreme, the four quartets.
- Every language has a ``rules.po``; every content message is translated and the page shows no
  English sentence.
- The content format is strict (``paiyou.content.rules``) and ``rules.pot`` is up to date.
"""
from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.chuo_pai.families import LADDERS as CP_LADDERS
from engine.chuo_pai.families import SPECIAL_TYPES
from engine.tien_gow.ladders import CIVIL_LADDER, MILITARY_LADDER
from paiyou import create_app
from paiyou.config import LANGUAGE_CODES
from paiyou.content import rules as rules_content
from paiyou.i18n import catalogs
from paiyou.registry import GAME_KEYS

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
TRANSLATIONS = ROOT / "translations"
# Every game the engine has: each has its rules page, listed on the shared pages or not.
GAMES = GAME_KEYS
# Chuo Pai's and Tien Gow's rules are written from the research seeds: their numbered sections, in
# order (another game's rules have the sections its own content gives them).
SECTIONS = ("objective", "setup", "playing", "scoring")
SEEDED = ("chuo-pai", "tien-gow")
LADDERS = {
    "chuo-pai": {name: [list(rung) for rung in ladder] for name, ladder in CP_LADDERS.items()},
    "tien-gow": {
        "civil": [[key] for key in CIVIL_LADDER],
        "military": [list(rung) for rung in MILITARY_LADDER],
    },
}
# Every rule of the seeds a player needs; CP-20 and TG-20 are invariants for tests, not rules of play.
PLAYER_RULES = {
    "chuo-pai": [f"cp-{n}" for n in range(1, 20)],
    "tien-gow": [f"tg-{n}" for n in range(1, 20)],
}


# --- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules_app(tmp_path_factory: pytest.TempPathFactory):
    """The app with the committed catalogs compiled into a scratch copy of translations/."""
    translations = tmp_path_factory.mktemp("rules") / "translations"
    shutil.copytree(TRANSLATIONS, translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations)})


@pytest.fixture(scope="module")
def pages(rules_app) -> dict[tuple[str, str], str]:
    client = rules_app.test_client()
    out = {}
    for lang in LANGUAGE_CODES:
        for game in GAMES:
            response = client.get(f"/{lang}/{game}/rules")
            assert response.status_code == 200, (lang, game)
            out[lang, game] = response.get_data(as_text=True)
    return out


def document(game: str) -> rules_content.Document:
    return rules_content.load(CONTENT, game)


# --- a small HTML model --------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr", "circle", "rect", "path"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, predicate) -> list[Node]:
        return [node for node in self.iter() if predicate(node)]

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self, skip_hidden: bool = True) -> str:
        if skip_hidden and (self.attrs.get("aria-hidden") == "true" or self.tag in ("script", "style", "svg")):
            return ""
        return "".join(c if isinstance(c, str) else c.text(skip_hidden) for c in self.children)

    def tiles(self) -> list[str]:
        return [n.attrs["data-tile"] for n in self.iter() if n.tag == "svg" and "data-tile" in n.attrs]


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def tree(html: str) -> Node:
    builder = TreeBuilder()
    builder.feed(html)
    return builder.root


def main_of(html: str) -> Node:
    (main,) = tree(html).find_all(lambda n: n.tag == "main")
    return main


# --- pages ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_page_has_every_section_and_a_table_of_contents(pages, lang, game):
    root = tree(pages[lang, game])
    ids = [n.attrs["id"] for n in root.iter() if n.attrs.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids"
    doc = document(game)
    sections = [n.attrs["id"] for n in root.find_all(lambda n: n.tag == "section")]
    assert sections == [x for s in doc.sections for x in (s.id, *[sub.id for sub in s.subsections])]
    (toc,) = root.find_all(lambda n: "rules-toc" in n.classes())
    toc_links = [n.attrs["href"] for n in toc.iter() if n.tag == "a"]
    assert toc_links == [f"#{s.id}" for s in doc.all_sections()]
    # every in-page link lands somewhere
    for link in root.find_all(lambda n: n.tag == "a" and (n.attrs.get("href") or "").startswith("#")):
        assert link.attrs["href"][1:] in ids, link.attrs["href"]
    # each numbered section has its heading
    numbers = [n.text() for n in root.find_all(lambda n: n.tag == "h2" and n.parent.tag == "section")]
    assert len(numbers) == len(doc.sections)


@pytest.mark.parametrize("game", SEEDED)
def test_chuo_pai_and_tien_gow_rules_have_the_seeds_sections_and_every_rule_of_play(game):
    doc = document(game)
    assert [s.id for s in doc.sections] == list(SECTIONS)
    assert sorted(doc.rules()) == sorted(PLAYER_RULES[game])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_rule_of_the_content_has_its_anchor(pages, lang, game):
    root = tree(pages[lang, game])
    badges = root.find_all(lambda n: "rule-badge" in n.classes())
    assert sorted(b.attrs["id"] for b in badges) == sorted(document(game).rules())
    for badge in badges:
        assert badge.attrs["href"] == f"#{badge.attrs['id']}"
        assert badge.parent.parent.tag == "section"  # inside its subsection heading


@pytest.mark.parametrize("game", sorted(LADDERS))
@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_chuo_pai_and_tien_gow_ladders_are_drawn_in_rank_order_with_ties_as_ties(pages, lang, game):
    root = tree(pages[lang, game])
    drawn = {n.attrs["data-ladder"]: n for n in root.find_all(lambda n: "data-ladder" in n.attrs)}
    assert set(drawn) == set(LADDERS[game])
    for name, ladder in LADDERS[game].items():
        element = drawn[name]
        assert element.attrs.get("dir") == "ltr"  # strongest on the left in every language
        rungs = [c for c in element.children if isinstance(c, Node) and c.tag == "li"]
        assert [rung.tiles() for rung in rungs] == ladder, name
        for rung, keys in zip(rungs, ladder, strict=True):
            tied = len(keys) > 1
            assert ("tie" in rung.classes()) is tied
            assert (rung.attrs.get("data-tie") == str(len(keys))) if tied else "data-tie" not in rung.attrs
            names = rung.find_all(lambda n: "rung-names" in n.classes())
            assert names and all(names[0].text().strip() for _ in keys)


def test_yao_order_is_the_corrected_one(pages):
    """D1: Cat > High Foot > Four-Six > Axe, in every language (the Arabic seed had it wrong)."""
    for lang in LANGUAGE_CODES:
        root = tree(pages[lang, "chuo-pai"])
        (yao,) = root.find_all(lambda n: n.attrs.get("data-ladder") == "yao")
        assert yao.tiles() == ["1-5", "1-6", "4-6", "5-6"]


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_chuo_pai_special_combinations_are_drawn(pages, lang):
    root = tree(pages[lang, "chuo-pai"])
    (special,) = root.find_all(lambda n: n.tag == "section" and n.attrs.get("id") == "special")
    (table,) = special.find_all(lambda n: n.tag == "table")
    rows = [r for r in table.find_all(lambda n: n.tag == "tr")][1:]
    drawn = []
    for row in rows:
        head, totals = [cell.tiles() for cell in row.find_all(lambda n: n.tag == "td")]
        drawn.append((head, totals))
    assert drawn == [([head], list(totals)) for head, totals in SPECIAL_TYPES.values()]


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_tien_gow_sets_are_drawn(pages, lang):
    root = tree(pages[lang, "tien-gow"])
    groups = [g.tiles() for g in root.find_all(lambda n: "tile-group" in n.classes())]
    quartets = [["6-6", "6-6", "3-6", "4-5"], ["1-1", "1-1", "2-6", "3-5"],
                ["4-4", "4-4", "2-5", "3-4"], ["1-3", "1-3", "1-4", "2-3"]]
    military_pairs = [["3-6", "4-5"], ["2-6", "3-5"], ["2-5", "3-4"], ["1-4", "2-3"]]
    for expected in [*quartets, *military_pairs, ["2-4", "1-2"], ["6-6", "6-6"], ["6-6", "3-6"]]:
        assert expected in groups, expected
    (quartet_figure,) = [f for f in root.find_all(lambda n: n.tag == "figure")
                         if [g.tiles() for g in f.find_all(lambda n: "tile-group" in n.classes())] == quartets]
    assert "is-wrong" not in quartet_figure.classes()


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_tien_gow_settlement_has_worked_example_tables(pages, lang):
    root = tree(pages[lang, "tien-gow"])
    (example,) = root.find_all(lambda n: n.tag == "section" and n.attrs.get("id") == "example")
    tables = example.find_all(lambda n: n.tag == "table")
    assert len(tables) == 2
    for table in tables:
        rows = table.find_all(lambda n: n.tag == "tr")[1:]
        assert len(rows) == 4  # four players


def test_worked_settlements_add_up():
    """The example tables follow TG-13 … TG-16: each row's final amount is base × banker × F,
    net = immediate + final, and the nets sum to zero."""
    doc = document("tien-gow")
    (example,) = [s for s in doc.all_sections() if s.id == "example"]
    tables = [b for box in example.blocks if box.kind == "example" for b in box.blocks if b.kind == "table"]
    assert len(tables) == 2

    def value(cell) -> int | None:
        if cell.number is None:
            return None
        return -cell.number if cell.sign == "−" else cell.number

    for table in tables:
        nets = []
        for row in table.rows:
            _, pillars, immediate, base, banker, final_x, final, net = row
            b = value(base)
            if b is not None:
                factor = (banker.number if banker.number else 1) * final_x.number
                assert value(final) == b * factor
            assert (value(immediate) or 0) + value(final) == value(net)
            nets.append(value(net))
        assert sum(nets) == 0
        assert sum(value(row[1]) for row in table.rows) == 8  # TG-20: the pillars sum to 8


def test_fa_pages_use_persian_digits(pages):
    for game in GAMES:
        text = main_of(pages["fa", game]).text()
        assert not re.search(r"[0-9]", text), re.findall(r".{20}[0-9].{20}", text)[:3]
        assert re.search("[۰-۹]", text)


def test_the_english_chuo_pai_and_tien_gow_pages_say_what_the_rules_say(pages):
    text = " ".join(main_of(pages["en", "chuo-pai"]).text().split())
    assert "84 long, narrow Sichuan cards" in text
    assert "Cat, High Foot, Four-Six, Axe" in text  # D1, in words too
    assert "Man is never an Eight" in text
    text = " ".join(main_of(pages["en", "tien-gow"]).text().split())
    assert "Play goes counter-clockwise" in text
    assert "Equal rank loses" in text


# --- translations --------------------------------------------------------------------------------


def rules_catalog(lang: str):
    po = catalogs.po_path(TRANSLATIONS, lang, "rules")
    assert po.exists(), f"translations/{lang}/LC_MESSAGES/rules.po is missing"
    with po.open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_translated_page_has_no_untranslated_english(pages, lang, game):
    catalog = rules_catalog(lang)
    with (TRANSLATIONS / "rules.pot").open("rb") as f:
        pot = read_po(f)
    missing = []
    for entry in pot:  # the page's content messages and the rules templates' own strings
        if not entry.id or (entry.context and not entry.context.startswith(f"{game}#")):
            continue
        message = catalog.get(entry.id, context=entry.context)
        strings = message.string if message is not None and isinstance(message.string, tuple) else (
            (message.string,) if message is not None else ("",))
        if message is None or not all(strings) or message.fuzzy:
            missing.append(f"{entry.context or ''}: {str(entry.id)[:60]}")
    assert not missing, f"{len(missing)} rules messages untranslated in {lang}: {missing[:5]}"
    english = []
    for text in document(game).texts():
        message = catalog.get(text.msgid, context=text.ctx)
        if message.string != text.msgid and len(text.msgid.split()) >= 3:
            english.append(text.msgid)
    page = " ".join(main_of(pages[lang, game]).text().split())
    for msgid in english:
        plain = re.sub(r"%\([a-z0-9_]+\)s|\*\*|`|\[|\]\(#[a-z0-9-]+\)", " ", msgid)
        for chunk in re.split(r"\s{2,}|[.:;!?()]", plain):
            chunk = " ".join(chunk.split())
            if len(chunk.split()) >= 4:
                assert chunk not in page, f"untranslated English on the {lang} {game} page: {chunk!r}"


# --- content and catalog template ---------------------------------------------------------------


def test_rules_pot_holds_every_content_message():
    with (TRANSLATIONS / "rules.pot").open("rb") as f:
        pot = read_po(f)
    for game in GAMES:
        for text in document(game).texts():
            message = pot.get(text.msgid, context=text.ctx)
            assert message is not None, f"rules.pot is stale (flask --app paiyou i18n extract -D rules): {text.msgid!r}"
            assert {v.name for v in text.values} == set(re.findall(r"%\(([a-z0-9_]+)\)s", text.msgid))
            if text.values:
                assert "python-format" in message.flags


def test_every_message_context_names_its_section():
    for game in GAMES:
        doc = document(game)
        ids = {s.id for s in doc.all_sections()} | {"title"}
        for text in doc.texts():
            prefix, _, section = text.ctx.partition("#")
            assert prefix == game and section in ids


@pytest.mark.parametrize("source, problem", [
    ("# T {#t}\n\n## A {#a}\n\nDeal 28 cards.\n", "digits"),
    ("# T {#t}\n\n## A {#a}\n\n## B {#a}\n", "duplicate"),
    ("# T {#t}\n\n## A {#a}\n\n::: ladder civil\n", "unknown ladder"),
    ("# T {#t}\n\n## A {#a}\n\n### B {#b cp-1}\n\n### C {#c cp-1}\n", "rule badge"),
    ("# T {#t}\n\n## A {#a}\n\nSome **bold.\n", "unbalanced"),
    ("# T {#t}\n\n## A {#a}\n\nA {x=n:1} and {x=n:2}.\n", "two values"),
    ("# T {#t}\n\n## A {#a}\n\n::: tiles 7-1\n", "bad tiles"),
    ("# T {#t}\n\n## A {#a}\n\n::: example\n\nText.\n", "without ::: end"),
])
def test_content_format_is_strict(source, problem):
    with pytest.raises(rules_content.ContentError, match=problem):
        rules_content.parse(source, "chuo-pai")


def test_rendering_escapes_and_falls_back_to_english():
    doc = rules_content.parse("# T {#t}\n\n## A {#a}\n\nPlay {tile=cp:1-2} **now**, see `1-2`.\n", "chuo-pai")
    (paragraph,) = doc.sections[0].blocks
    from markupsafe import Markup

    def render(translation: str) -> str:
        return str(rules_content.render_text(
            paragraph.text,
            translate=lambda ctx, msgid: translation,
            value=lambda v: Markup("<b>Nail</b>"),
            digits=lambda s: s.replace("1", "۱"),
        ))

    assert render("<script>x</script> %(tile)s") == "&lt;script&gt;x&lt;/script&gt; <b>Nail</b>"
    fallback = render("Broken %(other)s")  # a placeholder the English does not have
    assert fallback.startswith("Play <b>Nail</b> <strong>now</strong>, see ")
    assert '<bdi class="notation" dir="ltr">۱-2</bdi>' in fallback


def test_a_figures_tile_groups_follow_the_page_direction_as_in_the_lessons(pages, rules_app):
    """Issue 50 (fa read L2): the rules' figures ran their groups left to right on rtl pages while
    the lessons' figures run them right to left, and a caption names the groups in reading order.
    Both now follow the page; the tiles inside a group stay left to right."""
    pictured = set()
    for (lang, game), html in pages.items():
        groups = re.findall(r'<div class="tile-groups"[^>]*>', html)
        pictured |= {game} if groups else set()
        assert all("dir=" not in g for g in groups), (lang, game)
        assert all('dir="ltr"' in g for g in re.findall(r'<span class="tile-group"[^>]*>', html)), (lang, game)
    assert pictured >= {"chuo-pai", "tien-gow"}
    with rules_app.test_client() as client:
        lesson = client.get("/fa/chuo-pai/puzzles/groups/1").get_data(as_text=True)
    figures = re.findall(r'<div class="figure__groups"[^>]*>', lesson)
    assert figures and all("dir=" not in f for f in figures)


def test_a_column_of_figures_has_its_header_aligned_with_it(pages: dict[tuple[str, str], str]) -> None:
    """TG-13's table is figures in every column, the first included: each header is marked as a
    figure's (aligned to the end, as its column is); a text column's header is not (the fa read
    of issue 50 saw the first column's figures at one end and their header at the other)."""
    tables = [t.split("</table>")[0] for t in pages["fa", "tien-gow"].split('<table class="rules-table">')[1:]]
    figures_first = [t for t in tables if all(row.lstrip().startswith('<td class="num">')
                                              for row in t.split("<tbody>")[1].split("<tr>")[1:])]
    assert figures_first  # TG-13's
    for table in figures_first:
        headers = re.findall(r'<th scope="col"([^>]*)>', table.split("</thead>")[0])
        assert headers and all(h == ' class="num"' for h in headers), headers
    first_headers = re.findall(r'<thead><tr><th scope="col"([^>]*)>', pages["en", "chuo-pai"])
    assert "" in first_headers  # a table whose first column is words keeps that header at the start
