"""A message that names a control takes the control's label through a placeholder.

The labels are written once, in ``paiyou.i18n.controls``; a sentence that names a button gets
the label from the same call that draws the button, so the two can never differ. Held here:

- no message of any catalog quotes a control's label literally (neither the English nor any
  translation), and no English message says "press <Label>" in words;
- every placeholder named ``*_button`` is a control's name, and the code fills it with that
  control's label: in the templates and the code (read), in the lessons (loaded) and on the pages
  themselves (rendered, in every language).
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.i18n import catalogs
from paiyou.i18n.controls import CONTROLS, Control
from paiyou.puzzles.loading import load_course
from paiyou.registry import GAME_KEYS, listed_keys
from tests.site.test_terms import language_words

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
SITE = ROOT / "site" / "paiyou"
DOMAINS = tuple(catalogs.domains(TRANSLATIONS))
LANGS = tuple(code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE)
BUTTON = re.compile(r"%\((\w+_button)\)s")

# Quote marks of the site's languages: "…", “…”, „…”, ‘…’, '…', «…», ‹…›.
OPENING, CLOSING = "\"“„‘'«‹", "\"”“’'»›"


def _strings(message: Message) -> list[str]:
    values = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return [s for s in values if s]


def _ids(message: Message) -> list[str]:
    return [message.id] if isinstance(message.id, str) else list(message.id)


def quoted(label: str, text: str) -> bool:
    """Whether ``text`` quotes ``label`` (with any of the languages' quote marks)."""
    return re.search(rf"[{OPENING}]\s?{re.escape(label)}\s?[{CLOSING}]", text) is not None


def named_in_words(label: str, text: str) -> bool:
    """Whether English ``text`` names the button in words: "press Pass", "choose Hint"."""
    return re.search(rf"\b(press|choose|click|tap|use|answer)\s+(the\s+)?{re.escape(label)}\b",
                     text) is not None


def _load(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _label(catalog: Catalog, control: Control) -> str:
    message = catalog.get(control.label, context=control.context)
    assert message is not None and message.string, (control, "has no translation")
    return str(message.string)


def quoting_problems(messages: dict[str, Catalog], labels: dict[str, str], english: bool
                     ) -> list[tuple[str, str, str]]:
    """(control, label, text) for every message of ``messages`` (domain -> catalog) that quotes a
    label of ``labels`` (control -> label in the catalog's language), or names it in words."""
    own = {(c.context, c.label) for c in CONTROLS.values()}
    found = []
    for catalog in messages.values():
        for message in catalog:
            if not message.id or (message.context, message.id) in own:
                continue
            texts = _ids(message) if english else _strings(message)
            for name, label in labels.items():
                found += [(name, label, t) for t in texts
                          if quoted(label, t) or (english and named_in_words(label, t))]
    return found


def test_the_finder_finds_quoted_labels() -> None:
    assert quoted("مرّر", "عندما لا يغلب شيء في يدك أعلى حركة، تضغط «مرّر» بنفسك.")
    assert quoted("पास करें", "तो आप ख़ुद ‘पास करें’ दबाते हैं।")
    assert quoted("Pasuj", "naciskasz „Pasuj” samodzielnie.")
    assert not quoted("Pasuj", "naciskasz „%(pass_button)s” samodzielnie.")
    assert named_in_words("Pass", "you press Pass yourself.")
    assert named_in_words("Nothing moves", "or answer Nothing moves.")
    assert not named_in_words("Pass", "you press %(pass_button)s yourself.")
    catalog = Catalog(locale="pl")
    catalog.add("Pass", "Pasuj", context="play")
    catalog.add("When nothing beats, you press Pass yourself.", "Naciskasz „Pasuj”.", context="play")
    assert len(quoting_problems({"play": catalog}, {"pass_button": "Pasuj"}, english=False)) == 1
    assert len(quoting_problems({"play": catalog}, {"pass_button": "Pass"}, english=True)) == 1


def test_no_english_message_names_a_control_by_its_label() -> None:
    templates = {domain: _load(TRANSLATIONS / f"{domain}.pot") for domain in DOMAINS}
    labels = {name: c.label for name, c in CONTROLS.items()}
    assert quoting_problems(templates, labels, english=True) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_quotes_a_control_label(lang: str) -> None:
    po = {domain: _load(catalogs.po_path(TRANSLATIONS, lang, domain)) for domain in DOMAINS}
    labels = {name: _label(po[c.domain], c) for name, c in CONTROLS.items()}
    assert quoting_problems(po, labels, english=False) == []


def test_each_control_is_one_message_of_its_domain() -> None:
    for name, control in CONTROLS.items():
        assert name.endswith("_button"), name
        template = _load(TRANSLATIONS / f"{control.domain}.pot")
        assert template.get(control.label, context=control.context) is not None, name


# -- every *_button placeholder is filled with its control's label ------------------------------

def button_placeholders() -> dict[tuple[str | None, str], set[str]]:
    """(context, msgid) -> the ``*_button`` placeholders of every English message."""
    found = {}
    for domain in DOMAINS:
        for message in _load(TRANSLATIONS / f"{domain}.pot"):
            names = {n for text in (_ids(message) if message.id else []) for n in BUTTON.findall(text)}
            if names:
                found[(message.context, _ids(message)[0])] = names
    return found


def test_every_button_placeholder_names_a_control() -> None:
    unknown = {key: names - set(CONTROLS) for key, names in button_placeholders().items()
               if names - set(CONTROLS)}
    assert unknown == {}


# keyword arguments named like a control: name=<anything but control("name")>
MISFILLED = re.compile(r"\b(\w+_button)\s*=\s*(?!control\((['\"])\1\2\))")


def test_the_code_fills_a_button_placeholder_with_its_controls_label() -> None:
    assert MISFILLED.search('pass_button=pgettext("play", "Pass")')
    assert MISFILLED.search('pass_button=control("play_button")')
    assert not MISFILLED.search("pass_button=control('pass_button')")
    problems = []
    for path in sorted(p for p in SITE.rglob("*") if p.suffix in {".py", ".html"}):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if MISFILLED.search(line):
                problems.append(f"{path.relative_to(SITE)}:{number}: {line.strip()}")
    assert problems == []


def test_a_lesson_names_a_button_by_its_control() -> None:
    values = [v for game in GAME_KEYS for lesson in load_course(ROOT / "content", game).lessons
              for text in lesson.texts() for v in text.values]
    buttons = [v for v in values if v.kind == "button" or v.name.endswith("_button")]
    assert buttons, "the lessons name no button: is the beat-or-pass lesson still there?"
    assert [(v.name, v.kind, v.arg) for v in buttons if v.kind != "button" or v.name != v.arg] == []


# -- on the pages -----------------------------------------------------------------------------------

def _translated(lang: str, context: str | None, msgid: str) -> str:
    if lang == DEFAULT_LANGUAGE:
        return msgid
    for domain in DOMAINS:
        message = _load(catalogs.po_path(TRANSLATIONS, lang, domain)).get(msgid, context=context)
        if message is not None:
            return str(message.string)
    raise AssertionError((lang, context, msgid))


def _labels(lang: str) -> dict[str, str]:
    return {name: _translated(lang, c.context, c.label) for name, c in CONTROLS.items()}


def _new_table(client: FlaskClient, lang: str, game: str, seed: int) -> str:
    """A new table, and the table after one move of yours (the computer's moves waiting)."""
    response = client.post(f"/{lang}/{game}/play", data={"seed": seed})
    assert response.status_code == 303
    path = response.headers["Location"]
    first = client.get(path).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', first)
    legal = re.search(r'data-legal="([^"]*)"', first)
    assert version and legal
    plays = json.loads(html.unescape(legal.group(1)))
    if not plays:
        return first
    # with htmx the answer is your move alone: the table then waits for the computer's moves
    moved = client.post(path, data={"version": version.group(1), "quick": " ".join(plays[0])},
                        headers={"HX-Request": "true"})
    return first + moved.get_data(as_text=True)


def _friends_table(client: FlaskClient, lang: str, game: str) -> str:
    """A table with friends (a friend who has joined, the computer, a turn timer) from its
    creator's browser once it no longer has the invite's link to send, before and after Leave:
    the notes that name New link, Time is up and Take your seat back."""
    fields = {"level": "random", "timer": "30", "seat-1": "friend"}
    fields.update({f"seat-{n}": "computer" for n in range(2, 4)})
    response = client.post(f"/{lang}/{game}/friends", data=fields)
    assert response.status_code == 303
    path = response.headers["Location"]
    invite = re.search(r'id="invite-link"[^>]*value="([^"]+)"', client.get(path).get_data(as_text=True))
    assert invite
    friend = client.application.test_client()
    assert friend.post(invite.group(1).replace("http://localhost", "")).status_code == 303
    client.delete_cookie("paiyou_invites")
    before = client.get(path).get_data(as_text=True)
    assert client.post(f"{path}/leave").status_code == 303
    return before + client.get(path).get_data(as_text=True)


def _pages(client: FlaskClient, lang: str) -> dict[str, str]:
    """The pages that show the messages with a ``*_button`` placeholder, as text."""
    pages = {}
    client.set_cookie("paiyou_auto_pass", "off")
    for game in GAME_KEYS:
        tables = [_new_table(client, lang, game, seed) for seed in range(1, 3)]
        pages[f"{game} table"] = "\n".join(tables)
        pages[f"{game} table with friends"] = _friends_table(client.application.test_client(), lang, game)
    for game in listed_keys(None):  # a daily's table says why it has no Hint button
        daily = client.application.test_client()
        started = daily.post(f"/api/v1/{game}/daily", json={}).get_json()
        daily.set_cookie("paiyou_seats", f"{started['id']}:{started['key']}")
        pages[f"{game} daily table"] = daily.get(f"/{lang}/{game}/games/{started['id']}").get_data(as_text=True)
    for game in GAME_KEYS:
        for lesson in load_course(ROOT / "content", game).lessons:
            for number in range(1, len(lesson.steps) + 1):
                url = f"/{lang}/{game}/puzzles/{lesson.id}/{number}"
                pages[url] = client.get(url).get_data(as_text=True)
                # an answer without its tiles: the feedback names the button to press instead
                answered = client.post(url, data={"answer": "play"}, follow_redirects=True)
                pages[url + " answered"] = answered.get_data(as_text=True)
    return {name: html.unescape(re.sub(r"<[^>]+>", "", text)) for name, text in pages.items()}


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_pages_fill_each_button_placeholder_with_the_label(app: Flask, lang: str) -> None:
    labels = _labels(lang)
    text = "\n".join(_pages(app.test_client(), lang).values())
    missing = []
    for (context, msgid), names in button_placeholders().items():
        expected = _translated(lang, context, msgid) % {n: labels[n] for n in names}
        expected = " ".join(expected.replace("**", "").split())
        if expected not in " ".join(text.split()):
            missing.append((lang, msgid, expected))
    assert missing == []


# The setting's own word in each language: a toggle names what it switches (terms.toml, "Buttons";
# the word is each language's [words.<lang>] automatic).
AUTOMATIC = {lang: words["automatic"] for lang, words in language_words().items()}


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_auto_pass_toggle_says_what_it_switches(lang: str) -> None:
    """Not "Pass myself" (or Polish "Pasuję sam"), which reads as the pass itself."""
    labels = _labels(lang)
    on, off = labels["auto_pass_on_button"], labels["auto_pass_off_button"]
    assert on != off and labels["pass_button"] not in (on, off)
    assert AUTOMATIC[lang] in on and AUTOMATIC[lang] in off, (on, off)
