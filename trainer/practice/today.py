"""Today's practice: the trainee's due skills, most overdue first, mixed with a share of new
skills, across the games they are enrolled in.  (To be written: issue 16.)"""

from __future__ import annotations


def next_deal(session):
    raise NotImplementedError


def nothing_to_deal(trainee) -> str | None:
    raise NotImplementedError
