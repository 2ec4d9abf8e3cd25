"""Trend charts drawn on the server as SVG (`templates/progress/_trend.html` draws them):
every point carries its value as text, so a chart reads without hovering and prints.  Used
by the progress pages, the watch page and the audit's cost page."""

from __future__ import annotations

from dataclasses import dataclass

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


SIZE = {
    "width": WIDTH,
    "height": HEIGHT,
    "left": LEFT,
    "right": WIDTH - RIGHT,
    "top": TOP,
    "bottom": HEIGHT - BOTTOM,
}
