"""Reading the docs' Markdown for the tests: fenced blocks and table rows, from the same parser
the site renders them with (markdown-it-py), so a block the page shows is a block the tests
read."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

DOCS = Path(__file__).resolve().parents[2] / "docs"
_PARSER = MarkdownIt("commonmark", {"html": False}).enable("table")


@cache
def tokens(name: str) -> tuple:
    """The document's tokens, parsed once per test process (the docs do not change while the
    tests run; the rulebooks are read by dozens of tests)."""
    return tuple(_PARSER.parse((DOCS / name).read_text(encoding="utf-8")))


def example_pairs(
    name: str, asked: str = "json request", answered: str = "json response"
) -> list[tuple[dict, dict, int]]:
    """Every ```json request block with the ```json response block right after it (or the
    blocks `asked` and `answered`: the audit's ```json audit-line and ```json audit-verdict),
    as (request, response, line of the request); a request without its response fails."""
    fences = [t for t in tokens(name) if t.type == "fence"]
    pairs = []
    for i, fence in enumerate(fences):
        if fence.info.strip() != asked:
            continue
        line = fence.map[0] + 1
        following = fences[i + 1] if i + 1 < len(fences) else None
        assert following is not None and following.info.strip() == answered, (
            f"{name}, line {line}: a ```{asked} block must be followed by its ```{answered} block"
        )
        pairs.append((json.loads(fence.content), json.loads(following.content), line))
    return pairs


def table_rows(name: str, section: str | None = None) -> list[list[str]]:
    """The rows of every table (or of the tables under the level-2 heading `section`),
    each a list of its cells' text as written (backticks kept)."""
    rows: list[list[str]] = []
    current: str | None = None
    row: list[str] | None = None
    items = tokens(name)
    for i, token in enumerate(items):
        if token.type == "heading_open" and token.tag == "h2":
            current = items[i + 1].content
        if section is not None and current != section:
            continue
        if token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(token.content.strip())
        elif token.type == "tr_close":
            rows.append(row)
            row = None
    # header rows come through too; callers keep the rows they look for
    return rows


def section_text(name: str, section: str) -> str:
    """The Markdown source under the level-2 heading `section`, up to the next one."""
    text = (DOCS / name).read_text(encoding="utf-8")
    head = f"\n## {section}\n"
    assert head in text, f"{name} has no section '## {section}'"
    rest = text.split(head, 1)[1]
    return rest.split("\n## ", 1)[0]


def headings(name: str) -> list[tuple[int, str]]:
    """Every level-2 and level-3 heading, as (level, text), in order."""
    items = tokens(name)
    return [
        (int(token.tag[1]), items[i + 1].content)
        for i, token in enumerate(items)
        if token.type == "heading_open" and token.tag in ("h2", "h3")
    ]


def tables(name: str) -> list[list[list[str]]]:
    """Every table, in order, each as its rows (the header row first) of cells' text."""
    found: list[list[list[str]]] = []
    row: list[str] | None = None
    for token in tokens(name):
        if token.type == "table_open":
            found.append([])
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(token.content.strip())
        elif token.type == "tr_close" and row is not None:
            found[-1].append(row)
            row = None
    return found


def glossary(language: int = 1) -> dict[str, str]:
    """docs/glossary.md's table: each English term to its term in the column `language`
    (1, Spanish), as written."""
    return {row[0]: row[language] for row in table_rows("glossary.md")[1:]}
