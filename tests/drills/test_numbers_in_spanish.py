"""Amounts in the trainee's language: the felt groups a Spanish trainee's thousands with a
point ("1.250") where an English one reads "1,250", and an amount typed with the Spanish
grouping is read as the whole number of chips it is; nothing a reader could mean as decimals
is taken for one."""

from __future__ import annotations

import re

import pytest

from tests.factories import TraineeFactory, right_answer
from trainer.drills import services
from trainer.drills.models import Attempt, Question


def reading(trainee, language: str):
    trainee.language = language
    trainee.save(update_fields=["language"])


def asking_1250(trainee) -> tuple[Question, str]:
    """A Mississippi Stud payout question whose amount is 1,250 (made so: the deal's own amount
    is a few dozen chips, too few to group)."""
    session = services.start_session(trainee=trainee, kind="ms-pay", level=1)
    question = services.current_question(session)
    name = next(f["name"] for f in question.fields if f["kind"] == "amount")
    Question.objects.filter(pk=question.pk).update(expected={**question.expected, name: 1250})
    question.refresh_from_db()
    return question, name


@pytest.mark.parametrize(("language", "typed"), [("es", "1.250"), ("en", "1,250"), ("es", "1250")])
def test_an_amount_in_the_readers_grouping_is_read_as_its_chips(
    trainee_client, trainee, language, typed
):
    reading(trainee, language)
    question, name = asking_1250(trainee)
    answer = {**right_answer(question), name: typed}
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", answer)
    assert response.status_code == 200
    attempt = Attempt.objects.get(question=question)
    assert attempt.answer[name] == 1250 and attempt.marks[name] is True


@pytest.mark.parametrize(("language", "typed"), [("es", "1,250"), ("es", "1.25"), ("en", "1.250")])
def test_what_could_be_decimals_is_refused_not_guessed(trainee_client, trainee, language, typed):
    reading(trainee, language)
    question, name = asking_1250(trainee)
    answer = {**right_answer(question), name: typed}
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", answer)
    assert response.status_code == 200
    assert f'name="{name}"' in response.content.decode()  # the form again, with its message
    assert not Attempt.objects.filter(question=question).exists()


@pytest.mark.parametrize(("language", "total"), [("es", "1.250"), ("en", "1,250")])
def test_the_chip_builders_total_on_the_felt_is_grouped_in_the_readers_language(
    trainee_client, trainee, language, total
):
    reading(trainee, language)
    session = services.start_session(trainee=trainee, kind="ms-pay", level=1, in_chips=True)
    question = services.current_question(session)
    # 1,250 white chips and a count that is no number: the answer is refused and the felt
    # drawn again with the chips as sent, their total under the tray
    data = {"p1.outcome": "win", "p1.amount.1": "1250", "p1.amount.25": "two"}
    page = trainee_client.post(f"/drills/q/{question.pk}/answer", data).content.decode()
    assert f'for="id_p1.amount_tray" data-thousands="{total[1]}">{total}</output>' in page
    assert not Attempt.objects.filter(question=question).exists()


def test_the_drill_pages_placard_is_kept_for_each_readers_language(client, trainee, demo):
    # the placard is drawn once per app server and kept: an English reader's drawing first,
    # then the same drill for a Spanish reader of the same house
    spanish = TraineeFactory(house=demo, username="trainee-sofia", language="es")
    pages = {}
    for reader in (trainee, spanish):
        session = services.start_session(trainee=reader, kind="ms-pay", level=1)
        client.force_login(reader)
        pages[reader.language or "en"] = client.get(f"/drills/s/{session.pk}/").content.decode()
    chips = {
        language: re.search(r'<p class="placard-chips">.*?</p>', page, re.DOTALL).group()
        for language, page in pages.items()
    }
    # the orange chip, 1000, named and valued beside its disc
    assert " 1,000</span>" in chips["en"] and " 1.000</span>" not in chips["en"]
    assert " 1.000</span>" in chips["es"] and " 1,000</span>" not in chips["es"]
