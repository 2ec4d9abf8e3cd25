"""A test's section "deal N rounds of a game": one section kind per game the registry deals
rounds of, registered with trainer.assessments (which stands beneath this app and never
imports it) when the app is ready.

The section's questions are the rounds' steps, each round's kept in its order; the section
is scored as any: right steps over its steps for its pass mark, and, for a test that requires
pace, the median of each step's time over its share of the round's time (the game's rounds an
hour at the house).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from trainer.assessments import sections
from trainer.engine.catalog import round_games

from .services import deal_round, players_in_tests

#: a section's kind for a game's rounds: "round:" and the game (a test's section stores it)
PREFIX = "round:"
#: rounds a section may deal: each is some five to twenty steps
MOST_ROUNDS = 10


def kind_of(game: str) -> str:
    return PREFIX + game


def _said_round_title(title: str) -> str:
    return gettext("Deal the round: %(game)s") % {"game": title}


#: registered when the app is ready, said in the reader's language when shown
_round_title = lazy(_said_round_title, str)


def register_all() -> None:
    for entry in round_games():
        sections.register(
            sections.SectionKind(
                slug=kind_of(entry.slug),
                title=_round_title(entry.title),
                levels=(1, 2, 3),
                unit=gettext_lazy("rounds"),
                most=MOST_ROUNDS,
                deal=_deal(entry.slug),
                page=_page,
            )
        )


def _deal(game: str):
    def deal(*, trainee, level: int, count: int, sitting) -> list[list]:
        units = []
        for _ in range(count):
            played = deal_round(
                trainee=trainee,
                game=game,
                level=level,
                players=players_in_tests(game, level),
                sitting=sitting,
            )
            units.append([row.question for row in played.steps.select_related("question")])
        return units

    return deal


def _page(sitting, item) -> str:
    return reverse("rounds:sitting", args=[sitting.pk])
