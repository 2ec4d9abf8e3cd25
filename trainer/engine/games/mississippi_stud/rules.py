"""Mississippi Stud (mississippi-stud.txt, RULES.md): one position against the paytable.

Each position antes, sees two private cards, and before each of the three community cards
either folds or bets 1, 2 or 3 times the Ante (3rd, 4th and 5th Street).  The final five pay
by category on every live bet; the pair bands of the paytable decide which pairs pay, push or
lose.

>>> s = settle(parse_cards("Qh Qs"), parse_cards("2c 7d 9s"), [1, 1, 2, 3])
>>> s.outcome.value, s.stake, s.profit, s.returned
('win', 7, 7, 14)
>>> s.steps[-2]
'Pair of queens pays 1:1: profit 7, stake 7 returned, 14 in all.'
>>> settle(parse_cards("6h 6s"), parse_cards("Ac 9d Kc"), [1, 1, 1, 1]).outcome.value
'push'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Deck, format_cards, parse_cards  # noqa: F401 (doctests use it)
from ...errors import RulingError, message_of
from ...hands import Category, HandValue, evaluate_five, rank_plural
from ...house import HouseConfig, HouseRules
from ...kit.game import PreviewRow
from ...messages import Message, join, say
from ...paytables import MISSISSIPPI_STUD_BASE, Odds, Paytable, PaytableError
from ...words import cap
from .request import MississippiStudRequest

__all__ = [
    "BETS",
    "MAX_POSITIONS",
    "Deal",
    "Outcome",
    "Settlement",
    "Spot",
    "deal",
    "ruling",
    "settle",
]

#: the game's name in requests (RULING_API.md) and in the games registry
SLUG = "mississippi-stud"

#: the betting spots in the order they are placed: (the `bet` key of a spot, the dealer's name)
BETS: tuple[tuple[str, str], ...] = (
    ("ante", say("Ante")),
    ("3rd", say("3rd Street")),
    ("4th", say("4th Street")),
    ("5th", say("5th Street")),
)
_TITLES = dict(BETS)
#: each street bet is one of these multiples of the Ante (mississippi-stud.txt §03)
STREET_MULTIPLES = (1, 2, 3)
#: positions a table deals (mississippi-stud.txt §02)
MAX_POSITIONS = 6

_DEFAULT_RULES = HouseRules()


class Outcome(enum.Enum):
    """How a position's hand ends."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    FOLD = "fold"


@dataclass(frozen=True)
class Spot:
    """One placed bet and what it won: `profit` is winnings only, never negative (a lost stake
    shows in the settlement's `net`)."""

    bet: str
    stake: int
    profit: int


@dataclass(frozen=True)
class Settlement:
    """The settlement of one position, with its reasons in `steps`."""

    outcome: Outcome
    #: None on a fold: a folded hand is never read
    category: Category | None
    hand: HandValue | None
    #: the odds applied; None unless the hand wins
    odds: Odds | None
    #: everything placed (Ante plus street bets)
    stake: int
    profit: int
    #: stakes plus profit handed back to the player
    returned: int
    net: int
    spots: tuple[Spot, ...]
    #: profit withheld by the house's payout cap (0 without a cap)
    capped: int
    steps: tuple[Message, ...]


@dataclass(frozen=True)
class Deal:
    """A dealt hand: two private cards per position and the three community cards."""

    hands: tuple[tuple[Card, Card], ...]
    board: tuple[Card, Card, Card]


def settle(
    hole: Sequence[Card],
    board: Sequence[Card],
    bets: Sequence[int],
    *,
    paytable: Paytable = MISSISSIPPI_STUD_BASE,
    rules: HouseRules = _DEFAULT_RULES,
) -> Settlement:
    """Settle one position.  `bets` = [ante, 3rd, 4th, 5th]; a shorter list folded before the
    next street, and then the board may hold 0 to 3 cards (they do not matter).  The input is
    taken as checked (`trainer.engine.kit.requests.read_mississippi_stud` checks a request).

    >>> s = settle(parse_cards("Kh 4c"), parse_cards("9s"), [1, 2])
    >>> s.outcome.value, s.net, s.steps[0]
    ('fold', -3, 'Folded before 4th Street: the Ante 1 and 3rd Street 2 are lost, 3 in all.')
    """
    amounts = tuple(bets)
    folded = len(amounts) < len(BETS)
    stake = sum(amounts)
    if folded:
        return _fold(amounts, stake)

    hand = evaluate_five((*hole, *board))
    category = hand.category
    steps = [
        say(
            "The final five, %(hole)s with %(board)s: %(hand)s.",
            hole=format_cards(hole),
            board=format_cards(board),
            hand=hand.description,
        ),
        _category_step(hand, paytable),
        say("Total %(sum)s = %(stake)s.", sum=" + ".join(map(str, amounts)), stake=stake),
    ]
    name = _hand_name(hand)
    outcome, odds = _result(hand, paytable)
    if outcome is Outcome.PUSH:
        steps.append(
            say("%(hand)s pushes: stake %(stake)s returned, net 0.", hand=name, stake=stake)
        )
        return Settlement(
            outcome, category, hand, None, stake, 0, stake, 0, _spots(amounts), 0, tuple(steps)
        )
    if outcome is Outcome.LOSE:
        steps.append(
            say(
                "%(hand)s loses: the stake of %(stake)s is lost, net -%(stake)s.",
                hand=name,
                stake=stake,
            )
        )
        return Settlement(
            outcome, category, hand, None, stake, 0, 0, -stake, _spots(amounts), 0, tuple(steps)
        )

    assert odds is not None
    try:
        won = [odds.profit(a) for a in amounts]
    except PaytableError as exc:
        raise RulingError(message_of(exc), field="bets") from None
    full = sum(won)
    cap = rules.mississippi_payout_cap
    capped = full - cap if cap is not None and full > cap else 0
    paid = _withhold(won, capped)
    profit = full - capped
    spots = _spots(amounts, paid)
    paid_words = join(
        [
            say(
                "%(bet)s %(stake)s wins %(profit)s",
                bet=_TITLES[s.bet],
                stake=s.stake,
                profit=s.profit,
            )
            for s in spots
        ],
        sep=", ",
    )
    if capped:
        steps += [
            say(
                "%(hand)s pays %(odds)s: %(full)s before the cap.",
                hand=name,
                odds=str(odds),
                full=full,
            ),
            say(
                "The house pays at most %(cap)s profit a hand: %(capped)s is withheld, taken from "
                "the last street back (%(paid)s).",
                cap=cap if cap is not None else 0,
                capped=capped,
                paid=paid_words,
            ),
            say(
                "Profit %(profit)s, stake %(stake)s returned, %(total)s in all.",
                profit=profit,
                stake=stake,
                total=stake + profit,
            ),
        ]
    else:
        steps += [
            say(
                "%(hand)s pays %(odds)s: profit %(profit)s, stake %(stake)s returned, %(total)s "
                "in all.",
                hand=name,
                odds=str(odds),
                profit=profit,
                stake=stake,
                total=stake + profit,
            ),
            say("Each spot is paid at %(odds)s: %(paid)s.", odds=str(odds), paid=paid_words),
        ]
    return Settlement(
        outcome,
        category,
        hand,
        odds,
        stake,
        profit,
        stake + profit,
        profit,
        spots,
        capped,
        tuple(steps),
    )


def _fold(amounts: tuple[int, ...], stake: int) -> Settlement:
    placed = [
        say("%(bet)s %(amount)s", bet=title, amount=a)
        for (_, title), a in zip(BETS, amounts, strict=False)
    ]
    before = BETS[len(amounts)][1]
    if len(placed) == 1:
        lost = say("the %(bet)s is lost", bet=placed[0])
    else:
        lost = say(
            "the %(bets)s and %(last)s are lost, %(stake)s in all",
            bets=join(placed[:-1], sep=", "),
            last=placed[-1],
            stake=stake,
        )
    steps = (
        say("Folded before %(street)s: %(lost)s.", street=before, lost=lost),
        say("Later streets were never bet, so they cost nothing; net -%(stake)s.", stake=stake),
    )
    return Settlement(
        Outcome.FOLD, None, None, None, stake, 0, 0, -stake, _spots(amounts), 0, steps
    )


def _result(hand: HandValue, paytable: Paytable) -> tuple[Outcome, Odds | None]:
    """Win (with its odds), push or lose: rows and pair bands are the paytable's data."""
    if hand.category is Category.ONE_PAIR:
        pair = hand.ranks[0]
        if paytable.pair_band is not None and pair not in paytable.pair_band:
            if paytable.push_band is not None and pair in paytable.push_band:
                return Outcome.PUSH, None
            return Outcome.LOSE, None
    odds = paytable.odds_for(hand.category)
    return (Outcome.LOSE, None) if odds is None else (Outcome.WIN, odds)


def _category_step(hand: HandValue, paytable: Paytable) -> Message:
    category = hand.category
    if category is not Category.ONE_PAIR:
        if paytable.odds_for(category) is None:
            return say(
                "Category: %(category)s, which has no row on the paytable.",
                category=category.label,
            )
        return say("Category: %(category)s.", category=category.label)
    pair = rank_plural(hand.ranks[0])
    pay, push = paytable.pair_band, paytable.push_band
    if pay is None:
        return say("Category: one pair, %(pair)s; every pair pays on this paytable.", pair=pair)
    if hand.ranks[0] in pay:
        return say(
            "Category: one pair, %(pair)s, within the paying pairs %(band)s.",
            pair=pair,
            band=pay.short(),
        )
    if push is not None and hand.ranks[0] in push:
        return say(
            "Category: one pair, %(pair)s, within the push band %(band)s.",
            pair=pair,
            band=push.short(),
        )
    if push is not None:
        return say(
            "Category: one pair, %(pair)s, outside the paying pairs %(band)s and the push band "
            "%(push)s.",
            pair=pair,
            band=pay.short(),
            push=push.short(),
        )
    return say(
        "Category: one pair, %(pair)s, outside the paying pairs %(band)s.",
        pair=pair,
        band=pay.short(),
    )


def _hand_name(hand: HandValue) -> str:
    if hand.category is Category.ONE_PAIR:
        return say("Pair of %(ranks)s", ranks=rank_plural(hand.ranks[0]))
    return cap(hand.category.label)


def _withhold(won: list[int], withheld: int) -> list[int]:
    """Take `withheld` off the spot profits from the last street back, so spots still add up."""
    paid = list(won)
    for i in reversed(range(len(paid))):
        cut = min(paid[i], withheld)
        paid[i] -= cut
        withheld -= cut
    return paid


def _spots(amounts: Sequence[int], profits: Sequence[int] | None = None) -> tuple[Spot, ...]:
    profits = profits if profits is not None else (0,) * len(amounts)
    return tuple(
        Spot(key, stake, won) for (key, _), stake, won in zip(BETS, amounts, profits, strict=False)
    )


def deal(seed: int, positions: int = 1) -> Deal:
    """Deal `positions` hands (1 to 6) and the board from a deck shuffled by `seed`.

    >>> deal(7) == deal(7)
    True
    >>> len(deal(7, positions=6).hands)
    6
    """
    if isinstance(positions, bool) or not isinstance(positions, int):
        raise RulingError(f"positions must be a whole number; {positions!r} is not.", "positions")
    if not 1 <= positions <= MAX_POSITIONS:
        raise RulingError(
            f"A Mississippi Stud table deals 1 to {MAX_POSITIONS} positions; {positions} is not.",
            field="positions",
        )
    deck = Deck(seed)
    hands = tuple((deck.deal_one(), deck.deal_one()) for _ in range(positions))
    first, second, third = deck.deal(3)
    return Deal(hands, (first, second, third))


def ruling(request: MississippiStudRequest, config: HouseConfig) -> dict[str, Any]:
    """The `mississippi-stud` ruling of RULING_API.md, for a checked request.

    >>> from ...house import DEFAULT_CONFIG
    >>> from .request import MississippiStudRequest
    >>> r = ruling(MississippiStudRequest(parse_cards("Qh Qs"), parse_cards("2c 7d 9s"),
    ...                                   (1, 1, 2, 3)), DEFAULT_CONFIG)
    >>> r["outcome"], r["category"], r["odds"], r["returned"], r["net"]
    ('win', 'one pair', '1:1', 14, 7)
    """
    s = settle(
        request.hole,
        request.board,
        request.bets,
        paytable=config.paytable(SLUG),
        rules=config.rules,
    )
    return {
        "outcome": s.outcome.value,
        "category": s.category.label if s.category is not None else None,
        "odds": str(s.odds) if s.odds is not None else None,
        "stake": s.stake,
        "profit": s.profit,
        "returned": s.returned,
        "net": s.net,
        "spots": [{"bet": p.bet, "stake": p.stake, "profit": p.profit} for p in s.spots],
        "steps": list(s.steps),
    }


#: one hand per row of the table, strongest first, plus the pair-band edges (a games
#: manager's preview of a table: `preview`)
PREVIEW_HANDS = (
    ("Ah Kh", "Qh Jh Th"),
    ("9s 8s", "7s 6s 5s"),
    ("Qc Qd", "Qh Qs 4d"),
    ("Tc Td", "Th 4s 4d"),
    ("Ac 9c", "6c 4c 2c"),
    ("9d 8c", "7h 6s 5d"),
    ("7c 7d", "7h Ks 2d"),
    ("Kc Kd", "4h 4s 9d"),
    ("Jc Jd", "3h 8s 9d"),
    ("Tc Th", "3h 8s 2d"),
    ("6c 6h", "Ah 9s Kc"),
    ("5c 5h", "Ah 9s Kc"),
    ("Ac Qh", "8s 6d 2c"),
)


#: each outcome as the example hands say it, written out so the catalogue's extraction finds it
_OUTCOME_WORDS = {
    Outcome.WIN: say("win"),
    Outcome.PUSH: say("push"),
    Outcome.LOSE: say("lose"),
    Outcome.FOLD: say("fold"),
}


def preview(config: HouseConfig) -> list[PreviewRow]:
    """The preview hands settled with the house's table, every bet the smallest stake.

    >>> from ...house import DEFAULT_CONFIG
    >>> row = preview(DEFAULT_CONFIG)[-3]
    >>> row.hand, row.result, row.net
    ('one pair', 'push', 0)
    """
    table = config.paytable(SLUG)
    unit = table.stake_unit(config.rules.chip_unit)
    rows = []
    for hole, board in PREVIEW_HANDS:
        s = settle(
            parse_cards(hole), parse_cards(board), (unit,) * 4, paytable=table, rules=config.rules
        )
        word = _OUTCOME_WORDS[s.outcome]
        result = (
            word
            if s.odds is None
            else say("%(outcome)s at %(odds)s", outcome=word, odds=str(s.odds))
        )
        category = s.category.label if s.category is not None else ""
        rows.append(PreviewRow(f"{hole} + {board}", "", category, result, s.stake, s.net))
    return rows
