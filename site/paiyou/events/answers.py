"""What the events process reads of a request and answers besides a stream, with the Flask app's
own code: the client (as ``paiyou.web.limits`` counts it, behind ``PAIYOU_BEHIND_PROXY`` proxies),
the seat key it presents, and the API's JSON errors in the request's language (``paiyou.api.games``
in a request context of the app: the same bytes as the Flask route's)."""
from __future__ import annotations

import os

from flask import Flask
from starlette.requests import Request
from starlette.responses import Response

from paiyou import proxy_hops
from paiyou.api.games import error, language
from paiyou.config import LANGUAGE_CODES
from paiyou.deals.keys import bearer_key
from paiyou.seats import cookies
from paiyou.web.limits import address_key
from paiyou.web.private import NO_STORE

FORWARDED_HEADERS = ("accept-language", "cookie")  # what the language of a message depends on


class Answers:
    def __init__(self, app: Flask) -> None:
        self.app = app
        self.hops = proxy_hops(app.config.get("PAIYOU_BEHIND_PROXY") or os.environ.get("PAIYOU_BEHIND_PROXY"))

    def client(self, request: Request) -> str:
        """The client's address: with ``hops`` trusted proxies in front, the one the first proxy
        saw (the ``hops``-th entry of ``X-Forwarded-For`` from the right, as werkzeug's ProxyFix
        reads it); without, the peer's."""
        address = request.client.host if request.client else ""
        if self.hops:
            forwarded = [part.strip() for part in request.headers.get("x-forwarded-for", "").split(",")]
            if len(forwarded) >= self.hops and forwarded[-self.hops]:
                address = forwarded[-self.hops]
        return address_key(address)

    @staticmethod
    def presented_key(request: Request, game_id: str) -> str | None:
        """Bearer first (an API client), else this browser's seats cookie."""
        found = bearer_key(request.headers.get("authorization"))
        if found is not None:
            return found
        return cookies.keys_in_cookie(request.cookies.get(cookies.SEATS_COOKIE, ""), cookies.RECENT_KEEP).get(game_id)

    @staticmethod
    def bad_language(request: Request) -> bool:
        lang = request.query_params.get("lang")
        return lang is not None and lang not in LANGUAGE_CODES

    def error(self, request: Request, code: str, status: int, headers: dict[str, str] | None = None) -> Response:
        """The API's ``{"error", "message"}`` answer, the message in the request's language."""
        with self.app.test_request_context(
                request.url.path, method="GET", query_string=request.url.query,
                headers={name: value for name, value in request.headers.items() if name in FORWARDED_HEADERS}):
            language()  # ?lang= when it is one of the languages
            answer, status = error(code, status)
            body = answer.get_data()
        # never stored by a cache, as every error answer of the Flask app's APIs
        return Response(body, status_code=status, media_type="application/json",
                        headers={**(headers or {}), "Cache-Control": NO_STORE})
