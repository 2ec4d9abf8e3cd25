"""What a game is, as data: the record every game's registry entry fills in.

A `Game` says everything the rest of the product asks about a game (its name and title, how a
request is read and ruled, its seats, the table it pays from and the rows that table needs,
how its second bet is sized, which house rules it reads, how its par sheet is computed and
how its paytable is previewed), so that nothing outside the engine needs to know which game
is which.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import EngineError
from ..hands import Category
from ..house import HouseConfig, HouseRules
from ..parsheets.counts import Counts
from ..parsheets.money import CapEffect, cap_effect
from ..parsheets.sheet import Enumeration, FastEnumeration, ParSheet, Progress, paytable_key
from ..paytables import Paytable
from .requests import Field
from .rounds import Procedure

#: reads a JSON request into the game's typed request, or raises RulingError
Reader = Callable[[Mapping[str, Any], HouseConfig], Any]
#: rules a typed request: the response fields of RULING_API.md, with `steps`
Ruler = Callable[[Any, HouseConfig], dict[str, Any]]
#: names what went wrong on a mispaid hand, in a dealer's words, from (the typed request, its
#: ruling, what was paid, the house's configuration): each game's `situations` module
Situation = Callable[[Any, Mapping[str, Any], Any, HouseConfig], str]
#: a mispay a dealer could make of a hand: from (the situation to plant, the typed request,
#: its ruling, the house's configuration, a seeded random source) the payment that reads as
#: that situation, or None when the hand cannot be mispaid that way (`trainer.engine.mispays`)
Planter = Callable[[str, Any, Mapping[str, Any], HouseConfig, random.Random], Any]


@dataclass(frozen=True)
class PreviewRow:
    """One example hand ruled with a paytable, for a games manager checking a table."""

    cards: str
    dealer: str
    hand: str
    result: str
    stake: int
    net: int


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    read: Reader
    rule: Ruler
    #: the shape of its request (RULING_API.md), so that a page can draw the form for it:
    #: "hole-board-bets", "player-dealer-action", "pot-hands" or "ask-seats"
    shape: str
    #: the fields `read` reads from a request (`trainer.engine.kit.requests`), given the request;
    #: besides them a request may carry only `requests.COMMON_FIELDS`
    fields: Callable[[Mapping[str, Any]], tuple[Field, ...]]
    #: the seats a request may name, in seat order (empty: the request names no seats)
    seats: tuple[str, ...] = ()
    #: the source text's paytable; None for a game that pays from no table
    paytable: Paytable | None = None
    #: the rows a house's table for this game must have
    rows: tuple[Category, ...] = ()
    #: whether the table carries pair bands (the pairs that pay and the pairs that push)
    pair_bands: bool = False
    #: the second bet's name at this table (None: no second bet)
    second_bet: str | None = None
    #: the second bet in Antes under the house rules; None when it is not sized that way
    call_multiple: Callable[[HouseRules], int] | None = None
    #: the `HouseRules` settings this game reads
    house_rules: tuple[str, ...] = ("chip_unit",)
    #: the `HouseRules` settings of how a dealer works this game's table that change no
    #: amount (the placard shows them beside `house_rules`; a par sheet never reads them)
    table_rules: tuple[str, ...] = ()
    #: example hands ruled with a table (None: the game has no table to preview)
    preview: Callable[[HouseConfig], list[PreviewRow]] | None = None
    #: how the engine computes this game's par sheet (None: it computes none); its `game` is
    #: this record's slug
    enumeration: Enumeration | None = None
    #: the ruling field that settles chips, which an audit checks what was paid against:
    #: "net" (the player's net, a whole number) or "shares" (seat -> chips); None: the game's
    #: rulings settle no chips and cannot be audited
    settles: str | None = None
    #: what went wrong on a mispaid hand (needed when `settles` is set)
    situation: Situation | None = None
    #: how a whole round of it is dealt, step by step (`trainer.engine.rounds`); None: no round
    procedure: Procedure[Any] | None = None
    #: every situation `situation` can name under a house's configuration, in teaching
    #: order (plain mistakes first), and how a dealer makes each (`trainer.engine.mispays`)
    mispays: Callable[[HouseConfig], tuple[str, ...]] | None = None
    plant: Planter | None = None

    def __post_init__(self) -> None:
        if self.enumeration is not None and self.enumeration.game != self.slug:
            raise EngineError(
                f"The par sheet of '{self.slug}' would be filed under "
                f"'{self.enumeration.game}': give the game an enumeration of its own."
            )

    def __str__(self) -> str:
        return self.title

    @property
    def deals_rounds(self) -> bool:
        """Whether a whole round of this game can be dealt (`round_procedure`)."""
        return self.procedure is not None

    def round_procedure(self) -> Procedure[Any]:
        """The state machine of this game's round; EngineError for a game without one."""
        if self.procedure is None:
            raise EngineError(f"The engine deals no round of {self.title}.")
        return self.procedure

    @property
    def has_parsheet(self) -> bool:
        """Whether the engine computes this game's par sheet."""
        return self.enumeration is not None

    @property
    def pays_from_paytable(self) -> bool:
        return self.paytable is not None

    def multiple(self, rules: HouseRules) -> int | None:
        """The second bet in Antes at a house with these rules (None: not sized that way)."""
        return self.call_multiple(rules) if self.call_multiple is not None else None

    def parsheet(
        self,
        table: Paytable,
        rules: HouseRules,
        progress: Progress | None = None,
        *,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        """The exact analysis of `table` under optimal play at a house with these rules
        (`trainer.engine.parsheets`); `deck`, a reduced deck, is for tests."""
        return self._enumeration().compute(
            table, call_multiple=self.multiple(rules), progress=progress, deck=deck
        )

    def parsheet_key(
        self, table: Paytable, rules: HouseRules, *, deck: Sequence[Card] | None = None
    ) -> str:
        """What a par sheet of `table` depends on, hashed: identical tables share one sheet."""
        return paytable_key(
            table, self._enumeration(), call_multiple=self.multiple(rules), deck=deck
        )

    @property
    def has_fast_parsheet(self) -> bool:
        """Whether its par sheets can come from counts made once (`parsheet_counts`)."""
        return isinstance(self.enumeration, FastEnumeration)

    def parsheet_counts_key(self, *, deck: Sequence[Card] | None = None) -> str:
        """What the counts behind this game's fast par sheets depend on, hashed: games whose
        sheets rest on the same counts (Caribbean Stud and Casino Stud Poker) share a key."""
        return self._fast().counts_key(deck=deck)

    def parsheet_counts(
        self, progress: Progress | None = None, *, deck: Sequence[Card] | None = None
    ) -> Counts:
        """The counts behind this game's fast par sheets: made once (seconds), whatever the
        table; `Counts.to_bytes` keeps them."""
        return self._fast().precompute(progress=progress, deck=deck)

    def fast_parsheet(self, table: Paytable, rules: HouseRules, counts: Counts) -> ParSheet:
        """`parsheet(table, rules, deck=counts.deck)`, the same sheet, from `counts` (this
        game's `parsheet_counts`) in well under a second."""
        return self._fast().fast(table, counts, call_multiple=self.multiple(rules))

    def payout_cap(self, rules: HouseRules) -> int | None:
        """The house's cap on a round's payout in money for this game (None: no cap, or no
        par sheet that prices one)."""
        if not self.has_fast_parsheet:
            return None
        rule = self._fast().cap_rule
        return None if rule is None else getattr(rules, rule)

    def cap_effect(
        self,
        table: Paytable,
        rules: HouseRules,
        counts: Counts,
        antes: Sequence[int] | None = None,
        *,
        sheet: ParSheet | None = None,
    ) -> CapEffect | None:
        """What the house's payout cap does to the edge of `table` at each Ante
        (`parsheets.money.cap_effect`, in the table's bet units; `sheet`, its uncapped sheet
        when the caller has it); None without a cap."""
        return cap_effect(
            self._fast(),
            counts,
            table,
            rules,
            antes,
            unit=table.bet_unit,
            call_multiple=self.multiple(rules),
            sheet=sheet,
        )

    def _fast(self) -> FastEnumeration:
        enumeration = self._enumeration()
        if not isinstance(enumeration, FastEnumeration):
            raise EngineError(f"The engine has no fast par sheet for {self.title}.")
        return enumeration

    def _enumeration(self) -> Enumeration:
        if self.enumeration is None:
            raise EngineError(f"The engine computes no par sheet for {self.title}.")
        return self.enumeration
