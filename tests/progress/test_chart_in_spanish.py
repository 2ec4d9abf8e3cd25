"""The trend chart's days and times in the reader's language: Spanish month names and a decimal
comma, English as before."""

import datetime as dt

import pytest
from django.utils import translation

from trainer.progress.charts import trend_panels
from trainer.progress.stats import Trend, TrendPoint

TREND = Trend("day", [TrendPoint(dt.date(2026, 12, 1), 4, 0.75, 2.5)])


@pytest.mark.parametrize(
    ("language", "tick", "seconds"), [("en", "01 Dec", "2.5"), ("es", "01 Dic", "2,5")]
)
def test_a_points_day_and_time_read_in_the_readers_language(language, tick, seconds):
    with translation.override(language):
        accuracy, time = trend_panels(TREND)
    assert accuracy.points[0].tick == tick and time.points[0].label.startswith(seconds)
