"""Ready by a date: a plan of reviews that lands every skill of a
certification at the readiness recall on the day of a test, a table test or a renewal.

Practice aims at the house's retention (0.9), which lets a well-learnt skill drift to about 90%
between reviews; a test asks every skill on one day.  For each skill whose recall predicted for
the date (with no more practice, FSRS's curve: `scheduling.retrievability`) is below the
readiness recall, the plan gives the **earliest day from today on which one right review
lands it at the readiness recall on the date** (reviews later than that day land it too:
the later the review, the less is forgotten by the date).  A skill no single review lands
(too little stability yet) is planned for today, and planned again from its new card the next
day.  Following the plan, each skill is reviewed on its day and is ready on the date.

>>> from datetime import UTC, datetime, timedelta
>>> t0 = datetime(2026, 1, 5, 12, tzinfo=UTC)
>>> strong = scheduling.replay([("good", t0), ("good", t0 + timedelta(days=3)),
...                             ("good", t0 + timedelta(days=12))])
>>> date = t0 + timedelta(days=40)
>>> day = review_day(strong, t0 + timedelta(days=13), date, 0.95)
>>> (day - t0).days, lands(strong, day, date, 0.95), lands(strong, day - DAY, date, 0.95)
(17, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from . import scheduling

DAY = timedelta(days=1)


def ready(state: Mapping[str, Any] | None, date: datetime, recall: float) -> bool:
    return scheduling.retrievability(state, date) >= recall


def lands(state: Mapping[str, Any] | None, on: datetime, date: datetime, recall: float) -> bool:
    """Whether one right ("good") review at `on` gives at least `recall` on `date`."""
    return ready(scheduling.review(state, "good", on), date, recall)


def review_day(
    state: Mapping[str, Any] | None, today: datetime, date: datetime, recall: float
) -> datetime | None:
    """When the plan reviews the skill: None if it is ready for `date` without practice; else
    the earliest whole day from `today` (today itself included) on which one right review
    lands it (found by halving: landing only gets easier the later the review); `today` if no
    day lands it (a review now, and the plan made again from its new card)."""
    if ready(state, date, recall):
        return None
    days = max(0, (date - today) // DAY)
    if days == 0 or not lands(state, today + (days - 1) * DAY, date, recall):
        return today
    low, high = 0, days - 1  # the answer is in [low, high]; `high` lands
    while low < high:
        middle = (low + high) // 2
        if lands(state, today + middle * DAY, date, recall):
            high = middle
        else:
            low = middle + 1
    return today + low * DAY
