"""The felt of a question's table as typed values: what templates/felt/felt.html draws (the
dealer's side, each seat with its cards, bets and answers, a match's ledger), read once from
the table a question stores."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from trainer.core.numbers import grouped
from trainer.engine.chips import chip_set
from trainer.engine.kit.watched import settlement_words
from trainer.engine.rulings import outcome_words
from trainer.engine.seats import in_seat_order

from .chipping import Stacks, stacks


@dataclass(frozen=True)
class Bet:
    name: str
    amount: object


@dataclass(frozen=True)
class Place:
    """A place on the dealer's side of the felt: its label, and its cards (`shows`: the
    dealer's up card, named in the label), bets, amount or chips."""

    label: str
    css: str = "spot"
    cards: object = None
    shows: object = None
    #: None: no bets are drawn there (a place that never holds any)
    bets: tuple[Bet, ...] | None = None
    amount: str = ""
    chips: Stacks | None = None


@dataclass(frozen=True)
class Settled:
    """What the dealer did at a position, as the floor sees it: in words, or (`drawn`, at a
    table shown in colour) as chips with no sum written."""

    said: str
    drawn: bool = False
    chips: Stacks | None = None


@dataclass(frozen=True)
class Seat:
    seat: str
    hand: object
    #: None: a player's hand alone (a pot's, a stud table's up cards), no bets drawn
    bets: tuple[Bet, ...] | None = None
    #: None: still in; "" folded; else the street it folded on
    folded: str | None = None
    #: where a round stands with the seat ("bets taken", "settled"): trainer.rounds
    note: str = ""
    settled: tuple[Settled, ...] = ()


@dataclass(frozen=True)
class SeatSpot:
    """A seat as drawn, with the answers asked there (the form's inputs) and its heading's
    id, `ids` and a hyphen before the seat."""

    seat: Seat
    answers: tuple = ()
    ids: str = "seat"


@dataclass(frozen=True)
class Round:
    deal: object
    void: bool = False
    reason: object = None
    player: object = None
    dealer: object = None
    action: object = None
    outcome: object = None
    net: object = None


@dataclass(frozen=True)
class Ledger:
    """A match's rounds; `results`: whether the level shows each deal's result and net
    (levels 2 and 3 leave settling the rounds to the trainee)."""

    rounds: tuple[Round, ...]
    results: bool
    ante: object
    call_name: str
    call: object


@dataclass(frozen=True)
class Legend:
    names: str
    hint: str


@dataclass(frozen=True)
class Felt:
    places: tuple[Place, ...] = ()
    seats: tuple[SeatSpot, ...] = ()
    #: the table's own answers (a pot's winners), drawn before the seats
    own: tuple = ()
    legend: tuple[Legend, ...] = ()
    asking: bool = False
    ledger: Ledger | None = None


def chips_of(text):
    """The chip set a table names (`chips`), or None."""
    return chip_set(text) if text else None


def _settled(place: dict, key: str, chips, *, pot: bool = False) -> Settled | None:
    if key not in place or place[key] is None:
        return None
    amount = place[key]
    colours = place.get("settled_chips")
    if chips is not None and colours is not None:
        counts = {int(v): n for v, n in colours.items()}
        what = _("Pushed") if pot else _("Took in") if amount < 0 else _("Paid out")
        return Settled(what, drawn=True, chips=stacks(chips, counts) if counts else None)
    if pot:
        return Settled(_("Pushed %(amount)s") % {"amount": grouped(amount)})
    said = settlement_words(amount)
    return Settled(said[:1].upper() + said[1:])


def _places(table: dict, call_name: str) -> list[Place]:
    get = table.get
    places = []
    if get("dealer"):
        places.append(Place(_("Dealer"), "spot dealer", get("dealer"), shows=get("up_card")))
    elif get("up_card"):
        places.append(Place(_("Dealer shows"), "spot dealer", get("up_card")))
    if get("board"):
        places.append(Place(_("Community cards"), "spot board", get("board")))
    if get("cards"):
        places.append(Place(_("Cards"), cards=get("cards")))
    if get("community"):
        places.append(Place(_("Community card"), "spot board", get("community")))
    if get("player") and not get("positions"):
        bets = [Bet(_("Ante"), get("ante"))] if get("ante") else []
        bets += [Bet(call_name, get("call"))] if get("call") else []
        places.append(Place(_("Player"), cards=get("player"), bets=tuple(bets)))
    if get("pot") is not None:
        amount = str(get("pot"))
        if get("pot_left") is not None:  # a round's showdown, some shares pushed already
            amount = _("%(left)s left of %(pot)s") % {"left": get("pot_left"), "pot": amount}
        places.append(Place(_("Pot"), "spot pot", amount=amount))
    if get("pile") and get("chips"):
        pile = {int(v): n for v, n in get("pile").items()}
        places.append(Place(_("Player's chips"), chips=stacks(chip_set(get("chips")), pile)))
    if get("bet"):
        places.append(Place(_("Bet"), amount=str(get("bet"))))
    if get("street"):
        street = get("street")
        # a stud street by its number of cards: 3rd, then 4th to 7th
        ordinal = (
            pgettext("street", "%(number)srd")
            if street == 3
            else pgettext("street", "%(number)sth")
        )
        places.append(Place(_("Street"), amount=ordinal % {"number": street}))
    return places


def _seats(table: dict, call_name: str) -> dict[str, Seat]:
    get = table.get
    chips = chips_of(get("chips"))
    seated: dict[str, Seat] = {}
    for position in get("positions") or ():
        bets = tuple(
            Bet(call_name if name == "call" else name, amount)
            for name, amount in (position.get("bets") or {}).items()
        )
        if position.get("folded"):
            folded = str(position["folded"])
        elif position.get("action") == "fold":
            folded = ""
        else:
            folded = None
        done = _settled(position, "settled", chips)
        seated[str(position.get("seat"))] = Seat(
            seat=str(position.get("seat")),
            hand=position.get("player") or position.get("hole"),
            bets=bets,
            folded=folded,
            note=position.get("note") or "",
            settled=(done,) if done else (),
        )
    for hands in (get("seats"), get("up")):
        for seat, cards_text in (hands or {}).items():
            seated[str(seat)] = Seat(seat=str(seat), hand=cards_text)
    pushed = get("settled")
    if isinstance(pushed, dict):  # a pot as the dealer pushed it (a watch drill's)
        colours = get("settled_chips") or {}
        for seat, amount in pushed.items():
            if str(seat) in seated:
                shown = {"settled": amount, "settled_chips": colours.get(seat)}
                done = _settled(shown, "settled", chips, pot=True)
                before = seated[str(seat)]
                seated[str(seat)] = Seat(
                    before.seat,
                    before.hand,
                    before.bets,
                    before.folded,
                    before.note,
                    (*before.settled, *((done,) if done else ())),
                )
    return seated


def ledger_of(table: dict, call_name: str) -> Ledger:
    results = any("net" in r for r in table["rounds"] if not r.get("void"))
    return Ledger(
        rounds=tuple(
            Round(
                deal=r.get("deal"),
                void=bool(r.get("void")),
                reason=r.get("reason"),
                player=r.get("player"),
                dealer=r.get("dealer"),
                action=r.get("action"),
                outcome=outcome_words(r["outcome"]) if r.get("outcome") else None,
                net=r.get("net"),
            )
            for r in table["rounds"]
        ),
        results=results,
        ante=table.get("ante"),
        call_name=call_name,
        call=table.get("call"),
    )


def felt_of(
    table: dict,
    answers: dict | None = None,
    order: list[str] | None = None,
    own: tuple = (),
    *,
    ids: str = "seat",
    legend: tuple[Legend, ...] = (),
) -> Felt:
    """The felt of `table`: `answers`, seat -> the inputs asked at that seat's spot; `order`,
    the seats in the order they are drawn (the house's settle order where they hold answers;
    else seat order); `own`, the table's own answers; `ids`, what its seats' ids start with (a
    second felt on a page, such as a missed hand, takes others)."""
    answers = answers or {}
    call_name = table.get("call_name") or _("Call")
    seated = _seats(table, call_name)
    return Felt(
        places=tuple(_places(table, call_name)),
        seats=tuple(
            SeatSpot(seated[seat], tuple(answers.get(seat, ())), ids)
            for seat in order or in_seat_order(seated)
            if seat in seated
        ),
        own=tuple(own),
        legend=legend,
        asking=bool(answers),
        ledger=ledger_of(table, call_name) if table.get("rounds") else None,
    )
