"""Two habits of the code, kept by a test rather than by memory: no module of the site, its
tools or its tests grows past 700 lines (split it by what its parts are about), and no
comment, docstring or template names the issue that asked for it (what the code does and why
is said in words; which issue asked is the commit message's and the README's to say)."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the most lines a module may have (migrations are Django's, not ours)
MOST_LINES = 700

#: "issue 42", "Issue 45,", "issue #7", "issues 40 and 46"
ISSUE_NUMBER = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def _tracked(*paths: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed]


def test_no_module_is_over_700_lines():
    long = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in _tracked("trainer/*.py", "tools/*.py", "tests/*.py")
        if "migrations" not in path.parts
        and (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    ]
    assert not long, f"over {MOST_LINES} lines: " + "; ".join(long)


def test_no_code_names_the_issue_that_asked_for_it():
    found = []
    for path in _tracked("trainer", "tests", "tools", "templates", "Makefile", "pyproject.toml"):
        if "migrations" in path.parts or path == Path(__file__).resolve():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image, a font: no words
        for number, line in enumerate(text.splitlines(), start=1):
            if ISSUE_NUMBER.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not found, "issue numbers in the code:\n" + "\n".join(found)


def test_the_checks_find_what_they_look_for():
    assert ISSUE_NUMBER.search("# the table on one screen (issue 29)")
    assert ISSUE_NUMBER.search('"""Issue 45, *Done when*, in Chromium')
    assert not ISSUE_NUMBER.search("a passed certification test issues a certificate")
    assert not ISSUE_NUMBER.search("the date of issue; nothing else")
