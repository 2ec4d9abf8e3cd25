"""The one odd-chip function: dividing an amount among players in whole chips.

>>> divide(25, ["1", "3"])
{'1': 13, '3': 12}
>>> divide(10, ["2", "4", "5"], unit=5)
{'2': 5, '4': 5, '5': 0}
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import EngineError


def divide(amount: int, order: Sequence[str], *, unit: int = 1) -> dict[str, int]:
    """Split `amount` equally among `order`; chips that do not divide evenly go one each to
    the players in `order` (the odd-chip order the game's rule gives), so nobody receives more
    than one odd chip from one division.  `unit` is the smallest chip."""
    if not order:
        raise EngineError("There is nobody to divide the chips among.")
    if amount < 0 or amount % unit:
        raise EngineError(f"{amount} is not a whole number of {unit}-unit chips.")
    chips = amount // unit
    share, odd = divmod(chips, len(order))
    return {seat: (share + (1 if i < odd else 0)) * unit for i, seat in enumerate(order)}
