"""House rules (every **house rule** line of RULES.md) and a house's whole configuration.

>>> HouseRules().call_multiple
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, TypeVar, cast

from .chips import (
    COLOUR_UP_AT,
    COMMON_SET,
    SMALLEST_FLOORS,
    TABLE_LEVELS,
    ChipSet,
    PayStandard,
    Standard,
    chip_set,
    default_chips,
    floors_of,
)
from .errors import EngineError
from .messages import say
from .paytables import Paytable

T = TypeVar("T")

#: the largest Caribbean Stud call multiple a house may set (RULES.md's default is 2); with it a
#: position stakes at most eleven Antes, which bounds every payout a question can ask for
MAX_CALL_MULTIPLE = 10

#: each registered game's title and source-text paytable (None: it pays from no table), which
#: a house without a table of its own pays; the games registry keeps it as games come and go,
#: so that a house's configuration needs no list of the games
SOURCE_TABLES: dict[str, tuple[str, Paytable | None]] = {}

#: the settle orders a house may choose, in a dealer's words (seats as RULES.md numbers them:
#: seat 1 is the first clockwise from the dealer, on the dealer's left)
SETTLE_ORDERS: Mapping[str, str] = MappingProxyType(
    {
        "right": say("from the dealer's right: third base to first base (the highest seat first)"),
        "left": say("from the dealer's left: first base to third base (seat 1 first)"),
    }
)


@dataclass(frozen=True)
class HouseRules:
    """The settings RULES.md leaves to each house, with RULES.md's defaults."""

    #: the smallest chip the house uses; every stake, pot and odd chip is a multiple of it
    chip_unit: int = 1
    #: Mississippi Gonorrhea: the half that gets the odd chip of an uneven pot ("high" or "low")
    split_pot_odd_chip: str = "high"
    #: Mississippi Stud: most profit paid to one position on one hand (None = no cap)
    mississippi_payout_cap: int | None = None
    #: Caribbean Stud only: the Call is this many times the Ante (Casino Stud's raise is
    #: fixed at twice the Ante by its rules)
    call_multiple: int = 2
    #: Caribbean Stud: most profit paid on the Call (None = no cap)
    call_payout_cap: int | None = None
    #: Mississippi Gonorrhea: may an active player keep both cards at an exchange?
    stand_pat_allowed: bool = True
    #: Mississippi Gonorrhea: when the stock runs out, shuffle the discards into a new stock
    reuse_discards: bool = True
    #: English Stud: when the stock runs short, shuffle burns and discards into a new stock,
    #: and if 7th Street still cannot be dealt to everyone, deal one community card
    stud_stock_shortage: bool = True
    #: the order a dealer settles a layout of several positions against the house: "right"
    #: (from the dealer's right, third base to first base: the highest seat first, as dealers
    #: of banked games usually work) or "left" (from the dealer's left, seat 1 first)
    settle_order: str = "right"
    #: the house's chips, one a line: "25 green #2e7d32" ("common": the common set from the
    #: chip unit up, `chips.default_chips`); the smallest is the chip unit
    chips: str = COMMON_SET
    #: how payouts are paid: "fewest" (the fewest chips) or "bet-colours" (in the colours of
    #: the bet, coloured up when that takes more than `colour_up_at` chips)
    pay_standard: str = Standard.FEWEST.value
    colour_up_at: int = COLOUR_UP_AT
    #: the smallest chip a payout may use at a $5, a $25 and a $100 table, like "1, 5, 25"
    #: ("smallest": the set's three smallest chips)
    payout_floors: str = SMALLEST_FLOORS

    def __post_init__(self) -> None:
        if self.chip_unit < 1:
            raise EngineError("The chip unit must be at least 1.")
        if self.split_pot_odd_chip not in ("high", "low"):
            raise EngineError("The odd chip of a split pot goes to the high or the low half.")
        if self.settle_order not in SETTLE_ORDERS:
            raise EngineError("A layout is settled from the dealer's right or from the left.")
        if not 1 <= self.call_multiple <= MAX_CALL_MULTIPLE:
            raise EngineError(f"The call multiple must be from 1 to {MAX_CALL_MULTIPLE}.")
        for name in ("mississippi_payout_cap", "call_payout_cap"):
            cap = getattr(self, name)
            if cap is not None and cap < 0:
                raise EngineError("A payout cap cannot be below zero.")
        chips = self.chip_set
        if chips.unit != self.chip_unit:
            raise EngineError(
                f"The smallest chip ({chips.chips[0]}) must be the chip unit ({self.chip_unit:,})."
            )
        if self.pay_standard not in {s.value for s in Standard}:
            raise EngineError("Pay in the fewest chips or in the colours of the bet.")
        self.pay.check(chips)

    def check_caps_payable(self) -> None:
        """EngineError unless each payout cap is a whole number of chip units, so that a capped
        payout can be paid in chips.  Asked of a house's rules when they are saved, not of
        every `HouseRules`: a question stored before the rule keeps its snapshot readable and
        grades as it did (a drill in chips that such rules cannot deal is refused in words)."""
        for name in ("mississippi_payout_cap", "call_payout_cap"):
            cap = getattr(self, name)
            if cap is not None and cap % self.chip_unit:
                raise EngineError(
                    f"{RULE_NAMES[name][0].upper()}{RULE_NAMES[name][1:]} ({cap:,}) must be a "
                    f"whole number of chip units: a multiple of {self.chip_unit:,}, so that a "
                    "capped payout can be paid in chips."
                )

    @property
    def chip_set(self) -> ChipSet:
        """The house's chips (`chips`, or the common set from the chip unit up)."""
        text = self.chips.strip()
        return chip_set(default_chips(self.chip_unit) if text.lower() in ("", COMMON_SET) else text)

    def worked_out(self) -> HouseRules:
        """These rules with their defaults written out: the chips as a list ("common" is the
        common set from the chip unit up as it stands today) and a payout floor per table
        level ("smallest": the set's smallest chips). A question's snapshot stores these, so
        changing a default later does not change how a stored question grades."""
        chips, pay = self.chip_set, self.pay
        floors = ", ".join(str(pay.floor(chips, level)) for level in TABLE_LEVELS)
        return replace(self, chips=chips.text(), payout_floors=floors)

    @property
    def pay(self) -> PayStandard:
        """The house's pay standard."""
        return PayStandard(
            Standard(self.pay_standard), self.colour_up_at, floors_of(self.payout_floors)
        )


#: each house rule in a games manager's words (a par sheet names those it does not model)
RULE_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "chip_unit": say("the chip unit"),
        "split_pot_odd_chip": say("the odd chip of a split pot"),
        "mississippi_payout_cap": say("the Mississippi Stud payout cap"),
        "call_multiple": say("the Caribbean Stud call multiple"),
        "call_payout_cap": say("the Caribbean Stud call payout cap"),
        "stand_pat_allowed": say("standing pat"),
        "reuse_discards": say("reusing the discards"),
        "stud_stock_shortage": say("the English Stud stock shortage rule"),
        "settle_order": say("the order a layout is settled in"),
        "chips": say("the house's chips"),
        "pay_standard": say("the pay standard"),
        "colour_up_at": say("the chips a payout in the bet's colours may take"),
        "payout_floors": say("the smallest payout chip at each table level"),
    }
)


@dataclass(frozen=True)
class HouseConfig:
    """Everything a ruling needs to know about the house: its paytables and its rules.

    `paytables`: game slug -> the house's table for that game; a game not listed pays the
    source text's table (its registry entry's `paytable`).  The default is the source texts'
    tables and RULES.md's defaults.

    >>> from .hands import Category
    >>> HouseConfig().paytable("caribbean-stud").odds_for(Category.FLUSH)
    Odds(win=7, to=1)
    """

    paytables: Mapping[str, Paytable] = field(default_factory=dict)
    rules: HouseRules = field(default_factory=HouseRules)
    #: what has been worked out from this configuration, kept with it (`remembered`)
    _kept: dict[Hashable, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "paytables", MappingProxyType(dict(self.paytables)))

    def remembered(self, key: Hashable, make: Callable[[], T]) -> T:
        """`make()`, worked out once for this configuration and kept with it: a configuration
        never changes, and the site keeps one per house until the house's tables or rules
        change (a drill's situations, asked for on every Today's page, cost milliseconds)."""
        try:
            return cast(T, self._kept[key])
        except KeyError:
            value = self._kept[key] = make()
            return value

    def paytable(self, game: str) -> Paytable:
        """The table `game` pays at this house."""
        table = self.paytables.get(game)
        if table is not None:
            return table
        title, source = SOURCE_TABLES[game]
        if source is None:
            raise EngineError(f"{title} pays from no paytable.")
        return source

    def with_paytable(self, game: str, table: Paytable) -> HouseConfig:
        return HouseConfig({**self.paytables, game: table}, self.rules)


DEFAULT_CONFIG = HouseConfig()
