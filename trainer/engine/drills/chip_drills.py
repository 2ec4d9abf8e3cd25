"""Drills in chips: any drill's amounts paid in the house's chips, and the two chip drills,
colour up and make change.

A drill taken "in chips" asks each amount as chips: a payout is graded on its amount and on
the house's pay standard (`chips.payout`: the table level's smallest payout chip, the bet's
colours where the standard keeps to them, the bet being the stake the field is paid on,
`DrillKind.bet_for`); a stake collected (an
amount beside a lost or folded result) on its amount only, in any chips.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> from ..games.mississippi_stud.drills import MississippiPay
>>> q = MississippiPay().generate(11, 1, DEFAULT_CONFIG, in_chips=True)
>>> [f.kind.value for f in q.fields], q.expected["p1.amount"]["chips"]
(['choice', 'chips'], {'25': 1, '5': 1})
>>> q = ColourUp().generate(4, 1, DEFAULT_CONFIG)
>>> q.prompt, q.expected["chips"]["chips"]
('Colour up 10 red and 8 white (58).', {'25': 2, '5': 1, '1': 3})
>>> q = MakeChange().generate(2, 3, DEFAULT_CONFIG)
>>> q.prompt, q.expected["chips"]["chips"]
('A player bets 24 with 2 green (50): make the change.', {'25': 1, '1': 1})
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..chips import ChipSet, change, chip_counts, colour_up, words
from ..errors import EngineError
from ..house import HouseConfig
from ..kit.asked_in_chips import chips_field
from ..kit.kinds import Answer, Dealt, DrillKind, Level
from ..kit.registry import CHIPS
from ..kit.stored import value_at
from ..messages import Message, join, say


def _pile_words(chips: ChipSet, pile: Mapping[int, int]) -> Message:
    """A pile in words: "4 green, 10 red and 8 white"."""
    counts = chip_counts(chips, pile)
    if len(counts) < 2:
        return counts[0] if counts else words(chips, pile)
    return say("%(chips)s and %(last)s", chips=join(counts[:-1], sep=", "), last=counts[-1])


def _read_pile(request: Mapping[str, Any], name: str, chips: ChipSet) -> dict[int, int]:
    raw = value_at(request, name)
    if not isinstance(raw, Mapping):
        raise EngineError(f"'{name}' must give each chip's count.")
    pile = {}
    for v, n in raw.items():
        value = int(v)
        chips.chip(value)  # a chip of the house, or EngineError
        if not isinstance(n, int) or n < 0:
            raise EngineError(f"'{name}' must give each chip's count.")
        pile[value] = n
    return pile


COLOUR_UP = "colour up"


class ColourUp(DrillKind):
    # counting a pile down and colouring it up: bigger piles of more colours take longer
    pace = (8.0, 10.0, 15.0)
    slug = "colour-up"
    game = CHIPS
    title = say("Chips: colour up")
    description = say(
        "A player leaves with a pile of small chips: exchange them for the fewest chips of the "
        "house, keyboard first (a key per chip)."
    )
    mix = say("Piles of the house's two smallest chips, then three, then four of them mixed.")
    levels = (
        Level(1, say("a pile of the two smallest chips")),
        Level(2, say("the three smallest chips, bigger piles")),
        Level(3, say("four kinds of chip, piles worth hundreds of units")),
    )
    #: (kinds of chip in the pile, most of each)
    PILES = {1: (2, 20), 2: (3, 25), 3: (4, 30)}

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        chips = config.rules.chip_set
        kinds, most = self.PILES[level]
        values = chips.values[:kinds] if len(chips.values) > 1 else chips.values
        pile = {v: rng.randint(1, most) for v in values}
        amount = sum(v * n for v, n in pile.items())
        table = {
            "pile": {str(v): n for v, n in sorted(pile.items(), reverse=True)},
            "chips": chips.text(),
        }
        return Dealt(
            request={"pile": table["pile"]},
            table=table,
            prompt=say(
                "Colour up %(pile)s (%(amount)s).",
                pile=_pile_words(chips, pile),
                amount=f"{amount:,}",
            ),
            situation=COLOUR_UP,
        )

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """One situation: how many colours a pile holds is the level's, so it is no
        situation of its own (a skill is dealt at every level).

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> ColourUp().situations(DEFAULT_CONFIG)
        ('colour up',)
        """
        return {COLOUR_UP: None}

    def situation_now(self, situation: str, request: Mapping[str, Any], config: HouseConfig) -> str:
        """ "2 colours", "3 colours", "4 colours": the level's piles, now one situation."""
        return COLOUR_UP

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        chips = config.rules.chip_set
        pile = _read_pile(request, "pile", chips)
        amount = sum(v * n for v, n in pile.items())
        pay = colour_up(amount, chips)
        field_ = chips_field("chips", say("Colour up into"), chips)
        steps = (
            say(
                "The pile is %(pile)s: %(amount)s in all.",
                pile=_pile_words(chips, pile),
                amount=f"{amount:,}",
            ),
            say(
                "In the fewest chips of the house that is %(chips)s.",
                chips=words(chips, pay.chips),
            ),
        )
        return (field_,), {"chips": pay.as_json()}, steps


#: how many of the chips that can be broken level 1 of make change deals (the smallest ones)
FIRST_LEVEL_CHIPS = 3


def _broken(chips: ChipSet) -> tuple[int, ...]:
    """The chips a make-change question breaks: above the second smallest where the house
    has one (more bets to make change of), else its second chip."""
    higher = chips.values[1:]
    if not higher:
        raise EngineError("The house has one chip: there is no change to make.")
    return higher[1:] or higher


def _change_situation(chips: ChipSet, value: int) -> str:
    """ "change green"; the biggest chip level 1 breaks stands for every bigger one too:
    "change purple or larger"."""
    upper = _broken(chips)
    last = upper[:FIRST_LEVEL_CHIPS][-1]
    name = chips.chip(min(value, last)).name
    return f"change {name} or larger" if value >= last and upper[-1] > last else f"change {name}"


class MakeChange(DrillKind):
    # breaking one chip into the next colours down
    pace = (6.0, 8.0, 10.0)
    slug = "make-change"
    game = CHIPS
    title = say("Chips: make change")
    description = say(
        "A player bets with bigger chips than the bet: take the bet, give back the chips it "
        "does not need untouched and change the one it breaks into the fewest smaller chips, "
        "keyboard first (a key per chip)."
    )
    mix = say("A lower colour for a small bet, then any colour, then several chips at once.")
    levels = (
        Level(1, say("one chip of the third, fourth or fifth smallest colour")),
        Level(2, say("one or two chips of any colour above the second smallest")),
        Level(3, say("two to four chips of one colour")),
    )

    def deal(self, rng: random.Random, level: int, config: HouseConfig, natural: bool) -> Dealt:
        chips = config.rules.chip_set
        upper = _broken(chips)
        value = rng.choice(upper[:FIRST_LEVEL_CHIPS] if level == 1 else upper)
        return self._deal(rng, level, chips, value)

    def aims(self, config: HouseConfig) -> dict[str, Any]:
        """Change of each chip level 1 breaks (the third to fifth smallest), the last of them
        standing for every bigger chip too (those only levels 2 and 3 deal), smallest first.
        A house of one chip makes no change: no situation.

        >>> from trainer.engine.house import DEFAULT_CONFIG
        >>> MakeChange().situations(DEFAULT_CONFIG)
        ('change green', 'change black', 'change purple or larger')
        """
        chips = config.rules.chip_set
        if len(chips.values) < 2:
            return {}
        upper = _broken(chips)
        first = upper[:FIRST_LEVEL_CHIPS]
        aims: dict[str, Any] = {}
        for value in first:
            aims.setdefault(_change_situation(chips, value), []).append(value)
        aims[_change_situation(chips, first[-1])] += upper[len(first) :]
        return aims

    def deal_aimed(self, rng: random.Random, level: int, config: HouseConfig, aim: Any) -> Dealt:
        chips = config.rules.chip_set
        if level == 1:
            # the biggest chips stand in the situation of the biggest level 1 breaks
            aim = [v for v in aim if v in _broken(chips)[:FIRST_LEVEL_CHIPS]]
        return self._deal(rng, level, chips, rng.choice(aim))

    def situation_now(self, situation: str, request: Mapping[str, Any], config: HouseConfig) -> str:
        """A chip bigger than level 1 breaks, by the situation that now stands for it."""
        chips = config.rules.chip_set
        for value in chips.values:
            if situation == f"change {chips.chip(value).name}":
                return _change_situation(chips, value)
        return situation

    def _deal(self, rng: random.Random, level: int, chips: ChipSet, value: int) -> Dealt:
        count = {1: 1, 2: rng.randint(1, 2), 3: rng.randint(2, 4)}[level]
        total = value * count
        bet = rng.randrange(1, total // chips.unit) * chips.unit
        handed = {str(value): count}
        return Dealt(
            request={"handed": handed, "bet": bet},
            table={"pile": handed, "bet": bet, "chips": chips.text()},
            prompt=say(
                "A player bets %(bet)s with %(pile)s (%(total)s): make the change.",
                bet=f"{bet:,}",
                pile=_pile_words(chips, {value: count}),
                total=f"{total:,}",
            ),
            situation=_change_situation(chips, value),
        )

    def answer_for(self, request: Mapping[str, Any], level: int, config: HouseConfig) -> Answer:
        chips = config.rules.chip_set
        handed = _read_pile(request, "handed", chips)
        bet = value_at(request, "bet")
        if len(handed) != 1:
            raise EngineError("'handed' must be chips of one colour.")
        [(value, count)] = handed.items()
        total = value * count
        if not isinstance(bet, int) or not 0 < bet < total or bet % chips.unit:
            raise EngineError("'bet' must be a whole number of chips below the chips handed in.")
        pay = change(value, count, bet, chips)
        broken = -(-bet // value)
        name = chips.chip(value).name
        field_ = chips_field("chips", say("Change"), chips)
        steps = [
            say(
                "%(pile)s is %(total)s; the bet is %(bet)s.",
                pile=_pile_words(chips, handed),
                total=f"{total:,}",
                bet=f"{bet:,}",
            )
        ]
        if broken < count:
            steps.append(
                say(
                    "The bet takes %(broken)s %(chip)s (%(value)s): "
                    "give back the other %(back)s %(chip)s untouched.",
                    broken=broken,
                    chip=name,
                    value=f"{broken * value:,}",
                    back=count - broken,
                )
            )
        steps.append(
            say(
                "Change %(broken)s − %(bet)s = %(change)s in the fewest chips below %(chip)s; "
                "the change in all is %(chips)s (%(total)s).",
                broken=f"{broken * value:,}",
                bet=f"{bet:,}",
                change=f"{broken * value - bet:,}",
                chip=name,
                chips=words(chips, pay.chips),
                total=f"{total - bet:,}",
            )
        )
        return (field_,), {"chips": pay.as_json()}, tuple(steps)
