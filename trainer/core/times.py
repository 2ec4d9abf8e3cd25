"""Times as people read them: in the house's own zone (activated for each request by
`HouseTimeZone`), with the zone named, so "due 18:00" never leaves a reader guessing which 18:00.

>>> from datetime import datetime, timezone as tz
>>> from django.utils import timezone
>>> moment = datetime(2026, 11, 30, 18, 5, 9, tzinfo=tz.utc)
>>> with timezone.override("America/Chicago"):
...     when(moment), when(moment, "seconds"), when(moment, "time"), when(moment, "day")
('30 Nov 2026, 12:05 CST', '30 Nov 2026, 12:05:09 CST', '12:05:09 CST', '30 Nov 2026')
"""

from __future__ import annotations

import calendar
import zoneinfo
from datetime import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format

#: style -> Django date format; every style with an hour names the zone (T)
STYLES = {
    "full": "j M Y, H:i T",
    "seconds": "j M Y, H:i:s T",
    "time": "H:i:s T",
    "short": "j M, H:i T",
    "day": "j M Y",
}


def when(moment: datetime | None, style: str = "full") -> str:
    """`moment` in the current zone (the house's, during a request), in `style`."""
    if moment is None:
        return ""
    return date_format(timezone.localtime(moment), STYLES[style])


def house_zone(user) -> zoneinfo.ZoneInfo | None:
    """The zone of `user`'s house, or None (anonymous, no house, or a zone no longer known)."""
    house = getattr(user, "house", None) if getattr(user, "is_authenticated", False) else None
    if house is None:
        return None
    try:
        return zoneinfo.ZoneInfo(house.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


class HouseTimeZone:
    """Activates the signed-in user's house zone for the request (Django's own
    `timezone.activate`), so templates, forms and `when` all read times in it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        zone = house_zone(getattr(request, "user", None))
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def add_months(moment: datetime, months: int) -> datetime:
    """`moment` `months` calendar months later, on the same day of the month, or on the
    month's last day where it has no such day (a certificate issued on 31 January and valid
    for one month is valid until 28 or 29 February).

    >>> add_months(datetime(2026, 1, 31, 9, 30), 1), add_months(datetime(2026, 11, 5), 24)
    (datetime.datetime(2026, 2, 28, 9, 30), datetime.datetime(2028, 11, 5, 0, 0))
    """
    month = moment.month - 1 + months
    year, month = moment.year + month // 12, month % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return moment.replace(year=year, month=month, day=min(moment.day, last))
