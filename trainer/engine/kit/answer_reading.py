"""Reading what a trainee typed into one answer field: numbers, seats and choices, or the
message saying what is wrong with it, in a trainee's words.  The answer kinds
(`answers`) and the watch drill's settlements (`watched`) both read through here."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..house import MAX_CALL_MULTIPLE
from ..messages import say
from ..paytables import MAX_ODDS
from .kinds import AnswerField
from .requests import MAX_AMOUNT

#: the most hands one answer totals: a Caribbean Stud ledger's match (its `MATCH_ROUNDS`,
#: which a test holds within this)
MAX_ROUNDS_TOTALLED = 20
_WHOLE = re.compile(r"\+?[0-9]+", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]+", re.ASCII)
_SEAT = re.compile(r"(?:seat\s*)?([0-9]+)", re.ASCII | re.IGNORECASE)
#: the largest amount an answer may give: no question asks for more.  A position stakes at most
#: 1 + MAX_CALL_MULTIPLE Antes (an Ante and a Call; Mississippi Stud's Ante and three streets
#: of at most 3 Antes come to 10), an Ante is at most MAX_AMOUNT, a payout at most MAX_ODDS
#: times its stake, and a ledger totals at most MAX_ROUNDS_TOTALLED hands.  A house's largest units
#: can come near it, so it is not a table limit.  (About 2.2e17: within a 64-bit integer, as
#: a JSON number is stored.)
MAX_ANSWER = MAX_AMOUNT * (1 + MAX_CALL_MULTIPLE) * MAX_ODDS * MAX_ROUNDS_TOTALLED
#: more digits than this is no question's amount (and keeps int() away from huge strings)
_MAX_DIGITS = len(str(MAX_ANSWER)) + 1

AMOUNT_FORMAT = say("Enter the amount as a whole number of chips, like 35.")
SIGNED_FORMAT = say("Enter the amount as a whole number of chips, like 35 or -15.")
NEGATIVE = say("The amount cannot be negative.")
TOO_LARGE = say("That amount is larger than any payout at this table.")
NO_SEAT = say("Choose at least one seat.")


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _choice_message(f: AnswerField) -> str:
    words = [label.lower() for _, label in f.choices]
    if len(words) <= 4:
        return f"Choose {_words(words)}."
    return f"Choose one of the {len(words)} answers, from {words[0]} to {words[-1]}."


def _read_number(raw: object, signed: bool) -> int | str:
    """The number, or the message saying what is wrong with it."""
    fmt = SIGNED_FORMAT if signed else AMOUNT_FORMAT
    if isinstance(raw, bool):
        return fmt
    if isinstance(raw, float):
        if not raw.is_integer():
            return fmt
        raw = int(raw)
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str):
        text = raw.strip()
        if not (_SIGNED if signed else _WHOLE).fullmatch(text):
            if not signed and _SIGNED.fullmatch(text):
                return NEGATIVE
            return fmt
        if len(text.lstrip("+-").lstrip("0")) > _MAX_DIGITS:
            return TOO_LARGE
        value = int(text)
    else:
        return fmt
    if value < 0 and not signed:
        return NEGATIVE
    if abs(value) > MAX_ANSWER:
        return TOO_LARGE
    return value


def _read_seat(raw: object) -> str | None:
    """The seat number as text ("3" from 3, "3", "seat 3"); None when it is no number."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return str(raw)
    if isinstance(raw, str):
        m = _SEAT.fullmatch(raw.strip())
        if m:
            return m.group(1).lstrip("0") or "0"
    return None


def _seat_problem(seat: str, f: AnswerField) -> str | None:
    if seat not in {value for value, _ in f.choices}:
        if len(seat) > 2:
            return say("That is not a seat at this table.")
        return say("Seat %(seat)s is not at this table.", seat=seat)
    return None


def _blank(raw: object) -> bool:
    return raw is None or (isinstance(raw, str) and not raw.strip())


def _choice(value: object, f: AnswerField) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).lower()
    for i, (choice, label) in enumerate(f.choices):
        key = f.keys[i].lower() if i < len(f.keys) else None
        if text in (choice.lower(), label.lower(), key):
            return choice
    return None
