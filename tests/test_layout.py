"""Guards on the project's shape: the engine is standard-library only and says no prose."""
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def engine_modules():
    return sorted((ROOT / "engine").rglob("*.py"))


def test_site_is_a_source_root_not_a_package():
    assert not (ROOT / "site" / "__init__.py").exists()
    assert (ROOT / "site" / "paiyou").is_dir()


def test_engine_imports_only_the_standard_library_and_itself():
    for path in engine_modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top == "engine" or top in sys.stdlib_module_names, f"{path}: imports {name}"


CODE = __import__("re").compile(r"^[a-z]+(-[a-z]+)*$")
SENTENCE = __import__("re").compile(r"^[A-Z][a-z]+( [\w'-]+){3,}[.!?]$")


def _docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                yield body[0].value


def test_engine_errors_carry_codes_and_engine_has_no_sentences():
    for path in engine_modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        docs = {id(node) for node in _docstrings(tree)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    assert CODE.match(first.value), f"{path}:{node.lineno}: {first.value!r} is not a code"
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                assert not SENTENCE.match(node.value), f"{path}:{node.lineno}: prose {node.value!r}"
