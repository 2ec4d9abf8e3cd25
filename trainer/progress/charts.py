"""The trend chart, drawn on the server as SVG: every point carries its value as text, so it
reads without hovering and prints."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext

from trainer.core.numbers import localized

from .stats import Trend

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 170, 48, 30, 18, 34


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str
    tick: str


@dataclass(frozen=True)
class Panel:
    title: str
    points: tuple[Point, ...]
    polyline: str
    axis_top: str
    axis_bottom: str


def panel(title, values, ticks, top_value, fmt) -> Panel:
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = len(values)
    points = []
    for i, (value, tick) in enumerate(zip(values, ticks, strict=True)):
        x = LEFT + (inner_w * (i / (n - 1)) if n > 1 else inner_w / 2)
        y = TOP + inner_h * (1 - (value / top_value if top_value else 0))
        points.append(Point(round(x, 1), round(y, 1), fmt(value), tick))
    polyline = " ".join(f"{p.x},{p.y}" for p in points)
    return Panel(title, tuple(points), polyline, fmt(top_value), fmt(0))


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


SIZE = {
    "width": WIDTH,
    "height": HEIGHT,
    "left": LEFT,
    "right": WIDTH - RIGHT,
    "top": TOP,
    "bottom": HEIGHT - BOTTOM,
}
