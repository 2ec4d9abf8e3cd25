"""A house's shifts: the hours its dealers work in, named, as its games manager writes them
("06:00 Day, 14:00 Swing, 22:00 Graveyard").  Each shift runs from its start to the next
one's; the last runs past midnight to the first.  The audit's cost page counts each mispay in
the shift its hand was dealt in, on the house's clock (docs/rulebook.md, *What mispays cost*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

#: what a house starts with: three eight-hour shifts, as most casinos run them
DEFAULT_SHIFTS = "06:00 Day, 14:00 Swing, 22:00 Graveyard"
#: the most shifts a house names (a shift every hour is already more than any casino runs)
MOST_SHIFTS = 24
SHIFT = re.compile(r"^(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\s+(?P<name>\S.*)$")


@dataclass(frozen=True)
class Shift:
    name: str
    #: when it starts, in minutes after midnight on the house's clock
    starts: int
    #: when the next one starts (the first's start, past midnight, for the last), in minutes
    ends: int

    @property
    def hours(self) -> str:
        ends = self.ends % (24 * 60)
        return f"{self.starts // 60:02d}:{self.starts % 60:02d}-{ends // 60:02d}:{ends % 60:02d}"


def read_shifts(text: str) -> list[Shift]:
    """The shifts `text` names, by their start; ValidationError, in words, for what is not a
    list of "HH:MM name" separated by commas, two shifts starting at the same time or with
    the same name.

    >>> [(s.name, s.hours) for s in read_shifts("22:00 Grave, 6:00 Day, 14:00 Swing")]
    [('Day', '06:00-14:00'), ('Swing', '14:00-22:00'), ('Grave', '22:00-06:00')]
    """
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise ValidationError(gettext("Name at least one shift, such as “06:00 Day”."))
    if len(parts) > MOST_SHIFTS:
        raise ValidationError(
            gettext("A house names at most %(most)s shifts.") % {"most": MOST_SHIFTS}
        )
    starts: dict[int, str] = {}
    for part in parts:
        found = SHIFT.match(part)
        if found is None:
            raise ValidationError(
                gettext(
                    "“%(part)s” is not a shift: write its start on the 24-hour clock, then "
                    "its name, such as “22:00 Graveyard”."
                )
                % {"part": part[:40]}
            )
        start = int(found["hour"]) * 60 + int(found["minute"])
        name = found["name"].strip()
        if start in starts:
            raise ValidationError(
                gettext("Two shifts start at %(time)s.") % {"time": part.split()[0]}
            )
        if name in starts.values():
            raise ValidationError(gettext("Two shifts are named “%(name)s”.") % {"name": name})
        starts[start] = name
    ordered = sorted(starts)
    return [
        Shift(
            starts[start],
            start,
            ordered[(i + 1) % len(ordered)] + (0 if i + 1 < len(ordered) else 24 * 60),
        )
        for i, start in enumerate(ordered)
    ]


def validate_shifts(text: str) -> None:
    read_shifts(text)


def shift_at(shifts: list[Shift], minute: int) -> Shift:
    """The shift a time of day (minutes after midnight) falls in.

    >>> shifts = read_shifts(DEFAULT_SHIFTS)
    >>> [shift_at(shifts, m).name for m in (0, 6 * 60, 14 * 60 - 1, 23 * 60)]
    ['Graveyard', 'Day', 'Day', 'Graveyard']
    """
    for shift in reversed(shifts):
        if minute >= shift.starts:
            return shift
    return shifts[-1]  # before the first start: the last shift, still running from yesterday
