"""How a par sheet's figures read to people, one way everywhere: the house edge as a
percentage beside its exact fraction (or, on a page, the percentage with the fraction kept
for its tooltip), and the house rules a sheet assumes or leaves out.

Kept apart from `parsheets` (which loads numpy for its enumerations) so that a page or a
command can show stored figures without loading the enumeration machinery.
"""

from __future__ import annotations

from fractions import Fraction

from .house import RULE_NAMES, HouseRules
from .kit.game import Game
from .messages import say

#: the minus sign of a figure shown to people (the JSON keeps "-": it is for machines)
MINUS = "\u2212"

#: the house rules a par sheet takes as input: the second bet's size (`Game.multiple`) is
#: the only one; every other house rule a game reads (caps, chip unit) is not modelled
MODELLED_RULES = ("call_multiple",)


def edge_percent(edge: Fraction | str) -> str:
    """A house edge as a percentage with four decimals, rounded exactly (half to even): what a
    page shows.  The sign is kept however small the edge, so a player edge never rounds away
    to "0%".  `edge` is a `Fraction` or its exact text ("numerator/denominator", as a stored
    sheet's `house_edge_exact` holds it).

    >>> edge_percent(Fraction(53223, 1082900)), edge_percent("-1/1000000000")
    ('4.9149%', '\u22120.0000%')
    """
    value = Fraction(edge)
    sign = MINUS if value < 0 else ""
    # rounded exactly (half to even) to four decimals of a percent: no float in between
    ten_thousandths = round(abs(value) * 100 * 10**4)
    whole, decimals = divmod(ten_thousandths, 10**4)
    return f"{sign}{whole}.{decimals:04d}%"


def exact_fraction(edge: Fraction | str) -> str:
    """A house edge as its exact fraction, signed as people write it: a page's tooltip, an
    export's column.

    >>> exact_fraction(Fraction(53223, 1082900)), exact_fraction("-1234/13225")
    ('53223/1082900', '\u22121234/13225')
    """
    value = Fraction(edge)
    sign = MINUS if value < 0 else ""
    return f"{sign}{abs(value).numerator}/{abs(value).denominator}"


def change_points(change: Fraction) -> str:
    """A change of house edge in percentage points, signed both ways ("no change" for none).

    >>> change_points(Fraction(3, 1000)), change_points(Fraction(-1, 400)), change_points(0)
    ('+0.3000 points', '\u22120.2500 points', 'no change')
    """
    if change == 0:
        return "no change"
    return ("+" if change > 0 else "") + edge_percent(change).replace("%", " points")


def change_fraction(change: Fraction) -> str:
    """A change of house edge as its exact fraction, signed both ways ("" for none).

    >>> change_fraction(Fraction(3, 1000)), change_fraction(Fraction(-1, 400)), change_fraction(0)
    ('+3/1000', '\u22121/400', '')
    """
    if change == 0:
        return ""
    return ("+" if change > 0 else "") + exact_fraction(change)


def edge_words(edge: Fraction | str) -> str:
    """A house edge in words where there is no tooltip to keep the exact value in (the
    par-sheet command, the admin, a message): `edge_percent` beside `exact_fraction`.

    >>> edge_words(Fraction(53223, 1082900))
    '4.9149% (53223/1082900)'
    >>> edge_words("-1234/13225")
    '\u22129.3308% (\u22121234/13225)'
    >>> edge_words(Fraction(-1, 10**9))
    '\u22120.0000% (\u22121/1000000000)'
    """
    return f"{edge_percent(edge)} ({exact_fraction(edge)})"


def rules_note(game: Game, rules: HouseRules) -> tuple[list[str], list[str]]:
    """What a par sheet of `game` computed under `rules` assumes, and the house rules the game
    reads that the sheet does not model, in words, for the sheet's readers.

    >>> from .catalog import GAMES
    >>> assumed, unmodelled = rules_note(GAMES["caribbean-stud"], HouseRules(call_multiple=3))
    >>> print(*assumed, sep="; "); print(*unmodelled, sep="; ")
    the Call is 3 × Ante (the house's call multiple)
    the chip unit; the Caribbean Stud call payout cap
    >>> rules_note(GAMES["casino-stud"], HouseRules(call_multiple=3))
    (['the Raise is 2 × Ante (the rules of Casino Stud Poker)'], ['the chip unit'])
    >>> rules_note(GAMES["mississippi-stud"], HouseRules())
    ([], ['the chip unit', 'the Mississippi Stud payout cap'])
    """
    assumed: list[str] = []
    multiple = game.multiple(rules)
    if multiple is not None:
        source = (
            say("the house's call multiple")
            if "call_multiple" in game.house_rules
            else say("the rules of %(game)s", game=game.title)
        )
        assumed.append(
            say(
                "the %(bet)s is %(multiple)s × Ante (%(source)s)",
                bet=game.second_bet or "",
                multiple=multiple,
                source=source,
            )
        )
    unmodelled = [RULE_NAMES[name] for name in game.house_rules if name not in MODELLED_RULES]
    return assumed, unmodelled
