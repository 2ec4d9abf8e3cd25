"""Reading ruling requests (RULING_API.md): JSON in, typed and checked requests out.

This is the one layer that checks what a request says.  Each game's reader turns the JSON
object into that game's frozen request type, or raises a `RulingError` naming the field (and
the seat, where one is at fault) and saying what is wrong in a dealer's words; the game
modules then take the typed request as given and apply only the rules.

>>> from .house import DEFAULT_CONFIG
>>> read_mississippi_stud({"hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]},
...                       DEFAULT_CONFIG).bets
(1, 1, 2, 3)
>>> read_gonorrhea({"pot": 9, "hands": {"7": "2c 3d"}}, DEFAULT_CONFIG).hands["7"]
(Card('2c'), Card('3d'))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from .cards import Card, parse_cards
from .errors import CardError, RulingError
from .games import banked_stud, english_stud, mississippi_gonorrhea, mississippi_stud
from .house import HouseConfig
from .seats import TABLE_SEATS, in_seat_order

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
            raise RulingError(f"A field name of the request {NOT_TEXT}: type it again.")
        problem = _unwritable(value)
        if problem:
            raise RulingError(f"'{name}' {problem}", field=str(name))


def _unwritable(value: object) -> str | None:
    """What in `value` JSON cannot carry, in words, or None.  Iterative: a request may nest
    as deeply as the JSON reader allows."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not is_text(item):
                return f"{NOT_TEXT}: type it again."
        elif isinstance(item, float):
            if math.isnan(item):
                return "holds NaN, which is not a number: write a number, like 5."
            if math.isinf(item):
                return (
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
    named = ", ".join(shown(name) for name in unread[:3])
    if len(unread) > 3:
        named += f" and {len(unread) - 3} more"
    verb = "is not a field" if len(unread) == 1 else "are not fields"
    take = "it" if len(unread) == 1 else "them"
    raise RulingError(f"{named} {verb} of a {title} request: take {take} out.", field=unread[0])


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


def _check_count(
    cards: Sized,
    label: str,
    name: str,
    count: int | None,
    between: tuple[int, int] | None,
    seat: str | None = None,
) -> None:
    given = f"{len(cards)} {'was' if len(cards) == 1 else 'were'} given"
    if count is not None and len(cards) != count:
        plural = "s" if count != 1 else ""
        raise RulingError(f"{label} needs {count} card{plural}; {given}.", field=name, seat=seat)
    if between is not None and not between[0] <= len(cards) <= between[1]:
        low, high = between
        raise RulingError(f"{label} needs {low} to {high} cards; {given}.", field=name, seat=seat)


def amount_field(request: Mapping[str, Any], name: str, *, minimum: int = 1, unit: int = 1) -> int:
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
            raise RulingError(
                f"'{name}' must be {what} of chips; {shown(value)} is not.", field=name
            )
    if value < minimum:
        if minimum == 0:
            raise RulingError(
                f"'{name}' cannot be below zero; {shown(value)} was given.", field=name
            )
        raise RulingError(
            f"'{name}' must be a positive whole number of chips; {shown(value)} is not.", field=name
        )
    if value > MAX_AMOUNT:
        raise RulingError(f"'{name}' of {shown(value)} is beyond any table's limit.", field=name)
    if value % unit:
        raise RulingError(
            f"'{name}' of {value} is not a multiple of {unit}, the smallest stake here.",
            field=name,
        )
    return value


def choice_field(request: Mapping[str, Any], name: str, choices: Mapping[str, V]) -> V:
    """One of `choices` (word as written -> what it means)."""
    if name not in request:
        raise RulingError(f"The request has no '{name}'.", field=name)
    raw = request[name]
    key = raw.strip().lower() if isinstance(raw, str) else None
    if key is None or key not in choices:
        listed = ", ".join(sorted(set(choices)))
        raise RulingError(f"'{name}' must be one of {listed}; {raw!r} is not.", field=name)
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
        raise RulingError(f"The request has no '{name}'.", field=name)
    raw = request[name]
    last = seats[-1]
    if not isinstance(raw, Mapping):
        raise RulingError(
            f'\'{name}\' must map seats "1" to "{last}" to their cards, like '
            '{"1": "7c 7d", "2": "3h 2s"}.',
            field=name,
        )
    out: dict[str, tuple[Card, ...]] = {}
    for seat in sorted(raw, key=lambda s: (str(s) not in seats, str(s))):
        key = str(seat)
        if key not in seats:
            raise RulingError(f'Seat {seat!r} is not a seat: seats are "1" to "{last}".', name)
        value = raw[seat]
        if not isinstance(value, str):
            raise RulingError(f"Seat {key}'s cards must be written as text.", name, seat=key)
        try:
            cards = parse_cards(value)
        except CardError as exc:
            raise RulingError(f"Seat {key}: {exc}", field=name, seat=key) from None
        _check_count(cards, f"Seat {key}", name, count, between, seat=key)
        out[key] = cards
    if len(out) < minimum_seats:
        raise RulingError(
            f"'{name}' needs at least {minimum_seats} seat{'s' if minimum_seats != 1 else ''}"
            f" to compare; {len(out)} {'were' if len(out) != 1 else 'was'} given.",
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
                where = name if seen[card] == name else f"{seen[card]} and {name}"
                raise RulingError(
                    f"{card} appears twice ({where}): a deck has one of each card.",
                    field=field or name,
                )
            seen[card] = name


def _by_seat(hands: Mapping[str, tuple[Card, ...]]) -> dict[str, tuple[Card, ...]]:
    return {f"seat {s}": cards for s, cards in hands.items()}


# --- Mississippi Stud -----------------------------------------------------------------------


@dataclass(frozen=True)
class MississippiStudRequest:
    """One position: two hole cards, the board (0 to 3 cards on a fold) and the bets placed,
    [ante, 3rd, 4th, 5th], each street 1, 2 or 3 times the Ante."""

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    bets: tuple[int, ...]


_NOT_A_LIST = (
    "'bets' must be a list like [1, 1, 2, 3]: the Ante, then the 3rd, 4th and 5th Street "
    "bets; {} is not."
)


def _whole(raw: object, label: str, field: str) -> int:
    # JSON has no integer type of its own: 2.0 is the number 2, but 1.5, "2" and true are not
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    raise RulingError(f"{label} must be a whole number of chips; {shown(raw)} is not.", field)


def mississippi_bets(raw: object, unit: int) -> tuple[int, ...]:
    """The bets as whole chips, each street 1, 2 or 3 times the Ante."""
    if not isinstance(raw, list):
        raise RulingError(_NOT_A_LIST.format(shown(raw)), field="bets")
    streets = mississippi_stud.BETS
    if not 1 <= len(raw) <= len(streets):
        raise RulingError(
            f"'bets' holds the Ante and up to three street bets (1 to 4 amounts); "
            f"{len(raw)} were given.",
            field="bets",
        )
    amounts: list[int] = []
    # the length was checked above: BETS is never the shorter one
    for (_, title), value in zip(streets, raw, strict=False):
        value = _whole(value, f"The {title} bet" if amounts else "The Ante", "bets")
        if not amounts:
            if value < 1:
                raise RulingError(
                    f"The Ante must be a positive whole number of chips; {shown(value)} is not.",
                    "bets",
                )
            if value > MAX_AMOUNT:
                raise RulingError(f"An Ante of {shown(value)} is beyond any table's limit.", "bets")
            if value % unit:
                raise RulingError(
                    f"The Ante of {value} is not a multiple of {unit}, the smallest stake here.",
                    "bets",
                )
        else:
            ante = amounts[0]
            if value not in tuple(m * ante for m in mississippi_stud.STREET_MULTIPLES):
                raise RulingError(
                    f"The {title} bet must be 1, 2 or 3 times the Ante ({ante}): {shown(value)} "
                    "is not.",
                    field="bets",
                )
        amounts.append(value)
    return tuple(amounts)


MISSISSIPPI_STUD_FIELDS = (
    Field("hole", Holds.CARDS, "Player"),
    Field("board", Holds.CARDS, "Board"),
    Field("bets", Holds.BETS, "Bets"),
)


def mississippi_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return MISSISSIPPI_STUD_FIELDS


def read_mississippi_stud(
    request: Mapping[str, Any], config: HouseConfig
) -> MississippiStudRequest:
    hole = cards_field(request, "hole", count=2)
    if "bets" not in request:
        raise RulingError("The request has no 'bets'.", field="bets")
    table = config.paytable(mississippi_stud.SLUG)
    bets = mississippi_bets(request["bets"], table.stake_unit(config.rules.chip_unit))
    folded = len(bets) < len(mississippi_stud.BETS)
    if folded and request.get("board") in (None, ""):
        # a fold may come before any community card was shown
        board: tuple[Card, ...] = ()
    elif folded:
        board = cards_field(request, "board", between=(0, 3))
    else:
        board = cards_field(request, "board", count=3)
    refuse_duplicates({"hole": hole, "board": board})
    return MississippiStudRequest(hole, board, bets)


# --- Caribbean Stud and Casino Stud Poker ---------------------------------------------------


@dataclass(frozen=True)
class BankedStudRequest:
    """One player's five cards against the dealer's five, the Ante and the player's action."""

    player: tuple[Card, ...]
    dealer: tuple[Card, ...]
    ante: int
    action: banked_stud.Action


BANKED_STUD_FIELDS = (
    Field("player", Holds.CARDS, "Player"),
    Field("dealer", Holds.CARDS, "Dealer"),
    Field("ante", Holds.AMOUNT, "Ante"),
    Field("action", Holds.CHOICE, "Action"),
)


def banked_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return BANKED_STUD_FIELDS


def read_banked_stud(
    profile: banked_stud.Profile, request: Mapping[str, Any], config: HouseConfig
) -> BankedStudRequest:
    player = cards_field(request, "player", count=5)
    dealer = cards_field(request, "dealer", count=5)
    refuse_duplicates({"player": player, "dealer": dealer})
    if "ante" not in request:
        raise RulingError("The request has no 'ante'.", field="ante")
    unit = config.paytable(profile.game).stake_unit(config.rules.chip_unit)
    ante = amount_value(request["ante"], "ante", unit=unit)
    action = choice_field(request, "action", banked_stud.ACTIONS)
    return BankedStudRequest(player, dealer, ante, action)


def read_caribbean_stud(request: Mapping[str, Any], config: HouseConfig) -> BankedStudRequest:
    return read_banked_stud(banked_stud.CARIBBEAN, request, config)


def read_casino_stud(request: Mapping[str, Any], config: HouseConfig) -> BankedStudRequest:
    return read_banked_stud(banked_stud.CASINO, request, config)


# --- Mississippi Gonorrhea ------------------------------------------------------------------


@dataclass(frozen=True)
class GonorrheaRequest:
    """The pot and the hands still in at the showdown, seat -> (down card, up card)."""

    pot: int
    hands: dict[str, tuple[Card, ...]]


POT = Field("pot", Holds.AMOUNT, "Pot")
HANDS = Field("hands", Holds.SEAT_CARDS, "Seat")
GONORRHEA_FIELDS = (POT, HANDS)


def gonorrhea_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    return GONORRHEA_FIELDS


def read_gonorrhea(request: Mapping[str, Any], config: HouseConfig) -> GonorrheaRequest:
    pot = amount_field(request, "pot", minimum=0, unit=config.rules.chip_unit)
    hands = seat_cards_field(
        request, "hands", count=2, minimum_seats=0, seats=mississippi_gonorrhea.SEATS
    )
    if not hands:
        raise RulingError(
            "'hands' lists no hands: give the hands still in at the showdown, at least one.",
            field="hands",
        )
    refuse_duplicates(_by_seat(hands), field="hands")
    return GonorrheaRequest(pot, hands)


# --- English Stud ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BringInRequest:
    """Each seat's one up card on 3rd Street."""

    up: dict[str, Card]


@dataclass(frozen=True)
class FirstToActRequest:
    """The street (3 to 7) and each seat's up cards when its betting begins."""

    street: int
    up: dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class ShowdownRequest:
    """The pot and each seat's seven cards."""

    pot: int
    hands: dict[str, tuple[Card, ...]]


_ASKS = {
    "bring-in": BringInRequest,
    "bring in": BringInRequest,
    "first-to-act": FirstToActRequest,
    "first to act": FirstToActRequest,
    "showdown": ShowdownRequest,
}


ASK = Field("ask", Holds.CHOICE, "Question")
UP = Field("up", Holds.SEAT_CARDS, "Seat")
_ASK_FIELDS: dict[type, tuple[Field, ...]] = {
    BringInRequest: (ASK, UP),
    FirstToActRequest: (ASK, Field("street", Holds.STREET, "Street"), UP),
    ShowdownRequest: (ASK, POT, HANDS),
}


def english_stud_fields(request: Mapping[str, Any]) -> tuple[Field, ...]:
    """The fields of the question `ask` names (only `ask` when it names none).

    >>> [f.name for f in english_stud_fields({"ask": "First to act"})]
    ['ask', 'street', 'up']
    """
    raw = request.get("ask")
    ask = _ASKS.get(raw.strip().lower()) if isinstance(raw, str) else None
    return _ASK_FIELDS[ask] if ask is not None else (ASK,)


def street_value(raw: object) -> int:
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 3 <= raw <= 7:
        raise RulingError(
            f"'street' must be a whole number from 3 to 7; {shown(raw)} is not.", field="street"
        )
    return raw


def read_english_stud(
    request: Mapping[str, Any], config: HouseConfig
) -> BringInRequest | FirstToActRequest | ShowdownRequest:
    ask = choice_field(request, "ask", _ASKS)
    seats = english_stud.SEATS
    if ask is BringInRequest:
        up = seat_cards_field(request, "up", minimum_seats=2, seats=seats)
        for seat, cards in up.items():
            if len(cards) != 1:
                raise RulingError(
                    f"The bring-in is decided by one up card a seat; seat {seat} shows "
                    f"{len(cards)}.",
                    field="up",
                    seat=seat,
                )
        refuse_duplicates(_by_seat(up), field="up")
        return BringInRequest({s: cards[0] for s, cards in up.items()})
    if ask is FirstToActRequest:
        if "street" not in request:
            raise RulingError("The request has no 'street' (3 to 7).", field="street")
        street = street_value(request["street"])
        up = seat_cards_field(request, "up", minimum_seats=2, seats=seats)
        wanted = english_stud.UP_CARDS[street]
        for seat, cards in up.items():
            if len(cards) != wanted:
                raise RulingError(
                    f"On {english_stud.street_name(street)} each seat shows {wanted} up "
                    f"card{'s' if wanted != 1 else ''}; seat {seat} shows {len(cards)}.",
                    field="up",
                    seat=seat,
                )
        refuse_duplicates(_by_seat(up), field="up")
        return FirstToActRequest(street, up)
    pot = amount_field(request, "pot", minimum=0, unit=config.rules.chip_unit)
    hands = seat_cards_field(
        request, "hands", count=english_stud.HAND_SIZE, minimum_seats=2, seats=seats
    )
    refuse_duplicates(_by_seat(hands), field="hands")
    return ShowdownRequest(pot, hands)
