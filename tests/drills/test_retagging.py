"""Tags an earlier version wrote otherwise: retagged once by migration drills 0005, and worked
out again when a missed hand is dealt again (trainer.drills.retagging)."""

import pytest

from tests.factories import right_answer, wrong_answer
from trainer.drills import services
from trainer.drills.models import Question
from trainer.drills.practice.models import SkillCard
from trainer.drills.retagging import renaming_kinds, retag

pytestmark = pytest.mark.django_db


def dealt(trainee, kind, old_tag) -> Question:
    """A question of `kind` as an earlier version stored it, tagged `old_tag`."""
    session = services.start_session(trainee=trainee, kind=kind, level=1)
    question = services.current_question(session)
    Question.objects.filter(pk=question.pk).update(situation=old_tag)
    question.refresh_from_db()
    return question


def test_stored_questions_take_the_tags_of_today(trainee):
    # the old tags as f194db9 wrote them; today's are each drill's `situation_now`
    ledger = dealt(trainee, "cs-ledger", "bank win, 1 void deal")
    pile = dealt(trainee, "colour-up", "3 colours")
    hand = dealt(trainee, "hand-five", "flush")
    unreadable = dealt(trainee, "es-first-to-act", "highest card")
    Question.objects.filter(pk=unreadable.pk).update(request={"street": "x"})
    assert {"cs-ledger", "colour-up", "make-change", "es-first-to-act"} == set(renaming_kinds())
    assert retag(Question) == 2
    tags = dict(Question.objects.values_list("pk", "situation"))
    assert tags[ledger.pk] == "bank win"
    assert tags[pile.pk] == "colour up"
    assert tags[hand.pk] == "flush"  # a drill that renamed nothing is left alone
    assert tags[unreadable.pk] == "highest card"  # cannot be worked out: kept, no error
    assert retag(Question) == 0  # once is enough


def test_a_missed_hand_dealt_again_is_a_review_of_the_skill_it_is_now(trainee):
    pile = dealt(trainee, "colour-up", "3 colours")
    services.answer_question(trainee=trainee, question_id=pile.pk, raw=wrong_answer(pile))
    session = services.start_mode(trainee=trainee, mode="mistakes")
    replay = services.current_question(session)
    assert replay.replay_of_id == pile.pk and replay.situation == "colour up"
    services.answer_question(trainee=trainee, question_id=replay.pk, raw=right_answer(replay))
    card = SkillCard.objects.get(trainee=trainee, kind="colour-up", situation="colour up")
    assert card.last_attempt.question_id == replay.pk
