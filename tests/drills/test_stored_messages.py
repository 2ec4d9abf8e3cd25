"""A stored question keeps the engine's messages (pattern and parameters), so its feedback
reads in the reader's language; a question stored before messages still shows its English."""

from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import translation

from tests.factories import right_answer
from trainer.core.i18n import render
from trainer.drills import services
from trainer.drills.forms import seat_parts
from trainer.drills.models import Question
from trainer.drills.presenting import feedback_html
from trainer.engine.messages import Message

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.mo"
spanish = pytest.mark.skipif(
    not CATALOGUE.exists(), reason="no Spanish catalogue built (compilemessages)"
)


def _answered(client, trainee, kind="cs-settle"):
    session = services.start_session(trainee=trainee, kind=kind, level=1)
    question = services.current_question(session)
    response = client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    assert response.status_code == 200
    return Question.objects.select_related("attempt").get(pk=question.pk)


def test_a_stored_question_reads_back_its_messages(trainee_client, trainee):
    question = _answered(trainee_client, trainee)
    assert question.steps and all(isinstance(s, Message) for s in question.steps)
    assert isinstance(question.prompt, Message) and question.prompt.msgid.startswith("Settle")
    with connection.cursor() as cursor:
        cursor.execute("SELECT steps, prompt FROM drills_question WHERE id = %s", [question.pk])
        steps, prompt = cursor.fetchone()
    assert '"msgid": "The player holds %(cards)s: %(hand)s."' in str(steps)
    assert prompt.startswith('{"msgid": "Settle')


def test_a_question_stored_before_messages_shows_its_english(trainee_client, trainee):
    question = _answered(trainee_client, trainee)
    old = [str(s) for s in question.steps]
    Question.objects.filter(pk=question.pk).update(steps=old, prompt="Settle the player.")
    question = Question.objects.select_related("attempt").get(pk=question.pk)
    assert question.steps == old and not any(isinstance(s, Message) for s in question.steps)
    assert type(question.prompt) is str
    with translation.override("es"):
        html = feedback_html(question, question.attempt)
    assert "The dealer reveals" in html or "The player folds" in html


@spanish
def test_a_spanish_supervisor_reads_an_english_trainees_feedback_in_spanish(
    trainee_client, trainee
):
    with translation.override("en"):
        question = _answered(trainee_client, trainee)
    with translation.override("es"):
        html = feedback_html(question, question.attempt)
    assert "El jugador tiene" in html
    assert "The player holds" not in html
    with translation.override("en"):
        assert "The player holds" in feedback_html(question, question.attempt)


def _several_seats(trainee):
    for _ in range(20):
        session = services.start_session(trainee=trainee, kind="cs-settle", level=3)
        question = services.current_question(session)
        if len(question.table["positions"]) > 1:
            return Question.objects.get(pk=question.pk)
    raise AssertionError("no table of several seats dealt")


def test_a_stored_field_label_keeps_its_seat_apart(trainee):
    question = _several_seats(trainee)
    label = question.answer_fields()[0].label
    assert isinstance(label, Message) and label.startswith("Seat ")
    head, rest = seat_parts(label)
    assert head.startswith("Seat ") and head.endswith(": ") and rest == "Ante result"


@spanish
def test_a_field_label_reads_in_spanish(trainee):
    question = _several_seats(trainee)
    label = question.answer_fields()[0].label
    with translation.override("es"):
        head, rest = seat_parts(label)
    assert head.startswith("Asiento ") and rest == "Resultado de Ante"


@spanish
def test_a_fields_choices_read_in_spanish(trainee):
    question = _several_seats(trainee)
    choices = dict(question.answer_fields()[0].choices)
    assert choices["win"] == "Win" and isinstance(choices["win"], Message)
    with translation.override("es"):
        assert render(choices["win"]) == "Gana"
