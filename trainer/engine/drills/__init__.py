"""Drills: what a trainee dealer is asked, generated from a seed and graded by the engine.

Each drill kind is registered in `REGISTRY` under its slug.  A kind generates a `Question`
from a seed, a level and the house's configuration: the cards and stakes shown (`table`), the
request that rules it (`request`, enough to re-grade it later with the same paytable and house
rules), the answer fields, the expected answer and the engine's steps.

The Django side stores questions and attempts; it never computes an answer itself.  Neither
do the drills: every expected answer is a typed result of the game modules' own functions
(`mississippi_stud.settle`, `banked_stud.settle` and `settle_match`,
`mississippi_gonorrhea.settle`, `english_stud.bring_in`, `first_to_act` and `showdown`), and
`generate` goes through `answer_for` so dealing and re-grading cannot disagree.

The package holds what every game's drills share: `kinds` (the question types and the
registry), `answers` (reading and grading a trainee's answer), `stakes` (antes, pots, seats,
levels and the mixes' helpers), `stored` (a stored request read back into typed arguments),
the drills every game shares (`hand_reading`, `chip_drills`) and the watch drill (`watch`).
Each game's own drills sit in its package (`trainer.engine.games.<game>.drills`); the
catalogue (`trainer.engine.catalog`) registers every kind, in the order the site shows them.

Plain deals make payout drills dull (most Mississippi Stud hands lose or fold), so each kind
deals to a stated `mix` that brings every outcome up often enough to practise; `natural=True`
deals plain shuffled cards instead.

>>> from trainer.engine.house import DEFAULT_CONFIG
>>> q = REGISTRY["ms-pay"].generate(7, 1, DEFAULT_CONFIG)
>>> q == REGISTRY["ms-pay"].generate(7, 1, DEFAULT_CONFIG)
True
>>> grade(q.fields, q.expected, q.expected) == {f.name: True for f in q.fields}
True
>>> [f.name for f in q.fields]
['p1.outcome', 'p1.amount']
>>> parse_answer(q.fields, {"p1.outcome": "W", "p1.amount": " +35 "})
{'p1.outcome': 'win', 'p1.amount': 35}
"""

from __future__ import annotations

from ..kit.answer_reading import (
    AMOUNT_FORMAT,
    MAX_ANSWER,
    NEGATIVE,
    NO_SEAT,
    SIGNED_FORMAT,
    TOO_LARGE,
)
from ..kit.answers import AnswerError, grade, guess_chance, guessable, parse_answer
from ..kit.kinds import (
    REGISTRY,
    Answer,
    AnswerField,
    AnswerKind,
    Dealt,
    DrillKind,
    Level,
    Question,
    register,
)

__all__ = [
    "AMOUNT_FORMAT",
    "MAX_ANSWER",
    "NEGATIVE",
    "NO_SEAT",
    "REGISTRY",
    "SIGNED_FORMAT",
    "TOO_LARGE",
    "Answer",
    "AnswerError",
    "AnswerField",
    "AnswerKind",
    "Dealt",
    "DrillKind",
    "Level",
    "Question",
    "grade",
    "guess_chance",
    "guessable",
    "parse_answer",
    "register",
]
