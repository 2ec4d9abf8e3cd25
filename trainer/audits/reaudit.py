"""Who is due a re-audit: each of the house's dealers with a mispay the audit found that no
later audited shift of theirs has followed clean (docs/rulebook.md, *Re-audits*).

A finding is followed up by a report audited after the finding's own report (uploaded
later) in which the dealer dealt (the report's hands name them, by employee number or log
name) and made no mispay of the same situation.  Until then the dealer is listed, with the
day the house's window closes: the earliest open finding's hand time plus the house's
`reaudit_days`.  Listed on the audits' page and on a supervisor's class page.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import F
from django.utils import timezone

from trainer.houses.models import House, User

from .costs import ruled
from .findings import MISPAID, people_by_name
from .models import AuditFinding, AuditLine, AuditReport, situation_said


@dataclass(frozen=True)
class Due:
    person: User
    #: the situations still to be dealt clean, as the pages say them
    situations: tuple[str, ...]
    #: the earliest open finding's hand time, and when the house's window for it closes
    since: dt.datetime
    closes: dt.datetime

    @property
    def overdue(self) -> bool:
        return self.closes < timezone.now()


def by_dealer(summary: dict | None) -> dict:
    """A report's hands per dealer as the log writes them (its stored summary)."""
    return (summary or {}).get("by_dealer") or {}


def due(house: House, people: Iterable[int] | None = None) -> list[Due]:
    """The house's dealers due a re-audit (only those of `people`, ids, when given), the
    window closing soonest first."""
    findings = AuditFinding.objects.filter(
        card__trainee__house=house, line__person=F("card__trainee")
    )
    if people is not None:
        findings = findings.filter(card__trainee__in=list(people))
    found = list(
        findings.values_list("card__trainee", "situation", "at", "report", "report__uploaded_at")
    )
    if not found:
        return []
    names: dict[int, set[str]] = defaultdict(set)
    for name, person in people_by_name(house).items():
        names[person].add(name)
    # each finished report: when it was uploaded, and who dealt in it
    reports = AuditReport.objects.filter(house=house, status=AuditReport.Status.DONE)
    dealt = {
        pk: (uploaded, {name for name, counts in by_dealer(summary).items() if ruled(counts)})
        for pk, uploaded, summary in reports.values_list("pk", "uploaded_at", "summary")
    }
    mispaid: set[tuple[int, int, str]] = set(
        AuditLine.objects.filter(
            report__house=house, verdict__in=MISPAID, person__in={f[0] for f in found}
        ).values_list("report", "person", "situation")
    )
    open_findings: dict[int, list[tuple[str, dt.datetime]]] = defaultdict(list)
    for person, situation, at, report, uploaded in found:
        after = uploaded or at
        cleared = any(
            later != report
            and when > after
            and dealers & names[person]
            and (later, person, situation) not in mispaid
            for later, (when, dealers) in dealt.items()
        )
        if not cleared:
            open_findings[person].append((situation, at))
    if not open_findings:
        return []
    window = dt.timedelta(days=house.reaudit_days)
    users = User.objects.in_bulk(list(open_findings))
    listed = []
    for person, items in open_findings.items():
        since = min(at for _, at in items)
        listed.append(
            Due(
                person=users[person],
                situations=tuple(sorted({situation_said(s) for s, _ in items})),
                since=since,
                closes=since + window,
            )
        )
    return sorted(listed, key=lambda d: (d.closes, d.person.get_username()))
