"""The pages nginx shows when no app process answers in time (paiyou.outage): one per
language in the site's look and direction, with the link back nginx fills in, and the API's JSON
error; the file names are the ones deploy/nginx.conf asks for. (nginx serving them:
tests/deploy/test_outage_pages.py.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel import Locale
from flask import Flask
from flask_babel import force_locale, gettext, pgettext

from paiyou import outage
from paiyou.config import LANGUAGE_CODES

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
RTL = frozenset(code for code in LANGUAGE_CODES if Locale.parse(code).text_direction == "rtl")  # CLDR's


@pytest.fixture(scope="module")
def files(app: Flask) -> dict[str, str]:
    return outage.pages(app)


def in_language(app: Flask, lang: str, message: str, context: str | None = None) -> str:
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return pgettext(context, message) if context else gettext(message)


def test_every_language_has_a_page_and_an_api_answer(files: dict[str, str]) -> None:
    assert set(files) == {f"{lang}.html" for lang in LANGUAGE_CODES} | {f"api.{lang}.json" for lang in LANGUAGE_CODES}


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_page_is_in_its_language_and_direction_in_the_sites_look(app: Flask, files: dict[str, str],
                                                                     lang: str) -> None:
    page = files[f"{lang}.html"]
    assert f'<html lang="{lang}" dir="{"rtl" if lang in RTL else "ltr"}">' in page
    heading = in_language(app, lang, "The server did not answer in time")
    assert lang == "en" or heading != "The server did not answer in time"
    assert f"<h1>{heading}</h1>" in page and f"<title>{heading} · Paiyou</title>" in page
    assert re.search(r'<link rel="stylesheet" href="/static/css/site\.css\?v=\w+">', page)
    assert 'class="site-header"' in page and 'class="site-footer"' in page


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_link_back_is_the_table_nginx_names_else_the_home_page(app: Flask, files: dict[str, str],
                                                                   lang: str) -> None:
    page = files[f"{lang}.html"]
    table = in_language(app, lang, "Back to the table")
    home = in_language(app, lang, "Go to the home page")
    assert ('<!--# if expr="$paiyou_outage_table" --><a class="button" href="<!--# echo var="paiyou_outage_table" '
            f'-->">{table}</a><!--# else --><a class="button" href="/{lang}/">{home}</a><!--# endif -->') in page
    # the variable is the one deploy/nginx.conf sets from the request's URL
    assert re.search(r"^map \$request_uri \$paiyou_outage_table \{", NGINX_CONF.read_text(), re.MULTILINE)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_api_answer_is_the_error_json_in_its_language(app: Flask, files: dict[str, str], lang: str) -> None:
    english = ("The server did not answer in time. If you sent an action, it may or may not have been made: "
               "fetch the game to see, then try again in a few seconds.")
    message = in_language(app, lang, english, "play api")
    assert lang == "en" or message != english
    assert json.loads(files[f"api.{lang}.json"]) == {"error": "server-unavailable", "message": message}


def test_nginx_chooses_among_exactly_the_sites_languages() -> None:
    """Each of deploy/nginx.conf's language patterns and lists names every language of the site, and
    no other (a new language needs them: its pages exist only under its own name)."""
    conf = NGINX_CONF.read_text()
    alternations = re.findall(r"\((?:\?:)?((?:[a-z]{2}\|)+[a-z]{2})\)", conf.split("# -- when no app process", 1)[1])
    assert alternations and all(sorted(found.split("|")) == sorted(LANGUAGE_CODES) for found in alternations)
    lists = re.findall(r"^\s+((?:[a-z]{2} [a-z]{2};\s*)+)default", conf, re.MULTILINE)
    assert lists and all(sorted(pair.split()[0] for pair in found.strip().split(";") if pair.strip())
                         == sorted(LANGUAGE_CODES) for found in lists)


def test_the_command_writes_every_file(app: Flask, tmp_path: Path, files: dict[str, str]) -> None:
    result = app.test_cli_runner().invoke(args=["outage-pages", str(tmp_path / "outage")])
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "outage").iterdir()} == files
