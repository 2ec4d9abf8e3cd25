"""What the rounds' tests share: a round dealt from a fixed seed, and its steps' answers as
the round page posts them."""

from __future__ import annotations

import pytest

from tests.factories import right_answer
from trainer.rounds import services
from trainer.rounds.models import Round, RoundStep


def deal(trainee, game="caribbean-stud", level=1, players=4, seed=3, **kw) -> Round:
    return services.deal_round(
        trainee=trainee, game=game, level=level, players=players, seed=seed, **kw
    )


def steps(played: Round) -> list[RoundStep]:
    return list(played.steps.select_related("question").order_by("number"))


def answer(trainee, row: RoundStep, raw=None, **kw):
    return services.answer_step(
        trainee=trainee,
        round_id=row.round_id,
        number=row.number,
        raw=right_answer(row.question) if raw is None else raw,
        **kw,
    )


def find(trainee, test, game="caribbean-stud", players=5, tries=60):
    """A round of `game` holding a step `test` accepts, dealt from the first seed that has
    one: (the round, that step's row)."""
    for seed in range(tries):
        played = deal(trainee, game, players=players, seed=seed)
        for row in steps(played):
            if test(row):
                return played, row
    raise AssertionError("no seed deals such a step")


@pytest.fixture
def caribbean(trainee):
    """Seed 3: two folds taken, the dealer called, two hands settled."""
    return deal(trainee)
