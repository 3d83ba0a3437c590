"""Numbers in the locale's own digits (paiyou.i18n.numerals)."""
from __future__ import annotations

import pytest
from flask import render_template_string
from flask_babel import force_locale
from paiyou.i18n.numerals import format_number, to_native_digits


@pytest.mark.parametrize(("lang", "expected"), [
    ("fa", "۱٬۲۳۴"), ("ar", "1,234"), ("hi", "1,234"), ("pl", "1\xa0234"), ("en", "1,234"),
])
def test_format_number(lang: str, expected: str) -> None:
    assert format_number(1234, lang) == expected


def test_only_persian_changes_digits() -> None:
    assert to_native_digits("6-6 1-2", "fa") == "۶-۶ ۱-۲"
    for lang in ("ar", "hi", "pl", "en"):
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
