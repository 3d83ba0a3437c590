"""HTTPS hygiene: when a request came over HTTPS (directly, or through the proxy, which says so
in ``X-Forwarded-Proto`` when ``PAIYOU_BEHIND_PROXY`` is set), the answer carries HSTS and every
cookie it sets is ``Secure``. Over plain HTTP (development) neither, or the cookies would be lost.
Flask's own ``session`` cookie (it holds the CSRF token) is written after every ``after_request``
function has run, so its session interface marks it ``Secure`` itself (``SecureOverHttps``), as
``SESSION_COOKIE_SECURE`` does for every request; its SameSite is the config's (Lax).

Hosts: only the names in ``TRUSTED_HOSTS`` are answered (400 otherwise), so no redirect, link or
share URL is ever built from a forged ``Host``; ``PAIYOU_TRUSTED_HOSTS`` (comma-separated) names
the site's public names, and the loopback names are always trusted.
"""
from __future__ import annotations

import os

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.wrappers import Response

HSTS = "max-age=63072000; includeSubDomains"  # two years
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")


def trusted_hosts(app: Flask) -> list[str]:
    configured = app.config.get("PAIYOU_TRUSTED_HOSTS") or os.environ.get("PAIYOU_TRUSTED_HOSTS")
    if isinstance(configured, str):
        configured = [h.strip() for h in configured.split(",") if h.strip()]
    # The loopback names always: the container's health check and a developer's browser use them,
    # and a redirect to "localhost" sends nobody anywhere.
    return list(dict.fromkeys([*(configured or ()), *LOOPBACK_HOSTS]))


def secure_cookies(response: Response) -> Response:
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
        cookies = response.headers.getlist("Set-Cookie")
        if cookies:
            response.headers.remove("Set-Cookie")
            for cookie in cookies:
                if "; secure" not in cookie.lower():
                    cookie += "; Secure"
                response.headers.add("Set-Cookie", cookie)
    return response


class SecureOverHttps(SecureCookieSessionInterface):
    """The session cookie, ``Secure`` whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app)
    app.session_interface = SecureOverHttps()
    app.after_request(secure_cookies)
