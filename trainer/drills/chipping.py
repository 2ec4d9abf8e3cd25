"""Chips drawn as chips: stacks in the chip's colour with its value written on each, named for
a screen reader ("2 red 5"), so colour is never the only signal (grey-scale reads the value).
What to draw is worked out here; templates/felt/stacks.html and disc.html draw it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trainer.engine.chips import ChipSet, words

#: discs drawn in one stack; a taller stack says its count beside it
DRAWN = 5


def ink(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    lum = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    luminance = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2]
    return "#111111" if luminance > 0.18 else "#ffffff"


@dataclass(frozen=True)
class Disc:
    """One chip, its value written on it: four digits and more without the comma and smaller,
    so "1000" stays inside its disc."""

    value: int
    colour: str

    @property
    def ink(self) -> str:
        return ink(self.colour)

    @property
    def long(self) -> bool:
        return self.value >= 1000

    @property
    def written(self) -> str:
        return f"{self.value}" if self.long else f"{self.value:,}"


@dataclass(frozen=True)
class Stack:
    disc: Disc
    name: str
    count: int

    @property
    def drawn(self) -> range:
        return range(min(self.count, DRAWN))


@dataclass(frozen=True)
class Stacks:
    """The chips as stacks, largest first, with the whole said once for a screen reader."""

    stacks: tuple[Stack, ...]
    said: str


def stacks(chips: ChipSet, counts: Mapping[int, int]) -> Stacks:
    shown = [(v, n) for v, n in sorted(counts.items(), reverse=True) if n]
    return Stacks(
        stacks=tuple(
            Stack(Disc(value, chips.chip(value).colour), chips.chip(value).name, count)
            for value, count in shown
        ),
        said=words(chips, dict(shown), values=True) if shown else "",
    )
