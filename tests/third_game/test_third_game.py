"""A third game proved by a test: High Card (this package) joins the engine and the site through
the registries alone, and the site serves its rules, a lesson, a whole deal at the HTML table and
the JSON API (``scenario.py``, run in its own interpreter: a game registers before the site is
imported)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
# Where the game's name may appear outside its own package: the docs that cite it as the example.
NAMED_IN = {ROOT / "docs" / "adding-a-game.md", ROOT / "docs" / "architecture.md"}


def test_the_site_serves_the_third_game() -> None:
    done = subprocess.run([sys.executable, str(HERE / "scenario.py")], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    assert "every check passed" in done.stdout


def _sources_outside() -> list[Path]:
    skip = {".git", ".venv", "node_modules", "__pycache__"}
    return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)
            and HERE not in p.parents and p.suffix in {".py", ".html", ".css", ".js", ".toml", ".cfg", ".md"}]


def test_the_third_game_needs_no_file_outside_its_package() -> None:
    """A real third game edits at most the registries (engine/games.py, engine/ai/agents.py) or,
    like this one, calls their ``register`` functions: no shared file names it."""
    naming = [p for p in _sources_outside()
              if ("high-card" in (text := p.read_text(errors="replace")) or "third_game" in text)
              and p not in NAMED_IN]
    assert naming == []
