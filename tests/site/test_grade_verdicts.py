"""The review's verdict on a move (issue 38): a sentence of its own per grade, in every language.

The line read "Your move: Best move" (the grade's name glued after a colon) in every language. Each
grade the engine gives now has two sentences of its own, for the move at this step and for the
next move ("Your move was a mistake.", "Your next move was the best one."): different for every
grade and in both places, translated in every language, never the grade's name after a colon.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from flask_babel import force_locale

from engine.analysis import GRADES
from paiyou.config import LANGUAGE_CODES

ROOT = Path(__file__).resolve().parents[2]
ANALYSIS = ROOT / "site" / "paiyou" / "templates" / "play" / "_analysis.html"


def _macros(app):
    return app.jinja_env.get_template("play/_analysis.html").make_module({})


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_grade_has_its_own_verdict(app, lang: str) -> None:
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        macros = _macros(app)
        names = {g: str(macros.grade_name(g)).strip() for g in GRADES}
        verdicts = {(g, nxt): str(macros.grade_verdict(g, next=nxt)).strip()
                    for g in GRADES for nxt in (False, True)}
    assert all(verdicts.values()), verdicts
    assert len(set(verdicts.values())) == len(verdicts), verdicts  # one sentence per grade and place
    for (grade, _next), text in verdicts.items():
        assert f": {names[grade]}" not in text, (lang, grade, text)


def test_the_verdicts_are_translated(app) -> None:
    with app.test_request_context("/en/"), force_locale("en"):
        english = {str(_macros(app).grade_verdict(g, next=n)) for g in GRADES for n in (False, True)}
    assert "Your move was a mistake." in english and "Your next move was the best one." in english
    for lang in LANGUAGE_CODES:
        if lang == "en":
            continue
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            macros = _macros(app)
            for grade in GRADES:
                for nxt in (False, True):
                    assert str(macros.grade_verdict(grade, next=nxt)) not in english, (lang, grade, nxt)


def test_the_review_says_the_verdict_not_the_grade_after_a_colon() -> None:
    text = ANALYSIS.read_text(encoding="utf-8")
    assert "grade_verdict(at.grade)" in text and "grade_verdict(a.grade, next=True)" in text
    assert "Your move: %(grade)s" not in text and "Your next move: %(grade)s" not in text
