"""Cards, the card parser and the deck.

A `Card` is one of 52 interned singletons.  It is an `int` whose bits are laid out for the
hand evaluator (rank bit, suit bit, rank prime), so that `evaluate_five` needs nothing but
integer operations.  Everything else uses the readable attributes `rank`, `suit`, `code`.

>>> parse_cards("Qh 10d, t♠ 2C")
(Card('Qh'), Card('Td'), Card('Ts'), Card('2c'))
>>> str(parse_cards("q♥")[0])
'Qh'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from .errors import CardError
from .messages import Message, say

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"  # suit order where a rule asks for it: clubs < diamonds < hearts < spades
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = tuple(n + ("es" if n == "six" else "s") for n in RANK_NAMES)
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

#: rank values: 2 .. 14 (ace high)
ACE = 14
KING = 13
QUEEN = 12
JACK = 11


class Card(int):
    """One playing card.  Rank 2..14 (ace high), suit 0..3 (clubs, diamonds, hearts, spades).

    The integer value packs: bits 16-28 the rank bit, bits 12-15 the suit bit, bits 8-11 the
    rank index and bits 0-7 the rank's prime, the layout of Cactus Kev's evaluator.
    """

    rank: int
    suit: int
    index: int  # 0..51, rank-major: 2c 2d 2h 2s 3c ...

    def __new__(cls, code: str) -> Card:
        return card(code)

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        r = rank - 2
        value = (1 << (16 + r)) | (1 << (12 + suit)) | (r << 8) | PRIMES[r]
        card = int.__new__(cls, value)
        card.rank = rank
        card.suit = suit
        card.index = r * 4 + suit
        return card

    @property
    def code(self) -> str:
        return RANK_CHARS[self.rank - 2] + SUIT_CHARS[self.suit]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    @property
    def name(self) -> str:
        """'queen of hearts'."""
        return f"{RANK_NAMES[self.rank - 2]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Cards are identified by rank and suit; int equality already does that, but keep the
    # hash of the int so that sets and dicts of cards stay fast.
    __hash__ = int.__hash__


#: all 52 cards, in rank-major order (2c 2d 2h 2s 3c ... As)
ALL_CARDS: tuple[Card, ...] = tuple(Card._make(r, s) for r in range(2, 15) for s in range(4))
_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}

_RANK_TOKENS = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
_RANK_TOKENS["10"] = 10
_SUIT_TOKENS = {ch: i for i, ch in enumerate(SUIT_CHARS)}
_SUIT_TOKENS.update({ch: i for i, ch in enumerate(SUIT_SYMBOLS)})
# the text-presentation and outline forms people paste in
_SUIT_TOKENS.update({"♤": 3, "♡": 2, "♢": 1, "♧": 0})
_SEPARATORS = str.maketrans({",": " ", ";": " ", "\t": " ", "\n": " ", "\ufe0f": None})


def card(code: str) -> Card:
    """One card from its text form (`Qh`, `10h`, `q♥`)."""
    token = code.strip()
    upper = token.upper()
    if len(upper) < 2:
        raise CardError(_not_a_card(token))
    rank_part, suit_part = upper[:-1], token[-1].lower()
    rank = _RANK_TOKENS.get(rank_part)
    suit = _SUIT_TOKENS.get(suit_part)
    if rank is None and suit is None:
        raise CardError(_not_a_card(token))
    if rank is None:
        raise CardError(
            say(
                "'%(token)s' has no rank a deck holds: use 2-9, T or 10, J, Q, K or A before "
                "the suit.",
                token=token,
            )
        )
    if suit is None:
        raise CardError(
            say("'%(token)s' has no suit: end it with c, d, h or s (or ♣ ♦ ♥ ♠).", token=token)
        )
    return ALL_CARDS[(rank - 2) * 4 + suit]


def _not_a_card(token: str) -> Message:
    return say(
        '\'%(token)s\' is not a card: write a rank and a suit, like "Qh" or "10d".', token=token
    )


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from text: spaces or commas between cards, any case, `T` or `10`, suit letters or
    symbols.  A card given twice is refused, naming it.

    >>> parse_cards("As Ks")
    (Card('As'), Card('Ks'))
    >>> parse_cards("As as")
    Traceback (most recent call last):
    ...
    trainer.engine.errors.CardError: As is given twice: a deck has one of each card.
    """
    if isinstance(text, str):
        tokens = text.translate(_SEPARATORS).split()
    elif isinstance(text, Iterable):
        tokens = []
        for item in text:
            if not isinstance(item, str):
                raise CardError(
                    say(
                        '%(item)s is not a card: write cards as text, like "Qh" or "10d".',
                        item=repr(item),
                    )
                )
            tokens.extend(item.translate(_SEPARATORS).split())
    else:
        raise CardError(
            say(
                "%(text)s is not a list of cards: write cards as text, like 'Qh Qs'.",
                text=repr(text),
            )
        )
    cards = tuple(card(t) for t in tokens)
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise CardError(
                    say("%(card)s is given twice: a deck has one of each card.", card=c)
                )
            seen.add(c)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text: 'Qh Qs 2c'."""
    return " ".join(c.code for c in cards)


class Deck:
    """A shuffled 52-card deck that deals from a `random.Random`, so every deal replays from
    its seed.

    >>> Deck(seed=7).deal(3) == Deck(seed=7).deal(3)
    True
    """

    def __init__(self, seed: int | None = None, *, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self.cards: list[Card] = list(ALL_CARDS)
        self.rng.shuffle(self.cards)
        self.position = 0

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        if n < 0:
            raise CardError(f"cannot deal {n} cards.")
        if n > self.remaining:
            raise CardError(f"the stock has {self.remaining} cards; {n} were asked for.")
        out = tuple(self.cards[self.position : self.position + n])
        self.position += n
        return out

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def burn(self) -> Card:
        return self.deal_one()

    def add_to_stock(self, cards: Iterable[Card]) -> None:
        """Shuffle `cards` (discards, burns) in to form the new stock under the remaining cards."""
        rest = self.cards[self.position :]
        extra = list(cards)
        self.rng.shuffle(extra)
        self.cards = rest + extra
        self.position = 0
