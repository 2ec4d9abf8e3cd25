"""The points a supervisor judges at a table test: taken from the game's round
procedure, the same state machine the site deals rounds from, so a table test asks of the
dealer at a live table what a dealt round asks of them on the site.

Every round starts with the deal and ends with the chips built and the layout cleared; in
between, each part of the procedure (`Procedure.phases`, in the round's order) is one point.
The house adds its own points (its settings page); those are the house's words, not the
engine's.

>>> from trainer.engine.kit.registry import game
>>> import trainer.engine.catalog
>>> [p.key for p in table_points(game("caribbean-stud").round_procedure())]
['deal', 'take', 'qualify', 'settle', 'colour', 'clear']
>>> str(table_points(game("english-stud").round_procedure())[1].words)
'Names the bring-in by the rule, before any other action'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..messages import Message, say
from .rounds import Procedure


@dataclass(frozen=True)
class TablePoint:
    """One point of a table test: a stable key (stored with each judgement) and its words."""

    key: str
    words: Message


#: each part of a round's procedure as a table test judges it, by its phase
POINTS: dict[str, Message] = {
    "deal": say("Deals the round in the game's order, every card to its place, none exposed"),
    "take": say("Takes the folded and losing bets in the house's order, before any payout"),
    "qualify": say(
        "Turns the dealer's hand and says whether the dealer qualifies before settling a seat"
    ),
    "settle": say("Settles each seat in the house's order: every payout right by the paytable"),
    "bring-in": say("Names the bring-in by the rule, before any other action"),
    "first": say("Names the player who acts first on each street"),
    "offer": say("Offers each exchange in turn, to the player the rule names next"),
    "showdown": say("Reads every hand at the showdown and names its rank aloud"),
    "winners": say("Names the pot's winners, a tied pot split between them"),
    "push": say("Pushes each winner's share of the pot, in order"),
    "odd": say("Gives a split pot's odd chip as the rule says"),
    "colour": say("Builds each payout in colour: the house's chips, the fewest that make it"),
    "clear": say("Clears the layout: cards collected and counted, bets cleared, table ready"),
}

#: the points every round has, before and after the game's own
OPENING = ("deal",)
CLOSING = ("colour", "clear")


def table_points(procedure: Procedure[Any]) -> tuple[TablePoint, ...]:
    """The game's table-test points, in the order the round is dealt."""
    keys = (*OPENING, *procedure.phases, *CLOSING)
    return tuple(TablePoint(key, POINTS[key]) for key in keys)
