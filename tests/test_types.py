"""Guards on the site's types (issue 46, "types at every internal seam"): ``typing.Any`` only where
an outside library leaves a value untyped, each such place named here with its reason, and every
view declares a response type Flask knows."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site" / "paiyou"

# file (under site/paiyou) -> the definitions whose types say Any, and why nothing narrower fits
ALLOWED_ANY = {
    "store/games.py": {"Connection"},  # sqlite3's or psycopg's (untyped) connection: no shared interface
    "store/schema.py": {"Row"},  # a row as the drivers give it, its values untyped
    "i18n/languages.py": {"page_url", "switcher"},  # url_for's **values, untyped beside typed keywords
    "web/limits.py": {"init_app"},  # Flask-Limiter types a decorated view as a sync/async union
}

# What a view may declare it returns: Flask's ResponseReturnValue or a narrower type of it
VIEW_RETURNS = {"ResponseReturnValue", "Response", "BaseResponse", "str", "tuple", "int"}


def _is_any(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "Any") or \
        (isinstance(node, ast.Attribute) and node.attr == "Any" and isinstance(node.value, ast.Name)
         and node.value.id == "typing")


def _any_users(tree: ast.Module) -> set[str]:
    """The top-level definitions (functions, classes, assigned names) whose text uses ``Any``."""
    found: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom | ast.Import):
            continue
        if not any(_is_any(node) for node in ast.walk(statement)):
            continue
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(statement.name)
        elif isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found.update(t.id for t in targets if isinstance(t, ast.Name))
        else:
            found.add(f"line {statement.lineno}")
    return found


def test_any_stays_at_the_named_external_edges() -> None:
    """No internal seam is typed Any: the views, the table's models, the store's JSON, an app, an
    engine action all have their real types; what is left is where a library gives no type."""
    found = {}
    for path in sorted(SITE.rglob("*.py")):
        users = _any_users(ast.parse(path.read_text(), filename=str(path)))
        if users:
            found[path.relative_to(SITE).as_posix()] = users
    assert found == ALLOWED_ANY


def test_every_view_declares_a_flask_response_type() -> None:
    """Each route function returns ``ResponseReturnValue`` or a narrower type of it, never Any."""
    wrong = []
    for path in sorted((SITE / "views").glob("*.py")):
        for node in ast.parse(path.read_text(), filename=str(path)).body:
            if not isinstance(node, ast.FunctionDef) or not any(
                    isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in
                    ("get", "post", "route") for d in node.decorator_list):
                continue
            names = {n.id for n in ast.walk(node.returns) if isinstance(n, ast.Name)} if node.returns else set()
            if not names or not names <= VIEW_RETURNS:
                wrong.append(f"{path.name}:{node.name} -> {ast.unparse(node.returns) if node.returns else None}")
    assert not wrong
