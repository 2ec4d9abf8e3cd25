"""What an enumeration counts once, whatever the table: the paytable-free half of a par sheet.

A par sheet splits into counts that no paytable, pair band or call multiple changes (how many
deals end in each way, node by node) and a short sum that weighs them by what a table pays,
with the decisions chosen again for that table.  `Counts` holds the first half as numpy
arrays, under a key of what they depend on (the enumeration, the deck, the qualifier: never a
table), and travels as bytes (`to_bytes`, `from_bytes`) so that a database row can hold it
for every process of a site.  The enumerations make them (`mississippi_stud_counts`,
`banked_stud_counts`) and read them (`mississippi_stud_fast`, `banked_stud_fast`); the
results are the same `ParSheet`s, Fraction for Fraction, as the exhaustive enumerations.

>>> from ..games.mississippi_stud.parsheet import mississippi_stud_counts
>>> small = parse_cards("Ac Ad Ah 4c 4d 4h Tc Td Th Jc Jd Jh Kc Kd Kh")
>>> counts = mississippi_stud_counts(deck=small)
>>> Counts.from_bytes(counts.to_bytes()) == counts
True
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import ALL_CARDS, Card, parse_cards  # noqa: F401 (parse_cards: the doctest)
from ..errors import EngineError
from ..paytables import PaytableError

#: bumped whenever a change to how counts are made or read could change a figure, so that
#: stored counts go stale and are made again
COUNTS_VERSION = 1

#: the kinds of counts, one per enumeration: what `Counts.kind` may be
KINDS = ("mississippi-stud", "banked-stud")


def counts_key(kind: str, deck: Sequence[Card] | None, **inputs: Any) -> str:
    """A stable hash of what `kind`'s counts depend on: the deck (None: the full deck) and
    `inputs` (the dealer's qualifier, say).  Equal keys, equal counts."""
    data: dict[str, Any] = {"counts": COUNTS_VERSION, "kind": kind, **inputs}
    if deck is not None:
        data["deck"] = sorted(c.index for c in deck)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, eq=False)
class Counts:
    """One enumeration's paytable-free counts on one deck: `kind` names the enumeration,
    `deck` the cards (None: the full deck), `key` what they depend on (`counts_key`),
    `inputs` what that key read besides the deck, `arrays` the counts themselves."""

    kind: str
    key: str
    deck: tuple[Card, ...] | None
    inputs: Mapping[str, Any]
    arrays: Mapping[str, np.ndarray]

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise EngineError(f"'{self.kind}' is not a kind of par-sheet counts.")
        if counts_key(self.kind, self.deck, **self.inputs) != self.key:
            raise EngineError("These par-sheet counts do not match their key.")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counts):
            return NotImplemented
        return (
            (self.kind, self.key, self.deck, dict(self.inputs))
            == (other.kind, other.key, other.deck, dict(other.inputs))
            and self.arrays.keys() == other.arrays.keys()
            and all(np.array_equal(a, other.arrays[name]) for name, a in self.arrays.items())
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck, the full one when `deck` is None."""
        return ALL_CARDS if self.deck is None else self.deck

    @property
    def nbytes(self) -> int:
        """The memory the arrays take."""
        return sum(a.nbytes for a in self.arrays.values())

    def to_bytes(self) -> bytes:
        """The counts as a compressed numpy archive (`numpy.savez_compressed`), what they are
        and their key inside."""
        meta = {
            "kind": self.kind,
            "key": self.key,
            "deck": None if self.deck is None else [c.index for c in self.deck],
            "inputs": dict(self.inputs),
        }
        out = io.BytesIO()
        arrays: dict[str, Any] = {"_meta": np.array(json.dumps(meta)), **self.arrays}
        np.savez_compressed(out, **arrays)
        return out.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> Counts:
        """Counts read back from `to_bytes`; EngineError when the bytes are not such counts."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as archive:
                meta = json.loads(str(archive["_meta"]))
                arrays = {name: archive[name] for name in archive.files if name != "_meta"}
            deck = None if meta["deck"] is None else tuple(ALL_CARDS[i] for i in meta["deck"])
            return cls(meta["kind"], meta["key"], deck, meta["inputs"], arrays)
        except EngineError:
            raise
        except Exception as exc:  # a zip, JSON or key error: the bytes are not counts
            raise EngineError(f"These bytes are not par-sheet counts ({exc}).") from None

    def check(self, kind: str, key: str) -> None:
        """Raise EngineError unless these are `kind`'s counts under `key`."""
        if self.kind != kind or self.key != key:
            raise EngineError(
                f"These are the {self.kind} counts {self.key[:12]}, not the {kind} counts "
                f"{key[:12]} this par sheet needs."
            )


#: the largest magnitude a figure may reach in int64 arithmetic, with room for one addition
INT64_BOUND = 2**62


def check_bound(bound: int) -> None:
    """Refuse a table whose exact figures would not fit the int64 arithmetic they are summed
    in: only odds with very fine and unlike denominators (thousands to one against thousands
    to 7) come near it."""
    if bound >= INT64_BOUND:
        raise PaytableError(
            "This table's odds have denominators too fine and too unlike each other for an "
            "exact par sheet: write them with fewer different denominators."
        )
