"""Reading ruling requests (RULING_API.md): the checks every game shares, each failing with a
`RulingError` that names the field and says what is wrong in a dealer's words."""

from __future__ import annotations

from collections.abc import Mapping

from .cards import Card, parse_cards
from .errors import CardError, RulingError

SEATS = ("1", "2", "3", "4", "5", "6")
#: amounts larger than this are refused as not a real table amount (and keep arithmetic small)
MAX_AMOUNT = 10**9


def cards_field(
    request: Mapping, name: str, *, count: int | None = None, between: tuple[int, int] | None = None
) -> tuple[Card, ...]:
    """The cards of `request[name]`, with the number of cards checked."""
    if name not in request:
        raise RulingError(f"The request has no '{name}' cards.", field=name)
    raw = request[name]
    if not isinstance(raw, str):
        raise RulingError(f"'{name}' must be cards written as text, like \"Qh Qs\".", field=name)
    try:
        cards = parse_cards(raw)
    except CardError as exc:
        raise RulingError(str(exc), field=name) from None
    _check_count(cards, f"'{name}'", name, count, between)
    return cards


def _check_count(cards, label: str, name: str, count, between) -> None:
    given = f"{len(cards)} {'was' if len(cards) == 1 else 'were'} given"
    if count is not None and len(cards) != count:
        plural = "s" if count != 1 else ""
        raise RulingError(f"{label} needs {count} card{plural}; {given}.", field=name)
    if between is not None and not between[0] <= len(cards) <= between[1]:
        low, high = between
        raise RulingError(f"{label} needs {low} to {high} cards; {given}.", field=name)


def amount_field(request: Mapping, name: str, *, minimum: int = 1, unit: int = 1) -> int:
    """A whole number of chips, at least `minimum`, in multiples of the house's chip unit."""
    if name not in request:
        raise RulingError(f"The request has no '{name}'.", field=name)
    return amount_value(request[name], name, minimum=minimum, unit=unit)


def amount_value(value: object, name: str, *, minimum: int = 1, unit: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            what = "a positive whole number" if minimum >= 1 else "a whole number"
            raise RulingError(f"'{name}' must be {what} of chips; {value!r} is not.", field=name)
    if value < minimum:
        if minimum == 0:
            raise RulingError(f"'{name}' cannot be below zero; {value} was given.", field=name)
        raise RulingError(
            f"'{name}' must be a positive whole number of chips; {value} is not.", field=name
        )
    if value > MAX_AMOUNT:
        raise RulingError(f"'{name}' of {value} is beyond any table's limit.", field=name)
    if value % unit:
        raise RulingError(
            f"'{name}' of {value} is not a multiple of {unit}, the smallest stake here.",
            field=name,
        )
    return value


def choice_field(request: Mapping, name: str, choices: Mapping[str, str]) -> str:
    """One of `choices` (word as written -> canonical word)."""
    if name not in request:
        raise RulingError(f"The request has no '{name}'.", field=name)
    raw = request[name]
    key = raw.strip().lower() if isinstance(raw, str) else None
    if key not in choices:
        listed = ", ".join(sorted(set(choices)))
        raise RulingError(f"'{name}' must be one of {listed}; {raw!r} is not.", field=name)
    return choices[key]


def seat_cards_field(
    request: Mapping,
    name: str,
    *,
    count: int | None = None,
    between: tuple[int, int] | None = None,
    minimum_seats: int = 1,
) -> dict[str, tuple[Card, ...]]:
    """A map of seat ("1".."6") to cards, in seat order."""
    if name not in request:
        raise RulingError(f"The request has no '{name}'.", field=name)
    raw = request[name]
    if not isinstance(raw, Mapping):
        raise RulingError(
            f'\'{name}\' must map seats "1" to "6" to their cards, like '
            '{"1": "7c 7d", "2": "3h 2s"}.',
            field=name,
        )
    out: dict[str, tuple[Card, ...]] = {}
    for seat in sorted(raw, key=lambda s: (str(s) not in SEATS, str(s))):
        key = str(seat)
        if key not in SEATS:
            raise RulingError(f'Seat {seat!r} is not a seat: seats are "1" to "6".', field=name)
        value = raw[seat]
        if not isinstance(value, str):
            raise RulingError(f"Seat {key}'s cards must be written as text.", field=name)
        try:
            cards = parse_cards(value)
        except CardError as exc:
            raise RulingError(f"Seat {key}: {exc}", field=name) from None
        _check_count(cards, f"Seat {key}", name, count, between)
        out[key] = cards
    if len(out) < minimum_seats:
        raise RulingError(
            f"'{name}' needs at least {minimum_seats} seat{'s' if minimum_seats != 1 else ''}"
            f" to compare; {len(out)} {'were' if len(out) != 1 else 'was'} given.",
            field=name,
        )
    return out


def refuse_duplicates(groups: Mapping[str, tuple[Card, ...]]) -> None:
    """A card may appear once in a whole request.  `groups`: field name -> cards."""
    seen: dict[Card, str] = {}
    for name, cards in groups.items():
        for card in cards:
            if card in seen:
                where = name if seen[card] == name else f"{seen[card]} and {name}"
                raise RulingError(
                    f"{card} appears twice ({where}): a deck has one of each card.", field=name
                )
            seen[card] = name
