"""The recipes run for real: in a temporary copy of the repository, a throwaway fourth game is
added as docs/adding-a-game.md says — by copying High Card's folders and files under a new name,
editing no shared file (no registry entry, no agents entry, no shared level words: the test checks
that every file of the repository outside the catalogs is unchanged) — and then made a game of its
own: a rule changes (the lower total wins), the seat count changes (three seats, nine tiles, three
each), a level is renamed with its words ("highest" becomes "lowest"), the messages are extracted and merged
(``flask --app paiyou i18n extract`` and ``update``) and the new ones translated (a stand-in for a
translator: each takes the translation of the High Card message it was copied from). A throwaway
sixth language is added by copying Polish (its catalogs, its termbase entries, one line in
``paiyou.config.LANGUAGES``).

Then every shared suite runs in that tree — every test file that takes the games or the languages
from the registry or the configuration (``SHARED_MARKS``), whole, not only the tests whose id names
the new key — except the browser tests (``tests/e2e``), the production stack's tests
(``tests/deploy``), the tests needing a PostgreSQL, Redis or nginx server (deselected by name), and
the cases parametrised over one of the games that were there before and over neither the new game
nor the new language (``ONLY_OLD_GAMES``): the recipe edits no shared file and no file of theirs, so
those cases ran unchanged in this suite's own run; a case of the new game, of the new language with
any game (every catalog changed) or with no parameter at all (a loop over the registry) runs. About
40 files. Nothing of the temporary tree is imported by this process.

The new language and the whole site suite (``tests/site``): running all of it a second time would
double the suite's longest part, so the test does what makes that run redundant for a language. In
the same pytest run as the shared suites (one interpreter, one collection), it collects every site
test in the tree and holds that each test parametrised over every language of
the configuration (the same case for each) has the new language's case too (``missing_language_cases``:
a suite that lists its languages by hand fails here), then runs every case of the new language in
the site files the shared suites did not already run. A site test that is not parametrised over the
languages either loops over the configuration's (a shared suite, run whole above), holds a language's
own data (its expected text: a new language adds its own where docs/adding-a-language.md says), or
names no language at all, and then the new language changes nothing it reads but the catalogs, which
the catalogs' and terms' suites (shared) check. Measured on the tree: 1735 site tests collected, no
case of the new language missing, each of them in a shared suite.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from engine.games import GAME_KEYS
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from scripts.patience import SCALE

ROOT = Path(__file__).resolve().parents[1]
NEW_GAME, NEW_LANG = "odd-or-even", "cs"
# A test file is a shared suite when it reads the games or the languages from one of these.
SHARED_MARKS = re.compile(r"GAME_KEYS|GAMES\b|LANGUAGE_CODES|LANGUAGES\b|listed_games|paiyou\.registry|game_policy")
# Needs what only the production stack or a server of its own gives (tests/deploy, scripts/test.sh).
NOT_HERE = ("tests/e2e/", "tests/deploy/", "tests/bench/", "tests/scripts/", "tests/test_throwaway")
SERVER_WORDS = ("postgres", "redis", "nginx", "pg_")
SERVERS = " and ".join(f"not {word}" for word in SERVER_WORDS)
# A pytest plugin for the tree, for one run over the shared suites and the whole site suite: it
# writes every test it collected (before any is deselected) to THROWAWAY_COLLECTED, and runs
#   - of a shared suite (THROWAWAY_SUITES), every case but those whose parameters name a game that
#     was there before (THROWAWAY_OLD_GAMES) and neither the new game nor the new language (about
#     60% of the cases' time);
#   - of any other site file, the new language's cases;
# then writes the tests that were selected to run (the -k SERVERS deselection too) to
# THROWAWAY_SELECTED.
ONLY_OLD_GAMES = """
import json, os, re

import pytest

OLD = os.environ["THROWAWAY_OLD_GAMES"].split(",")
NEW = os.environ["THROWAWAY_NEW_GAME"]
NEW_LANG = os.environ["THROWAWAY_NEW_LANG"]
SUITES = set(os.environ["THROWAWAY_SUITES"].split(","))


def names(text, key):
    return re.search(rf"(^|[^a-z]){re.escape(key)}($|[^a-z])", text) is not None


def wanted(item):
    spec = getattr(item, "callspec", None)
    case = spec.id if spec is not None else ""
    if item.nodeid.partition("::")[0] not in SUITES:
        return spec is not None and names(case, NEW_LANG)
    return not (any(names(case, key) for key in OLD) and not names(case, NEW) and not names(case, NEW_LANG))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    with open(os.environ["THROWAWAY_COLLECTED"], "w", encoding="utf-8") as f:
        json.dump([item.nodeid for item in items], f)
    keep = [item for item in items if wanted(item)]
    if len(keep) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not wanted(item)])
        items[:] = keep


def pytest_collection_finish(session):
    with open(os.environ["THROWAWAY_SELECTED"], "w", encoding="utf-8") as f:
        json.dump([item.nodeid for item in session.items], f)
"""
# The key and its forms, and the rule ids' prefix (the key's initials, paiyou.content.rules.abbreviation).
RENAMES = (("high-card", NEW_GAME), ("high_card", "odd_or_even"), ("HighCard", "OddOrEven"),
           ("HIGH_CARD", "ODD_OR_EVEN"), ("HC-", "OOE-"), ("hc-", "ooe-"), ('"HC"', '"OOE"'), ('"hc"', '"ooe"'),
           ("hc:", "ooe:"))
# High Card's folders and files, as docs/adding-a-game.md lists them under "What to copy".
HIGH_CARD = ("engine/high_card", "engine/ai/high_card.py", "engine/games/high_card.py",
             "site/paiyou/games/high_card", "site/paiyou/templates/games/high-card",
             "content/rules/high-card.md", "content/puzzles/high-card")


def renamed(text: str) -> str:
    for old, new in RENAMES:
        text = text.replace(old, new)
    return text


def tracked() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in filter(None, listed.decode().split("\0")) if (ROOT / name).is_file()]


def copy_tracked(target: Path) -> None:
    for name in tracked():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)


def copy_renamed(source: Path, target: Path) -> None:
    """A file or folder of High Card's, copied under the new game's names."""
    paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
    for path in paths:
        if "__pycache__" in path.parts:
            continue
        out = target / renamed(str(path.relative_to(target)))
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(renamed(path.read_text(encoding="utf-8")), encoding="utf-8")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def add_game(tree: Path) -> None:
    """docs/adding-a-game.md: copy High Card's files, then change what makes the game its own."""
    for part in HIGH_CARD:
        copy_renamed(tree / part, tree)
    # A rule: the lower total wins (rank turned round). The seat count: three seats, nine tiles,
    # three each (the engine, the computer players and the room read it from SEATS).
    edit(tree / "engine/odd_or_even/actions.py", "    return t.total\n", "    return 13 - t.total\n")
    edit(tree / "engine/odd_or_even/table.py", "SEATS: Final = 2", "SEATS: Final = 3")
    edit(tree / "content/puzzles/odd-or-even/policy.toml", "seats = 2 ", "seats = 3 ")  # what the tests hold it to
    edit(tree / "engine/odd_or_even/table.py", '("6-6", "5-5", "4-4", "3-3", "2-2", "1-1")',
         '("6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "6-5", "5-4", "2-1")')
    edit(tree / "content/puzzles/odd-or-even/01-tiles.toml", 'answer = "beats"', 'answer = "does-not-beat"')
    # A level renamed, with its words.
    edit(tree / "engine/ai/odd_or_even.py", 'name = "highest"', 'name = "lowest"')
    edit(tree / "engine/games/odd_or_even.py", 'Level("highest", ', 'Level("lowest", ')
    edit(tree / "content/puzzles/odd-or-even/policy.toml", '"highest"', '"lowest"')
    room = tree / "site/paiyou/games/odd_or_even/__init__.py"
    edit(room, '"highest": LevelWords(lazy_pgettext("play level", "Highest")',
         '"lowest": LevelWords(lazy_pgettext("play level", "Lowest")')
    edit(room, '"play level", "Always plays its highest tile.")', '"play level", "Always plays its lowest tile.")')


# The stand-in translator: a new message takes the translation of the message it was copied from.
COPIED_FROM = {"Lowest": "Highest", "Always plays its lowest tile.": "Always plays its highest tile."}


def add_messages(tree: Path, env: dict[str, str]) -> None:
    """Step 4 of the recipe: extract, update, and translate every new message in each catalog."""
    for command in ("extract", "update"):
        subprocess.run([sys.executable, "-m", "flask", "--app", "paiyou", "i18n", command], cwd=tree, env=env,
                       check=True, capture_output=True, timeout=300 * SCALE)
    for po in sorted((tree / "translations").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        known = {(m.context, m.id): m.string for m in catalog if m.id and not m.fuzzy}
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.id or (all(strings) and not message.fuzzy):
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            context = message.context.replace(NEW_GAME, "high-card") if message.context else None
            key = (context, COPIED_FROM.get(msgid, msgid) if isinstance(message.id, str) else message.id)
            assert key in known, f"{po}: no translation to copy for {message.context!r} {message.id!r}"
            message.string = known[key]
            message.flags.discard("fuzzy")
        with po.open("wb") as f:
            write_po(f, catalog, width=100)


def changed_shared_files(tree: Path) -> list[str]:
    """The repository's files that the game's addition changed, outside the catalogs (whose new
    messages are the game's own)."""
    return [name for name in tracked() if not name.startswith("translations/")
            and (tree / name).read_bytes() != (ROOT / name).read_bytes()]


def add_language(tree: Path) -> None:
    """A sixth language: Polish's catalogs and termbase entries under a new code (Czech: a Latin
    script, and three plural forms as in Polish, only chosen by another rule; the cases and
    genders of Polish, whose catalogs hold their forms)."""
    config = tree / "site/paiyou/config.py"
    text = config.read_text(encoding="utf-8")
    polish = re.search(r'(?s)(?<=\n)    Language\("pl", "Polski"(.*?)\),\n(?=\)|    Language\()', text)
    assert polish, "Polish's line in LANGUAGES"
    czech = f'    Language("cs", "Čeština"{polish.group(1)}),\n'
    config.write_text(text.replace(polish.group(0), polish.group(0) + czech), encoding="utf-8")
    source, target = tree / "translations/pl", tree / f"translations/{NEW_LANG}"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.mo"))
    for po in target.rglob("*.po"):
        text = po.read_text(encoding="utf-8")
        text = re.sub(r'"Language: pl\\n"', f'"Language: {NEW_LANG}\\\\n"', text)
        text = re.sub(r'"Plural-Forms: [^"]*"', f'"Plural-Forms: {get_plural(NEW_LANG).plural_forms}\\\\n"', text)
        po.write_text(text, encoding="utf-8")
    terms = tree / "translations/terms.toml"
    text = terms.read_text(encoding="utf-8")
    parsed = tomllib.loads(text)
    sections = re.split(r"(?m)^(?=\[)", text)
    out = []
    for section in sections:
        header = re.match(r"\[([\w.]+)\]\n", section)
        concept = parsed.get(header.group(1)) if header else None
        if header and header.group(1) == "words.pl":
            out.append(section + section.replace("[words.pl]", f"[words.{NEW_LANG}]"))
            continue
        if isinstance(concept, dict) and "pl" in concept:
            added = f"{NEW_LANG} = {json.dumps(concept['pl'], ensure_ascii=False)}\n"
            if "pl" in concept.get("avoid", {}):
                added += f"avoid.{NEW_LANG} = {json.dumps(concept['avoid']['pl'], ensure_ascii=False)}\n"
            section = section.rstrip("\n") + "\n" + added + "\n"
        out.append(section)
    text = "".join(out)
    exceptions = re.findall(r'(?m)^\[\[exception\]\]\n(?:(?!\[).*\n)*', text)
    text += "".join("\n" + entry.replace('lang = "pl"', f'lang = "{NEW_LANG}"').rstrip("\n") + "\n"
                    for entry in exceptions if 'lang = "pl"' in entry)
    tomllib.loads(text)  # still the termbase
    terms.write_text(text, encoding="utf-8")


def names_code(case_id: str, code: str) -> bool:
    """Whether a test id's parameters name ``code`` as one whole parameter (``[pl-chuo-pai]``)."""
    params = case_id.partition("[")[2]
    return re.search(rf"(^|[^a-z]){re.escape(code)}($|[^a-z])", params) is not None


def missing_language_cases(test_ids: list[str], languages: tuple[str, ...], new: str) -> list[str]:
    """The cases of ``new`` missing beside a test's cases over every one of ``languages``: where a
    test has the same case for each language (its other parameters alike: a product over the
    languages), the case of ``new`` must be there too. Cases whose other parameters differ by
    language (a language's expected text, a header it sends) are data of that language, which a new
    language adds to where its recipe says."""
    def pattern(code: str) -> re.Pattern[str]:
        return re.compile(rf"(?<=[\[-]){re.escape(code)}(?=[\]-])")

    marker = "\0"  # stands for the language in a case's id
    over: dict[str, set[str]] = {}
    for case in test_ids:
        for code in languages:
            if names_code(case, code):
                over.setdefault(pattern(code).sub(marker, case), set()).add(code)
    expected = [shape.replace(marker, new) for shape, codes in over.items() if codes >= set(languages)]
    collected = set(test_ids)
    return sorted(case for case in expected if case not in collected)


def shared_suites(tree: Path) -> list[str]:
    return sorted(str(p.relative_to(tree)) for p in (tree / "tests").rglob("test_*.py")
                  if not str(p.relative_to(tree)).startswith(NOT_HERE) and SHARED_MARKS.search(p.read_text()))


# the shared suites' run and the new language's rest of the site suite (up to 2000 s)
@pytest.mark.timeout(2400 * SCALE)
def test_a_throwaway_game_and_language_break_no_shared_test(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    copy_tracked(tree)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "site")]),
           "PYTHONDONTWRITEBYTECODE": "1"}
    add_game(tree)
    assert changed_shared_files(tree) == []  # the recipe edits no shared file
    add_messages(tree, env)
    add_language(tree)
    # what a checkout has after scripts/setup.sh: the catalogs compiled (the tests that start an
    # app on the default folder read them)
    subprocess.run([sys.executable, "-m", "flask", "--app", "paiyou", "i18n", "compile"], cwd=tree, env=env,
                   check=True, capture_output=True, timeout=300 * SCALE)
    # a checkout with the new files added (the suites that list the tracked files ask git)
    for command in (["git", "init", "-q"], ["git", "add", "-A"]):
        subprocess.run(command, cwd=tree, check=True, capture_output=True, timeout=300 * SCALE)
    suites = shared_suites(tree)
    assert len(suites) >= 30 and "tests/site/test_play.py" in suites
    (tree / "throwaway_selection.py").write_text(ONLY_OLD_GAMES, encoding="utf-8")
    collected_file, selected_file = tmp_path / "collected.json", tmp_path / "selected.json"
    env = {**env, "THROWAWAY_OLD_GAMES": ",".join(GAME_KEYS), "THROWAWAY_NEW_GAME": NEW_GAME,
           "THROWAWAY_NEW_LANG": NEW_LANG, "THROWAWAY_SUITES": ",".join(suites),
           "THROWAWAY_COLLECTED": str(collected_file), "THROWAWAY_SELECTED": str(selected_file)}
    # One run (one interpreter, one collection): the shared suites, and the whole site suite for
    # the new language (the plugin selects).
    paths = ["tests/site", *(suite for suite in suites if not suite.startswith("tests/site/"))]
    run = subprocess.run([sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider", "-x",
                          "-p", "throwaway_selection",
                          "-k", SERVERS, "-rfE", "-o", "addopts=--import-mode=importlib"],
                         cwd=tree, env=env, capture_output=True, text=True, timeout=2000 * SCALE)
    summary = run.stdout[-4000:]
    assert run.returncode == 0, summary + run.stderr[-2000:]
    collected = json.loads(collected_file.read_text(encoding="utf-8"))
    selected = json.loads(selected_file.read_text(encoding="utf-8"))
    # Every shared suite was in the run (some keep no case: all of theirs are of the old games).
    assert {case.partition("::")[0] for case in collected} >= set(suites)
    # The whole site suite and the new language: every suite parametrised over the languages has
    # its case (collected in the tree), and those of the files that are no shared suite ran too.
    site_ids = [case for case in collected if case.startswith("tests/site/")]
    assert len(site_ids) > 1000 and any(names_code(case, NEW_LANG) for case in site_ids)
    translated = tuple(code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE)
    assert missing_language_cases(site_ids, translated, NEW_LANG) == []
    rest = [case for case in site_ids if names_code(case, NEW_LANG) and case.partition("::")[0] not in suites]
    assert all(any(word in case.lower() for word in SERVER_WORDS) for case in set(rest) - set(selected))
    # The tree's own site was imported (the new game and language exist there only): the
    # parametrised tests of both ran.
    listed = "\n".join(case for case in selected
                       if case.startswith(("tests/test_architecture.py", "tests/site/test_catalogs.py")))
    assert NEW_GAME in listed and re.search(rf"[\[-]{NEW_LANG}[\]-]", listed), listed[-2000:]


def test_the_recipe_lists_every_file_the_throwaway_game_copies() -> None:
    """What the test copies is what docs/adding-a-game.md's table says to copy, and nothing more."""
    recipe = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    section = recipe.split("## What to copy", 1)[1].split("\n\n", 2)[1]  # the table after its heading
    table = re.findall(r"^\| `([^`]+)` \| `[^`]+` \|", section, re.M)
    assert [part.rstrip("/") for part in table] == list(HIGH_CARD)


def test_the_language_case_finder_finds_a_suite_that_lists_its_languages_by_hand() -> None:
    ids = ["t.py::test_page[en-chuo-pai]", "t.py::test_page[pl-chuo-pai]", "t.py::test_page[ar-chuo-pai]",
           "t.py::test_page[cs-chuo-pai]", "t.py::test_form[pl]", "t.py::test_form[ar]",
           "t.py::test_plain", "t.py::test_checked_by_hand[pl]",
           "t.py::test_title[pl-Strona]", "t.py::test_title[ar-صفحة]",         # a language's own text
           "t.py::test_review[chuo-pai-ar]", "t.py::test_review[tien-gow-pl]"]  # a game paired with one
    assert missing_language_cases(ids, ("ar", "pl"), "cs") == ["t.py::test_form[cs]"]
    assert names_code("t.py::test_page[pl-chuo-pai]", "pl") and not names_code("t.py::test_pls[x]", "pl")
