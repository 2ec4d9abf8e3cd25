"""What mispays cost a house: its audits' mispaid hands added up, by game, by situation (the
kind of error), by dealer, by table, by shift and by week, over a range of hand times and a
set of reports (docs/rulebook.md, *What mispays cost*).

The money is kept in sums that are never netted: what the house lost (`overpaid`, paid to
players beyond the right payout), what players were shorted (`underpaid`), and, apart, the
chips of a split pot paid to the wrong seats (`misdirected`: players' chips, not the house's,
`trainer.engine.audit`).

Every figure is the database's: one aggregate per grouping, each read from an index of its
own that holds what it adds up (`AuditLine.Meta.indexes`), over the hand's day, week and
minute on the house's clock that the audit stored with each line.  So a house with a million
stored lines answers in well under a second of CPU (`make bench`: tools/bench.py, `costs`).
Per 1,000 hands is given where the hands are known: the reports' own counts of every hand
they ruled, right or wrong, so only when no days cut a report short.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from trainer.engine.audit import UNNAMED
from trainer.houses.models import House, User
from trainer.houses.shifts import read_shifts, shift_at

from .findings import MISPAID, people_by_name
from .models import COST_GROUPS, AuditLine, AuditReport

#: the groupings the page shows, in its order (each a column of the lines, or worked out)
GROUPINGS = ("game", "situation", "dealer", "table", "shift")


@dataclass(frozen=True)
class Selection:
    """Which mispays: the house's, of hands dealt from `start` to `end` (whole days on the
    house's clock, either open), in `reports` (empty: every finished report of the house)."""

    house: House
    start: dt.date | None = None
    end: dt.date | None = None
    reports: tuple[int, ...] = ()

    @property
    def whole_reports(self) -> bool:
        """Whether every hand of the chosen reports is in: their hand counts then apply."""
        return self.start is None and self.end is None

    def finished_reports(self) -> QuerySet[AuditReport]:
        reports = AuditReport.objects.filter(house=self.house, status=AuditReport.Status.DONE)
        return reports.filter(pk__in=self.reports) if self.reports else reports

    def lines(self) -> QuerySet[AuditLine]:
        """The chosen mispaid lines (a line the audit could not rule is the log's fault, not a
        dealer's, and costs nothing), by the days on the house's clock the audit kept."""
        lines = AuditLine.objects.filter(
            report__in=self.finished_reports().values("pk"), verdict__in=MISPAID
        )
        if self.start is not None:
            lines = lines.filter(day__gte=self.start)
        if self.end is not None:
            lines = lines.filter(day__lte=self.end)
        return lines


@dataclass(frozen=True)
class Figure:
    """One group's mispays: how many, what the house lost, what players were shorted, and
    per 1,000 hands where the hands are known."""

    key: str
    name: str
    mispays: int
    overpaid: int
    underpaid: int
    misdirected: int = 0
    hands: int | None = None

    @property
    def per_thousand(self) -> float | None:
        return 1000 * self.mispays / self.hands if self.hands else None


@dataclass(frozen=True)
class Week:
    start: dt.date
    mispays: int
    overpaid: int
    underpaid: int
    misdirected: int


@dataclass(frozen=True)
class Costs:
    total: Figure
    groups: dict[str, list[Figure]]
    weeks: list[Week]


#: each group's figures, as the database adds them up
SUMS = {
    "mispays": Count("pk"),
    "lost": Coalesce(Sum("overpaid"), 0),
    "shorted": Coalesce(Sum("underpaid"), 0),
    "moved": Coalesce(Sum("difference", filter=Q(verdict="misdirected")), 0),
}


def ruled(counts: dict | None) -> int:
    """The hands a report's counts (`engine.audit.Counts`, as stored) say were ruled: every
    line but those the audit could not read or rule."""
    counts = counts or {}
    return int(counts.get("hands") or 0) - int(counts.get("errors") or 0)


def _hands(selection: Selection) -> dict[str, dict[str, int]] | None:
    """Hands audited in all and per game, dealer and table, from the chosen reports' own
    summaries (every hand ruled, right or wrong); None when a date range cuts reports short."""
    if not selection.whole_reports:
        return None
    hands: dict[str, dict[str, int]] = {"total": {}, "game": {}, "dealer": {}, "table": {}}
    names = people_by_name(selection.house)
    for summary in selection.finished_reports().values_list("summary", flat=True):
        summary = summary or {}
        hands["total"][""] = hands["total"].get("", 0) + ruled(summary)
        for group, key in (("game", "by_game"), ("dealer", "by_dealer"), ("table", "by_table")):
            for name, counts in (summary.get(key) or {}).items():
                if group == "dealer" and name in names:
                    name = f"person:{names[name]}"
                hands[group][name] = hands[group].get(name, 0) + ruled(counts)
    return hands


def _grouped(lines: QuerySet, *columns: str) -> list[dict]:
    """`lines` added up by `columns`, which one of the cost indexes leads with
    (`AuditLine.Meta.indexes`): read from the index alone, in its order, never sorted."""
    return list(lines.values(*columns).annotate(**SUMS).order_by(*columns))


def _figure(key: str, name: str, rows: list[dict], hands: int | None) -> Figure:
    return Figure(
        key=key,
        name=name,
        mispays=sum(row["mispays"] for row in rows),
        overpaid=sum(row["lost"] for row in rows),
        underpaid=sum(row["shorted"] for row in rows),
        misdirected=sum(row["moved"] for row in rows),
        hands=hands,
    )


def _ranked(figures: list[Figure]) -> list[Figure]:
    """Most money lost first, then most shorted, then by name."""
    return sorted(figures, key=lambda f: (-f.overpaid, -f.underpaid, -f.misdirected, f.name))


def _by(rows: list[dict], column: str) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for row in rows:
        grouped.setdefault(row[column] if row[column] is not None else "", []).append(row)
    return grouped


def _figures(rows: list[dict], column: str, known: dict[str, int] | None) -> list[Figure]:
    """A grouping's figures from a pass's rows, by `column`."""
    return _ranked(
        [
            _figure(
                name,
                name,
                group,
                known.get(name or UNNAMED) if known is not None else None,
            )
            for name, group in _by(rows, column).items()
        ]
    )


def costs(selection: Selection) -> Costs:
    lines = selection.lines()
    hands = _hands(selection) or {}
    # three passes (`COST_GROUPS`): dealer, game and situation; table and week; minute
    dealt = _grouped(lines, *COST_GROUPS["dealer"])
    tables = _grouped(lines, *COST_GROUPS["table"])
    groups = {
        "game": _figures(dealt, "game", hands.get("game")),
        "situation": _figures(dealt, "situation", None),
        "table": _figures(tables, "table", hands.get("table")),
        "dealer": _dealers(dealt, hands.get("dealer")),
    }
    # by minute of the day (at most 1,440 rows), then into the house's shifts here: a shift's
    # hours are the house's to change, and every line counts in the shifts as they stand
    shifts = read_shifts(selection.house.shifts)
    by_shift: dict[str, list[dict]] = {shift.name: [] for shift in shifts}
    for row in _grouped(lines, *COST_GROUPS["minute"]):
        by_shift[shift_at(shifts, row["minute"] or 0).name].append(row)
    groups["shift"] = _ranked(
        [_figure(name, name, rows, None) for name, rows in by_shift.items() if rows]
    )
    weeks = [
        Week(
            week,
            sum(row["mispays"] for row in rows),
            sum(row["lost"] for row in rows),
            sum(row["shorted"] for row in rows),
            sum(row["moved"] for row in rows),
        )
        for week, rows in sorted(_by(tables, "week").items(), key=lambda kv: str(kv[0]))
        if week != ""
    ]
    total = hands.get("total")
    return Costs(
        total=_figure("", "", dealt, total.get("") if total is not None else None),
        groups={group: groups[group] for group in GROUPINGS},
        weeks=weeks,
    )


def _dealers(rows: list[dict], known: dict[str, int] | None) -> list[Figure]:
    """By dealer: a matched dealer as the house's person (however the logs wrote them), an
    unmatched one as the log wrote them."""
    merged: dict[str, list[dict]] = {}
    for row in rows:
        key = f"person:{row['person']}" if row["person"] else f"name:{row['dealer']}"
        merged.setdefault(key, []).append(row)
    people = {
        f"person:{user.pk}": user.get_full_name() or user.get_username()
        for user in User.objects.filter(
            pk__in=[int(key.split(":")[1]) for key in merged if key.startswith("person:")]
        )
    }
    return _ranked(
        [
            _figure(
                key,
                people.get(key) or rows[0]["dealer"] or "",
                rows,
                known.get(key if key.startswith("person:") else rows[0]["dealer"])
                if known is not None
                else None,
            )
            for key, rows in merged.items()
        ]
    )


def lines_of(selection: Selection, group: str, key: str) -> QuerySet[AuditLine]:
    """The lines behind one figure of the page (a group's `key` as `costs` gave it; no
    group: all of them), for the page that lists them."""
    lines = selection.lines()
    if group == "dealer":
        kind, _, value = key.partition(":")
        if kind == "person" and value.isdigit():
            return lines.filter(person_id=int(value))
        return lines.filter(person__isnull=True, dealer=value)
    if group == "shift":
        for shift in read_shifts(selection.house.shifts):
            if shift.name == key:
                # the last shift runs past midnight: its minutes are after its start or before
                # the first's (`shift.ends` past a day)
                within = Q(minute__gte=shift.starts, minute__lt=shift.ends)
                if shift.ends > 24 * 60:
                    within |= Q(minute__lt=shift.ends - 24 * 60)
                return lines.filter(within)
        return lines.none()
    if group in ("game", "situation", "table"):
        return lines.filter(**{group: key})
    if group == "week":
        try:
            return lines.filter(week=dt.date.fromisoformat(key))
        except ValueError:
            return lines.none()
    return lines
