"""Paiyou, the web site: learn and play Chuo Pai and Tien Gow in five languages.

``create_app`` reads as the table of contents of the application.
"""
from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from flask import Flask
from flask_babel import Babel
from flask_compress import Compress
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader
from werkzeug.middleware.proxy_fix import ProxyFix

from paiyou import cli, live, registry
from paiyou.analysis import jobs as analyses
from paiyou.config import Config, default_content_dir, default_translations_dir
from paiyou.content import rules_page
from paiyou.daily import carry as daily_carry
from paiyou.daily import day_field
from paiyou.daily import kept as daily_kept
from paiyou.daily import pages as daily_pages
from paiyou.daily import results as daily_results
from paiyou.daily import secret as daily_secret
from paiyou.deals import signals
from paiyou.i18n import languages
from paiyou.puzzles import template_globals as puzzle_template_globals
from paiyou.store.games import StoreUnavailable
from paiyou.tables import refusals
from paiyou.tables import template_globals as play_template_globals
from paiyou.views import BLUEPRINTS, api_analysis, api_daily, api_events, api_games, api_judge
from paiyou.web import csrf, errors, htmx, https, limits, page_cache, security, static_files, templating


def create_app(config: Mapping[str, object] | None = None) -> Flask:
    instance_path = (config or {}).get("PAIYOU_INSTANCE_DIR") or os.environ.get("PAIYOU_INSTANCE_DIR")
    app = Flask(__name__, instance_relative_config=True,
                instance_path=str(Path(str(instance_path)).resolve()) if instance_path else None)
    configure_config(app, config)
    analyses.check_analysis_level(app.config.get("PAIYOU_ANALYSIS_LEVEL"))
    configure_games(app)
    configure_daily(app)
    configure_babel(app)
    configure_templates(app)
    configure_blueprints(app)
    configure_errors(app)
    configure_security_headers(app)
    configure_https(app)
    configure_cross_site_protection(app)
    configure_limits(app)
    configure_live_updates(app)
    configure_deal_signals(app)
    configure_page_cache(app)
    configure_compression(app)
    configure_static_files(app)  # after compression: its handler runs first and readies the file
    configure_htmx(app)
    configure_cli(app)
    return app


# Settings an operator gives in the environment (docs/deploy.md); numbers are read where used.
ENVIRONMENT = ("PAIYOU_CONTENT_DIR", "PAIYOU_TRANSLATIONS_DIR", "SECRET_KEY", "PAIYOU_TRUSTED_HOSTS",
               "PAIYOU_NEW_GAME_LIMIT", "PAIYOU_PRUNE_UNFINISHED_DAYS", "PAIYOU_PRUNE_FINISHED_DAYS",
               "PAIYOU_PRUNE_EVERY", "PAIYOU_ANALYSIS_LEVEL", "PAIYOU_ANALYSIS_WORKERS", "PAIYOU_ANALYSIS_QUEUE",
               "PAIYOU_ANALYSIS_LEASE", "PAIYOU_ANALYSIS_RETRY_LIMIT", "PAIYOU_HINT_LIMIT", "PAIYOU_JOIN_LIMIT",
               "PAIYOU_SEAT_WRITE_LIMIT", "PAIYOU_MOVE_LIMIT",
               "PAIYOU_OPPONENT_LEVEL", "PAIYOU_PAGE_CACHE_BYTES", "PAIYOU_LISTED_GAMES",
               "PAIYOU_EVENTS_BROKER", "PAIYOU_EVENTS_KEEPALIVE", "PAIYOU_EVENTS_MAX_SECONDS",
               "PAIYOU_EVENTS_PER_CLIENT", "PAIYOU_EVENTS_MAX",
               "PAIYOU_ANALYSIS_BACKLOG", "PAIYOU_DAILY_READ_LIMIT", "PAIYOU_PROGRESS_KEY_LIMIT",
               "PAIYOU_DAILY_PAGE_CACHE_BYTES")


MAX_PROXY_HOPS = 5


def proxy_hops(value: object) -> int:
    """``PAIYOU_BEHIND_PROXY``: how many proxies stand in front (``1`` behind deploy/nginx.conf;
    ``True`` means 1; empty, ``0`` or ``False``: none). Anything else stops the start: trusting
    the wrong number of hops would let a client choose its own address."""
    if value is None or value is False or value == "":
        return 0
    if value is True:
        return 1
    text = str(value).strip()
    if text.isascii() and text.isdigit() and int(text) <= MAX_PROXY_HOPS:
        return int(text)
    raise RuntimeError(f"PAIYOU_BEHIND_PROXY must be a number of proxies from 0 to {MAX_PROXY_HOPS}: {value!r}")


def configure_config(app: Flask, config: Mapping[str, object] | None) -> None:
    """Defaults, then the environment, then ``config``; folders outside the package made absolute."""
    app.config.from_object(Config)
    for name in ENVIRONMENT:
        if os.environ.get(name):
            app.config[name] = os.environ[name]
    if os.environ.get("PAIYOU_RATELIMIT_STORAGE_URI"):  # Flask-Limiter's own setting, by our name
        app.config["RATELIMIT_STORAGE_URI"] = os.environ["PAIYOU_RATELIMIT_STORAGE_URI"]
    app.config.update(config or {})
    content_dir = Path(app.config.get("PAIYOU_CONTENT_DIR") or default_content_dir()).resolve()
    translations_dir = Path(app.config.get("PAIYOU_TRANSLATIONS_DIR") or default_translations_dir()).resolve()
    for name, folder in (("PAIYOU_CONTENT_DIR", content_dir), ("PAIYOU_TRANSLATIONS_DIR", translations_dir)):
        if not folder.is_dir():
            raise RuntimeError(f"{name} is not a folder: {folder}")
    app.config["PAIYOU_CONTENT_DIR"] = content_dir
    app.config["PAIYOU_TRANSLATIONS_DIR"] = translations_dir
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(translations_dir)
    hops = proxy_hops(app.config.get("PAIYOU_BEHIND_PROXY") or os.environ.get("PAIYOU_BEHIND_PROXY"))
    if hops:
        # exactly that many reverse proxies in front, each setting X-Forwarded-For/-Proto/-Host:
        # right scheme and host in absolute URLs and redirects, the client's address for the
        # limits; a value a client added before the first proxy is never read
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secrets.token_hex(32) if app.testing else _instance_secret_key(app)


def _instance_secret_key(app: Flask) -> str:
    """A key generated on first run and kept in the instance folder (shared by all workers)."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another worker won the race
            pass
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32))
    return path.read_text().strip()


def configure_games(app: Flask) -> None:
    """Every game's room provides every declared part (its ``Room``, its levels' words,
    ``paiyou.registry.PARTS``, each member of each part's Protocol, ``PROTOCOLS``, each of
    ``TEMPLATE_PARTS`` and every macro or set it must define, ``TEMPLATE_NAMES``, and its content,
    ``Room.content_parts``): a missing one stops the start, named by room
    (``<package>.<part>.<OBJECT>.<member>``, a template part or content by its path, a macro as
    ``<path>:<name>``), instead of failing a page later."""
    content_dir = app.config["PAIYOU_CONTENT_DIR"]
    missing = {key: found for key in registry.GAME_KEYS if (found := registry.missing_parts(key, content_dir))}
    if missing:
        raise RuntimeError("a game's room lacks declared parts: " + "; ".join(
            f"the room of {key} lacks {', '.join(found)}" for key, found in missing.items()))
    app.config["PAIYOU_LISTED_GAMES"] = registry.listed_keys(app.config.get("PAIYOU_LISTED_GAMES"))


def configure_daily(app: Flask) -> None:
    """The daily deal's secrets (``PAIYOU_DAILY_SECRET``): in production — behind the proxy, as
    deploy/compose.yaml runs the app, and not under test — a missing or weak secret stops the start."""
    hops = proxy_hops(app.config.get("PAIYOU_BEHIND_PROXY") or os.environ.get("PAIYOU_BEHIND_PROXY"))
    daily_secret.init_app(app, production=hops > 0 and not app.testing)
    daily_pages.init_app(app)
    daily_kept.init_app(app)
    day_field.init_app(app)
    daily_carry.init_app(app)


def configure_babel(app: Flask) -> None:
    Babel(app, locale_selector=languages.select_locale)  # type: ignore[no-untyped-call]  # untyped __init__
    languages.init_app(app)


def configure_templates(app: Flask) -> None:
    app.jinja_env.autoescape = True  # every template, whatever its file name
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    # a room registered with its own template folder serves its parts as games/<key>/…
    outside = {key: FileSystemLoader(str(registry.template_folder(key)))
               for key in registry.GAME_KEYS if registry.room(key).templates is not None}
    if outside and app.jinja_loader is not None:
        app.jinja_loader = ChoiceLoader([PrefixLoader({"games": PrefixLoader(outside)}), app.jinja_loader])
    templating.init_app(app)
    play_template_globals.init_app(app)
    puzzle_template_globals.init_app(app)
    rules_page.init_app(app)


def configure_blueprints(app: Flask) -> None:
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)


def configure_errors(app: Flask) -> None:
    errors.init_app(app, unavailable=StoreUnavailable)
    refusals.init_app(app)


def configure_security_headers(app: Flask) -> None:
    security.init_app(app)


def configure_cross_site_protection(app: Flask) -> None:
    csrf.init_app(app, exempt=(api_games.bp, api_judge.bp, api_analysis.bp, api_events.bp, api_daily.bp))


def configure_https(app: Flask) -> None:
    https.init_app(app)


def configure_static_files(app: Flask) -> None:
    static_files.init_app(app)


def configure_page_cache(app: Flask) -> None:
    page_cache.init_app(app)


def configure_compression(app: Flask) -> None:
    """HTML, JSON, CSS, JavaScript and SVG compressed (brotli or gzip) when the client asks; kept
    content pages come compressed already (``paiyou.web.page_cache``)."""
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "application/json", "text/css", "text/javascript", "application/javascript",
        "image/svg+xml", "text/plain", "application/xml"])
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 4)
    Compress(app)


def configure_limits(app: Flask) -> None:
    limits.init_app(app)


def configure_live_updates(app: Flask) -> None:
    """The broker that tells open pages of a game about its moves (``paiyou.live``)."""
    live.init_app(app)


def configure_deal_signals(app: Flask) -> None:
    connect_deal_signals()


def connect_deal_signals() -> None:
    """What follows a change to a stored deal (``paiyou.deals.signals``): its seats' pages are told
    (``live.announce``) and, at its end, a daily deal's result is recorded (``daily.results.deal_over``)
    and its analysis is queued (``analysis.jobs.deal_over``). The
    receivers are the process's: ``create_app`` connects them, and so must anything else that
    changes stored deals without an app (a test of the service alone); connecting twice changes
    nothing."""
    signals.deal_changed.connect(live.announce)
    signals.deal_over.connect(daily_results.deal_over)
    signals.deal_over.connect(analyses.deal_over)


def configure_htmx(app: Flask) -> None:
    htmx.init_app(app)


def configure_cli(app: Flask) -> None:
    cli.init_app(app)
