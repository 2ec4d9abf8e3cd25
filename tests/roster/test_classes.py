"""Classes: trainees of a house grouped with a start date; the Trainees table and the error
analysis filter by class; a class page with its members side by side, the skills it misses
most and who has not practised this week; a test given to the whole class, and to members who
join later."""

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import AssessmentFactory, TraineeFactory, right_answer, wrong_answer
from trainer.assessments.models import Assignment
from trainer.assessments.services import assign_to_class
from trainer.drills import services as drills
from trainer.drills.models import Attempt
from trainer.roster import services
from trainer.roster.models import ClassTest, Cohort


def practise(trainee, kind="hand-five", *, right=True, count=1):
    session = drills.start_session(trainee=trainee, kind=kind, level=1)
    for _ in range(count):
        question = drills.current_question(session)
        raw = right_answer(question) if right else wrong_answer(question)
        drills.answer_question(trainee=trainee, question_id=question.pk, raw=raw)
        session.refresh_from_db()
        drills.next_question(trainee=trainee, session_id=session.pk)


@pytest.fixture
def cohort(demo, supervisor, trainee):
    return services.create_class(
        actor=supervisor, house=demo, name="Autumn", starts_on=date(2026, 9, 1), trainees=[trainee]
    )


def test_a_supervisor_makes_a_class_on_the_site(client, supervisor, trainee, other_trainee):
    client.force_login(supervisor)
    response = client.post(
        reverse("roster:new-class"),
        {"name": "Winter", "starts_on": "2026-12-01", "trainees": [trainee.pk, other_trainee.pk]},
    )
    cohort = Cohort.objects.get(name="Winter")
    assert response["Location"] == reverse("roster:class", args=[cohort.pk])
    assert set(cohort.members.all()) == {trainee, other_trainee}


def test_a_trainee_may_be_in_several_classes(cohort, supervisor, demo, trainee):
    services.create_class(
        actor=supervisor,
        house=demo,
        name="Poker room",
        starts_on=date(2026, 10, 1),
        trainees=[trainee],
    )
    assert trainee.classes.count() == 2


def test_a_class_name_is_given_once_per_house(cohort, supervisor, demo):
    with pytest.raises(Exception, match="already a class called"):
        services.create_class(actor=supervisor, house=demo, name="autumn", starts_on=date.today())


def test_another_houses_trainee_is_never_added(cohort, supervisor, stranger):
    with pytest.raises(Exception, match="Not a trainee of"):
        services.add_members(actor=supervisor, cohort=cohort, trainees=[stranger])
    assert not cohort.members.filter(pk=stranger.pk).exists()


def test_the_trainees_table_and_the_analysis_filter_by_class(
    client, cohort, supervisor, trainee, other_trainee
):
    practise(trainee, right=False)
    practise(other_trainee, right=True)
    client.force_login(supervisor)
    table = client.get(reverse("progress:trainees"), {"cohort": cohort.pk})
    assert [r["trainee"] for r in table.context["rows"]] == [trainee]
    everyone = client.get(reverse("progress:trainees"))
    assert len(everyone.context["rows"]) == 2
    analysis = client.get(reverse("progress:analysis"), {"cohort": cohort.pk})
    assert [k.attempts for k in analysis.context["kinds"]] == [1]  # Tina's answer alone
    assert analysis.context["kinds"][0].right == 0


def test_another_houses_class_is_not_a_filter_choice(client, cohort, other_supervisor):
    client.force_login(other_supervisor)
    response = client.get(reverse("progress:trainees"), {"cohort": cohort.pk})
    assert "cohort" in response.context["form"].errors
    assert "Autumn" not in response.content.decode()


def test_the_class_page_shows_figures_skills_and_who_has_not_practised(
    client, cohort, supervisor, trainee, demo
):
    quiet = TraineeFactory(house=demo, username="trainee-quinn")
    services.add_members(actor=supervisor, cohort=cohort, trainees=[quiet])
    practise(trainee, right=False, count=2)
    client.force_login(supervisor)
    response = client.get(reverse("roster:class", args=[cohort.pk]))
    page = response.content.decode()
    rows = {r["trainee"].username: r for r in response.context["rows"]}
    assert rows["trainee-tina"]["attempts"] == 2 and rows["trainee-tina"]["this_week"]
    assert not rows["trainee-quinn"]["this_week"]
    assert response.context["idle"] == [quiet]
    assert "✘ not yet" in page and "✔ practised" in page
    skills = response.context["skills"]
    assert skills and all(s.accuracy == 0 for s in skills)
    assert sum(s.attempts for s in skills) == 2


def test_practice_before_this_week_does_not_count_as_this_week(client, cohort, supervisor, trainee):
    practise(trainee)
    Attempt.objects.update(answered_at=timezone.now() - timedelta(days=8))
    client.force_login(supervisor)
    response = client.get(reverse("roster:class", args=[cohort.pk]))
    assert response.context["idle"] == [trainee]


def test_a_test_given_to_a_class_gives_each_member_an_assignment_and_latecomers_too(
    client, cohort, supervisor, trainee, other_trainee, demo
):
    test = AssessmentFactory(house=demo, title="Class check")
    client.force_login(supervisor)
    client.post(reverse("roster:assign", args=[cohort.pk]), {"test": test.pk})
    assert list(Assignment.objects.filter(test=test).values_list("trainee", flat=True)) == [
        trainee.pk
    ]
    assert ClassTest.objects.filter(cohort=cohort, test=test).exists()
    services.add_members(actor=supervisor, cohort=cohort, trainees=[other_trainee])
    page = client.get(reverse("roster:class", args=[cohort.pk])).content.decode()
    assert "Give it to 1 member without it" in page
    client.post(reverse("roster:give", args=[cohort.pk, test.pk]))
    assert Assignment.objects.filter(test=test).count() == 2
    client.post(reverse("roster:give", args=[cohort.pk, test.pk]))  # again: nothing twice
    assert Assignment.objects.filter(test=test).count() == 2
    # a test id beyond 64 bits is a test the class has not (a foreign key's lookup fails on it)
    assert client.post(reverse("roster:give", args=[cohort.pk, 10**25])).status_code == 404


def test_another_houses_test_cannot_be_given_to_a_class(client, cohort, supervisor, riverboat):
    theirs = AssessmentFactory(house=riverboat)
    client.force_login(supervisor)
    response = client.post(reverse("roster:assign", args=[cohort.pk]), {"test": theirs.pk})
    assert response.status_code == 400
    assert not Assignment.objects.exists()


def test_trainees_cannot_see_classes(trainee_client, cohort):
    assert trainee_client.get(reverse("roster:classes")).status_code == 403
    assert trainee_client.get(reverse("roster:class", args=[cohort.pk])).status_code == 403


def test_the_test_page_assigns_a_whole_class(client, cohort, supervisor, trainee, demo):
    test = AssessmentFactory(house=demo, title="From the test page")
    client.force_login(supervisor)
    response = client.post(reverse("assessments:assign", args=[test.pk]), {"cohort": cohort.pk})
    assert response.status_code == 302
    assert list(Assignment.objects.filter(test=test).values_list("trainee", flat=True)) == [
        trainee.pk
    ]
    assert ClassTest.objects.filter(cohort=cohort, test=test).exists()


def test_another_houses_class_cannot_be_named_on_the_test_page(
    client, supervisor, demo, riverboat, other_supervisor, stranger
):
    theirs = services.create_class(
        actor=other_supervisor,
        house=riverboat,
        name="River",
        starts_on=date(2026, 1, 1),
        trainees=[stranger],
    )
    test = AssessmentFactory(house=demo)
    client.force_login(supervisor)
    response = client.post(reverse("assessments:assign", args=[test.pk]), {"cohort": theirs.pk})
    assert response.status_code == 400
    assert "not a class of this house" in response.content.decode()
    assert not Assignment.objects.exists()


def test_a_past_due_test_is_not_given_to_a_class(cohort, supervisor, demo):
    test = AssessmentFactory(house=demo, due_at=timezone.now() - timedelta(minutes=1))
    with pytest.raises(Exception, match="past its due date"):
        assign_to_class(actor=supervisor, cohort=cohort, test=test)
    assert not ClassTest.objects.exists()


def test_a_member_who_left_the_house_or_the_role_does_not_block_a_class_test(
    client, cohort, supervisor, other_trainee, demo, riverboat
):
    from django.contrib.auth.models import Group

    from trainer.houses.roles import TRAINEE

    moved = TraineeFactory(house=demo, username="trainee-mo")
    promoted = TraineeFactory(house=demo, username="trainee-pat")
    gone = TraineeFactory(house=demo, username="trainee-gus")
    services.add_members(actor=supervisor, cohort=cohort, trainees=[moved, promoted, gone])
    moved.house = riverboat
    moved.save()
    promoted.groups.remove(Group.objects.get(name=TRAINEE))
    services.deactivate(actor=supervisor, person=gone)
    test = AssessmentFactory(house=demo, title="After the moves")
    client.force_login(supervisor)
    response = client.post(reverse("roster:assign", args=[cohort.pk]), {"test": test.pk})
    assert response.status_code == 302
    assert list(Assignment.objects.filter(test=test).values_list("trainee", flat=True)) == [
        cohort.members.get(username="trainee-tina").pk
    ]
    page = client.get(reverse("roster:class", args=[cohort.pk])).content.decode()
    assert "everyone has it" in page  # nobody left out is counted as missing it
    for words in (
        "trainee-gus (deactivated)",
        "trainee-mo (now in another house)",
        "trainee-pat (no longer a trainee)",
    ):
        assert words in page, words
    # a later member is still given it with the button
    services.add_members(actor=supervisor, cohort=cohort, trainees=[other_trainee])
    client.post(reverse("roster:give", args=[cohort.pk, test.pk]))
    assert Assignment.objects.filter(test=test).count() == 2


def test_the_person_page_links_a_class_only_for_those_who_may_open_it(
    client, cohort, supervisor, manager, trainee
):
    link = f'href="{reverse("roster:class", args=[cohort.pk])}"'
    client.force_login(supervisor)
    assert link in client.get(reverse("person", args=[trainee.pk])).content.decode()
    client.force_login(manager)  # a games manager runs no classes: the class page is a 403
    assert client.get(reverse("roster:class", args=[cohort.pk])).status_code == 403
    page = client.get(reverse("person", args=[trainee.pk])).content.decode()
    assert "Autumn" in page and link not in page


def test_a_member_made_a_supervisor_who_tries_a_drill_counts_in_no_class_figure(
    client, cohort, supervisor, demo
):
    from django.contrib.auth.models import Group

    from trainer.houses.roles import SUPERVISOR, TRAINEE

    promoted = TraineeFactory(house=demo, username="trainee-pat")
    services.add_members(actor=supervisor, cohort=cohort, trainees=[promoted])
    promoted.groups.remove(Group.objects.get(name=TRAINEE))
    promoted.groups.add(Group.objects.get(name=SUPERVISOR))
    promoted = type(promoted).objects.get(pk=promoted.pk)  # permissions read afresh
    practise(promoted, right=False, count=2)  # trying out: never counted
    client.force_login(supervisor)
    response = client.get(reverse("roster:class", args=[cohort.pk]))
    assert response.context["skills"] == []


@pytest.mark.parametrize("import_id", ["²", "1" * 40, "-1", "x"])
def test_a_new_class_page_asked_for_an_import_that_is_no_id_is_just_the_page(
    client, supervisor, import_id
):
    client.force_login(supervisor)
    assert client.get(reverse("roster:new-class"), {"import": import_id}).status_code == 200


# -- words, not codes ------------------------------------------------------------------------


def test_adding_one_member_says_one_trainee(client, cohort, supervisor, other_trainee):
    client.force_login(supervisor)
    response = client.post(
        reverse("roster:add-members", args=[cohort.pk]),
        {"trainees": [other_trainee.pk]},
        follow=True,
    )
    assert "1 trainee added to Autumn." in response.content.decode()
    assert "trainee(s)" not in response.content.decode()


def test_the_class_test_picker_asks_for_a_test_in_words(client, cohort, supervisor, demo):
    AssessmentFactory(house=demo, title="Qualifying check")
    client.force_login(supervisor)
    page = client.get(reverse("roster:class", args=[cohort.pk])).content.decode()
    assert '<option value="" selected>Choose a test</option>' in page
    assert "---------" not in page
