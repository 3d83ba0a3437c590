"""The site's languages are one list, ``paiyou.config.LANGUAGES`` (docs/adding-a-language.md):

- ``deploy/nginx.conf`` is the one other file that lists them (nginx picks the language of its
  outage page when no app process answers, and cannot read Python): each of its lists is the
  config's, in the config's order;
- no other file of the repository (code, templates, styles, scripts, deploy files, docs) lists
  them all; a file that names a few languages holds data keyed by a language (a font for a
  script, a grammar rule, a sample request), which a new language does not have to touch.
  ``tests/`` is left out: its tables of expected text per language are such data, and its
  parametrisations read ``LANGUAGE_CODES``.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
TRANSLATED = [code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE]
# Where the list may stand: the list itself, and nginx's copies (checked against it below).
THE_LIST = {"site/paiyou/config.py", "deploy/nginx.conf"}
# Data keyed by a language that happens to name every one of them: the snapshot's sample requests
# (each a header a visitor might send; scripts/snapshot.py reads the languages from config).
KEYED_DATA = {"scripts/snapshotting/settings.py"}
LEFT_OUT = ("translations/", "tests/", "research/")
NEAR = 400  # characters: a list's items stand this close together


def language_token(codes: list[str]) -> re.Pattern[str]:
    """A code written as an item: quoted, in a regex alternation, or in a set or map."""
    alternatives = "|".join(re.escape(code) for code in codes)
    return re.compile(rf"""["'`]({alternatives})["'`]|(?<=[(|{{,\s])({alternatives})(?=[|)}};,])""")


def lists_the_languages(text: str, codes: list[str]) -> list[int]:
    """The lines where every one of ``codes`` stands within ``NEAR`` characters: a list of them."""
    found = [(m.start(), m.group(1) or m.group(2)) for m in language_token(codes).finditer(text)]
    return sorted({text.count("\n", 0, at) + 1 for i, (at, _) in enumerate(found)
                   if set(codes) <= {code for where, code in found[i:] if where - at <= NEAR}})


def test_nginx_lists_the_configs_languages_in_each_of_its_lists() -> None:
    text = NGINX_CONF.read_text(encoding="utf-8")
    code = r"[a-z]{2,3}(?:[-_][A-Za-z0-9]+)?"
    alternations = re.findall(rf"\(\??:?((?:{code}\|)+{code})\)", text)
    maps = re.findall(rf"^\s*((?:{code} {code}; )+{code} {code};)\s*$", text, re.M)
    assert len(alternations) >= 3 and len(maps) >= 2, "the language lists of deploy/nginx.conf moved"
    for alternation in alternations:
        assert alternation.split("|") == list(LANGUAGE_CODES), alternation
    for pairs in maps:
        entries = [pair.split() for pair in pairs.rstrip(";").split("; ")]
        assert all(key == value for key, value in entries) and [k for k, _ in entries] == list(LANGUAGE_CODES)


def test_no_other_file_lists_the_languages() -> None:
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    listing = {}
    for name in filter(None, tracked.decode().split("\0")):
        path = ROOT / name
        if name.startswith(LEFT_OUT) or name in THE_LIST | KEYED_DATA or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if lines := lists_the_languages(text, TRANSLATED):
            listing[name] = lines
    assert not listing, f"files that list the languages (read paiyou.config.LANGUAGE_CODES instead): {listing}"


def test_the_list_finder_finds_a_list_and_leaves_data_alone() -> None:
    codes = ["ar", "hi", "fa", "pl"]
    assert lists_the_languages('LANGS = ("ar", "hi",\n "fa", "pl")', codes) == [1]
    assert lists_the_languages('"~^/(en|ar|hi|fa|pl)(?:[/?]|$)"', codes) == [1]
    assert lists_the_languages("    en en; ar ar; hi hi; fa fa; pl pl;", codes) == [1]
    assert lists_the_languages(':lang(ar) body, :lang(fa) body { }\n:lang(hi) body { }', codes) == []
    assert lists_the_languages('NO_COMMA_BEFORE_LAST = frozenset({"hi", "fa"})', codes) == []
    assert lists_the_languages("Polish (pl) and Hindi (hi) say hi", codes) == []
