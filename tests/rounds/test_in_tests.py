"""A test's section may deal rounds: "deal N rounds of a game", its pass mark over the steps
and, for a test that requires pace, the steps' times over their shares of the round's time."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import right_answer, wrong_answer
from trainer.assessments import services as tests
from trainer.assessments.forms import BuildForm
from trainer.assessments.models import Sitting
from trainer.assessments.services import Section
from trainer.drills.models import Attempt
from trainer.rounds.models import Round, RoundStep


@pytest.fixture
def sitting(trainee, supervisor, demo):
    test = tests.build_test(
        house=demo,
        created_by=supervisor,
        title="Deal Caribbean Stud",
        pass_mark=75,
        parts=[Section("round:caribbean-stud", 2, level=1), Section("cs-qualify", 1, level=1)],
        pace_required=False,
    )
    tests.assign(test=test, trainees=[trainee], assigned_by=supervisor)
    assignment = test.assignments.get()
    return tests.start_sitting(trainee=trainee, assignment_id=assignment.pk)


def test_a_sitting_deals_its_rounds_each_kept_in_order(sitting, trainee):
    rounds = list(Round.objects.filter(sitting=sitting))
    assert len(rounds) == 2 and all(r.players == 3 for r in rounds)  # a test's table: 3 at level 1
    items = list(sitting.items.select_related("question__round_step").order_by("position"))
    assert sitting.total == len(items) == sum(r.steps_total for r in rounds) + 1
    for played in rounds:
        mine = [
            i
            for i in items
            if getattr(i.question, "round_step", None)
            and i.question.round_step.round_id == played.pk
        ]
        positions = [i.position for i in mine]
        assert positions == list(range(positions[0], positions[0] + len(mine)))  # together
        assert [i.question.round_step.number for i in mine] == list(range(1, len(mine) + 1))


def _answer_all(client, sitting, wrong_steps=()):
    """Answer the sitting's questions as the pages ask them, wrong at the steps listed."""
    answered = 0
    while True:
        page = client.get(reverse("assessments:sitting", args=[sitting.pk]))
        where = page.url if page.status_code == 302 else ""
        if where == reverse("assessments:result", args=[sitting.pk]):
            return answered
        if where == reverse("rounds:sitting", args=[sitting.pk]):
            shown = client.get(page.url)
            assert shown.status_code == 200
            item = tests.next_item(sitting)
            row = RoundStep.objects.get(question=item.question)
            raw = (
                wrong_answer(row.question)
                if answered in wrong_steps
                else right_answer(row.question)
            )
            response = client.post(reverse("rounds:sitting-answer", args=[sitting.pk, row.pk]), raw)
            assert response.status_code == 302
        else:
            item = tests.next_item(sitting)
            response = client.post(
                reverse("assessments:answer", args=[sitting.pk, item.question_id]),
                right_answer(item.question),
            )
            assert response.status_code == 302
        answered += 1


def test_a_test_of_rounds_is_answered_step_by_step_and_scored_over_the_steps(
    client, sitting, trainee
):
    client.force_login(trainee)
    total = _answer_all(client, sitting, wrong_steps=(0,))
    sitting.refresh_from_db()
    assert sitting.is_finished and total == sitting.total
    rounds_part = next(s for s in sitting.sections if s["kind"] == "round:caribbean-stud")
    steps = sum(r.steps_total for r in Round.objects.filter(sitting=sitting))
    assert rounds_part["total"] == steps
    # the first item answered is answered wrong: it counts against the rounds when it is a
    # round's step (a step may be a question of the qualify drill too, so ask the step itself)
    first = sitting.items.order_by("position").first().question
    wrong = 1 if getattr(first, "round_step", None) is not None else 0
    assert rounds_part["right"] == steps - wrong
    assert rounds_part["target_ms"] is not None  # each step timed against its share


def test_a_rounds_step_is_answered_only_on_the_rounds_page(client, sitting, trainee):
    client.force_login(trainee)
    step = RoundStep.objects.filter(round__sitting=sitting, number=2).first()
    response = client.post(
        reverse("assessments:answer", args=[sitting.pk, step.question_id]),
        right_answer(step.question),
    )
    assert response.status_code == 409 and b"answer it on the round" in response.content
    practice = client.post(
        reverse("rounds:answer", args=[step.round_id, 1]), right_answer(step.question)
    )
    assert practice.status_code == 409
    assert not sitting.items.filter(question__attempt__isnull=False).exists()


@pytest.mark.parametrize(
    ("case", "status", "words"),
    [
        ("after the deadline", 409, "Time ran out"),
        ("after the sitting was finished", 409, "This test is finished"),
        ("out of its round's turn", 409, "Step 1 is the one on the table"),
        ("of a practice round", 404, None),
        ("of another trainee's sitting", 404, None),  # as a missing sitting
    ],
)
def test_a_step_after_the_end_out_of_turn_or_not_of_the_sitting_is_not_recorded(
    client, sitting, trainee, other_trainee, case, status, words
):
    from tests.rounds.conftest import deal

    row = RoundStep.objects.filter(round__sitting=sitting, number=1).first()
    who = trainee
    if case == "after the deadline":
        Sitting.objects.filter(pk=sitting.pk).update(deadline=sitting.started_at)
    elif case == "after the sitting was finished":
        tests.stop(trainee=trainee, sitting_id=sitting.pk)
    elif case == "out of its round's turn":
        row = RoundStep.objects.get(round=row.round, number=2)
    elif case == "of a practice round":
        row = deal(trainee).steps.get(number=1)
    else:
        who = other_trainee
    client.force_login(who)
    response = client.post(
        reverse("rounds:sitting-answer", args=[sitting.pk, row.pk]), right_answer(row.question)
    )
    assert response.status_code == status
    if words:
        assert words in response.content.decode()
    sitting.refresh_from_db()
    assert sitting.is_finished == case.startswith("after")
    assert not Attempt.objects.exists()


def test_the_build_form_offers_a_section_of_rounds_of_every_game(supervisor, demo):
    form = BuildForm(
        {"title": "Rounds", "level": 1, "pass_mark": 80, "count-round:english-stud": 3},
        user=supervisor,
    )
    assert form.is_valid(), form.errors
    (section,) = form.parts()
    assert (section.kind, section.count) == ("round:english-stud", 3)
    labels = [row["count"].label for row in form.section_rows()]
    assert "Deal the round: English Stud (rounds)" in labels
    with pytest.raises(Exception, match="at most 10 rounds"):
        tests.build_test(
            house=demo,
            created_by=supervisor,
            title="Too many",
            pass_mark=80,
            parts=[Section("round:english-stud", 11)],
        )
