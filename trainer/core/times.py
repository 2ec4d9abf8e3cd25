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
