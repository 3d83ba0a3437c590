"""The recipes run for real: in a temporary copy of the repository, a throwaway fourth game is
added by copying High Card exactly as docs/adding-a-game.md says ("copy High Card": its engine
package, its computer players, its room, its templates, its content, two registry entries), and a
throwaway sixth language by copying Polish (its catalogs, its termbase entries, one line in
``paiyou.config.LANGUAGES``). Then the shared suites run in that tree, selected on the new key and
the new language: every test parametrised over ``GAME_KEYS`` or ``LANGUAGE_CODES`` covers them
and none fails. Nothing of the temporary tree is imported by this process.
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

from scripts.patience import SCALE

ROOT = Path(__file__).resolve().parents[1]
NEW_GAME, NEW_LANG = "odd-or-even", "cs"
# The shared suites parametrised over the games or the languages.
SHARED = (
    "tests/test_architecture.py",
    "tests/test_game_policy.py",
    "tests/engine/test_game_interface.py",
    "tests/content/test_puzzles.py",
    "tests/site/test_play.py",
    "tests/site/test_replays.py",
    "tests/site/test_puzzles.py",
    "tests/site/test_catalogs.py",
    "tests/site/test_terms.py",
    "tests/site/test_controls.py",
    "tests/site/test_wording.py",
    "tests/site/test_previous_round.py",
)
RENAMES = (("high-card", NEW_GAME), ("high_card", "odd_or_even"), ("HighCard", "OddOrEven"),
           ("HIGH_CARD", "ODD_OR_EVEN"))


def renamed(text: str) -> str:
    for old, new in RENAMES:
        text = text.replace(old, new)
    return text


def copy_tracked(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def copy_renamed(source: Path, target: Path) -> None:
    """A file or folder of High Card's, copied under the new game's names."""
    paths = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
    for path in paths:
        if "__pycache__" in path.parts:
            continue
        out = target / renamed(str(path.relative_to(target)))
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(renamed(path.read_text(encoding="utf-8")), encoding="utf-8")


def add_game(tree: Path) -> None:
    """docs/adding-a-game.md, "copy High Card", step by step."""
    for part in ("engine/high_card", "engine/ai/high_card.py", "site/paiyou/games/high_card",
                 "site/paiyou/templates/games/high-card", "content/rules/high-card.md",
                 "content/puzzles/high-card"):
        copy_renamed(tree / part, tree)
    # The two registries: its levels, and one GameSpec entry.
    agents = tree / "engine/ai/agents.py"
    text = agents.read_text(encoding="utf-8")
    block = re.search(r"^HIGH_CARD: .*?\n\)\n", text, re.S | re.M)
    assert block, "engine/ai/agents.py: High Card's levels"
    text = "".join(line + renamed(line) if "high_card" in line and " import " in line else line
                   for line in text.splitlines(keepends=True))
    text = text.replace(block.group(0), block.group(0) + "\n" + renamed(block.group(0)))
    agents.write_text(text, encoding="utf-8")
    games = tree / "engine/games.py"
    text = games.read_text(encoding="utf-8")
    text = text.replace("from engine import chuo_pai, high_card, tien_gow",
                        "from engine import chuo_pai, high_card, odd_or_even, tien_gow")
    entry = re.search(r"^HIGH_CARD: .*\n", text, re.M)
    assert entry, "engine/games.py: High Card's GameSpec"
    text = text.replace(entry.group(0), entry.group(0) + renamed(entry.group(0)))
    text = text.replace(", high_card.Deal)", ", high_card.Deal, odd_or_even.Deal)")
    text = text.replace("HIGH_CARD.key: erased(HIGH_CARD)}",
                        "HIGH_CARD.key: erased(HIGH_CARD), ODD_OR_EVEN.key: erased(ODD_OR_EVEN)}")
    games.write_text(text, encoding="utf-8")


def add_language(tree: Path) -> None:
    """A sixth language: Polish's catalogs and termbase entries under a new code (Czech: a Latin
    script, and three plural forms as in Polish, only chosen by another rule)."""
    config = tree / "site/paiyou/config.py"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace('    Language("pl", "Polski"),\n',
                                   '    Language("pl", "Polski"),\n    Language("cs", "Čeština"),\n'),
                      encoding="utf-8")
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


@pytest.mark.timeout(900 * SCALE)
def test_a_throwaway_game_and_language_break_no_shared_test(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    copy_tracked(tree)
    add_game(tree)
    add_language(tree)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "site")]),
           "PYTHONDONTWRITEBYTECODE": "1"}
    selected = f"{NEW_GAME} or odd_or_even or {NEW_LANG}"
    run = subprocess.run([sys.executable, "-m", "pytest", *SHARED, "-q", "-p", "no:cacheprovider",
                          "-k", selected, "-rA", "-o", "addopts=--import-mode=importlib"],
                         cwd=tree, env=env, capture_output=True, text=True, timeout=850 * SCALE)
    summary = run.stdout[-3000:]
    assert run.returncode == 0, summary + run.stderr[-2000:]
    # The tree's own site was imported (the new game and language exist there only), and every
    # shared suite ran tests of the new game or language.
    passed = re.findall(r"^PASSED (\S+?)::\S*(?:odd-or-even|odd_or_even|cs)", run.stdout, re.M)
    assert {name for name in SHARED if name not in passed} == set(), summary
    assert len(passed) >= 60, summary
