"""Practise my mistakes: a fresh hand of each skill the trainee missed, dealt as a new
question until the miss is answered right.

A missed hand is a practice question answered wrong (`waiting`).  Dealt again (`fresh_hand`),
it is a new question whose `replay_of` is the question first missed (never another replay):
a new hand of the missed question's situation (its skill, as tagged today), at the same level
and stakes, asked in chips if it was, graded under the house's rules of today.  The trainee
answers the rule, not the memory of the hand: the hand missed is shown beside the review once
the new one is answered (`trainer.drills.presenting.missed_hand`).

- *Fresh*: another seed than the missed question's; a deal that comes up with the same cards
  (a situation with few hands, such as a royal flush read sorted) is dealt again with the next
  seed, so the hand is new and the same seed always deals the same one.
- *The situation*: where the missed question's situation is empty, or not one the drill lists
  under the house's rules of today (a paytable whose bands moved), the hand is a fresh one of
  the drill at that level with no situation asked; so too if the situation's hands are all the
  hand missed.
- *The stakes*: the table's Ante (every position's) or pot is kept (`DrillKind.stakes_of`,
  `generate(..., stakes=...)`), unless the house's tables of today do not deal that stake at
  the level (a new chip unit), when the deal's own stands.  What a new hand decides for itself
  is dealt with it: how many positions or players sit at levels 2 and 3, each position's street
  bets (1 or 3 times the Ante in Mississippi Stud, and a fold's street), and in the chip drills
  the pile coloured up or the chips handed in and the bet, which are the hand itself.  The
  drills that stake nothing (reading a hand, the bring-in, first to act) keep nothing.

Its answer is an ordinary attempt, and so an ordinary review of its skill
(`trainer.drills.practice.services.store_and_review`): once it is answered right the miss is
cleared and the scheduler takes the skill on as usual; answered wrong, the miss waits still
(the first miss does: a replay never waits itself).

Nothing is stored for a session beyond its questions: the hands a session has are those
waiting when it started, and how often each was dealt in it is read from its questions.
"""

from __future__ import annotations

from collections import Counter
from itertools import count, islice

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext, gettext_lazy

from trainer.core.i18n import render
from trainer.drills.access import kinds_for
from trainer.drills.models import Attempt, Question
from trainer.drills.retagging import situation_now
from trainer.engine import EngineError
from trainer.engine.drills import DrillKind
from trainer.engine.drills import Question as EngineQuestion
from trainer.engine.house import HouseConfig

from .planning import Deal, Mode, register

#: the hands a session works on at once, oldest first: one pass of them is a few minutes at
#: the table's pace; as hands are answered right the next waiting ones come in
SESSION_HANDS = 20

#: seeds tried in turn for a hand of the missed situation unlike the hand missed, before a
#: hand of the drill with no situation asked
FRESH_TRIES = 20

NOTHING_WAITING = gettext_lazy(
    "You have no missed hands waiting: a hand you answer wrong in practice comes back here "
    "until you answer it right."
)


def waiting(trainee):
    """The trainee's missed practice hands still waiting: questions first dealt in practice
    (not replays, not a test's) and answered wrong, that no replay of has been answered right
    since: a hand waits until it is answered right, however long ago it was missed.  Oldest
    first, by the first miss.  Only drills the registry still deals and the trainee is
    offered (a watch drill's hand waits only while they may watch the game)."""
    cleared = Attempt.objects.filter(question__replay_of=OuterRef("pk"), is_correct=True)
    return (
        Question.objects.filter(
            trainee=trainee,
            replay_of__isnull=True,
            sitting_item__isnull=True,
            attempt__is_correct=False,
            kind__in=kinds_for(trainee),
        )
        .exclude(Exists(cleared))
        .order_by("attempt__answered_at", "pk")
    )


def waiting_count(trainee) -> int:
    """How many missed hands wait for the trainee (the landing page's and drills' count)."""
    return waiting(trainee).count()


def session_hands(session) -> list[Question]:
    """The hands a session of Practise my mistakes has: those waiting when it started (a hand
    missed elsewhere meanwhile waits for the next session), oldest first, `SESSION_HANDS` at
    a time."""
    hands = waiting(session.trainee).filter(attempt__answered_at__lt=session.started_at)
    return list(hands[:SESSION_HANDS])


def next_deal(session) -> Deal | None:
    """The next missed hand to deal in `session`, or None when every hand it has is answered
    right.  Each waiting hand is dealt once a pass, oldest first: the hand dealt fewest times
    in this session goes next, so a hand missed again comes back after the others."""
    hands = session_hands(session)
    if not hands:
        return None
    dealt = Counter(
        Question.objects.filter(session=session, replay_of__in=hands).values_list(
            "replay_of", flat=True
        )
    )
    original = min(hands, key=lambda hand: dealt[hand.pk])  # the first of the fewest: oldest
    return Deal(
        kind=original.kind,
        level=original.level,
        replay_of=original,
        in_chips=original.in_chips,
    )


def nothing_to_deal(trainee) -> str | None:
    """Why a session of Practise my mistakes cannot start now, or None when hands wait."""
    return None if waiting(trainee).exists() else NOTHING_WAITING


def fresh_hand(
    drill: DrillKind, original: Question, config: HouseConfig, seed: int
) -> EngineQuestion:
    """A new hand of the skill `original` missed, for the house `config` (the module's
    docstring says what is kept), dealt from `seed` or the seeds after it: the first that
    is neither `original`'s seed nor its cards.  EngineError when `config` cannot deal the
    drill at that level."""
    situation = situation_now(original.kind, original.situation, original.request, config)
    asked = (situation, None) if situation in drill.situations(config) else (None,)
    stakes = drill.stakes_of(original.table)
    seeds = [s for s in islice(count(seed), FRESH_TRIES + 1) if s != original.seed]
    for aim in asked:
        for fresh in seeds[:FRESH_TRIES]:
            try:
                q = drill.generate(
                    fresh,
                    original.level,
                    config,
                    # a situation asked is dealt to it, never as plain shuffled cards
                    natural=original.natural and aim is None,
                    in_chips=original.in_chips and drill.pays,
                    situation=aim,
                    stakes=stakes,
                )
            except EngineError:
                if aim is None:
                    raise
                break  # the situation does not come up at this house: a hand of the drill
            if not drill.same_hand(q.request, original.request):
                return q
    raise EngineError(
        gettext("The %(drill)s drill deals no other hand than the one missed.")
        % {"drill": render(drill.title)}
    )


def register_mode() -> None:
    """Practise my mistakes deals from here (`planning.register`)."""
    register("mistakes", Mode(next_deal, nothing_to_deal))
