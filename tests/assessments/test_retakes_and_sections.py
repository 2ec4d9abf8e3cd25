"""Sections (a drill at a level, with a pass mark of their own or the test's), retakes as the
test's policy allows (attempts, hours between them), every attempt kept and shown."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.factories import AssignmentFactory, right_answer, wrong_answer
from trainer.assessments import due, services
from trainer.assessments.models import Sitting
from trainer.assessments.services import Section
from trainer.drills.models import Attempt


def take(trainee, assignment, *, right: set[str] | bool):
    """Start a sitting and answer every question: right for the kinds in `right` (or all,
    or none), wrong for the others.  The last answer finishes it."""
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    for item in sitting.items.select_related("question", "part").order_by("position"):
        good = right if isinstance(right, bool) else item.part.kind in right
        raw = right_answer(item.question) if good else wrong_answer(item.question)
        services.answer(
            trainee=trainee, sitting_id=sitting.pk, question_id=item.question_id, raw=raw
        )
    sitting.refresh_from_db()
    assert sitting.is_finished
    return sitting


def build(demo, **kwargs):
    settings = {
        "house": demo,
        "created_by": None,
        "title": "Check",
        "pass_mark": 50,
        "parts": [Section("cs-qualify", 2, level=1), Section("hand-five", 2, level=3)],
    }
    settings.update(kwargs)
    return services.build_test(**settings)


# -- sections --------------------------------------------------------------------------------


def test_each_section_deals_its_own_drill_at_its_own_level(demo, trainee):
    test = build(demo)
    sitting = services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=test, trainee=trainee).pk
    )
    dealt = sorted((i.question.kind, i.question.level) for i in sitting.items.all())
    assert dealt == [("cs-qualify", 1)] * 2 + [("hand-five", 3)] * 2


def test_one_drill_may_be_two_sections_at_two_levels_but_not_the_same_one_twice(demo):
    test = build(demo, parts=[("hand-five", 1, 1), ("hand-five", 1, 2)])
    assert sorted(p.level for p in test.parts.all()) == [1, 2]
    with pytest.raises(ValidationError, match="listed twice"):
        build(demo, parts=[("hand-five", 1, 2), ("hand-five", 3, 2)])


def test_a_level_the_drill_does_not_have_is_refused(demo):
    with pytest.raises(ValidationError, match="has no level 9"):
        build(demo, parts=[("hand-five", 1, 9)])


def test_over_all_questions_half_right_passes_at_fifty_percent(demo, trainee):
    # 2 of 4 right = 50%, the pass mark: passed, although one section has none right
    test = build(demo)
    sitting = take(trainee, AssignmentFactory(test=test, trainee=trainee), right={"cs-qualify"})
    assert (sitting.right, sitting.total, sitting.passed) == (2, 4, True)
    by_kind = {s["kind"]: s for s in sitting.sections}
    assert (by_kind["cs-qualify"]["right"], by_kind["cs-qualify"]["passed"]) == (2, True)
    assert (by_kind["hand-five"]["right"], by_kind["hand-five"]["passed"]) == (0, False)


def test_passed_section_by_section_needs_every_section(demo, trainee):
    # the same answers fail when every section must reach its own mark
    test = build(
        demo,
        pass_by_section=True,
        parts=[Section("cs-qualify", 2, 1, pass_mark=100), Section("hand-five", 2, 3)],
    )
    sitting = take(trainee, AssignmentFactory(test=test, trainee=trainee), right={"cs-qualify"})
    assert sitting.passed is False
    assert [s["pass_mark"] for s in sitting.sections] == [100, 50]  # own, then the test's


def test_the_result_page_shows_each_section(client, demo, trainee):
    test = build(demo, pass_by_section=True)
    sitting = take(trainee, AssignmentFactory(test=test, trainee=trainee), right=True)
    client.force_login(trainee)
    page = client.get(reverse("assessments:result", args=[sitting.pk])).content.decode()
    assert 'id="sections"' in page and "2 of 2 (100%)" in page


# -- retakes ---------------------------------------------------------------------------------


def test_a_failed_test_with_attempts_left_is_sat_again_and_both_are_kept(demo, trainee):
    test = build(demo, attempts_allowed=2)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    first = take(trainee, assignment, right=False)
    assert first.passed is False
    assert [d.assignment for d in due.tests_due(trainee)] == [assignment]
    assert due.tests_due(trainee)[0].attempt == 2
    second = take(trainee, assignment, right=True)
    assert (second.number, second.passed) == (2, True)
    first.refresh_from_db()
    assert (first.number, first.right, first.passed) == (1, 0, False)  # kept as it was
    assert due.tests_due(trainee) == []


def test_no_attempt_beyond_the_number_allowed(demo, trainee):
    test = build(demo, attempts_allowed=1)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    with pytest.raises(services.Closed, match="sat 1 time, and you have used every attempt"):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert Sitting.objects.count() == 1


def test_a_passed_test_is_not_sat_again(demo, trainee):
    test = build(demo, attempts_allowed=3)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=True)
    with pytest.raises(services.Closed, match="passed this test already"):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)


def test_a_retake_waits_the_hours_between_attempts(demo, trainee):
    test = build(demo, attempts_allowed=2, retake_wait_hours=24)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    first = take(trainee, assignment, right=False)
    with pytest.raises(services.Closed, match="may start from"):
        services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    assert due.tests_due(trainee) == []
    # a day and a minute later (moved back instead of waiting)
    Sitting.objects.filter(pk=first.pk).update(
        finished_at=timezone.now() - timedelta(hours=24, minutes=1)
    )
    assert services.start_sitting(trainee=trainee, assignment_id=assignment.pk).number == 2


def test_a_retake_is_refused_while_a_sitting_is_open_and_starts_once_its_time_ran_out(
    client, demo, trainee
):
    test = build(demo, attempts_allowed=2, time_limit_minutes=10)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    first = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    client.force_login(trainee)
    start = reverse("assessments:start", args=[assignment.pk])
    dealt = first.items.count()
    refused = client.post(start)
    assert refused.status_code == 409  # an attempt left, but one is open: carry on with it
    assert "carry on with the sitting you started" in refused.content.decode()
    assert Sitting.objects.count() == 1 and first.items.count() == dealt
    # its time ran out, unrecorded: the retake scores it first (an attempt used), then starts
    Sitting.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    started = client.post(start)
    second = Sitting.objects.exclude(pk=first.pk).get()
    assert started.status_code == 302 and second.number == 2
    first.refresh_from_db()
    assert first.ending == Sitting.Ending.TIME_UP
    # the first sitting takes nothing more, and its questions are not the second's
    item = first.items.select_related("question").first()
    late = client.post(
        reverse("assessments:answer", args=[first.pk, item.question_id]),
        right_answer(item.question),
    )
    assert late.status_code == 409 and "This test is finished" in late.content.decode()
    crossed = client.post(
        reverse("assessments:answer", args=[second.pk, item.question_id]),
        right_answer(item.question),
    )
    assert crossed.status_code == 404
    assert not Attempt.objects.exists()


def test_a_finished_sitting_stays_final_when_a_retake_starts(demo, trainee):
    test = build(demo, attempts_allowed=2)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    first = take(trainee, assignment, right=False)
    services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    first.right = 4
    with pytest.raises(ValidationError, match="matter of record"):
        first.save()


def test_every_attempt_is_shown_to_the_trainee_and_the_supervisor(
    client, demo, trainee, supervisor
):
    test = build(demo, attempts_allowed=2)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    take(trainee, assignment, right=True)
    client.force_login(trainee)
    mine = client.get(reverse("assessments:index")).content.decode()
    assert 'data-attempt="1"' in mine and 'data-attempt="2"' in mine
    client.force_login(supervisor)
    theirs = client.get(reverse("assessments:trainee", args=[trainee.pk])).content.decode()
    assert "✘ not passed, 0 of 4" in theirs and "✔ passed, 4 of 4" in theirs


def test_test_answers_stay_out_of_practice_across_attempts(demo, trainee):
    test = build(demo, attempts_allowed=2)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    take(trainee, assignment, right=True)
    assert Attempt.objects.in_tests().count() == 8
    assert not Attempt.objects.practice().exists()


def test_the_build_form_takes_sections_retakes_and_certification(client, demo, supervisor):
    client.force_login(supervisor)
    response = client.post(
        reverse("assessments:build"),
        {
            "title": "Two levels",
            "level": "1",
            "pass_mark": "70",
            "pass_by_section": "on",
            "attempts_allowed": "3",
            "retake_wait_hours": "12",
            "certification": "on",
            "count-hand-five": "2",
            "mark-hand-five": "90",
            "extra1-kind": "hand-five",
            "extra1-level": "3",
            "extra1-count": "1",
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    test = stored_test(demo, "Two levels")
    assert (test.attempts_allowed, test.retake_wait_hours, test.certification) == (3, 12, True)
    sections = [(p.kind, p.level, p.count, p.pass_mark) for p in test.parts.all()]
    assert sections == [("hand-five", 1, 2, 90), ("hand-five", 3, 1, None)]


def stored_test(house, title):
    from trainer.assessments.models import Assessment

    return Assessment.objects.get(house=house, title=title)


# -- one more attempt, allowed by a supervisor -------------------------------------------------


def allow(client, assignment, back="test"):
    return client.post(reverse("assessments:allow-attempt", args=[assignment.pk]), {"back": back})


def test_a_supervisor_allows_one_more_attempt_after_the_last_and_it_is_logged(
    client, demo, trainee, supervisor
):
    from trainer.roster.models import PersonAction

    test = build(demo, title="Last chance", attempts_allowed=1)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    client.force_login(supervisor)
    page = client.get(reverse("assessments:test", args=[test.pk])).content.decode()
    assert "Allow one more attempt" in page
    trainee_page = client.get(reverse("assessments:trainee", args=[trainee.pk]))
    assert "Allow one more attempt" in trainee_page.content.decode()
    response = allow(client, assignment, back="trainee")
    assert response["Location"] == reverse("assessments:trainee", args=[trainee.pk])
    log = PersonAction.objects.get(subject=trainee, kind=PersonAction.Kind.ATTEMPT_ALLOWED)
    assert log.actor == supervisor and "“Last chance”: attempt 2 allowed" in log.detail
    person = client.get(reverse("person", args=[trainee.pk])).content.decode()
    assert "one more attempt at a test allowed" in person
    assert due.tests_due(trainee)[0].attempt == 2
    second = take(trainee, assignment, right=True)
    assert (second.number, second.passed) == (2, True)


def test_one_more_attempt_is_refused_while_one_is_left_or_the_test_is_passed(
    client, demo, trainee, supervisor
):
    test = build(demo, attempts_allowed=2)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    client.force_login(supervisor)
    refused = allow(client, assignment)
    assert "still have an attempt" in client.get(refused["Location"]).content.decode()
    take(trainee, assignment, right=True)
    allow(client, assignment)
    assignment.refresh_from_db()
    assert assignment.extra_attempts == 0


def test_only_those_who_assign_tests_allow_another_attempt(client, demo, trainee):
    test = build(demo, attempts_allowed=1)
    assignment = AssignmentFactory(test=test, trainee=trainee)
    take(trainee, assignment, right=False)
    client.force_login(trainee)
    assert allow(client, assignment).status_code == 403
    assignment.refresh_from_db()
    assert assignment.extra_attempts == 0
    page = client.get(reverse("assessments:index")).content.decode()
    assert "your supervisor may allow one more" in page and "Allow one more attempt" not in page
