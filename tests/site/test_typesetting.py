"""Polish typesetting (issue 50): a one-letter word (a, i, o, u, w, z and capitals) never ends a
line. ``paiyou.i18n.typesetting`` binds each to the next word with a no-break space in every Polish
translation as the catalogs compile; tags, attributes, code and placeholders stay as written, and
no rendered Polish page — the home page, the glossary, the rules, the lessons, a puzzle, a table —
has such a word with a plain space after it."""
from __future__ import annotations

import re

import pytest
from flask_babel import force_locale

from paiyou.config import LANGUAGE_BY_CODE
from paiyou.i18n import names
from paiyou.i18n.typesetting import NO_BREAK_SPACE as NBSP
from paiyou.i18n.typesetting import bind_single_letter_words

POLISH = LANGUAGE_BY_CODE["pl"].single_letter_words
# a one-letter word with a plain space after it, before a word
LOOSE = re.compile(rf"(?<![\w'’\-])[{POLISH}] +(?=\S)")


def test_one_letter_words_are_bound_to_the_next_word() -> None:
    assert bind_single_letter_words("Gra w karty i kości", POLISH) == f"Gra w{NBSP}karty i{NBSP}kości"
    assert bind_single_letter_words("a w domu", POLISH) == f"a{NBSP}w{NBSP}domu"
    assert bind_single_letter_words("W Tien Gow", POLISH) == f"W{NBSP}Tien Gow"
    assert bind_single_letter_words("z %(tile)s", POLISH) == f"z{NBSP}%(tile)s"
    assert bind_single_letter_words("z <strong>X</strong>", POLISH) == f"z{NBSP}<strong>X</strong>"
    assert bind_single_letter_words("Kot a Bo", "") == "Kot a Bo"  # a language without the rule


def test_tags_code_and_placeholders_stay_as_written() -> None:
    assert bind_single_letter_words('<a href="/pl/x" title="a b">w lesie</a>', POLISH) == \
        f'<a href="/pl/x" title="a b">w{NBSP}lesie</a>'
    assert bind_single_letter_words("<code>a b</code> i `w x`", POLISH) == f"<code>a b</code> i{NBSP}`w x`"
    assert bind_single_letter_words("%(a@w domu|z b|o c)s", POLISH) == "%(a@w domu|z b|o c)s"
    assert bind_single_letter_words("kot-a b, it's a", POLISH) == "kot-a b, it's a"
    assert bind_single_letter_words("&amp; a b", POLISH) == f"&amp; a{NBSP}b"


def loose_words(html: str) -> list[str]:
    """The one-letter words followed by a plain space in the running text of ``html``."""
    # the window title is no running text (Jinja's striptags folds its spaces): never wrapped on a page
    text = re.sub(r"<(script|style|code|pre|textarea|title)\b.*?</\1>", " | ", html, flags=re.S)
    text = re.sub(r"<[^>]*>", "", text)  # inline markup joins the text around it; block ends too
    return [text[max(0, m.start() - 25):m.end() + 15] for m in LOOSE.finditer(text)]


def test_the_loose_word_checker() -> None:
    assert loose_words("<p>Gra w karty</p>")
    assert loose_words("<p>Gra <b>w</b> karty</p>")
    assert not loose_words(f"<p>Gra w{NBSP}karty</p><code>a b</code>")
    assert not loose_words('<a href="x" class="a b">Kot</a>')


@pytest.mark.parametrize("path", ["/pl/", "/pl/glossary", "/pl/chuo-pai/rules", "/pl/tien-gow/rules",
                                  "/pl/chuo-pai/puzzles", "/pl/tien-gow/puzzles",
                                  "/pl/chuo-pai/play", "/pl/tien-gow/play", "/pl/chuo-pai/sources",
                                  "/pl/tien-gow/sources"])
def test_no_polish_page_ends_a_line_on_a_one_letter_word(app, path: str) -> None:
    response = app.test_client().get(path, follow_redirects=True)
    assert response.status_code == 200, path
    problems = loose_words(response.get_data(as_text=True))
    assert not problems, "\n".join(problems)


def test_no_polish_lesson_text_ends_a_line_on_a_one_letter_word(app) -> None:
    from flask import current_app

    from paiyou.puzzles import loading
    from paiyou.puzzles.texts import render_text

    problems = []
    with app.test_request_context("/pl/"), force_locale("pl"):
        for game in names.GAME_NAMES:
            for lesson in loading.load_course(current_app.config["PAIYOU_CONTENT_DIR"], game).lessons:
                for text in lesson.texts():
                    problems += [f"{text.ctx}: {p}" for p in loose_words(str(render_text(text)))]
    assert not problems, "\n".join(problems)
