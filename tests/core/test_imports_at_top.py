"""Project imports sit at the top of their module: an import inside a function is invisible
until the function runs, so two modules can import each other that way and the cycle never
shows at start-up (import-linter's acyclic contracts in pyproject.toml see it, this test
keeps it from being hidden again).  An app's `AppConfig.ready()` is the one exception: it
runs once the models are loaded, to connect signals and register with the apps beneath.

Read with `ast`, migrations left out (Django writes them, and they import what they run)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRAINER = ROOT / "trainer"
#: an indented import: only a module holding one is parsed, which keeps the test cheap
INDENTED = re.compile(r"^[ \t]+(?:from|import)\s", re.MULTILINE)


def _is_project(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        if node.level:
            return True
        names = [node.module or ""]
    else:
        names = [alias.name for alias in node.names]
    return any(name == "trainer" or name.startswith("trainer.") for name in names)


def _imports_in_functions(tree: ast.Module, allow_ready: bool):
    """(line, function) of each project import inside a function of `tree`."""
    stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                stack.append((child, child.name))
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                inside = function is not None and not (allow_ready and function == "ready")
                if inside and _is_project(child):
                    yield child.lineno, function
            else:
                stack.append((child, function))


def test_project_modules_are_imported_at_the_top_of_a_module():
    found = []
    for path in sorted(TRAINER.rglob("*.py")):
        if "migrations" in path.relative_to(TRAINER).parts:
            continue
        text = path.read_text(encoding="utf-8")
        if not INDENTED.search(text):
            continue
        tree = ast.parse(text, filename=str(path))
        for line, function in _imports_in_functions(tree, allow_ready=path.name == "apps.py"):
            found.append(f"{path.relative_to(ROOT)}:{line} (in {function})")
    assert not found, "project imports inside functions:\n" + "\n".join(found)


def test_the_check_finds_an_import_hidden_in_a_function():
    hidden = ast.parse(
        "import os\n"
        "from trainer.engine import cards\n"
        "def deal():\n"
        "    import numpy\n"
        "    from . import tasks\n"
        "    def inner():\n"
        "        import trainer.houses.tasks\n"
        "class Config:\n"
        "    def ready(self):\n"
        "        from . import signals\n"
    )
    assert sorted(_imports_in_functions(hidden, allow_ready=False)) == [
        (5, "deal"),
        (7, "inner"),
        (10, "ready"),
    ]
    assert sorted(_imports_in_functions(hidden, allow_ready=True)) == [(5, "deal"), (7, "inner")]


def test_every_app_is_kept_free_of_cycles_by_import_linter():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    covered = {
        ancestor
        for contract in contracts["contracts"]
        if contract["type"] == "acyclic_siblings"
        for ancestor in contract["ancestors"]
    }
    apps = {
        "trainer." + path.parent.name
        for path in TRAINER.glob("*/apps.py")  # the apps standing directly under trainer/
    }
    assert apps - covered == set()
