"""The judge API's answers (``paiyou.views.api_judge``): the request body read within its size as
JSON, the language of the answer (``?lang=``, else ``Accept-Language``), and its errors as
``{"error": code, "message": sentence in that language}``."""
from __future__ import annotations

from flask import jsonify, request
from flask_babel import force_locale, lazy_pgettext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from engine.errors import NotationError
from engine.tiles import parse_tiles
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.i18n.languages import isolated
from paiyou.i18n.phrases import or_list
from paiyou.registry import listed_games
from paiyou.web.bodies import NOT_JSON, parse_json
from paiyou.web.private import no_store

MAX_BODY = 4096  # bytes; a judge request is a few dozen
FIELDS = ("game", "play")  # required; "current" may be null or absent, "lang" defaults to English

ERRORS = {
    "too-large": lazy_pgettext("api error", "The request body is too large."),
    "not-json": lazy_pgettext("api error", "The request body is not valid JSON."),
    "not-an-object": lazy_pgettext("api error", "The request body must be a JSON object."),
    "missing-field": lazy_pgettext("api error", "A required field is missing: %(field)s."),
    "bad-field": lazy_pgettext("api error", "The field %(field)s has the wrong type."),
    "unknown-game": lazy_pgettext("api error", "Unknown game: use %(games)s."),
    "unknown-language": lazy_pgettext("api error", "Unknown language: use en, ar, hi, fa or pl."),
    "malformed-tiles": lazy_pgettext(
        "api error", "The value of %(field)s is not tile notation such as \"%(example)s\"."),
    "current-not-a-play": lazy_pgettext(
        "api error", "The current play is no legal play, so nothing can be judged against it."),
    "method-not-allowed": lazy_pgettext("api error", "Use POST with a JSON body."),
}


NOTATION_EXAMPLE = "6-6 4-5"  # in an error message, isolated from right-to-left text


def error(code: str, lang: str, status: int = 400, **values: str) -> tuple[Response, int]:
    with force_locale(lang):
        if code == "malformed-tiles":
            values["example"] = isolated(NOTATION_EXAMPLE)
        if code == "unknown-game":  # the keys of the listed games, in the language's own list
            values["games"] = or_list(listed_games())
        message = str(ERRORS[code]) % values if values else str(ERRORS[code])
    return no_store(jsonify(error=code, message=message)), status


def request_language() -> str:
    lang = request.args.get("lang")
    if lang in LANGUAGE_CODES:
        return lang
    return request.accept_languages.best_match(LANGUAGE_CODES) or DEFAULT_LANGUAGE


def read_json() -> tuple[object, str | None]:
    """The body as JSON, or an error code. The size is checked before anything is read."""
    length = request.content_length
    if length is not None and length > MAX_BODY:
        return None, "too-large"
    try:
        raw = request.stream.read(MAX_BODY + 1)
    except RequestEntityTooLarge:
        return None, "too-large"
    if len(raw) > MAX_BODY:
        return None, "too-large"
    value = parse_json(raw)
    return (None, "not-json") if value is NOT_JSON else (value, None)


def is_bad(notation: str) -> bool:
    try:
        parse_tiles(notation)
    except NotationError:
        return True
    return False
