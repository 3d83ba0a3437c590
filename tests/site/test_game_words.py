"""Each game's words and reasons live in its room and are found by the engine's game keys.

- Every game the engine lists has a ``Vocabulary`` (names for all 21 tiles, Chinese names, a
  tile style the drawing knows) and a ``GameReasons`` (a sentence for every code it gives).
- The shared modules of the words area never branch on a game key: no ``==``/``!=``/``in``
  against a literal key in Python or templates (games/<game>/ and templates/games/<key>/ are the
  games' own rooms).
- Every computer level of every game has a name and a description in every language (High Card's
  "highest" and "exact" were shown as the engine's ids).
- ``extract`` keeps a template's message order and leaves an unchanged template untouched.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.tiles import ALL_TILES
from paiyou import reasons
from paiyou.config import LANGUAGE_CODES
from paiyou.i18n import catalogs, names
from paiyou.i18n.vocabulary import Vocabulary
from paiyou.registry import GAME_KEYS
from paiyou.web import drawing

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site" / "paiyou"
WORDS_AREA = [
    SITE / "reasons.py", SITE / "config.py", SITE / "__init__.py", SITE / "views" / "pages.py",
    SITE / "views" / "rules.py", SITE / "content" / "rules_page.py",  # web/errors.py: the web glob
    *sorted((SITE / "i18n").glob("*.py")), *sorted((SITE / "web").glob("*.py")),
    SITE / "templates" / "base.html", *sorted((SITE / "templates" / "pages").glob("*")),
    *sorted((SITE / "templates" / "rules").glob("*.html")),
    *sorted((SITE / "templates" / "_macros").glob("*.html")),
    *sorted((SITE / "templates" / "_partials").glob("*.html")),
]


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_game_has_its_words(game: str) -> None:
    words = names.vocabulary(game)
    assert isinstance(words, Vocabulary) and words.game == game
    assert set(words.tile_names) == set(words.chinese_names) == {t.key for t in ALL_TILES}
    assert words.tile_style in drawing.FRAMES
    assert all(key in words.tile_names for c in words.combinations for key in (c.head, *c.totals))


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_game_has_a_sentence_for_every_code(game: str) -> None:
    game_reasons = reasons.REASONS[game]
    assert set(game_reasons.codes) == set(game_reasons.messages)
    assert reasons.CODES[game] == game_reasons.codes


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_computer_level_has_its_words_in_every_language(app, game: str) -> None:
    from flask_babel import force_locale

    from engine.games import game as engine_game
    from paiyou.config import LANGUAGE_CODES
    from paiyou.tables.template_globals import level_description, level_label

    for level in engine_game(game).agent_levels:
        with app.test_request_context():
            english = (level_label(level, game), level_description(level, game))
        assert english[0] != level and english[1], (game, level)
        for lang in LANGUAGE_CODES:
            with app.test_request_context(), force_locale(lang):
                words = (level_label(level, game), level_description(level, game))
            assert all(words) and (lang == "en" or words != english), (game, level, lang, words)


def test_the_words_area_never_branches_on_a_game_key() -> None:
    keys = "|".join(re.escape(key) for key in GAME_KEYS)
    constants = "|".join(key.upper().replace("-", "_") for key in GAME_KEYS)  # CHUO_PAI …
    branch = re.compile(rf"""(==|!=|\bin)\s*\(?\s*(["']({keys})["']|({constants})\b)|["']({keys})["']\s*(==|!=)""")
    for path in WORDS_AREA:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not branch.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_extract_keeps_the_order_and_leaves_an_unchanged_template_alone(tmp_path: Path) -> None:
    scratch = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", scratch, ignore=shutil.ignore_patterns("*.mo", "*.po"))
    pot = scratch / "core.pot"
    before = pot.read_bytes()
    catalogs.extract(scratch, only=["core"], root=ROOT, names=names.name_messages())
    assert pot.read_bytes() == before  # not even the creation date changes
    text = before.decode()
    header, first, second, *rest = text.rstrip("\n").split("\n\n")
    pot.write_text("\n\n".join([header, second, first, *rest]) + "\n\n", encoding="utf-8")
    swapped = pot.read_bytes()
    catalogs.extract(scratch, only=["core"], root=ROOT, names=names.name_messages())
    assert pot.read_bytes() == swapped  # the template's order wins over the files' order


def test_the_home_pages_title_names_the_listed_games(app, translations_dir: Path, tmp_path: Path) -> None:
    """Words that describe the site's games come from the registry of listed games: listing one
    more game names it in the title, joined as the language lists names."""
    from paiyou import create_app

    title = re.compile(r"<title>\s*(.*?) · Paiyou\s*</title>", re.S)
    page = app.test_client().get("/en/").get_data(as_text=True)
    assert title.search(page).group(1) == "Learn and play Chuo Pai and Tien Gow"
    every = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                        "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                        "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_LISTED_GAMES": ",".join(GAME_KEYS)})
    with every.test_request_context():
        listed = [str(names.game_name(key)) for key in GAME_KEYS]
    page = every.test_client().get("/en/").get_data(as_text=True)
    assert title.search(page).group(1) == "Learn and play " + ", ".join(listed[:-1]) + f", and {listed[-1]}"


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_site_describes_its_games_without_a_digit(app, lang: str) -> None:
    """The home page's heading, the meta description and the footer say how many games there are
    in words or not at all: "2 classic Chinese games" read as a count in a table, not a sentence."""
    page = app.test_client().get(f"/{lang}/").get_data(as_text=True)
    described = [re.search(r'<meta name="description" content="([^"]*)"', page).group(1),
                 re.search(r'<h1 id="hero-title">(.*?)</h1>', page, re.S).group(1),
                 re.search(r'<footer class="site-footer">.*?<p>(.*?)</p>', page, re.S).group(1)]
    assert all(text.strip() for text in described)
    assert [text for text in described if re.search(r"\d", text)] == []  # any script's digits
