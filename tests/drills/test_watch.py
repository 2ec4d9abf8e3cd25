"""Watch the game on the site: who may watch, the felt of a settled table, grading
each mistake apart, storing once, the house's clock, sets from a real audit without the
dealers' names, promotion, and tests with watch sections."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.audits.conftest import audited, log_text
from tests.factories import (
    AssessmentFactory,
    AssignmentFactory,
    TraineeFactory,
    post_watch,
    right_answer,
)
from trainer.assessments import services as tests_services
from trainer.assessments.models import Certificate
from trainer.drills import dealing, grading, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice.models import SkillCard
from trainer.drills.watch import services as watch_services
from trainer.drills.watch.models import WatchSet
from trainer.engine import mispays
from trainer.engine.drills import REGISTRY
from trainer.houses.roles import FLOOR_SUPERVISOR
from trainer.roster import services as roster_services

KIND = "watch-mississippi-stud"
#: a mispay the Mississippi Stud watch drill plants (the demo house's push band)
PUSH_PAID = "pair of sixes to tens paid instead of pushed"
DEALERS = ("Ann", "Bob", "Cy")  # the dealers of the audit log (tests/audits/conftest.py)


@pytest.fixture
def promoted(demo, supervisor):
    trainee = TraineeFactory(house=demo, username="floor-fran")
    roster_services.promote(actor=supervisor, person=trainee)
    return trainee


def fresh(user):
    """The user read again: Django keeps an instance's permissions once it has read them."""
    return type(user).objects.get(pk=user.pk)


def watch_question(user, *, level=1, situation=None, kind=KIND):
    session = PracticeSession.objects.create(trainee=user, kind=kind, level=level)
    question = dealing.create_question(
        trainee=user, kind=kind, level=level, session=session, situation=situation
    )
    PracticeSession.objects.filter(pk=session.pk).update(dealt=1, last_question=question)
    session.refresh_from_db()
    return session, question


def answer(user, question, data):
    return services.answer_question(trainee=user, question_id=question.pk, raw=data)


# -- who may watch --------------------------------------------------------------------------


def test_a_trainee_not_promoted_never_sees_a_watch_drill(client, trainee):
    client.force_login(trainee)
    refused = client.get("/watch/")
    assert refused.status_code == 403
    # told who can open it for them, not sent to the site's administrator
    said = " ".join(refused.content.decode().split())
    assert "Your supervisor can promote you" in said and "administrator" not in said
    home = client.get("/").content.decode()
    assert 'href="/watch/"' not in home
    drills = client.get("/drills/").content.decode()
    assert "watch the game" not in drills and KIND not in drills
    started = client.post(reverse("drills:start"), {"kind": KIND, "level": 1})
    assert started.status_code == 403
    assert client.post(reverse("watch:start-today")).status_code == 403
    assert not PracticeSession.objects.filter(trainee=trainee).exists()
    with pytest.raises(services.NotAllowed):
        services.start_session(trainee=trainee, kind=KIND, level=1)


@pytest.mark.parametrize("who", ["supervisor", "manager", "promoted"])
def test_supervisors_managers_and_promoted_trainees_watch(db, client, request, who):
    user = request.getfixturevalue(who)
    client.force_login(user)
    page = client.get("/watch/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'href="/watch/"' in html and "Today's watch" in html
    for kind in (k for k in REGISTRY.values() if k.watches):
        assert kind.title in html
    started = client.post(reverse("drills:start"), {"kind": KIND, "level": 2})
    assert started.status_code == 302
    felt = client.get(started["Location"]).content.decode()
    assert "Trying out" not in felt  # staff's watching is theirs, counted
    assert "Clock " in felt and "data-clock" in felt


def test_a_promotion_is_given_and_taken_back_on_the_trainees_page(client, supervisor, trainee):
    client.force_login(supervisor)
    page = f"/accounts/people/{trainee.pk}/"
    assert "Promote to watch the game" in client.get(page).content.decode()
    client.post(reverse("person-act", args=[trainee.pk]), {"action": "promote"})
    assert trainee.groups.filter(name=FLOOR_SUPERVISOR).exists()
    assert fresh(trainee).has_perm("watch.watch_the_game")
    html = client.get(page).content.decode()
    assert "promoted to watch the game" in html and "Take the promotion back" in html
    client.post(reverse("person-act", args=[trainee.pk]), {"action": "withdraw-promotion"})
    assert not fresh(trainee).has_perm("watch.watch_the_game")
    # staff watch already: there is nobody to promote
    with pytest.raises(Exception, match="Only a trainee"):
        roster_services.promote(actor=supervisor, person=supervisor)


# -- the felt, grading and storing ----------------------------------------------------------


def test_the_felt_shows_what_the_dealer_did_at_each_position(client, supervisor):
    session, question = watch_question(supervisor, level=2)
    client.force_login(supervisor)
    html = client.get(reverse("drills:session", args=[session.pk])).content.decode()
    for position in question.table["positions"]:
        assert f'id="seat-{position["seat"]}"' in html
        assert f'name="p{position["seat"]}.watch.call"' in html
    assert html.count('class="settled"') == len(question.table["positions"])
    assert f'<option value="{PUSH_PAID}">' in html  # the situations, in the audit's words


def test_the_level_in_colour_draws_the_chips_and_not_their_sum(client, supervisor):
    session, question = watch_question(supervisor, level=3)
    client.force_login(supervisor)
    html = client.get(reverse("drills:session", args=[session.pk])).content.decode()
    paid = [p for p in question.table["positions"] if p["settled"]]
    assert html.count("chip-stacks") >= len(paid)
    for position in paid:  # the amount is never written out, only drawn as chips
        assert f"Paid {position['settled']:,}" not in html
        assert f"Took {-position['settled']:,}" not in html


def test_a_caught_mispay_is_right_and_reviews_the_watchers_skill(supervisor):
    _, question = watch_question(supervisor, situation=PUSH_PAID)
    result = answer(supervisor, question, right_answer(question))
    assert result.attempt.is_correct
    # a supervisor's watching is counted: their skill of this mispay is reviewed
    card = SkillCard.objects.get(trainee=supervisor, kind=KIND, situation=PUSH_PAID)
    assert card.reviews == 1 and result.attempt.grade is not None


@pytest.mark.parametrize(
    ("planted", "mark", "verdict"),
    [
        (PUSH_PAID, {"call": "right"}, "1 missed mispay"),
        (mispays.RIGHT, {"call": "wrong", "situation": PUSH_PAID, "amount": 0}, "1 false alarm"),
        (
            PUSH_PAID,
            {"call": "wrong", "situation": "losing hand paid", "amount": 0},
            "1 wrong correction",
        ),
        (PUSH_PAID, {"call": "wrong", "situation": PUSH_PAID, "amount": 5}, "1 wrong correction"),
    ],
    ids=["missed", "false-alarm", "wrong-situation", "wrong-amount"],
)
def test_each_mistake_is_graded_and_said_apart(client, promoted, planted, mark, verdict):
    session, question = watch_question(promoted, situation=planted)
    [field] = question.fields
    client.force_login(promoted)
    response = client.post(reverse("drills:answer", args=[question.pk]), post_watch(field, mark))
    html = response.content.decode()
    attempt = Attempt.objects.get(question=question)
    assert not attempt.is_correct and attempt.marks == {"p1.watch": False}
    assert verdict in html  # counted apart, above the review
    others = {"1 missed mispay", "1 false alarm", "1 wrong correction"} - {verdict}
    assert not any(other in html for other in others)
    said = {"1 missed mispay": "Missed mispay: ", "1 false alarm": "False alarm: "}
    assert said.get(verdict, "Wrong correction: ") in html  # the reason, in words


def test_an_answer_is_stored_once_and_a_bad_one_stores_nothing(supervisor):
    _, question = watch_question(supervisor, level=2)
    with pytest.raises(services.AnswerError) as refused:
        answer(supervisor, question, {})  # time is left: every position must be marked
    assert "right or wrong" in " ".join(refused.value.problems.values())
    assert not Attempt.objects.filter(question=question).exists()
    data = right_answer(question)
    first = answer(supervisor, question, data)
    again = answer(supervisor, question, data)
    assert again.replayed and again.attempt.pk == first.attempt.pk
    assert Attempt.objects.filter(question=question).count() == 1
    # everything that grades it again is stored with it
    assert dealing.regrade(question) == question.expected
    assert question.request["positions"][0]["paid"] is not None
    assert question.paytable_version is not None and question.house_rules


def test_when_the_clock_has_run_out_unmarked_positions_count_as_missed(supervisor):
    _, question = watch_question(supervisor, level=2)
    sent = question.shown_at - timedelta(minutes=10)  # the clock is a few seconds a position
    Question.objects.filter(pk=question.pk).update(sent_at=sent, shown_at=sent)
    result = answer(supervisor, question, {})
    assert all(v == {"call": None} for v in result.attempt.answer.values())
    assert not result.attempt.is_correct
    assert grading.out_of_time(Question.objects.get(pk=question.pk), sent + timedelta(hours=1))


def hostile_marks(question) -> dict:
    """Every position marked wrong with a situation the drill has not and an amount of 5,000
    digits (a pot's shares too), and a position the table does not have marked as well."""
    data = {"p99.watch.call": "wrong", "p99.watch.situation": PUSH_PAID, "p99.watch.amount": "5"}
    for f in question.fields:
        name = f["name"]
        data |= {f"{name}.call": "wrong", f"{name}.situation": "\x00no such mispay"}
        data[f"{name}.amount"] = "9" * 5000
        data |= {f"{name}.share.{seat}": "9" * 5000 for seat in f.get("seats") or ()}
    return data


@pytest.mark.parametrize("kind", [KIND, "watch-english-stud"], ids=["positions", "a pot"])
@pytest.mark.parametrize("clock", ["time left", "out of time"])
def test_hostile_marks_are_refused_in_words_or_taken_as_unmarked_once_out_of_time(
    client, supervisor, kind, clock
):
    session, question = watch_question(supervisor, level=2, kind=kind)
    if clock == "out of time":
        sent = question.shown_at - timedelta(minutes=10)
        Question.objects.filter(pk=question.pk).update(sent_at=sent, shown_at=sent)
    client.force_login(supervisor)
    url = reverse("drills:answer", args=[question.pk])
    response = client.post(url, hostile_marks(question))
    html = " ".join(response.content.decode().split())
    if clock == "time left":  # each position says what is wrong with it; nothing is stored
        assert "Choose what went wrong." in html and "larger than any payout" in html
        assert not Attempt.objects.exists()
        return
    # out of time: a half correction is taken as it stands (its unreadable parts as none),
    # the position the table does not have is ignored, and the answer is stored once
    attempt = Attempt.objects.get(question=question)
    assert set(attempt.answer) == {f["name"] for f in question.fields}
    assert all(
        v == {"call": "wrong", "situation": None, "amount": None} for v in attempt.answer.values()
    )
    assert client.post(url, right_answer(question)).status_code == 200  # a replay
    assert Attempt.objects.get().pk == attempt.pk and not attempt.is_correct
    assert client.get(reverse("drills:summary", args=[session.pk])).status_code == 200


def test_another_houses_watch_question_and_set_are_missing_ones(
    client, supervisor, other_supervisor
):
    session, question = watch_question(supervisor)
    watch_set = WatchSet.objects.create(house=supervisor.house, title="Ours", hands=[])
    client.force_login(other_supervisor)  # a watcher too, of another house
    answered = client.post(reverse("drills:answer", args=[question.pk]), right_answer(question))
    assert answered.status_code == 404
    assert client.get(reverse("drills:session", args=[session.pk])).status_code == 404
    assert client.post(reverse("watch:start-set", args=[watch_set.pk])).status_code == 404
    assert (
        not Attempt.objects.exists()
        and not PracticeSession.objects.filter(trainee=other_supervisor).exists()
    )


# -- a set from a real audit ------------------------------------------------------------------


def test_an_audits_mispaid_hands_become_a_watch_set_without_the_dealers_names(
    client, demo, supervisor, promoted
):
    report = audited(demo, supervisor, log_text())
    client.force_login(supervisor)
    page = client.get(reverse("audits:report", args=[report.pk])).content.decode()
    assert "Make a watch set" in page
    made = client.post(reverse("audits:watch-set", args=[report.pk]), {"title": "Last shift"})
    assert made.status_code == 302 and made["Location"] == reverse("watch:index")
    watch_set = WatchSet.objects.get(house=demo)
    # the four mispaid hands of the log (tests/audits/conftest.py), the dealers left out
    assert len(watch_set.hands) == 4 and watch_set.title == "Last shift"
    stored = json.dumps(watch_set.hands)
    assert not any(name in stored for name in DEALERS) and "table" not in stored
    # a promoted trainee watches it, a hand a question, and never meets a dealer's name
    client.force_login(promoted)
    assert "Last shift" in client.get("/watch/").content.decode()
    started = client.post(reverse("watch:start-set", args=[watch_set.pk]))
    session = PracticeSession.objects.get(trainee=promoted, mode="set")
    pages = [client.get(started["Location"]).content.decode()]
    for _ in watch_set.hands:
        question = services.current_question(session)
        response = client.post(reverse("drills:answer", args=[question.pk]), right_answer(question))
        pages.append(response.content.decode())
        session.refresh_from_db()
    questions = Question.objects.filter(session=session)
    assert questions.count() == 4 and all(
        a.is_correct for a in Attempt.objects.filter(trainee=promoted)
    )
    for html in [*pages, client.get(reverse("drills:summary", args=[session.pk])).content.decode()]:
        assert not any(f">{name}<" in html or f" {name} " in html for name in DEALERS)
    for q in questions:
        row = json.dumps([q.request, q.table, q.steps, q.prompt])
        assert not any(f'"{name}"' in row or f" {name} " in row for name in DEALERS)


def test_only_watchers_of_the_house_make_and_take_sets(client, demo, trainee, supervisor, stranger):
    report = audited(demo, supervisor, log_text())
    watch_set = watch_services.make_set(
        house=demo,
        by=supervisor,
        title="Probe",
        lines=[line.request for line in report.lines.all()],
    )
    client.force_login(trainee)  # not promoted
    assert client.post(reverse("watch:start-set", args=[watch_set.pk])).status_code == 403
    assert client.post(reverse("audits:watch-set", args=[report.pk])).status_code == 403
    # a set made of hands paid right has nothing to watch: refused, nothing stored
    right = [
        {
            "game": "mississippi-stud",
            "hole": "Qh Qs",
            "board": "2c 7d 9s",
            "bets": [1, 1, 2, 3],
            "paid": 7,
        }
    ]
    with pytest.raises(Exception, match="no mispaid hand"):
        watch_services.make_set(house=demo, by=supervisor, title="None", lines=right)
    assert WatchSet.objects.count() == 1


def test_a_set_says_which_mispays_it_left_out_and_why(client, demo, supervisor):
    # Qh Qs on 2c 7d 9s with bets 1, 1, 2, 3: a pair of queens pays 1 to 1 on every bet, 7
    # in all (the rulebook's Mississippi Stud paytable): paid 6 is a mispay, paid 7 is right,
    # and a hand dealt a card twice cannot be ruled
    hand = {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]}
    lines = [{**hand, "paid": 6}, {**hand, "paid": 7}, {**hand, "hole": "Qh Qh", "paid": 6}]
    made = watch_services.make_set(house=demo, by=supervisor, title="Three", lines=lines)
    assert len(made.hands) == 1
    assert made.left_out == {"paid-right": 1, "not-ruled": 1}
    words = made.left_out_words
    assert words == (
        "left out: 1 paid right under the house's rules of today; 1 that can no longer be ruled"
    )
    client.force_login(supervisor)
    assert escape(words) in client.get(reverse("watch:index")).content.decode()


# -- tests with watch sections ----------------------------------------------------------------


def test_a_test_with_a_watch_section_certifies_promoted_trainees_only(
    demo, supervisor, trainee, promoted
):
    test = AssessmentFactory(house=demo, parts=[(KIND, 2)], certification=True, pass_mark=100)
    with pytest.raises(Exception, match="watch sections"):
        tests_services.assign(test=test, trainees=[trainee], assigned_by=supervisor)
    assignment = AssignmentFactory(test=test, trainee=promoted)
    sitting = tests_services.start_sitting(trainee=promoted, assignment_id=assignment.pk)
    for item in sitting.items.select_related("question"):
        tests_services.answer(
            trainee=promoted,
            sitting_id=sitting.pk,
            question_id=item.question_id,
            raw=right_answer(item.question),
        )
    sitting.refresh_from_db()
    assert sitting.is_finished and sitting.passed
    assert Certificate.objects.filter(sitting=sitting).exists()
    # a promotion taken back closes the test
    roster_services.promote(actor=supervisor, person=promoted, promoted=False)
    retake = AssignmentFactory(
        test=AssessmentFactory(house=demo, parts=[(KIND, 1)]), trainee=promoted
    )
    with pytest.raises(tests_services.Closed, match="watch sections"):
        tests_services.start_sitting(trainee=fresh(promoted), assignment_id=retake.pk)


def test_the_house_card_gives_the_watch_clock_to_watchers_only(client, trainee, supervisor):
    client.force_login(trainee)
    assert f'data-drill="{KIND}"' not in client.get("/placard/mississippi-stud/").content.decode()
    client.force_login(supervisor)
    card = client.get("/placard/mississippi-stud/").content.decode()
    assert f'data-drill="{KIND}" data-level="1"' in card  # the clock of each level, in force


def test_todays_watch_deals_watch_skills_and_todays_practice_never_does(promoted):
    watching = services.start_mode(trainee=promoted, mode="watch")
    assert REGISTRY[services.current_question(watching).kind].watches
    dealing = services.start_mode(trainee=promoted, mode="today")
    assert not REGISTRY[services.current_question(dealing).kind].watches


def test_a_missed_watch_comes_back_in_practise_my_mistakes_while_promoted(supervisor, promoted):
    _, question = watch_question(promoted, situation=PUSH_PAID)
    [field] = question.fields
    answer(promoted, question, post_watch(field, {"call": "right"}))  # the mispay missed
    replay = services.start_mode(trainee=promoted, mode="mistakes")
    again = services.current_question(replay)
    assert again.kind == KIND and again.situation == PUSH_PAID and again.replay_of == question
    # taken back to the dealer's drills only, the missed watch no longer waits
    roster_services.promote(actor=supervisor, person=promoted, promoted=False)
    with pytest.raises(services.DrillError):
        services.start_mode(trainee=fresh(promoted), mode="mistakes")


def test_the_watch_page_keeps_the_watchers_record_by_situation(client, supervisor):
    _, question = watch_question(supervisor, situation=PUSH_PAID)
    [field] = question.fields
    answer(supervisor, question, post_watch(field, {"call": "right"}))
    client.force_login(supervisor)
    html = client.get("/watch/").content.decode()
    assert "In all: 1 missed mispay, 0 false alarms, 0 wrong corrections, 0 not marked." in html
    row = html[html.index('id="watch-record"') :]
    assert PUSH_PAID in row and REGISTRY[KIND].title in row


def test_a_watchers_hit_rate_and_false_alarm_rate_per_situation_and_in_their_class(
    client, supervisor, promoted, demo
):
    """A mispay (a push paid as a win) marked right is a miss: 0% of the mispays shown
    caught; no position settled right was shown, so no false-alarm rate is claimed (—)."""
    from datetime import date

    from trainer.roster import services as roster

    _, question = watch_question(promoted, situation=PUSH_PAID)
    [field] = question.fields
    answer(promoted, question, post_watch(field, {"call": "right"}))
    client.force_login(promoted)
    html = client.get("/watch/").content.decode()
    assert "Mispays caught: 0% of the mispaid positions shown." in html
    # this week's rates, drawn (a week of one answer: its point at 0%)
    trend = html[html.index('<figure class="trend">') :]
    assert "Mispays caught by week (from Monday)" in trend and ">0%</text>" in trend
    row = html[html.index('id="watch-record"') :].split("</tr>")[1]
    assert "<td>0%</td><td>—</td>" in row
    # the watcher's class shows the same figures beside their name
    cohort = roster.create_class(
        actor=supervisor, house=demo, name="Floor", starts_on=date(2026, 9, 1),
        trainees=[promoted],
    )  # fmt: skip
    client.force_login(supervisor)
    page = client.get(f"/classes/{cohort.pk}/").content.decode()
    watching = page[page.index('id="watching"') :].split("</table>")[0]
    assert promoted.username in watching and "<td>1</td><td>0%</td><td>—</td>" in watching
