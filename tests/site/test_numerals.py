"""Numbers in the locale's own digits (paiyou.i18n.numerals)."""
from __future__ import annotations

import re

import pytest
from flask import render_template_string
from flask_babel import force_locale

from paiyou.config import LANGUAGE_CODES
from paiyou.i18n.numerals import format_number, to_native_digits


@pytest.mark.parametrize(("lang", "expected"), [
    ("fa", "۱٬۲۳۴"), ("ar", "1,234"), ("hi", "1,234"), ("pl", "1\xa0234"), ("en", "1,234"),
])
def test_format_number(lang: str, expected: str) -> None:
    assert format_number(1234, lang) == expected


def test_only_persian_changes_digits() -> None:
    assert to_native_digits("6-6 1-2", "fa") == "۶-۶ ۱-۲"
    for lang in (code for code in LANGUAGE_CODES if code != "fa"):
        assert to_native_digits("6-6 1-2", lang) == "6-6 1-2"


@pytest.mark.parametrize(("lang", "expected"), [("fa", "۸۴ · ۶-۶"), ("ar", "84 · 6-6"), ("hi", "84 · 6-6")])
def test_jinja_filters(app, lang: str, expected: str) -> None:
    with app.test_request_context(), force_locale(lang):
        assert render_template_string("{{ 84|num }} · {{ '6-6'|notation }}") == expected


def test_persian_pages_use_persian_digits(client) -> None:
    client.get("/en/")  # compiled in English first: constant-argument filters must not be folded
    html = client.get("/fa/").get_data(as_text=True)
    assert "۸۴" in html and "۳۲" in html
    assert ">84 " not in html


# -- reading numbers (parse_whole_number) --------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from paiyou.i18n.numerals import DIGITS, parse_whole_number  # noqa: E402


@pytest.mark.parametrize(("text", "expected"), [
    ("42", 42), (" 42 ", 42), ("۴۲", 42), ("٤٢", 42), ("\t۰۷\n", 7), ("0", 0), ("٤2", 42),
])
def test_parse_whole_number_reads_three_digit_sets(text: str, expected: int) -> None:
    assert parse_whole_number(text, max_digits=16) == expected


@pytest.mark.parametrize("text", [
    "", "   ", "-1", "--1", "+1", "1.5", "1 2", "1e3", "²", "4²", "१२", "١٢x", "0x10", "一",
    "1_000", "５", "৫", None, 42, b"42", "9" * 17, "1" * 5000,
])
def test_parse_whole_number_refuses_everything_else(text: object) -> None:
    assert parse_whole_number(text, max_digits=16) is None


@given(st.integers(min_value=0, max_value=10**16 - 1), st.sampled_from(["latn", "arab", "arabext"]))
def test_parse_whole_number_round_trips(number: int, system: str) -> None:
    text = str(number).translate(str.maketrans(DIGITS["latn"], DIGITS[system]))
    assert parse_whole_number(text, max_digits=16) == number


@given(st.text(max_size=30))
def test_parse_whole_number_never_raises(text: str) -> None:
    result = parse_whole_number(text, max_digits=8)
    assert result is None or (0 <= result < 10**8 and text.strip() != "")


def test_seed_and_puzzle_numbers_accept_native_digits() -> None:
    from paiyou.deals import service as game_service
    from paiyou.deals.game import BadInput
    from paiyou.puzzles import checking

    assert game_service.parse_seed("۴۲") == 42 == game_service.parse_seed("٤٢")
    for bad in ("²", "--1", "1" * 5000, "-1"):
        with pytest.raises(BadInput):
            game_service.parse_seed(bad)
    assert checking._int("۱۲") == 12 and checking._int("²") is None and checking._int("9" * 5000) is None


# The list-style-type that counts in each CLDR numbering system's digits.
LIST_STYLES = {"latn": None, "arabext": "persian", "arab": "arabic-indic", "deva": "devanagari"}


def test_numbered_lists_count_in_the_pages_digits() -> None:
    """Every language whose numbers use other digits numbers its lists (<ol>) with them too, with
    no weight (:where), so a list its class unnumbers stays unnumbered (test_pages_e2e)."""
    from pathlib import Path

    from paiyou.config import LANGUAGE_CODES
    from paiyou.i18n.numerals import numbering_system

    css = (Path(__file__).resolve().parents[2] / "site/paiyou/static/css/site.css").read_text()
    for lang in LANGUAGE_CODES:
        style = LIST_STYLES[numbering_system(lang)]
        rule = f":where(ol:lang({lang})) {{ list-style-type: {style}; }}"
        assert (rule in css) == (style is not None), lang


@pytest.mark.parametrize("lang, separator", [("en", " · "), ("pl", " · "), ("ar", " · "), ("fa", "؛ ")])
def test_two_figures_on_a_line_are_never_parted_by_a_dot_that_reads_as_zero(client, lang: str,
                                                                             separator: str) -> None:
    """Persian zero (۰) is a dot: «۷ درس · ۵۸ معما» read "7 lessons 0 58 puzzles"."""
    page = client.get(f"/{lang}/puzzles").get_data(as_text=True)
    counts = re.findall(r"<p>([^<]*\d[^<]*)</p>", page.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))
    assert any(separator in c for c in counts), counts
    if lang == "fa":
        assert not [c for c in counts if "·" in c]
