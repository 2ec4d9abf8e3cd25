"""Practise my mistakes: the exact hands the trainee missed, dealt again as new questions
until each is answered right.  (To be written: issue 16.)"""

from __future__ import annotations


def next_deal(session):
    raise NotImplementedError


def nothing_to_deal(trainee) -> str | None:
    raise NotImplementedError
