"""Par sheets: the exact house edge of a paytable under optimal play, by complete enumeration.

Mississippi Stud: every two-card start and every ordered run of three community cards
(1,326 × 50 × 49 × 48 deals), the player folding or betting 1, 2 or 3 × Ante before each
community card by expected value.  Caribbean Stud and Casino Stud Poker: every player hand,
dealer up card and dealer hand (C(52,5) × 47 × C(46,4) combinations), the player raising or
folding by expected value knowing the up card.  Equal values go to betting, and to the larger
bet.  Every figure is an exact `Fraction`; `ParSheet.as_dict()` gives decimals for display.

The rules come from the game modules, never restated here: what a final Mississippi Stud hand
pays is `mississippi_stud.settle`'s answer, the dealer qualifies at `LOWEST_QUALIFIER`, the
second bet wins at `Paytable.odds_for` of the player's category.

The fast path: what no table changes is counted once (`mississippi_stud_counts`, a second;
`banked_stud_counts`, about ten, shared by Caribbean Stud and Casino Stud Poker) into
`Counts`, which travel as bytes; each table's sheet is then a short sum over them with the
decisions chosen again for that table (`mississippi_stud_fast`, `banked_stud_fast`: well
under a second), the same `ParSheet` as the enumeration's, Fraction for Fraction.

Every sheet also carries the spread of results: the distribution of the player's net per
round (hence its variance, the hit frequency), the return column (`Contribution` rows) and
the decisions that were ties, every figure under the one tie rule above (`TIE_RULE`).  A
payout cap in Antes (`payout_cap=`, a house's cap in money over the Ante) is priced by
either path with the decisions chosen again for the capped pays.

The modules here are what every enumeration shares: `sheet` (the `ParSheet` record, the
`Enumeration` a game's registry entry holds, `paytable_key`, the check of the deck), `arrays`
(card sets as numpy arrays and a vectorised evaluator), `counts` (the `Counts` record, its
key and bytes) and `money` (a sheet in a manager's terms: theoretical win, hold, rounds to be
ahead, a shift's range, a payout cap's effect at each Ante).  Each game's own enumeration
and fast path sit in its package (`trainer.engine.games.mississippi_stud.parsheet`,
`trainer.engine.games.banked_stud.parsheet`),
with the record its registry entry holds: `Game.parsheet` and `Game.parsheet_key` are the
entry points for the command line and the admin, and nothing here names a game.

A reduced deck (`deck=`, ranks × suits) runs the same machinery in well under a second, which
is how the tests check it against a brute-force reference:

>>> from ..games.mississippi_stud.parsheet import mississippi_stud_counts, mississippi_stud_fast
>>> from ..games.mississippi_stud.parsheet import mississippi_stud_parsheet
>>> from ..paytables import MISSISSIPPI_STUD_BASE
>>> small = parse_cards("Ac Ad Ah 4c 4d 4h Tc Td Th Jc Jd Jh Kc Kd Kh")
>>> sheet = mississippi_stud_parsheet(MISSISSIPPI_STUD_BASE, deck=small)
>>> sheet.combinations == 105 * 13 * 12 * 11, sum(p for _, p in sheet.outcomes)
(True, Fraction(1, 1))
>>> mississippi_stud_fast(MISSISSIPPI_STUD_BASE, mississippi_stud_counts(deck=small)) == sheet
True
"""

from __future__ import annotations

from ..cards import parse_cards  # noqa: F401 (the doctest above uses it)
from .arrays import _combos as _combos  # the tests check these two directly
from .arrays import _strengths as _strengths
from .counts import Counts
from .sheet import (
    TIE_RULE,
    Contribution,
    Enumeration,
    FastEnumeration,
    ParSheet,
    Progress,
    paytable_key,
)

__all__ = [
    "TIE_RULE",
    "Contribution",
    "Counts",
    "Enumeration",
    "FastEnumeration",
    "ParSheet",
    "Progress",
    "paytable_key",
]
