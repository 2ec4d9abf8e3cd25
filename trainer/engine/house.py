"""House rules (every **house rule** line of RULES.md) and a house's whole configuration.

>>> HouseRules().call_multiple
2
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import EngineError
from .paytables import CARIBBEAN_STUD_BASE, CASINO_STUD_POKER, MISSISSIPPI_STUD_BASE, Paytable


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

    def __post_init__(self) -> None:
        if self.chip_unit < 1:
            raise EngineError("The chip unit must be at least 1.")
        if self.split_pot_odd_chip not in ("high", "low"):
            raise EngineError("The odd chip of a split pot goes to the high or the low half.")
        if self.call_multiple < 1:
            raise EngineError("The call multiple must be at least 1.")
        for name in ("mississippi_payout_cap", "call_payout_cap"):
            cap = getattr(self, name)
            if cap is not None and cap < 0:
                raise EngineError("A payout cap cannot be below zero.")


@dataclass(frozen=True)
class HouseConfig:
    """Everything a ruling needs to know about the house: its paytables and its rules.
    The default is the source texts' tables and RULES.md's defaults."""

    mississippi_stud: Paytable = MISSISSIPPI_STUD_BASE
    caribbean_stud: Paytable = CARIBBEAN_STUD_BASE
    casino_stud: Paytable = CASINO_STUD_POKER
    rules: HouseRules = field(default_factory=HouseRules)


DEFAULT_CONFIG = HouseConfig()
