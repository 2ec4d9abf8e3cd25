"""The Audit section of docs/api.md cannot drift from the engine: each documented log line
audits to exactly the documented verdict, and every field of a verdict or of the summary is
in one of the reference's field tables."""

from __future__ import annotations

import pytest

from trainer.engine.audit import Summary, audit_line
from trainer.engine.house import DEFAULT_CONFIG

from .markdown import example_pairs, table_rows

API = "api.md"
PAIRS = example_pairs(API, "json audit-line", "json audit-verdict")


def test_the_audit_section_has_an_example_of_each_kind_of_ruling_it_audits():
    assert {line["game"] for line, _, _ in PAIRS} >= {
        "mississippi-stud",
        "caribbean-stud",
        "mississippi-gonorrhea",
    }
    assert {verdict["verdict"] for _, verdict, _ in PAIRS} >= {"overpaid", "misdirected", "error"}


@pytest.mark.parametrize(
    ("line", "verdict"),
    [(line, verdict) for line, verdict, _ in PAIRS],
    ids=[f"line-{n}" for _, _, n in PAIRS],
)
def test_documented_log_line_gives_the_documented_verdict(line, verdict):
    assert audit_line(line, DEFAULT_CONFIG).as_json() == verdict


def documented_names() -> set[str]:
    """The names in backticks in the first cell of the reference's tables ("`a`, `b`" too)."""
    names = set()
    for row in table_rows(API):
        if row and row[0].startswith("`"):
            names |= {part.strip().strip("`") for part in row[0].split(",")}
    return names


def test_every_field_of_a_verdict_and_of_the_summary_is_documented():
    summary = Summary()
    fields = {"line", "summary", "versions"}  # added by the command: the line number, the
    # summary's own line, and the versions used (trainer/audits/management/commands/audit.py)
    for line, _, _ in PAIRS:
        audited = audit_line(line, DEFAULT_CONFIG)
        summary.add(audited)
        fields |= set(audited.as_json())
        fields |= set(audited.as_json().get("error") or {})
    totals = summary.as_json()
    fields |= set(totals)
    for group in ("by_dealer", "by_table", "by_game"):
        for counts in totals[group].values():
            fields |= set(counts)
    missing = fields - documented_names()
    assert not missing, f"docs/api.md does not document: {sorted(missing)}"
