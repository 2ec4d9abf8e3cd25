"""Progress figures from attempts: a fixed, small number of queries whatever the number of
attempts (aggregates in the database; medians and streaks from one ordered column fetch).

The functions take whatever attempts they are given; the views give them practice answers
(`Attempt.objects.practice()`) for practice figures and test answers only where they are shown
as such."""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, F, Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from trainer.core.i18n import render
from trainer.drills.models import Attempt
from trainer.engine.catalog import title_of
from trainer.engine.drills import REGISTRY


def game_choices() -> list[tuple[str, str]]:
    """Every game a drill belongs to, with its title, in the registry's order."""
    games = dict.fromkeys(kind.game for kind in REGISTRY.values())
    return [(game, render(title_of(game))) for game in games]


def kind_title(kind: str) -> str:
    drill = REGISTRY.get(kind)
    return render(drill.title) if drill else kind


@dataclass
class Line:
    """One row of figures: attempts, right, accuracy, median seconds, best streak, last."""

    key: str
    label: str
    attempts: int = 0
    right: int = 0
    median_seconds: float | None = None
    best_streak: int = 0
    last: dt.datetime | None = None
    game: str = ""

    @property
    def accuracy(self) -> float | None:
        return self.right / self.attempts if self.attempts else None

    @property
    def percent(self) -> str:
        return "—" if self.accuracy is None else f"{round(self.accuracy * 100)}%"


def filter_attempts(
    attempts: QuerySet,
    *,
    game: str = "",
    kind: str = "",
    since: dt.date | None = None,
    until: dt.date | None = None,
) -> QuerySet:
    if game:
        attempts = attempts.filter(game=game)
    if kind:
        attempts = attempts.filter(kind=kind)
    if since:
        attempts = attempts.filter(answered_at__date__gte=since)
    if until:
        attempts = attempts.filter(answered_at__date__lte=until)
    return attempts


def with_test(attempts: QuerySet) -> QuerySet:
    """Each attempt with the sitting and the title of the test it answered (`sitting_id`,
    `test_title`; both None for a practice answer), in the same query."""
    return attempts.annotate(
        sitting_id=F("question__sitting_item__sitting"),
        test_title=F("question__sitting_item__sitting__assignment__test__title"),
    )


def _median_seconds(values: list[int]) -> float | None:
    return statistics.median(values) / 1000 if values else None


def _best_streak(marks: Iterable[bool]) -> int:
    best = run = 0
    for right in marks:
        run = run + 1 if right else 0
        best = max(best, run)
    return best


def by_kind(attempts: QuerySet) -> list[Line]:
    """Per game and drill kind: two queries (aggregates; the ordered marks and times)."""
    lines: dict[str, Line] = {}
    for row in attempts.values("game", "kind").annotate(
        n=Count("pk"), right=Count("pk", filter=Q(is_correct=True)), last=Max("answered_at")
    ):
        lines[row["kind"]] = Line(
            key=row["kind"],
            label=kind_title(row["kind"]),
            attempts=row["n"],
            right=row["right"],
            last=row["last"],
            game=render(title_of(row["game"])),
        )
    times: dict[str, list[int]] = defaultdict(list)
    marks: dict[str, list[bool]] = defaultdict(list)
    ordered = attempts.order_by("answered_at", "pk").values_list(
        "kind", "is_correct", "response_ms"
    )
    for kind, right, ms in ordered:
        times[kind].append(ms)
        marks[kind].append(right)
    for kind, line in lines.items():
        line.median_seconds = _median_seconds(times[kind])
        line.best_streak = _best_streak(marks[kind])
    return sorted(lines.values(), key=lambda ln: (ln.game, ln.label))


def overall(attempts: QuerySet) -> Line:
    agg = attempts.aggregate(
        n=Count("pk"), right=Count("pk", filter=Q(is_correct=True)), last=Max("answered_at")
    )
    line = Line("all", gettext("All drills"), agg["n"], agg["right"], last=agg["last"])
    ordered = list(attempts.order_by("answered_at", "pk").values_list("is_correct", "response_ms"))
    line.median_seconds = _median_seconds([ms for _, ms in ordered])
    line.best_streak = _best_streak(right for right, _ in ordered)
    return line


def today(attempts: QuerySet) -> Line:
    """The answers given since midnight in the current zone (the house's, during a request)."""
    midnight = dt.datetime.combine(
        timezone.localdate(), dt.time.min, tzinfo=timezone.get_current_timezone()
    )
    agg = attempts.filter(answered_at__gte=midnight).aggregate(
        n=Count("pk"), right=Count("pk", filter=Q(is_correct=True))
    )
    return Line("today", gettext("Today"), agg["n"], agg["right"])


def slips(attempts: QuerySet, *, minimum: int = 1) -> tuple[list[Line], list[Line]]:
    """Accuracy by hand category and by situation, worst first (then most attempted)."""
    out = []
    for column in ("question__category", "question__situation"):
        rows = (
            attempts.exclude(**{column: ""})
            .values(column)
            .annotate(n=Count("pk"), right=Count("pk", filter=Q(is_correct=True)))
        )
        lines = [
            Line(key=row[column], label=row[column], attempts=row["n"], right=row["right"])
            for row in rows
            if row["n"] >= minimum
        ]
        lines.sort(key=lambda ln: (ln.accuracy, -ln.attempts, ln.label))
        out.append(lines)
    return out[0], out[1]


def skills(attempts: QuerySet, *, minimum: int = 1) -> list[Line]:
    """Accuracy per skill, a drill kind in one situation ("Mississippi Stud payouts: pair of
    sixes to tens"), worst first, then most attempted: one query."""
    rows = attempts.values("kind", "question__situation").annotate(
        n=Count("pk"), right=Count("pk", filter=Q(is_correct=True))
    )
    lines = [
        Line(
            key=f"{row['kind']}:{row['question__situation']}",
            label=row["question__situation"] or gettext("any situation"),
            attempts=row["n"],
            right=row["right"],
            game=kind_title(row["kind"]),
        )
        for row in rows
        if row["n"] >= minimum
    ]
    lines.sort(key=lambda ln: (ln.accuracy, -ln.attempts, ln.game, ln.label))
    return lines


@dataclass
class TrendPoint:
    start: dt.date
    attempts: int
    accuracy: float
    median_seconds: float


@dataclass
class Trend:
    unit: str  # "day" or "week"
    points: list[TrendPoint] = field(default_factory=list)


def trend(attempts: QuerySet, *, days: int = 84) -> Trend:
    """Accuracy and median time by day (or by week over longer spans): one query."""
    since = dt.date.today() - dt.timedelta(days=days)
    rows = list(
        attempts.filter(answered_at__date__gte=since)
        .order_by("answered_at")
        .values_list("answered_at", "is_correct", "response_ms")
    )
    if not rows:
        return Trend("day")
    first, last = rows[0][0].date(), rows[-1][0].date()
    unit = "week" if (last - first).days > 21 else "day"
    buckets: dict[dt.date, list[tuple[bool, int]]] = defaultdict(list)
    for when, right, ms in rows:
        day = when.date()
        if unit == "week":
            day = day - dt.timedelta(days=day.weekday())
        buckets[day].append((right, ms))
    points = [
        TrendPoint(
            start=day,
            attempts=len(items),
            accuracy=sum(r for r, _ in items) / len(items),
            median_seconds=statistics.median(ms for _, ms in items) / 1000,
        )
        for day, items in sorted(buckets.items())
    ]
    return Trend(unit, points)


def recent_mistakes(attempts: QuerySet, *, count: int = 10) -> list[Attempt]:
    return list(
        attempts.filter(is_correct=False)
        .select_related("question")
        .order_by("-answered_at", "-pk")[:count]
    )
