"""A watcher's record on the watch drills, per skill (drill and situation): answers, right
ones, and the mistakes the drill counts apart (missed mispays, false alarms, wrong
corrections, positions left unmarked), with when each skill is due again.  Read for the watch
page: practice and tests alike, the newest `RECENT` answers."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils import timezone

from trainer.core.i18n import render
from trainer.drills.access import watch_kinds
from trainer.drills.models import Attempt
from trainer.drills.practice.models import SkillCard
from trainer.drills.presenting import mistakes_said
from trainer.engine.kit.watched import CAUGHT, CLEARED, MISTAKES, false_alarm_rate, hit_rate, tally

#: the answers a watcher's record reads, newest first
RECENT = 500


@dataclass
class Row:
    kind: str
    title: str
    situation: str
    answered: int = 0
    right: int = 0
    mistakes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MISTAKES, 0))
    #: the positions graded right, by kind: settled right and cleared, mispaid and caught
    cleared: int = 0
    caught: int = 0
    due: object = None

    @property
    def counts(self) -> dict[str, int]:
        return {**self.mistakes, CLEARED: self.cleared, CAUGHT: self.caught}

    @property
    def hit_rate(self) -> float | None:
        """Mispays marked wrong of the mispays shown (`engine.kit.watched.hit_rate`)."""
        return hit_rate(self.counts)

    @property
    def false_alarm_rate(self) -> float | None:
        """Right settlements marked wrong of those shown."""
        return false_alarm_rate(self.counts)

    @property
    def hit_percent(self) -> str:
        return _percent(self.hit_rate)

    @property
    def false_alarm_percent(self) -> str:
        return _percent(self.false_alarm_rate)


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def record(user) -> list[Row]:
    """The watcher's rows, drill by drill in the registry's order, most answered first."""
    kinds = {kind.slug: kind for kind in watch_kinds()}
    attempts = (
        Attempt.objects.filter(trainee=user, kind__in=list(kinds))
        .select_related("question")
        .order_by("-answered_at", "-pk")[:RECENT]
    )
    rows: dict[tuple[str, str], Row] = {}
    for attempt in attempts:
        question = attempt.question
        key = (question.kind, question.situation)
        row = rows.setdefault(key, Row(question.kind, render(kinds[question.kind].title), key[1]))
        row.answered += 1
        row.right += attempt.is_correct
        counts = tally(question.answer_fields(), question.expected, attempt.answer)
        for name in MISTAKES:
            row.mistakes[name] += counts[name]
        row.cleared += counts[CLEARED]
        row.caught += counts[CAUGHT]
    cards = SkillCard.objects.filter(trainee=user, kind__in=list(kinds)).exclude(state={})
    for kind, situation, due in cards.values_list("kind", "situation", "due"):
        if (kind, situation) in rows:
            rows[kind, situation].due = due
    order = list(kinds)
    return sorted(rows.values(), key=lambda r: (order.index(r.kind), -r.answered, r.situation))


def weekly(user, weeks: int = 12) -> list[tuple[object, Row]]:
    """The watcher's answers of the last `weeks` weeks added up week by week (weeks from
    Monday, on the current zone's clock, oldest first), each week a Row whose rates are
    that week's."""
    kinds = [kind.slug for kind in watch_kinds()]
    since = timezone.localdate() - dt.timedelta(weeks=weeks)
    by_week: dict[dt.date, Row] = {}
    attempts = Attempt.objects.filter(
        trainee=user, kind__in=kinds, answered_at__date__gte=since
    ).select_related("question")
    for attempt in attempts.iterator(chunk_size=500):
        day = timezone.localdate(attempt.answered_at)
        week = by_week.setdefault(day - dt.timedelta(days=day.weekday()), Row("", "", ""))
        question = attempt.question
        counts = tally(question.answer_fields(), question.expected, attempt.answer)
        week.answered += 1
        week.right += attempt.is_correct
        week.cleared += counts[CLEARED]
        week.caught += counts[CAUGHT]
        for name in MISTAKES:
            week.mistakes[name] += counts[name]
    return sorted(by_week.items(), key=lambda item: item[0])


def overall(rows: list[Row]) -> Row:
    """Every skill of the record added up into one row (its rates are the watcher's)."""
    whole = Row("", "", "")
    for row in rows:
        whole.answered += row.answered
        whole.right += row.right
        whole.cleared += row.cleared
        whole.caught += row.caught
        for name in MISTAKES:
            whole.mistakes[name] += row.mistakes[name]
    return whole


def totals(rows: list[Row]) -> list[str]:
    """The record's mistakes added up over every skill, in words ("2 missed mispays")."""
    return [mistakes_said(name, sum(r.mistakes[name] for r in rows)) for name in MISTAKES]
