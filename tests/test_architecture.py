"""Guards on the architecture (issue "one game interface"): no import cycle, no game-key branch in
the site outside the rooms named for a game, and no rule logic in the site."""
from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import pytest

from engine.games import GAME_KEYS, game

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site" / "paiyou"


# -- import cycles ------------------------------------------------------------------------------

def _modules() -> dict[str, Path]:
    found = {}
    for base, package in ((ROOT, "engine"), (ROOT / "site", "paiyou")):
        for path in (base / package).rglob("*.py"):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere in its body (function-level imports and
    ``if TYPE_CHECKING`` imports count: a cycle hidden in a function is still a cycle)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_engine_or_the_site() -> None:
    assert cycles(import_graph(_modules())) == []


def engine_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The engine's import graph by package: each subpackage (``engine.ai``, ``engine.games``, a
    game's rules) one node, each module of ``engine/`` itself one node."""
    def package(module: str) -> str:
        return ".".join(module.split(".")[:2])

    found: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module.startswith("engine."):
            found.setdefault(package(module), set()).update(
                package(t) for t in targets if t.startswith("engine.") and package(t) != package(module))
    return found


def test_the_engines_packages_form_no_cycle() -> None:
    """A game's declaration (``engine/games/<game>.py``) sits above its rules and its agents; the
    agents (``engine.ai``) know no registry of games."""
    assert cycles(engine_packages(import_graph(_modules()))) == []


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from pkg import b\n")
    (tmp_path / "pkg" / "b.py").write_text("def f():\n    from pkg.a import x\n")
    modules = {"pkg": tmp_path / "pkg" / "__init__.py", "pkg.a": tmp_path / "pkg" / "a.py",
               "pkg.b": tmp_path / "pkg" / "b.py"}
    assert cycles(import_graph(modules)) == [["pkg.a", "pkg.b"]]


# -- the site's layers -------------------------------------------------------------------------------

# The site's packages and top-level modules (``paiyou`` is ``create_app``'s own module), lowest
# first: a package imports only its own modules and those of lower layers, never one beside it or
# above it (function-level imports too). docs/architecture.md, "Layers", draws the same list.
SITE_LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"jsontypes"}),
    frozenset({"config", "registry", "store"}),
    frozenset({"i18n"}),
    frozenset({"content", "reasons", "web"}),
    frozenset({"deals", "live"}),
    frozenset({"seats"}),
    frozenset({"tables"}),
    frozenset({"analysis"}),
    frozenset({"puzzles"}),
    frozenset({"api", "games", "review", "sitemap"}),
    frozenset({"daily"}),
    frozenset({"outage"}),
    frozenset({"cli", "views"}),
    frozenset({"paiyou"}),
    frozenset({"events"}),
)


def area(module: str, root: str = "paiyou") -> str | None:
    """The package or top-level module of ``root`` that ``module`` belongs to (``root`` itself
    for the root package's ``__init__``); None outside ``root``."""
    parts = module.split(".")
    if parts[0] != root:
        return None
    return parts[1] if len(parts) > 1 else root


def imports_off_the_layers(graph: dict[str, set[str]], layers: tuple[frozenset[str], ...],
                           root: str = "paiyou") -> list[str]:
    """Every import of ``graph`` from one area of ``root`` into another that is not in a lower
    layer (beside it or above it), as "module -> module"."""
    level = {name: i for i, layer in enumerate(layers) for name in layer}
    found = []
    for module, targets in sorted(graph.items()):
        here = area(module, root)
        if here is None:
            continue
        for target in sorted(targets):
            there = area(target, root)
            if there is not None and there != here and level[there] >= level[here]:
                found.append(f"{module} -> {target}")
    return found


def test_every_site_package_stands_in_one_layer() -> None:
    declared = [name for layer in SITE_LAYERS for name in layer]
    found = {area(module) for module in _modules()} - {None}
    assert len(declared) == len(set(declared)) and set(declared) == found


def test_the_site_imports_only_down_its_layers() -> None:
    assert imports_off_the_layers(import_graph(_modules()), SITE_LAYERS) == []


def test_the_layer_checker_finds_an_import_up_or_beside_even_in_a_function(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/low/__init__.py": "", "pkg/side/__init__.py": "",
             "pkg/high/__init__.py": "", "pkg/high/b.py": "from pkg.low import a\n",  # down: allowed
             "pkg/low/a.py": "from pkg.low import c\ndef f():\n    from pkg.high.b import x\n",
             "pkg/low/c.py": "from pkg import side\n"}
    modules = {}
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        modules[name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")] = path
    layers = (frozenset({"low", "side"}), frozenset({"high"}), frozenset({"pkg"}))
    assert imports_off_the_layers(import_graph(modules), layers, root="pkg") == [
        "pkg.low.a -> pkg.high.b", "pkg.low.c -> pkg.side"]


def test_the_architecture_document_draws_the_site_layers() -> None:
    """The diagram under "Layers" in docs/architecture.md, top floor first, one layer a line
    (its packages joined by " · ", then two spaces or more and what they hold)."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    diagram = text.split("<!-- layers -->")[1].split("```")[1]
    drawn = [frozenset(re.split(r"\s{2,}", line.strip())[0].split(" · "))
             for line in diagram.strip("\n").splitlines() if line.strip()]
    assert tuple(reversed(drawn)) == SITE_LAYERS



# -- a form move's walk through the rooms ------------------------------------------------------------

# The floors every package may use (the first four layers: JSON, settings, the registry, the store,
# languages, HTTP): the layer test keeps them from calling up, so a walk is the rooms above them.
FLOORS = frozenset().union(*SITE_LAYERS[:4])


def room_walk(call: Callable[[], object]) -> list[str]:
    """The rooms (the site's packages above the floors) that ``call`` enters, in order: each call
    of a room's module-level function from another room's code (Flask's, Jinja's or a floor's
    frames in between count as the room below them). A value's methods and properties travel with
    the value (a ``Game``'s ``.view``): calling them is not a visit to the room that defined it."""
    def room_of(frame: FrameType | None) -> str | None:
        while frame is not None:
            here = area(frame.f_globals.get("__name__", ""))
            if here is not None and here not in FLOORS:
                return here
            frame = frame.f_back
        return None

    entered: list[str] = []

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or "." in frame.f_code.co_qualname:
            return
        here = area(frame.f_globals.get("__name__", ""))
        if here is not None and here not in FLOORS and room_of(frame.f_back) != here:
            entered.append(here)

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return entered


def returns(walk: list[str]) -> int:
    """How many times a walk comes back to a room it had already left."""
    return sum(1 for i, room in enumerate(walk) if room in walk[:i])


def test_the_walk_finder_sees_a_room_entered_again_and_not_a_value_method() -> None:
    code = """
def look(game): return game.size()
class Game:
    def size(self): return render()
def render(): return 1
def move():
    game = Game()
    return look(game) + look(game)
"""
    rooms: dict[str, dict[str, object]] = {}
    for room in ("views", "tables", "deals", "store"):
        rooms[room] = {"__name__": f"paiyou.{room}.module"}
        exec(compile(code, f"{room}.py", "exec"), rooms[room])  # noqa: S102 - a fixed sample
    rooms["views"]["look"] = rooms["tables"]["look"]        # views -> tables (twice)
    rooms["views"]["Game"] = rooms["deals"]["Game"]         # a deals value: its method is no visit
    rooms["deals"]["render"] = rooms["store"]["render"]     # a floor: never a room of the walk
    walk = room_walk(rooms["views"]["move"])  # type: ignore[arg-type]
    assert walk == ["views", "tables", "tables"] and returns(walk) == 1


# Measured: ['views', 'tables', 'seats', 'deals', 'live', 'daily'] — the view hands the move to
# tables (tables/moves.py), which reads the browser's cookies once (seats), makes the deal service's
# one call (deals: load, seat-key check, move; its signal tells live) and builds the answer; daily is
# the request's after-hook. Before: 7 returns (tables, seats and deals entered again and again).
FORM_MOVE_RETURNS = 0


def test_a_form_moves_walk_comes_back_to_no_more_rooms_than_measured(tmp_path: Path) -> None:
    """A plain-form move at a table (``POST …/games/<id>``, no JavaScript) from the view on: the
    rooms it passes through and how often it comes back to one it left, held to what was measured
    (lower it as the walk straightens; never raise it)."""
    from urllib.parse import urlsplit

    from paiyou import create_app
    from paiyou.store.databases import store_for

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                      "PAIYOU_ANALYSIS_WORKERS": 0})
    web = app.test_client()
    started = web.post(f"/en/{GAME_KEYS[0]}/play", data={"seed": "5", "level": "random"})
    table = urlsplit(started.headers["Location"]).path
    page = web.get(table).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page)
    move = re.search(r'name="quick" value="([^"]+)"', page)
    assert version and move, "a fresh table offers its plays as buttons"
    answers = []
    walk = room_walk(lambda: answers.append(web.post(table, data={"version": version[1], "quick": move[1]})))
    store_for(app).close()
    assert answers[0].status_code == 303
    walk = walk[walk.index("views"):]  # from the view on (before it: the request's hooks)
    assert "deals" in walk and returns(walk) <= FORM_MOVE_RETURNS, walk


# -- game-key branches ----------------------------------------------------------------------------

def _game_room(path: Path) -> bool:
    """The modules and folders named for a game, where what differs between games belongs."""
    parts = (*path.relative_to(SITE).parent.parts, path.relative_to(SITE).stem)  # games/<key>.css too
    return any(part in {key.replace("-", "_") for key in GAME_KEYS} | set(GAME_KEYS) for part in parts)


KEYS = "|".join(re.escape(key) for key in GAME_KEYS)
CONSTANTS = "|".join(key.replace("-", "_").upper() for key in GAME_KEYS)
# ==, !=, `in (…)`, `===` against a game key (quoted) or a constant naming one game.
BRANCH = re.compile(
    rf"""(==|!=|===|!==)\s*(['"]({KEYS})['"]|\b({CONSTANTS})\b)"""
    rf"""|(['"]({KEYS})['"]|\b({CONSTANTS})\b)\s*(==|!=|===|!==)"""
    rf"""|\bin\s*[(\[{{][^)\]}}]*['"]({KEYS})['"]"""
)


def game_key_branches(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if BRANCH.search(line)]


def _site_sources() -> list[Path]:
    return sorted(p for p in SITE.rglob("*") if p.suffix in {".py", ".html", ".js"}
                  and "vendor" not in p.parts and not _game_room(p))


@pytest.mark.parametrize("path", _site_sources(), ids=lambda p: str(p.relative_to(SITE)))
def test_the_site_never_branches_on_a_game_key_outside_a_games_room(path: Path) -> None:
    assert game_key_branches(path.read_text()) == []


def test_the_branch_finder_finds_branches() -> None:
    assert game_key_branches('if game == "chuo-pai":') != []
    assert game_key_branches("{% if t.game == 'tien-gow' %}") != []
    assert game_key_branches('if (game === "chuo-pai") {') != []
    assert game_key_branches("elif game == CHUO_PAI:") != []
    assert game_key_branches('if game in ("chuo-pai", "x"):') != []
    assert game_key_branches('GAMES = {"chuo-pai": 1}') == []


# -- rules only in the engine -----------------------------------------------------------------------

TILE_KEY = re.compile(r"""['"][1-6]-[1-6]['"]""")


# The glossary's names are data keyed by tile: the one place where a tile key is no rule.
NAME_TABLES = {"names.py", "vocabulary.py"}


@pytest.mark.parametrize("path", sorted(p for p in SITE.rglob("*.py") if p.name not in NAME_TABLES),
                         ids=lambda p: str(p.relative_to(SITE)))
def test_the_site_names_no_tile_in_its_code(path: Path) -> None:
    """A literal tile key in site code is a rule in the wrong place (the Supreme found by its
    tiles, a bonus card by its key): the site asks the engine instead."""
    tree = ast.parse(path.read_text(), filename=str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    literals = [node.value for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docstrings and TILE_KEY.search(repr(node.value))]
    assert literals == []


# -- the lab apart from the product -----------------------------------------------------------------

# What ``bench/`` holds: the benchmarks a user runs (kernels and self-play, HTTP, the arena and its
# pool of players) and what they share. A research tool goes to ``research/``, a generator of
# product data to ``scripts/`` (research/README.md).
BENCHMARKS = {"__init__.py", "common.py", "bench_chuo_pai.py", "bench_tien_gow.py", "http.py", "servers.py",
              "arena.py", "analysis.py", "analysis_stability.py", "page_cache_memory.py", "events.py",
              "pool/__init__.py", "pool/chuo_pai.py", "pool/tien_gow.py", "daily_field.py", "daily_http.py",
              "daily_runs.py", "variants.py"}
PRODUCT_FOLDERS = ("engine", "site", "bench", "scripts", "tests")


def research_imports(path: Path) -> list[str]:
    """The imports of ``research`` (or of a module in it) in a Python file, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names = [node.args[0].value]  # importlib.import_module("research.…")
        found += [f"{node.lineno}: {name}" for name in names if name.split(".")[0] == "research"]
    return found


def _product_sources() -> list[Path]:
    return sorted(p for folder in PRODUCT_FOLDERS for p in (ROOT / folder).rglob("*.py"))


def test_no_product_module_or_product_test_imports_research() -> None:
    found = {str(p.relative_to(ROOT)): research_imports(p) for p in _product_sources()}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_research_import_finder_finds_imports(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("import os\nfrom research.sight import x\ndef f():\n    import research\n"
                    "importlib.import_module('research.who_holds')\nfrom researcher import y\n")
    assert sorted(research_imports(path)) == ["2: research.sight", "4: research", "5: research.who_holds"]


def test_bench_holds_only_the_benchmarks() -> None:
    bench = ROOT / "bench"
    assert {p.relative_to(bench).as_posix() for p in bench.rglob("*.py")} == BENCHMARKS


def test_research_is_tested_but_not_shipped() -> None:
    """research/tests run with every test; research/ stays out of the image and the build context."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "research/tests" in config["tool"]["pytest"]["ini_options"]["testpaths"]
    assert "research" in (ROOT / ".dockerignore").read_text().split()
    copied = [line.split()[1] for line in (ROOT / "Dockerfile").read_text().splitlines() if line.startswith("COPY ")]
    assert not any(source.startswith("research") for source in copied)
    packages = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert not any(name.startswith(("research", "scripts", "bench")) for name in packages)

# -- a game-neutral shared layer ----------------------------------------------------------------------

ROOM_PACKAGES = {f"paiyou.games.{key.replace('-', '_')}" for key in GAME_KEYS}


def _is_room(module: str) -> bool:
    return any(module == room or module.startswith(room + ".") for room in ROOM_PACKAGES)


def test_the_key_registry_is_the_ground_floor() -> None:
    """``paiyou.registry`` imports no room and no area of the site: only the engine's list."""
    graph = import_graph(_modules())
    assert {m for m in graph["paiyou.registry"] if not m.startswith("engine")} == set()


def test_no_shared_module_imports_a_room() -> None:
    """Shared code finds a room through ``paiyou.registry.game_module``, never by its name."""
    graph = import_graph(_modules())
    found = {(module, target) for module, targets in graph.items()
             if module.startswith("paiyou") and not _is_room(module)
             for target in targets if _is_room(target)}
    assert found == set()


def test_the_engine_shares_only_the_mechanism_of_events() -> None:
    """``engine.outcome`` names the kinds every game has; each game declares its own."""
    from engine import outcome
    kinds = {value for name, value in vars(outcome).items() if name.isupper() and isinstance(value, str)}
    assert kinds == {"lead", "beat", "pass", "over"}


def test_a_games_event_kinds_are_its_declared_data_not_a_shared_table() -> None:
    """No import adds a game's kinds to a table of ``engine.outcome``: each game's own kinds (and
    which of them are moves) are data of its package, read through its ``GameSpec``."""
    from engine import outcome
    assert not hasattr(outcome, "event_kind")
    assert outcome.KINDS == frozenset({"lead", "beat", "pass", "over"})
    assert outcome.MOVES == frozenset({"lead", "beat", "pass"})
    for key in GAME_KEYS:
        spec = game(key)
        assert outcome.MOVES <= spec.move_kinds <= spec.event_kinds and outcome.KINDS <= spec.event_kinds
    assert game("high-card").move_kinds - outcome.MOVES == {"under"}


def _game_words() -> dict[str, set[str]]:
    """Each game's own words: its key, Python name, constant name and English name, and the event
    kinds its engine package declares (its ``GameSpec.event_kinds`` beyond the shared ones) as a
    quoted string (not an HTML attribute's value: ``stroke-linecap="round"`` is no game's)."""
    from engine import outcome
    words = {}
    for key in GAME_KEYS:
        name = key.replace("-", "_")
        kinds = game(key).event_kinds - outcome.KINDS
        words[key] = {key, name, name.upper(), key.replace("-", " ").title(), *(f'"{k}"' for k in kinds)}
    return words


def _code_only(path: Path) -> str:
    """The text of a source without its comments and docstrings (what runs or renders)."""
    text = path.read_text()
    if path.suffix == ".py":
        import io
        import tokenize
        out, previous = [], tokenize.INDENT
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            docstring = tok.type == tokenize.STRING and previous in (tokenize.INDENT, tokenize.NEWLINE,
                                                                      tokenize.DEDENT)
            if tok.type != tokenize.COMMENT and not docstring:
                out.append(tok.string)
            if tok.type not in (tokenize.NL, tokenize.COMMENT):
                previous = tok.type
        return " ".join(out)
    if path.suffix == ".html":
        return re.sub(r"\{#.*?#\}", "", text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text) if path.suffix == ".js" else text


def _shared_sources() -> list[Path]:
    return sorted(p for p in SITE.rglob("*") if p.suffix in {".py", ".html", ".css", ".js"}
                  and "vendor" not in p.parts and not _game_room(p))


def names_word(word: str, code: str) -> bool:
    """``word`` stands in ``code`` as a word of its own, or as the end of a CSS class's name
    (``.felt--tien-gow``), never inside a longer name or as an HTML attribute's value."""
    return re.search(rf"(?<![\w=]){re.escape(word)}(?![\w-])", code) is not None


@pytest.mark.parametrize("path", _shared_sources(), ids=lambda p: str(p.relative_to(SITE)))
def test_no_game_word_outside_the_rooms(path: Path) -> None:
    """No shared file names a game, not even in its copy: the sentences that describe the site's
    games build themselves from the listed games' names and the rooms' own sentences."""
    code = _code_only(path)
    found = {word for words in _game_words().values() for word in words if names_word(word, code)}
    assert found == set()


def test_the_word_finder_finds_game_words(tmp_path: Path) -> None:
    sample = tmp_path / "x.html"
    sample.write_text('{# Chuo Pai #}{% if e.kind == "bonus" %}')
    words = _game_words()["chuo-pai"]
    assert {w for w in words if w in _code_only(sample)} == {'"bonus"'}
    sample = tmp_path / "x.css"
    sample.write_text(".felt--tien-gow .seat { margin: 0; }")
    assert [w for w in _game_words()["tien-gow"] if names_word(w, _code_only(sample))] == ["tien-gow"]
    sample = tmp_path / "x.py"
    sample.write_text('"""About Tien Gow."""\n# tien-gow\nKIND = "tien-gow"\n')
    assert "tien-gow" in _code_only(sample) and "Tien Gow" not in _code_only(sample)


# -- each room provides every declared part -------------------------------------------------------

@pytest.mark.parametrize("game", GAME_KEYS)
def test_each_room_provides_every_declared_part(game: str) -> None:
    from paiyou import registry
    assert registry.missing_parts(game) == []


def test_the_app_refuses_to_start_without_a_declared_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from paiyou import create_app, registry
    key = GAME_KEYS[0]
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(registry.room(key), templates=tmp_path))
    with pytest.raises(RuntimeError, match="play_result.html"):
        create_app({"TESTING": True})


def test_the_app_names_each_missing_member_and_template_part(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A room object lacking one member of its Protocol (``round_plays``, which only the mistakes
    page calls) and a room lacking one template part: ``create_app`` names both."""
    import dataclasses
    import importlib
    import shutil

    from paiyou import create_app, registry
    key = GAME_KEYS[0]
    package = registry.room(key).package
    module = importlib.import_module(f"{package}.table")
    real = module.TABLE

    class Lacking:
        def __getattr__(self, name: str) -> object:
            if name == "round_plays":
                raise AttributeError(name)
            return getattr(real, name)

    monkeypatch.setattr(module, "TABLE", Lacking())
    folder = tmp_path / key
    shutil.copytree(registry.template_folder(key), folder)
    (folder / "play_analysis.html").unlink()
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(registry.room(key), templates=folder))
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    assert f"{package}.table.TABLE.round_plays" in str(refused.value)
    assert f"{folder}/play_analysis.html" in str(refused.value)
    assert registry.missing_parts(key) == [f"{package}.table.TABLE.round_plays", f"{folder}/play_analysis.html"]


def test_the_app_names_a_missing_practice_member_and_level_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The puzzles' practice rules are checked member by member (``registry.NESTED_PROTOCOLS``),
    and a room declares the words of every level its engine game has (``Room.levels``)."""
    import dataclasses
    import importlib

    from paiyou import registry
    key = GAME_KEYS[-1]
    package = registry.room(key).package
    module = importlib.import_module(f"{package}.puzzles")
    real = module.PUZZLES.practice

    class Lacking:
        def __getattr__(self, name: str) -> object:
            if name == "hand_size":
                raise AttributeError(name)
            return getattr(real, name)

    monkeypatch.setattr(module, "PUZZLES", dataclasses.replace(module.PUZZLES, practice=Lacking()))
    declared = registry.room(key)
    levels = {name: words for name, words in declared.levels.items() if name != "random"}
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(declared, levels=levels))
    assert registry.missing_parts(key) == [f"{package}.ROOM.levels.random",
                                           f"{package}.puzzles.PUZZLES.practice.hand_size"]


def test_a_room_registers_itself_and_an_unregistered_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each built-in room's package declares its ``Room`` and registers it; the registry names no
    game. A package that registers nothing is named (``<package>.ROOM``)."""
    from paiyou import registry
    source = _code_only(SITE / "registry.py")
    assert not [key for key in GAME_KEYS if key in source or key.replace("-", "_") in source]
    for key in GAME_KEYS:
        declared = registry.room(key)
        assert registry._ROOMS[key] is declared and declared.key == key
        assert declared.package == f"paiyou.games.{key.replace('-', '_')}"
    key = GAME_KEYS[0]
    monkeypatch.delitem(registry._ROOMS, key)
    assert f"paiyou.games.{key.replace('-', '_')}.ROOM" in registry.missing_parts(key)


def test_the_app_refuses_a_room_template_lacking_a_macro(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card's ``play.html`` without ``seat_badges`` (the table page would raise
    ``UndefinedError``): ``create_app`` refuses to start, naming the room, the template and the
    macro."""
    import dataclasses
    import re as regex
    import shutil

    from paiyou import create_app, registry
    key = "high-card"
    folder = tmp_path / key
    shutil.copytree(registry.template_folder(key), folder)
    play = folder / "play.html"
    text, removed = regex.subn(r"\{% macro seat_badges\(.*?\{%-? endmacro %\}\n?", "", play.read_text(), flags=regex.S)
    assert removed == 1
    play.write_text(text)
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(registry.room(key), templates=folder))
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    assert f"the room of {key} lacks {play}:seat_badges" in str(refused.value)


def test_the_rooms_check_parses_each_template_part_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """An app's start checks every template part of every room (``missing_parts``) with one parse
    of each part, not one for each name it must define (that was nine tenths of ``create_app``);
    a second start in the same process parses no unchanged part again."""
    from jinja2 import Environment

    from paiyou import registry
    parsed: list[str] = []
    real_parse = Environment.parse

    def counting_parse(self: Environment, source: str, *args: object, **kwargs: object) -> object:
        parsed.append(source)
        return real_parse(self, source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Environment, "parse", counting_parse)
    registry._top_level_names.cache_clear()
    parts = [path for key in GAME_KEYS for path in registry.room(key).template_parts]
    for key in GAME_KEYS:
        assert registry.missing_parts(key) == []
    assert len(parsed) == len({path.read_text() for path in parts}) < sum(
        len(names) for key in GAME_KEYS for names in registry.room(key).template_parts.values())
    for key in GAME_KEYS:
        assert registry.missing_parts(key) == []
    assert len(parsed) == len({path.read_text() for path in parts})


def test_a_template_edited_between_two_starts_is_read_anew(tmp_path: Path) -> None:
    """The parse is kept by the template's text, so an edited part is checked as it is now."""
    from paiyou import registry
    part = tmp_path / "part.html"
    part.write_text("{% macro one() %}{% endmacro %}{% set two = 2 %}")
    assert registry.template_names(part) == {"one", "two"}
    part.write_text("{% macro one() %}{% endmacro %}")
    assert registry.template_names(part) == {"one"}


def test_the_app_refuses_a_room_content_lacking_its_policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card's content in a folder of its own (``Room.content``) without ``policy.toml``:
    ``create_app`` refuses to start, naming the room and the missing file; with it back, the room's
    content is where the loaders read (``Room.content_parts``)."""
    import dataclasses
    import shutil

    from paiyou import create_app, registry
    from paiyou.puzzles.loading import load_course
    key = "high-card"
    site = registry.content_parts(key, ROOT / "content")
    lessons = [lesson.id for lesson in load_course(ROOT / "content", key).lessons]
    shutil.copytree(site.course, tmp_path / "puzzles" / key)
    (tmp_path / "rules").mkdir()
    shutil.copy2(site.rules, tmp_path / "rules" / site.rules.name)
    monkeypatch.setitem(registry._ROOMS, key, dataclasses.replace(registry.room(key), content=tmp_path))
    own = registry.content_parts(key, ROOT / "content")
    assert own == (tmp_path / "rules" / f"{key}.md", tmp_path / "puzzles" / key,
                   tmp_path / "puzzles" / key / "policy.toml")
    own.policy.unlink()
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    assert f"the room of {key} lacks {own.policy}" in str(refused.value)
    shutil.copy2(site.policy, own.policy)
    create_app({"TESTING": True})
    assert [lesson.id for lesson in load_course(ROOT / "content", key).lessons] == lessons  # not the policy


def shared_template_calls(root: Path) -> dict[str, set[str]]:
    """Every name the shared templates call on a room's template part (``{% import "games/" ~ game
    ~ "/<part>" as words %}`` then ``words.<name>``, following the imported module into a macro's
    parameter when it is handed to one), from Jinja's parse of each shared template."""
    from jinja2 import Environment, nodes

    def part_of(expr: nodes.Node) -> str | None:
        consts = [n.value for n in expr.find_all(nodes.Const) if isinstance(n.value, str)]
        if isinstance(expr, nodes.Concat) and consts and consts[0] == "games/" and consts[-1].startswith("/"):
            return str(consts[-1][1:])
        return None

    trees = {str(p.relative_to(root)): Environment().parse(p.read_text()) for p in sorted(root.rglob("*.html"))
             if p.relative_to(root).parts[0] != "games"}
    found: dict[str, set[str]] = {}
    work: list[tuple[str, nodes.Node, str, str]] = []  # (template, scope, name bound to the part, part)
    for name, tree in trees.items():
        for imported in tree.find_all(nodes.Import):
            if (part := part_of(imported.template)) is not None:
                found.setdefault(part, set())
                work.append((name, tree, imported.target, part))
        for picked in tree.find_all(nodes.FromImport):
            if (part := part_of(picked.template)) is not None:
                found.setdefault(part, set()).update(n if isinstance(n, str) else n[0] for n in picked.names)
    seen: set[tuple[str, int, str, str]] = set()
    while work:
        template, scope, alias, part = work.pop()
        if (template, id(scope), alias, part) in seen:
            continue
        seen.add((template, id(scope), alias, part))
        found[part] |= {attr.attr for attr in scope.find_all(nodes.Getattr)
                        if isinstance(attr.node, nodes.Name) and attr.node.name == alias}
        for call in scope.find_all(nodes.Call):
            for i, arg in enumerate(call.args):
                if not (isinstance(arg, nodes.Name) and arg.name == alias):
                    continue
                target, macro_name = template, getattr(call.node, "name", None)
                if isinstance(call.node, nodes.Getattr) and isinstance(call.node.node, nodes.Name):
                    macro_name = call.node.attr
                    target = next((str(i.template.value) for i in trees[template].find_all(nodes.Import)
                                   if i.target == call.node.node.name and isinstance(i.template, nodes.Const)),
                                  template)
                work += [(target, macro, macro.args[i].name, part)
                         for macro in trees[target].find_all(nodes.Macro)
                         if macro.name == macro_name and i < len(macro.args)]
    return found


def test_the_declared_template_names_are_what_the_shared_templates_call() -> None:
    """``registry.TEMPLATE_NAMES`` (with the optional names) is exactly what the shared templates
    call on each room's template part, so the check at start cannot go stale."""
    from paiyou import registry
    calls = shared_template_calls(SITE / "templates")
    declared = {part: set(registry.TEMPLATE_NAMES.get(part, ())) | set(registry.OPTIONAL_TEMPLATE_NAMES.get(part, ()))
                for part in calls}
    assert declared == calls
    assert set(registry.TEMPLATE_NAMES) | set(registry.OPTIONAL_TEMPLATE_NAMES) <= set(calls)


def test_the_template_call_finder_follows_a_module_into_a_macro(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text('{% import "games/" ~ game ~ "/play.html" as words %}'
                                        '{% import "lib.html" as lib %}{{ words.title() }}{{ lib.show(1, words) }}')
    (tmp_path / "lib.html").write_text("{% macro show(x, w) %}{{ w.badge(x) }}{% endmacro %}")
    assert shared_template_calls(tmp_path) == {"play.html": {"title", "badge"}}


ROOM_PARTS = ("table", "puzzles", "reasons", "vocabulary")


@pytest.mark.parametrize("part", ROOM_PARTS)
def test_every_part_has_a_shape_whose_members_are_read(part: str) -> None:
    from paiyou import registry
    assert set(registry.PARTS) == set(registry.PROTOCOLS) == set(ROOM_PARTS)
    members = registry.declared_members(registry.part_shape(part))
    assert members and not any(m.startswith("_") for m in members)


def test_the_members_read_are_methods_properties_and_attributes() -> None:
    from paiyou import registry
    table = registry.declared_members(registry.part_shape("table"))
    assert {"positions", "round_plays", "view_json", "record_place"} <= set(table)  # attribute, methods
    assert "practice" in registry.declared_members(registry.part_shape("puzzles"))  # a property
    assert "combinations" in registry.declared_members(registry.part_shape("vocabulary"))  # a field


def test_every_template_part_a_page_includes_is_declared() -> None:
    """A partial a shared template picks by the game's key is in ``TEMPLATE_PARTS`` (else a room
    could lack it and fail only at render time)."""
    from paiyou import registry
    declared = {*registry.TEMPLATE_PARTS, registry.FIRST_GAME_PART, registry.OTHER_GAME_PART}
    used = {m for p in (SITE / "templates").rglob("*.html") if not _game_room(p)
            for m in re.findall(r'"games/" ~ [\w.]+ ~ "/([\w.]+)"', p.read_text())}
    assert used and used <= declared


# -- the house by domain: views hold routes, no-store in one place, agents through GameSpec ----------

VIEWS = SITE / "views"
ROUTE_DECORATORS = {"get", "post", "put", "patch", "delete", "route", "errorhandler", "app_errorhandler"}


def _view_modules() -> list[Path]:
    return sorted(p for p in VIEWS.glob("*.py") if p.name != "__init__.py")


def not_routes(path: Path) -> list[str]:
    """The top-level functions and classes of a view module that are not a route or an error
    handler of its blueprint (``@bp.get(…)``, ``@bp.route(…)``, ``@bp.errorhandler(…)`` …)."""
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ClassDef):
            found.append(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            routed = any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                         and isinstance(d.func.value, ast.Name) and d.func.value.id == "bp"
                         and d.func.attr in ROUTE_DECORATORS for d in node.decorator_list)
            if not routed:
                found.append(node.name)
    return found


@pytest.mark.parametrize("path", _view_modules(), ids=lambda p: p.name)
def test_views_hold_routes_only(path: Path) -> None:
    """What a route needs lives in its area's modules (``paiyou.tables.pages``, ``paiyou.api.games``
    …), never beside the routes."""
    assert not_routes(path) == []


def test_the_route_finder_finds_helpers(tmp_path: Path) -> None:
    sample = tmp_path / "view.py"
    sample.write_text("@bp.get('/')\ndef page(): ...\n@bp.errorhandler(404)\ndef missing(e): ...\n"
                      "@cache\ndef helper(): ...\ndef _private(): ...\nclass Model: ...\n")
    assert not_routes(sample) == ["helper", "_private", "Model"]


def test_no_view_imports_another_view() -> None:
    """A view's helpers are nobody else's: what two views share has a home outside ``views/``."""
    graph = import_graph(_modules())
    found = {(module, target) for module, targets in graph.items()
             if module.startswith("paiyou.views.") for target in targets if target.startswith("paiyou.views")}
    assert found == set()


def _string_constants(path: Path, value: str) -> list[int]:
    return [node.lineno for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Constant) and node.value == value]


def test_no_store_is_set_in_one_place() -> None:
    """``Cache-Control: no-store`` comes from ``paiyou.web.private.no_store`` alone."""
    found = {str(p.relative_to(SITE)): lines for p in sorted(SITE.rglob("*.py"))
             if (lines := _string_constants(p, "no-store"))}
    assert list(found) == ["web/private.py"] and len(found["web/private.py"]) == 1
    assert not any("no-store" in p.read_text() for p in (SITE / "templates").rglob("*.html"))


def test_the_site_asks_the_game_spec_for_its_agents() -> None:
    """No site module imports the engine's AI registry: the agents come from ``engine.games.game(key)``
    (``make_agent``, ``agent_levels``, ``estimating_levels``, ``make_estimator``)."""
    graph = import_graph(_modules())
    found = {(module, target) for module, targets in graph.items() if module.startswith("paiyou")
             for target in targets if target == "engine.ai" or target.startswith("engine.ai.")}
    assert found == set()
    probes = [f"{p.relative_to(SITE)}:{n}" for p in SITE.rglob("*.py")
              for n in _string_constants(p, "estimate_scores")]
    assert probes == []


def test_every_site_package_says_its_job() -> None:
    """Each package of the site opens with a docstring naming what it holds."""
    missing = [str(p.relative_to(SITE)) for p in sorted(SITE.rglob("__init__.py"))
               if "static" not in p.parts and "templates" not in p.parts
               and not ast.get_docstring(ast.parse(p.read_text()))]
    assert missing == []


def test_no_room_decides_what_beats_what() -> None:
    """Every game decision comes from the engine: no room compares two tiles' ranks itself (who
    wins a trick, what beats a play); it asks its engine package (``judge``, ``trick_winner``)."""
    found = [f"{path.relative_to(SITE)}" for path in sorted((SITE / "games").rglob("*.py"))
             if re.search(r"\brank\([^)]*\)\s*[<>]=?\s*\S*rank\(", _code_only(path))]
    assert found == []


def test_the_recipe_names_each_parts_shape_as_the_registry_checks_it() -> None:
    """docs/adding-a-game.md names the shape each room part is checked against
    (``registry.PROTOCOLS``: ``GamePuzzles``, not only the ``RoomPuzzles`` that fills it in)."""
    from paiyou import registry
    recipe = (ROOT / "docs" / "adding-a-game.md").read_text()
    assert [where for where in registry.PROTOCOLS.values() if f"`{where.replace(':', '.')}`" not in recipe] == []
