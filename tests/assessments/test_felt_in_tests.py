"""A test's question is dealt on the same felt as practice: each seat's answers at its spot."""

from tests.factories import AssessmentFactory, AssignmentFactory
from trainer.assessments import services
from trainer.drills.forms import AnswerForm
from trainer.drills.presenting import table_seats


def test_a_multi_seat_test_question_puts_each_seats_answers_at_its_spot(demo, trainee, client):
    # Mississippi Stud payouts at level 3 deal several seats (the level's own description)
    test = AssessmentFactory(house=demo, parts=[("ms-pay", 1, 3)])
    assignment = AssignmentFactory(test=test, trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    question = sitting.items.get().question
    client.force_login(trainee)

    page = client.get(f"/tests/s/{sitting.pk}/").content.decode()

    form = AnswerForm(question=question)
    seats = {spot.seat for spot in form.spots(table_seats(question.table), "right") if spot.seat}
    assert len(seats) > 1, "level 3 deals more than one seat"
    assert page.count('class="spot seat answering"') == len(seats)
    assert "seat by seat as the house settles" in page
    # every answer field is on the page once: one box, or one radio button per choice
    for field in question.fields:
        inputs = len(field["choices"]) if field["kind"] == "choice" else 1
        assert page.count(f'name="{field["name"]}"') == inputs, field["name"]
