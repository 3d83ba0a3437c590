"""The page frame, on every page of tests/e2e/pages.py in every language.

Status, ``<html lang dir>``, a translated title, the language switcher (the same page in each
language, each name in its own language), hreflang alternates with x-default, the skip link,
security headers, no inline script or style and no URL to another host.
"""
from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from paiyou.config import LANGUAGE_COOKIE, LANGUAGES
from paiyou.web.security import CONTENT_SECURITY_POLICY
from tests.e2e.pages import LANGUAGES as LANGS
from tests.e2e.pages import PAGE_DOMAINS, PAGES, REDIRECTING, RTL

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "srcset", "data", "hx-get", "hx-post"}
NATIVE_NAMES = {lang.code: lang.native_name for lang in LANGUAGES}


class Page(HTMLParser):
    """What the frame tests look at, collected in one pass."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html: dict[str, str | None] = {}
        self.title = ""
        self.alternates: dict[str, str] = {}
        self.switcher: list[dict[str, str | None]] = []
        self.urls: list[str] = []
        self.inline_scripts = 0
        self.style_attributes = 0
        self.handlers: list[str] = []
        self.ids: set[str] = set()
        self.skip_link: str | None = None
        self._in_title = False
        self._in_switcher = False
        self._stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.html = a
        if tag == "title":
            self._in_title = True
        if "id" in a and a["id"]:
            self.ids.add(a["id"])
        if tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            self.alternates[a["hreflang"]] = a["href"] or ""
        if tag == "nav" and "lang-switch" in (a.get("class") or ""):
            self._in_switcher = True
        if tag == "a" and self._in_switcher:
            self.switcher.append(a)
        if tag == "a" and "skip-link" in (a.get("class") or "") and self.skip_link is None:
            self.skip_link = a.get("href")
        if tag == "script" and not a.get("src"):
            self.inline_scripts += 1
        if "style" in a:
            self.style_attributes += 1
        self.handlers += [name for name in a if name.startswith("on")]
        self.urls += [v for k, v in a.items() if k in URL_ATTRIBUTES and v]
        if tag not in ("meta", "link", "br", "img", "input", "circle", "rect", "path"):
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag == "nav":
            self._in_switcher = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


def page_cases() -> list[tuple[str, str]]:
    return [(path, lang) for path in PAGES for lang in LANGS]


@pytest.fixture(scope="module")
def english_titles(app) -> dict[str, str]:
    client = app.test_client()
    return {path: parse(client.get(path.format(lang="en"), follow_redirects=True).get_data(as_text=True)).title
            for path in PAGES}


@pytest.mark.parametrize(("path", "lang"), page_cases())
def test_page_frame(client: FlaskClient, english_titles: dict[str, str], translations_dir,
                    path: str, lang: str) -> None:
    url = path.format(lang=lang)
    response = client.get(url, follow_redirects=path in REDIRECTING)
    assert response.status_code == 200
    landed = response.request.path  # the play pages deal a game and redirect to its table

    def in_lang(code: str) -> str:
        return f"/{code}" + landed[len(lang) + 1:]

    assert response.mimetype == "text/html"
    page = parse(response.get_data(as_text=True))

    assert page.html.get("lang") == lang
    assert page.html.get("dir") == ("rtl" if lang in RTL else "ltr")
    assert page.title.strip() and page.title.endswith("· Paiyou")
    domain_po = translations_dir / lang / "LC_MESSAGES" / f"{PAGE_DOMAINS[path]}.po"
    if lang != "en" and domain_po.exists():
        assert page.title != english_titles[path], "the title is not translated"

    # language switcher: this page in every language, each name written in itself
    assert [a["hreflang"] for a in page.switcher] == list(LANGS)
    for a in page.switcher:
        code = a["hreflang"]
        assert a["lang"] == code
        assert a["dir"] == ("rtl" if code in RTL else "ltr")
        target = urlsplit(a["href"])
        assert target.path == in_lang(code)
        assert target.query == "chosen=1"
    current = [a for a in page.switcher if a.get("aria-current")]
    assert [a["hreflang"] for a in current] == [lang]

    # hreflang alternates (absolute, same host) and x-default
    assert set(page.alternates) == {*LANGS, "x-default"}
    for code in LANGS:
        assert urlsplit(page.alternates[code]).path == in_lang(code)
    assert urlsplit(page.alternates["x-default"]).path in ("/", in_lang("en"))

    # skip link to the main landmark
    assert page.skip_link == "#main" and "main" in page.ids

    # no inline script, no inline style, no event handler attributes (the CSP forbids them)
    assert page.inline_scripts == 0
    assert page.style_attributes == 0
    assert page.handlers == []

    # nothing from another host
    for value in page.urls:
        parts = urlsplit(value)
        assert parts.scheme in ("", "http") and parts.netloc in ("", "localhost"), value


@pytest.mark.parametrize("path", ["/en/", "/ar/glossary", "/xx/", "/favicon.svg", "/static/css/site.css", "/"])
def test_security_headers_everywhere(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    response.close()
    csp = response.headers["Content-Security-Policy"]
    assert csp == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "HX-Request" in response.headers.get("Vary", "")


@pytest.mark.parametrize(("accept", "expected"), [
    ("fa-IR,fa;q=0.9,en;q=0.5", "/fa/"),
    ("pl-PL,pl;q=0.9", "/pl/"),
    ("de-DE,de;q=0.9,ar;q=0.8", "/ar/"),
    ("hi", "/hi/"),
    ("de-DE", "/en/"),
    ("", "/en/"),
])
def test_root_redirects_to_the_best_language(client: FlaskClient, accept: str, expected: str) -> None:
    response = client.get("/", headers={"Accept-Language": accept})
    assert response.status_code == 302
    assert urlsplit(response.headers["Location"]).path == expected
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


def test_the_switcher_choice_is_remembered_and_wins(client: FlaskClient) -> None:
    response = client.get("/pl/glossary?chosen=1", headers={"Accept-Language": "fa"})
    assert response.status_code == 303
    assert urlsplit(response.headers["Location"]).path == "/pl/glossary"
    assert urlsplit(response.headers["Location"]).query == ""
    cookie = client.get_cookie(LANGUAGE_COOKIE)
    assert cookie is not None and cookie.value == "pl"
    assert "httponly" in response.headers["Set-Cookie"].lower()
    redirect = client.get("/", headers={"Accept-Language": "fa-IR,fa;q=0.9"})
    assert urlsplit(redirect.headers["Location"]).path == "/pl/"


def test_a_stray_language_cookie_is_ignored(client: FlaskClient) -> None:
    client.set_cookie(LANGUAGE_COOKIE, "xx")
    response = client.get("/", headers={"Accept-Language": "hi"})
    assert urlsplit(response.headers["Location"]).path == "/hi/"


def test_visiting_a_page_does_not_set_the_cookie(client: FlaskClient) -> None:
    client.get("/ar/")
    assert client.get_cookie(LANGUAGE_COOKIE) is None


@pytest.mark.parametrize(("url", "accept", "lang", "title"), [
    ("/xx/", "pl", "pl", "Nie znaleziono strony · Paiyou"),
    ("/xx/glossary", "ar", "ar", "الصفحة غير موجودة · Paiyou"),
    ("/fa/no-such-page", "en", "fa", "صفحه پیدا نشد · Paiyou"),
    ("/hi/chuo-pai/no-such-page", "en", "hi", "पृष्ठ नहीं मिला · Paiyou"),
    ("/nothing-here", "de", "en", "Page not found · Paiyou"),
])
def test_not_found_is_localized(client: FlaskClient, url: str, accept: str, lang: str, title: str) -> None:
    response = client.get(url, headers={"Accept-Language": accept})
    assert response.status_code == 404
    page = parse(response.get_data(as_text=True))
    assert page.html["lang"] == lang
    assert page.html["dir"] == ("rtl" if lang in RTL else "ltr")
    assert page.title == title
    assert [a["hreflang"] for a in page.switcher] == list(LANGS)


def test_server_error_is_localized(translations_dir) -> None:
    from paiyou import create_app

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PROPAGATE_EXCEPTIONS": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir)})

    @app.get("/<lang_code>/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/fa/boom")
    assert response.status_code == 500
    page = parse(response.get_data(as_text=True))
    assert page.html["dir"] == "rtl"
    assert page.title == "مشکلی پیش آمد · Paiyou"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_fragment_for_htmx_and_full_page_otherwise(translations_dir) -> None:
    from paiyou import create_app
    from paiyou.i18n.glossary import groups as glossary_groups
    from paiyou.web.htmx import render

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir)})

    @app.get("/<lang_code>/fragment-demo")
    def demo() -> str:
        return render("pages/glossary.html", blocks=("main",), groups=glossary_groups())

    client = app.test_client()
    full = client.get("/ar/fragment-demo").get_data(as_text=True)
    fragment = client.get("/ar/fragment-demo", headers={"HX-Request": "true"}).get_data(as_text=True)
    restore = client.get("/ar/fragment-demo", headers={"HX-Request": "true",
                                                       "HX-History-Restore-Request": "true"})
    assert full.startswith("<!doctype html>") and "<html" in full
    assert "<html" not in fragment and 'data-tile="6-6"' in fragment and "مسرد القطع" in fragment
    assert restore.get_data(as_text=True).startswith("<!doctype html>")


def test_favicon_is_drawn_from_pips(client: FlaskClient) -> None:
    response = client.get("/favicon.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).count("<circle") == 4  # the 1-3 tile


def test_every_switcher_name_is_written_in_its_own_language(client: FlaskClient) -> None:
    page = parse(client.get("/hi/").get_data(as_text=True))
    html = client.get("/hi/").get_data(as_text=True)
    for code, name in NATIVE_NAMES.items():
        assert f'lang="{code}"' in html and f">{name}</a>" in html
    assert len(page.switcher) == len(NATIVE_NAMES)
