"""Markup lives in templates: no module of the site outside its template tags builds HTML in
Python (a tag in a string, `format_html`, `mark_safe`, an escape by hand), so every page is
escaped one way, by the template engines' autoescape, and its words can be translated.

Read with `ast`: docstrings are prose and may name a tag; comments are not strings at all."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRAINER = ROOT / "trainer"

#: the modules allowed to build markup, each for its reason
ALLOWED = {
    # Markdown rendered to HTML is markdown-it's work; its one render rule wraps a table in a
    # scrolling box, escaping the box's name with markdown-it's own escape
    "trainer/site/docs.py",
}

# an HTML element opening or closing, as a page would hold it; URL patterns ("<int:pk>/")
# and placeholders in words ("<field>.call") name no element
ELEMENTS = (
    "a abbr article aside b blockquote body br button caption code col colgroup dd details "
    "dialog div dl dt em fieldset figure footer form h1 h2 h3 h4 h5 h6 head header hr html i "
    "img input kbd label legend li link main mark meta nav ol optgroup option output p pre "
    "script section select small span strong style sub summary sup svg table tbody td "
    "template textarea tfoot th thead time title tr u ul"
)
TAG = re.compile(r"(?<!\?P)</?(?:" + "|".join(ELEMENTS.split()) + r")(?=[\s>/])")

#: calls that build or pass markup, or escape by hand
CALLS = {"mark_safe", "format_html", "format_html_join", "SafeString", "escape", "escapeHtml"}


def _modules():
    for path in sorted(TRAINER.rglob("*.py")):
        parts = path.relative_to(TRAINER).parts
        if "templatetags" in parts or "migrations" in parts:
            continue
        yield path


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def markup_in(source: str) -> list[tuple[int, str]]:
    """(line, what) for each line of `source` that builds markup.

    >>> markup_in('x = f"<span>{y}</span>"')
    [(1, 'a tag in a string: <span')]
    >>> markup_in('def f():\\n    "A <div> in prose."\\n    return "<int:pk>/"')
    []
    """
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            m = TAG.search(node.value)
            if m:
                found.append((node.lineno, f"a tag in a string: {m.group(0)}"))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in CALLS:
                found.append((node.lineno, f"{name}()"))
    # one line, one finding: an f-string's tags are several constants of the same line
    return sorted(dict(sorted(found)).items())


def test_no_module_outside_the_template_tags_builds_markup():
    found = []
    for path in _modules():
        where = path.relative_to(ROOT).as_posix()
        if where in ALLOWED:
            continue
        found += [f"{where}:{line}: {what}" for line, what in markup_in(path.read_text())]
    assert not found, "markup built in Python, not in a template:\n" + "\n".join(found)


def test_the_check_finds_what_it_looks_for():
    source = (
        "from django.utils.html import format_html\n"
        "def drawn(x):\n"
        '    """Draws a <p>, in prose."""\n'
        "    return format_html('<p>{}</p>', x)\n"
    )
    assert markup_in(source) == [(4, "format_html()")]
