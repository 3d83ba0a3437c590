"""The application factory: configuration sources, folders, secret key, blueprints."""
from __future__ import annotations

import inspect
import shutil
from pathlib import Path

import pytest

import paiyou
from paiyou import create_app
from paiyou.config import CHECKOUT_DIR


def test_testing_app_needs_only_the_checkout() -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    assert app.config["PAIYOU_CONTENT_DIR"] == (CHECKOUT_DIR / "content").resolve()
    assert app.config["PAIYOU_TRANSLATIONS_DIR"] == (CHECKOUT_DIR / "translations").resolve()
    assert Path(app.config["BABEL_TRANSLATION_DIRECTORIES"]).is_absolute()
    assert app.config["SECRET_KEY"] and app.jinja_env.autoescape is True
    assert "pages" in app.blueprints


def test_create_app_reads_as_a_table_of_contents() -> None:
    body = inspect.getsource(create_app)
    steps = ["configure_config", "configure_babel", "configure_blueprints", "configure_errors",
             "configure_security_headers", "configure_htmx", "configure_cli"]
    positions = [body.index(step) for step in steps]
    assert positions == sorted(positions)
    assert all(callable(getattr(paiyou, step)) for step in steps)


def test_folders_come_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # a content folder holding every room's content (create_app checks each room's content parts)
    shutil.copytree(CHECKOUT_DIR / "content", tmp_path / "content")
    (tmp_path / "translations").mkdir()
    monkeypatch.setenv("PAIYOU_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("PAIYOU_TRANSLATIONS_DIR", str(tmp_path / "translations"))
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    assert app.config["PAIYOU_CONTENT_DIR"] == tmp_path / "content"
    assert app.config["BABEL_TRANSLATION_DIRECTORIES"] == str(tmp_path / "translations")


def test_a_missing_folder_fails_fast(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="PAIYOU_TRANSLATIONS_DIR"):
        create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                    "PAIYOU_TRANSLATIONS_DIR": str(tmp_path / "nope")})


@pytest.mark.parametrize("level", ["greedy", "random", "perfect", ""])
def test_an_analysis_level_that_cannot_estimate_stops_the_start(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    # greedy and random only play: every analysis and mistake puzzle would fail with them
    monkeypatch.setenv("PAIYOU_ANALYSIS_LEVEL", level)
    settings = {"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}
    if not level:  # an empty variable is no setting: the default (strong) starts
        assert create_app(settings).config["PAIYOU_ANALYSIS_LEVEL"] == "strong"
        return
    with pytest.raises(RuntimeError, match=r"PAIYOU_ANALYSIS_LEVEL must be a level that estimates \(.*strong"):
        create_app(settings)
    monkeypatch.setenv("PAIYOU_ANALYSIS_LEVEL", "standard")
    assert create_app(settings).config["PAIYOU_ANALYSIS_LEVEL"] == "standard"


def test_secret_key_is_generated_once_in_the_instance_folder(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = create_app({"PAIYOU_INSTANCE_DIR": str(tmp_path)})
    second = create_app({"PAIYOU_INSTANCE_DIR": str(tmp_path)})
    key_file = tmp_path / "secret_key"
    assert key_file.exists() and oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] == key_file.read_text().strip()
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app({"PAIYOU_INSTANCE_DIR": str(tmp_path)}).config["SECRET_KEY"] == "from-the-environment"


def test_behind_a_proxy_absolute_urls_use_the_forwarded_scheme_and_host() -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_BEHIND_PROXY": True,
                      "PAIYOU_TRUSTED_HOSTS": "paiyou.example"})
    html = app.test_client().get("/en/", headers={
        "X-Forwarded-Proto": "https", "X-Forwarded-Host": "paiyou.example"}).get_data(as_text=True)
    assert 'hreflang="ar" href="https://paiyou.example/ar/"' in html
    assert 'hreflang="x-default" href="https://paiyou.example/"' in html


def test_every_documented_setting_the_app_reads_comes_from_the_environment() -> None:
    """A ``PAIYOU_…`` setting that docs/deploy.md tells an operator to set and that the app reads
    from its config is taken from the environment (``paiyou.ENVIRONMENT``): otherwise setting it
    in the environment would silently do nothing."""
    import re

    root = Path(__file__).resolve().parents[2]
    documented = set(re.findall(r"PAIYOU_[A-Z_]+[A-Z]", (root / "docs/deploy.md").read_text()))
    read, from_environment = set(), set(paiyou.ENVIRONMENT)
    for path in (root / "site/paiyou").rglob("*.py"):
        text = path.read_text()
        read |= set(re.findall(r"config(?:\.get\(|\[)\"(PAIYOU_[A-Z_]+)\"", text))
        from_environment |= set(re.findall(r"environ(?:\.get\(|\[)\"(PAIYOU_[A-Z_]+)\"", text))
    assert "PAIYOU_HINT_LIMIT" in documented & read
    assert documented & read <= from_environment, sorted((documented & read) - from_environment)
