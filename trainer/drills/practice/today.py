"""Today's practice: the trainee's due skills, most overdue first, mixed with a share of new
skills, across the games they are enrolled in.

The rule is `trainer.engine.practice.pick` (no clock, no database: the simulation test deals
through it too); this module reads what it needs of one trainee (`standing`) and answers
`planning` with a `Deal`.  Reading costs a fixed number of queries, however many skills,
cards and answers the trainee has.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from trainer.core.times import when
from trainer.drills.access import may_watch
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.engine import practice, scheduling
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG, HouseConfig
from trainer.houses.config import house_setup

from .enrolment import enrolled_games
from .models import SkillCard
from .planning import Deal, Mode, register
from .services import house_day


def house_config(trainee) -> HouseConfig:
    """The configuration the trainee's house deals with (the default without a house)."""
    return house_setup(trainee.house).config if trainee.house_id else DEFAULT_CONFIG


def skills_of(trainee, *, watch: bool = False) -> tuple[practice.Skill, ...]:
    """Every skill the trainee practises: each situation of each drill of their enrolled
    games, as the house deals them, in the order new ones are met (`practice.interleaved`).
    `watch`: the skills of the watch drills instead (Today's watch), for one who may
    watch the game (none for anyone else); the dealer's skills never include them."""
    if watch and not may_watch(trainee):
        return ()
    games = enrolled_games(trainee)
    config = house_config(trainee)
    return practice.interleaved(
        (kind.slug, kind.situations(config))
        for kind in REGISTRY.values()
        if kind.game in games and kind.watches == watch
    )


def start_of_day(trainee, now: dt.datetime) -> dt.datetime:
    """When the house day of `now` started: the house's day start (04:00 by default) in its
    zone (`services.house_day`)."""
    return house_day(trainee).start_of(now)


#: what apps above this one ask Today's practice to lead with: each gives, for a trainee at a
#: moment, skills (drill kind, situation) to deal first (trainer.certification.risk: the
#: skills of a certification whose recall is predicted to fade); registered from their
#: `ready`
LEADERS: list[Callable[[Any, dt.datetime], set[practice.Skill]]] = []


def standing(trainee, now: dt.datetime, *, watch: bool = False) -> practice.Standing:
    """What the picker reads of `trainee` at `now`: their skills, when each scheduled one is
    due for practice (their own cards only; a skill in review from the start of its due's
    house day, `scheduling.due_from`) and how many skills they met today.  Two queries.

    A skill met today is a card with no answer before the start of today's house day: met in
    Today's practice, a drill of its own or a test, it started a card today and brings its
    reviews in the coming days, so it counts against today's `practice.NEW_PER_DAY`."""
    skills = skills_of(trainee, watch=watch)
    day = house_day(trainee)
    answered_before = Attempt.objects.filter(
        trainee=trainee,
        kind=OuterRef("kind"),
        question__situation=OuterRef("situation"),
        answered_at__lt=day.start_of(now),
    )
    cards: dict[practice.Skill, dt.datetime] = {}
    reviewed_today: set[practice.Skill] = set()
    # only the trainee's own skills use up the allowance: a card of a game they are not
    # enrolled in (a drill tried on its own) or of a situation no longer listed does not
    listed = set(skills)
    met = 0
    for kind, situation, state, old in (
        SkillCard.objects.filter(trainee=trainee)
        .annotate(old=Exists(answered_before))
        .values_list("kind", "situation", "state", "old")
    ):
        if not state:  # made for an answer being stored now (`services._locked_card`)
            continue
        cards[kind, situation] = scheduling.due_from(state, day)
        met += not old and (kind, situation) in listed
        if scheduling.reviewed_on_day(state, now, day):
            reviewed_today.add((kind, situation))
    leading: set[practice.Skill] = set()
    if not watch:
        for leader in LEADERS:
            leading |= leader(trainee, now)
    return practice.Standing(
        skills=skills,
        cards=cards,
        met_today=met,
        # each at most once a day: a skill answered today waits for its schedule
        leading=frozenset(leading - reviewed_today),
    )


def level_for(trainee, kind: str) -> int:
    """The level the trainee last drilled `kind` at (a session of that one drill), while the
    drill still has it; else its first level."""
    drill = REGISTRY[kind]
    levels = [lv.number for lv in drill.levels]
    last = (
        PracticeSession.objects.filter(trainee=trainee, mode="drill", kind=kind)
        .order_by("-started_at", "-pk")
        .values_list("level", flat=True)
        .first()
    )
    return last if last in levels else levels[0]


def _last_skill(session) -> practice.Skill | None:
    if session.last_question_id is None:
        return None
    row = Question.objects.filter(pk=session.last_question_id).values_list("kind", "situation")
    return row.first()


def next_deal(session) -> Deal | None:
    """The next question of a session of Today's practice (`practice.pick`), or None when
    nothing is left to deal now."""
    trainee = session.trainee
    now = timezone.now()
    current = standing(trainee, now, watch=session.mode == "watch")
    skill = practice.pick(current, now, dealt=session.dealt, last=_last_skill(session))
    if skill is None:
        return None
    kind, situation = skill
    return Deal(kind, level_for(trainee, kind), situation=situation)


def outlook(trainee, now: dt.datetime | None = None, *, watch: bool = False) -> practice.Outlook:
    """Today's practice (or Today's watch) in figures for the landing page: skills due now,
    new skills left today, when the next come due.  Two queries."""
    now = now or timezone.now()
    return practice.outlook(standing(trainee, now, watch=watch), now)


def nothing_to_deal(trainee, *, watch: bool = False) -> str | None:
    """None when Today's practice would deal something now; else why not, in the trainee's
    words, with when the next skill comes due.  Reads only."""
    now = timezone.now()
    current = standing(trainee, now, watch=watch)
    if practice.pick(current, now, dealt=0, last=None) is not None:
        return None
    if not current.skills:
        return gettext("Your games have no skills to practise yet.")
    figures = practice.outlook(current, now)
    said = (
        gettext("Nothing is due now and you have met every skill of your games.")
        if all(skill in current.cards for skill in current.skills)
        else ngettext(
            "Nothing is due now and you have met today's %(count)s new skill.",
            "Nothing is due now and you have met today's %(count)s new skills.",
            practice.NEW_PER_DAY,
        )
        % {"count": practice.NEW_PER_DAY}
    )
    if figures.next_due is not None:
        said += " " + gettext("The next skill comes due %(when)s.") % {
            "when": when(figures.next_due, "short")
        }
    return said


def register_modes() -> None:
    """Today's practice and Today's watch deal from here (`planning.register`)."""
    register("today", Mode(next_deal, functools.partial(nothing_to_deal, watch=False)))
    register("watch", Mode(next_deal, functools.partial(nothing_to_deal, watch=True)))
