"""Reading ruling requests (RULING_API.md): JSON in, typed and checked requests out.

This is the one layer that checks what a request says.  Each game's reader turns the JSON
object into that game's frozen request type, or raises a `RulingError` naming the field (and
the seat, where one is at fault) and saying what is wrong in a dealer's words; the game
modules then take the typed request as given and apply only the rules.

What every game's reader shares is here; each game's own reader sits in its package
(`trainer.engine.games.<game>.reading`).

>>> cards_field({"hole": "Qh Qs"}, "hole", count=2)
(Card('Qh'), Card('Qs'))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from ..cards import Card, parse_cards
from ..errors import CardError, RulingError, message_of
from ..messages import Message, join, say, say_n
from ..seats import TABLE_SEATS, in_seat_order

V = TypeVar("V")

#: the seats of a table of six, as the ruling interface numbers them
SEATS = TABLE_SEATS
#: amounts larger than this are refused as not a real table amount (and keep arithmetic small)
MAX_AMOUNT = 10**9


# --- what any request may hold -----------------------------------------------------------------


def is_text(value: str) -> bool:
    """Whether `value` is Unicode text that UTF-8 can carry: a lone surrogate ("\\ud800",
    which JSON's escapes can spell and Python's json reads) is not.

    >>> is_text("Q♥ 10d"), is_text("Q\\ud800")
    (True, False)
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


NOT_TEXT = "holds a character that is not text (a lone surrogate, such as \\ud800)"


def _not_text() -> Message:
    return say("holds a character that is not text (a lone surrogate, such as \\ud800)")


def refuse_unwritable(request: Mapping[str, Any]) -> None:
    """Refuse a request holding what no JSON answer can carry back: NaN and Infinity (Python's
    json reads them, JSON has no such numbers; a number too large for a float, like 1e400, is
    read as Infinity) and text that is not Unicode.  The error names the request's field it
    sits in, wherever it is nested (a seat's cards, a seat's name, a bet of the list).

    >>> try:
    ...     refuse_unwritable({"game": "mississippi-stud", "bets": [1, float("nan")]})
    ... except RulingError as exc:
    ...     print(exc.field, "|", exc.message)
    bets | 'bets' holds NaN, which is not a number: write a number, like 5.
    """
    for name, value in request.items():
        if isinstance(name, str) and not is_text(name):
            raise RulingError(
                say("A field name of the request %(problem)s: type it again.", problem=_not_text())
            )
        problem = _unwritable(value)
        if problem:
            raise RulingError(
                say("'%(name)s' %(problem)s", name=str(name), problem=problem), field=str(name)
            )


def _unwritable(value: object) -> Message | None:
    """What in `value` JSON cannot carry, in words, or None.  Iterative: a request may nest
    as deeply as the JSON reader allows."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not is_text(item):
                return say("%(problem)s: type it again.", problem=_not_text())
        elif isinstance(item, float):
            if math.isnan(item):
                return say("holds NaN, which is not a number: write a number, like 5.")
            if math.isinf(item):
                return say(
                    "holds Infinity, or a number too large to hold (like 1e400): write a "
                    "number, like 5."
                )
        elif isinstance(item, Mapping):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return None


# --- the fields a game reads -----------------------------------------------------------------


class Holds(Enum):
    """What a request's field holds, for a page that lays a request out."""

    CARDS = "cards"  # cards written as text: "Qh Qs"
    SEAT_CARDS = "seat cards"  # seat -> cards written as text
    AMOUNT = "amount"
    BETS = "bets"  # Mississippi Stud's list of amounts
    CHOICE = "choice"  # one word of a few: "call", "showdown"
    STREET = "street"  # 3 to 7


@dataclass(frozen=True)
class Field:
    """A field a game's reader reads: its name in the request, what it holds, and what a page
    calls it beside the cards it holds."""

    name: str
    holds: Holds
    label: str


#: the fields a game reads from a request, given the request (English Stud's depend on `ask`)
Fields = Callable[[Mapping[str, Any]], tuple[Field, ...]]

#: what a request may carry whatever its game (RULING_API.md): the game, the house whose rules
#: apply, an id echoed back
COMMON_FIELDS = ("game", "house", "id")


def unread_fields(
    request: Mapping[str, Any], fields: Iterable[Field], *, also: Iterable[str] = ()
) -> list[str]:
    """The names of the request's fields that neither its game (`fields`) nor any request
    (`COMMON_FIELDS`), nor the caller (`also`), reads, in the request's order.

    >>> from ..games.banked_stud.reading import banked_stud_fields
    >>> unread_fields({"game": "caribbean-stud", "ante": 1, "hands": [1, 2]},
    ...               banked_stud_fields({}))
    ['hands']
    """
    known = {f.name for f in fields} | set(COMMON_FIELDS) | set(also)
    return [str(name) for name in request if name not in known]


def refuse_unread(
    request: Mapping[str, Any], fields: Iterable[Field], *, title: str, also: Iterable[str] = ()
) -> None:
    """RulingError naming the fields of `request` that `unread_fields` finds, for a caller
    that keeps a request as it was ruled (a dispute case): a field the ruling never read would
    be kept as if it had counted.

    >>> from ..games.banked_stud.reading import banked_stud_fields
    >>> try:
    ...     refuse_unread({"game": "caribbean-stud", "hands": [1]}, banked_stud_fields({}),
    ...                   title="Caribbean Stud")
    ... except RulingError as exc:
    ...     print(exc.field, "|", exc.message)
    hands | 'hands' is not a field of a Caribbean Stud request: take it out.
    """
    unread = unread_fields(request, fields, also=also)
    if not unread:
        return
    named: str = ", ".join(shown(name) for name in unread[:3])
    if len(unread) > 3:
        named = say_n(
            "%(named)s and %(count)s more",
            "%(named)s and %(count)s more",
            len(unread) - 3,
            named=named,
        )
    raise RulingError(
        say_n(
            "%(named)s is not a field of a %(title)s request: take it out.",
            "%(named)s are not fields of a %(title)s request: take them out.",
            len(unread),
            named=named,
            title=title,
        ),
        field=unread[0],
    )


def only_read(
    request: Mapping[str, Any], fields: Iterable[Field], *, also: Iterable[str] = ()
) -> dict[str, Any]:
    """The request without the fields `unread_fields` names, in the request's order."""
    unread = set(unread_fields(request, fields, also=also))
    return {name: value for name, value in request.items() if str(name) not in unread}


# --- one definition of each kind of field ---------------------------------------------------


def shown(raw: object) -> str:
    """A bad value as a message quotes it, cut short: a request may carry anything."""
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def cards_field(
    request: Mapping[str, Any],
    name: str,
    *,
    count: int | None = None,
    between: tuple[int, int] | None = None,
) -> tuple[Card, ...]:
    """The cards of `request[name]`, with the number of cards checked."""
    if name not in request:
        raise RulingError(say("The request has no '%(name)s' cards.", name=name), field=name)
    raw = request[name]
    if not isinstance(raw, str):
        raise RulingError(
            say("'%(name)s' must be cards written as text, like \"Qh Qs\".", name=name),
            field=name,
        )
    try:
        cards = parse_cards(raw)
    except CardError as exc:
        raise RulingError(message_of(exc), field=name) from None
    _check_count(cards, f"'{name}'", name, count, between)
    return cards


def _check_count(
    cards: Sized,
    label: str,
    name: str,
    count: int | None,
    between: tuple[int, int] | None,
    seat: str | None = None,
) -> None:
    given = say_n("%(count)s was given", "%(count)s were given", len(cards))
    if count is not None and len(cards) != count:
        raise RulingError(
            say_n(
                "%(label)s needs %(count)s card; %(given)s.",
                "%(label)s needs %(count)s cards; %(given)s.",
                count,
                label=label,
                given=given,
            ),
            field=name,
            seat=seat,
        )
    if between is not None and not between[0] <= len(cards) <= between[1]:
        low, high = between
        raise RulingError(
            say(
                "%(label)s needs %(low)s to %(high)s cards; %(given)s.",
                label=label,
                low=low,
                high=high,
                given=given,
            ),
            field=name,
            seat=seat,
        )


def amount_field(request: Mapping[str, Any], name: str, *, minimum: int = 1, unit: int = 1) -> int:
    """A whole number of chips, at least `minimum`, in multiples of the house's chip unit."""
    if name not in request:
        raise RulingError(_missing(name), field=name)
    return amount_value(request[name], name, minimum=minimum, unit=unit)


def amount_value(value: object, name: str, *, minimum: int = 1, unit: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            if minimum >= 1:
                raise RulingError(_not_positive(name, value), field=name)
            raise RulingError(
                say(
                    "'%(name)s' must be a whole number of chips; %(value)s is not.",
                    name=name,
                    value=shown(value),
                ),
                field=name,
            )
    if value < minimum:
        if minimum == 0:
            raise RulingError(
                say(
                    "'%(name)s' cannot be below zero; %(value)s was given.",
                    name=name,
                    value=shown(value),
                ),
                field=name,
            )
        raise RulingError(_not_positive(name, value), field=name)
    if value > MAX_AMOUNT:
        raise RulingError(
            say(
                "'%(name)s' of %(value)s is beyond any table's limit.",
                name=name,
                value=shown(value),
            ),
            field=name,
        )
    if value % unit:
        raise RulingError(
            say(
                "'%(name)s' of %(value)s is not a multiple of %(unit)s, the smallest stake here.",
                name=name,
                value=value,
                unit=unit,
            ),
            field=name,
        )
    return value


def _missing(name: str) -> Message:
    return say("The request has no '%(name)s'.", name=name)


def _not_positive(name: str, value: object) -> Message:
    return say(
        "'%(name)s' must be a positive whole number of chips; %(value)s is not.",
        name=name,
        value=shown(value),
    )


def choice_field(request: Mapping[str, Any], name: str, choices: Mapping[str, V]) -> V:
    """One of `choices` (word as written -> what it means)."""
    if name not in request:
        raise RulingError(_missing(name), field=name)
    raw = request[name]
    key = raw.strip().lower() if isinstance(raw, str) else None
    if key is None or key not in choices:
        listed = ", ".join(sorted(set(choices)))
        raise RulingError(
            say(
                "'%(name)s' must be one of %(listed)s; %(value)s is not.",
                name=name,
                listed=listed,
                value=repr(raw),
            ),
            field=name,
        )
    return choices[key]


def seat_cards_field(
    request: Mapping[str, Any],
    name: str,
    *,
    count: int | None = None,
    between: tuple[int, int] | None = None,
    minimum_seats: int = 1,
    seats: Sequence[str] = SEATS,
) -> dict[str, tuple[Card, ...]]:
    """A map of seat (one of `seats`) to cards, in seat order."""
    if name not in request:
        raise RulingError(_missing(name), field=name)
    raw = request[name]
    last = seats[-1]
    if not isinstance(raw, Mapping):
        raise RulingError(
            say(
                '\'%(name)s\' must map seats "1" to "%(last)s" to their cards, like '
                '{"1": "7c 7d", "2": "3h 2s"}.',
                name=name,
                last=last,
            ),
            field=name,
        )
    out: dict[str, tuple[Card, ...]] = {}
    for seat in sorted(raw, key=lambda s: (str(s) not in seats, str(s))):
        key = str(seat)
        if key not in seats:
            raise RulingError(
                say(
                    'Seat %(seat)s is not a seat: seats are "1" to "%(last)s".',
                    seat=repr(seat),
                    last=last,
                ),
                name,
            )
        value = raw[seat]
        if not isinstance(value, str):
            raise RulingError(
                say("Seat %(seat)s's cards must be written as text.", seat=key), name, seat=key
            )
        try:
            cards = parse_cards(value)
        except CardError as exc:
            raise RulingError(
                join(say("Seat %(seat)s: ", seat=key), message_of(exc)), field=name, seat=key
            ) from None
        _check_count(cards, say("Seat %(seat)s", seat=key), name, count, between, seat=key)
        out[key] = cards
    if len(out) < minimum_seats:
        raise RulingError(
            say_n(
                "'%(name)s' needs at least %(count)s seat to compare; %(given)s.",
                "'%(name)s' needs at least %(count)s seats to compare; %(given)s.",
                minimum_seats,
                name=name,
                given=say_n("%(count)s was given", "%(count)s were given", len(out)),
            ),
            field=name,
        )
    return {seat: out[seat] for seat in in_seat_order(out)}


def refuse_duplicates(groups: Mapping[str, tuple[Card, ...]], *, field: str | None = None) -> None:
    """A card may appear once in a whole request.  `groups`: group name -> cards; the error
    names the group's field, or `field` when the groups are the seats of one field."""
    seen: dict[Card, str] = {}
    for name, cards in groups.items():
        for card in cards:
            if card in seen:
                where: str = (
                    name
                    if seen[card] == name
                    else say("%(first)s and %(second)s", first=seen[card], second=name)
                )
                raise RulingError(
                    say(
                        "%(card)s appears twice (%(where)s): a deck has one of each card.",
                        card=card,
                        where=where,
                    ),
                    field=field or name,
                )
            seen[card] = name


def by_seat(hands: Mapping[str, tuple[Card, ...]]) -> dict[str, tuple[Card, ...]]:
    return {say("seat %(seat)s", seat=s): cards for s, cards in hands.items()}


#: the fields of a pot's showdown, which the split-pot and the stud games share
POT = Field("pot", Holds.AMOUNT, "Pot")
HANDS = Field("hands", Holds.SEAT_CARDS, "Seat")
