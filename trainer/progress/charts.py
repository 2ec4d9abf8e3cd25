"""The progress pages' trend: accuracy and answer time by day or week, as the site's charts
(`trainer.core.charts`)."""

from __future__ import annotations

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext

from trainer.core.charts import Panel, panel
from trainer.core.numbers import localized

from .stats import Trend


def trend_panels(trend: Trend) -> list[Panel]:
    if not trend.points:
        return []
    # the day and month in the reader's language (Django's month names, not the C locale's)
    ticks = [date_format(p.start, "d M") for p in trend.points]
    accuracy = [p.accuracy * 100 for p in trend.points]
    seconds = [p.median_seconds for p in trend.points]
    slowest = max(seconds) or 1
    top_seconds = max(5, int(slowest + 4.999) // 5 * 5)
    if trend.unit == "day":
        accuracy_title, time_title = (
            gettext("Accuracy by day"),
            gettext("Median answer time by day"),
        )
    else:
        accuracy_title = gettext("Accuracy by week (from Monday)")
        time_title = gettext("Median answer time by week (from Monday)")
    return [
        panel(accuracy_title, accuracy, ticks, 100, lambda v: f"{v:.0f}%"),
        panel(
            time_title,
            seconds,
            ticks,
            top_seconds,
            lambda v: gettext("%(seconds)s s") % {"seconds": localized(f"{v:.1f}")},
        ),
    ]
