"""Staff trying drills out are scheduled nothing: no skill card, no adaptive practice."""

import pytest

from tests.factories import wrong_answer
from trainer.drills import services
from trainer.drills.models import PracticeSession
from trainer.drills.practice.models import SkillCard

pytestmark = pytest.mark.django_db


def test_a_supervisor_trying_a_drill_gets_no_skill_card(supervisor, trainee):
    for person in (supervisor, trainee):
        session = services.start_session(trainee=person, kind="cs-qualify", level=1)
        question = services.current_question(session)
        services.answer_question(
            trainee=person, question_id=question.pk, raw=wrong_answer(question)
        )
    assert not SkillCard.objects.filter(trainee=supervisor).exists()
    assert SkillCard.objects.filter(trainee=trainee).count() == 1  # the trainee's is kept


@pytest.mark.parametrize("mode", ["today", "mistakes"])
def test_staff_cannot_start_adaptive_practice(client, supervisor, mode):
    client.force_login(supervisor)
    response = client.post(f"/practice/{mode}/start", follow=True)
    assert response.redirect_chain[-1][0] == "/drills/"
    assert "staff try the drills one at a time" in response.content.decode()
    assert not PracticeSession.objects.filter(trainee=supervisor).exists()
