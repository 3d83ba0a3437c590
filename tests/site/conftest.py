"""Fixtures for the site tests: the app on a compiled scratch copy of the catalogs.

The session fixture ``translations_dir`` copies ``translations/`` (without any .mo) to a temporary
folder and compiles it there, so the tests always see the committed .po files and never write
into the checkout.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from paiyou import connect_deal_signals, create_app
from paiyou.i18n import catalogs

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"


@pytest.fixture(scope="session", autouse=True)
def deal_signals() -> None:
    """The site's receivers of the deal service's signals, as every app process connects them: a
    test that drives the service on a bare store (no app) still queues analyses."""
    connect_deal_signals()


@pytest.fixture(scope="session")
def translations_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site") / "translations"
    shutil.copytree(TRANSLATIONS, target, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(target)
    return target


@pytest.fixture(scope="session")
def app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    games = tmp_path_factory.mktemp("games") / "games.sqlite3"  # saved games: never in the checkout
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{games}",
                       # no analysis thread: a test runs the jobs itself (analyses.run_pending), and
                       # a cheap level keeps them fast
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
