"""Chips drawn as chips: stacks in the chip's colour with its value written on each, named for
a screen reader ("2 red 5"), so colour is never the only signal (grey-scale reads the value)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from trainer.engine.chips import ChipSet, words

#: discs drawn in one stack; a taller stack says its count beside it
DRAWN = 5


def ink(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    lum = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    luminance = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2]
    return "#111111" if luminance > 0.18 else "#ffffff"


def disc(value: int, colour: str) -> str:
    """One chip, its value written on it: four digits and more without the comma and smaller,
    so "1000" stays inside its disc."""
    long = value >= 1000
    written = f"{value}" if long else f"{value:,}"
    css = "chip-disc long" if long else "chip-disc"
    return (
        f'<span class="{css}" style="--chip: {escape(colour)}; --ink: {ink(colour)}" '
        f'aria-hidden="true">{written}</span>'
    )


def stacks_html(chips: ChipSet, counts: Mapping[int, int]) -> str:
    """The chips as stacks, largest first, with the whole said once for a screen reader."""
    shown = [(v, n) for v, n in sorted(counts.items(), reverse=True) if n]
    if not shown:
        return '<span class="chip-stacks empty">no chips</span>'
    stacks = []
    for value, count in shown:
        chip = chips.chip(value)
        discs = "".join(disc(value, chip.colour) for _ in range(min(count, DRAWN)))
        stacks.append(
            f'<span class="chip-stack" data-value="{value}">{discs}'
            f'<span class="chip-count" aria-hidden="true">{count} × {escape(chip.name)}</span>'
            "</span>"
        )
    said = escape(words(chips, dict(shown), values=True))
    return f'<span class="chip-stacks" role="img" aria-label="{said}">{"".join(stacks)}</span>'
