"""How a game's par sheet is computed, as data its registry entry holds (`Game.enumeration`).

A record says which enumeration of `trainer.engine.parsheets` computes the sheet, under which
name the sheet is filed, and what its key reads besides the paytable's rows (the pair bands,
or the checked call multiple).  Nothing in `parsheets` knows the games: a variant registered
at run time gets a par sheet by holding a record of its own (a banked stud variant:
`BankedStudSheet(its_profile)`).  numpy and the enumerations are loaded only when a sheet or a
key is asked for.

>>> MississippiStudSheet().key_inputs(MISSISSIPPI_STUD_BASE, None)
{'pair_band': [11, 14], 'push_band': [6, 10]}
>>> BankedStudSheet(CARIBBEAN).key_inputs(MISSISSIPPI_STUD_BASE, None)
{'call_multiple': 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import EngineError
from ..house import HouseRules
from ..paytables import MISSISSIPPI_STUD_BASE, Band, Paytable  # noqa: F401 (doctest)
from . import mississippi_stud
from .banked_stud import CARIBBEAN, Profile  # noqa: F401 (CARIBBEAN: the doctest)

if TYPE_CHECKING:
    from ..parsheets.counts import Counts
    from ..parsheets.sheet import ParSheet, Progress

__all__ = ["BankedStudSheet", "MississippiStudSheet"]


def _band(band: Band | None) -> list[int] | None:
    return None if band is None else [band.low, band.high]


@dataclass(frozen=True)
class MississippiStudSheet:
    """Mississippi Stud's enumeration (`parsheets.mississippi_stud`): every two-card start and
    every ordered run of three community cards.  Its figures depend on the pair bands; the
    game has no call multiple."""

    #: the name the sheet is filed under and its key hashes: the game's slug
    game: str = mississippi_stud.SLUG

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        """What the sheet depends on besides the rows of `paytable`, for its key."""
        self._no_multiple(call_multiple)
        return {"pair_band": _band(paytable.pair_band), "push_band": _band(paytable.push_band)}

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        from ..parsheets.mississippi_stud import mississippi_stud_parsheet

        self._no_multiple(call_multiple)
        return mississippi_stud_parsheet(paytable, progress=progress, deck=deck, game=self.game)

    def counts_key(self, *, deck: Sequence[Card] | None = None) -> str:
        """The key of the counts `fast` reads: the same for every variant's name."""
        from ..parsheets.mississippi_stud import mississippi_counts_key

        return mississippi_counts_key(deck)

    def precompute(
        self, *, progress: Progress | None = None, deck: Sequence[Card] | None = None
    ) -> Counts:
        from ..parsheets.mississippi_stud import mississippi_stud_counts

        return mississippi_stud_counts(progress=progress, deck=deck)

    def fast(
        self, paytable: Paytable, counts: Counts, *, call_multiple: int | None = None
    ) -> ParSheet:
        from ..parsheets.mississippi_stud import mississippi_stud_fast

        self._no_multiple(call_multiple)
        return mississippi_stud_fast(paytable, counts, game=self.game)

    @staticmethod
    def _no_multiple(call_multiple: int | None) -> None:
        if call_multiple is not None:
            raise EngineError("Mississippi Stud has no call multiple.")


@dataclass(frozen=True)
class BankedStudSheet:
    """The banked stud enumeration (`parsheets.banked_stud`) of one `Profile`: every player
    hand, dealer up card and dealer hand.  Its figures depend on the call multiple (the
    profile's fixed one, or the house's)."""

    profile: Profile

    @property
    def game(self) -> str:
        """The name the sheet is filed under and its key hashes: the profile's game."""
        return self.profile.game

    def multiple(self, call_multiple: int | None) -> int:
        """The second bet in Antes the sheet is computed with: `call_multiple` checked against
        the profile, or the profile's default when None."""
        profile = self.profile
        if call_multiple is None:
            return profile.multiple(HouseRules())
        if (
            isinstance(call_multiple, bool)
            or not isinstance(call_multiple, int)
            or call_multiple < 1
        ):
            raise EngineError(
                f"The call multiple must be a whole number from 1; {call_multiple!r} is not."
            )
        if profile.fixed_multiple is not None and call_multiple != profile.fixed_multiple:
            raise EngineError(
                f"{profile.title}'s {profile.second_bet} is always {profile.fixed_multiple} × Ante."
            )
        return call_multiple

    def key_inputs(self, paytable: Paytable, call_multiple: int | None) -> dict[str, Any]:
        """What the sheet depends on besides the rows of `paytable`, for its key."""
        return {"call_multiple": self.multiple(call_multiple)}

    def compute(
        self,
        paytable: Paytable,
        *,
        call_multiple: int | None = None,
        progress: Progress | None = None,
        deck: Sequence[Card] | None = None,
    ) -> ParSheet:
        from ..parsheets.banked_stud import banked_stud_parsheet

        return banked_stud_parsheet(
            self.profile, paytable, call_multiple=call_multiple, progress=progress, deck=deck
        )

    def counts_key(self, *, deck: Sequence[Card] | None = None) -> str:
        """The key of the counts `fast` reads: every banked profile's is the same."""
        from ..parsheets.banked_stud import banked_counts_key

        return banked_counts_key(deck)

    def precompute(
        self, *, progress: Progress | None = None, deck: Sequence[Card] | None = None
    ) -> Counts:
        from ..parsheets.banked_stud import banked_stud_counts

        return banked_stud_counts(progress=progress, deck=deck)

    def fast(
        self, paytable: Paytable, counts: Counts, *, call_multiple: int | None = None
    ) -> ParSheet:
        from ..parsheets.banked_stud import banked_stud_fast

        return banked_stud_fast(self.profile, paytable, counts, call_multiple=call_multiple)
