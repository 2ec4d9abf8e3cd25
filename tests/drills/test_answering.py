"""Answering is one atomic, idempotent service: graded by the engine, stored once, with what is
needed to grade it again; bad input stores nothing."""

import re

import pytest
from django.test import Client

from tests.factories import right_answer, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.engine import parse_cards
from trainer.engine.drills import REGISTRY, AnswerError
from trainer.houses import services as house_services
from trainer.houses.models import PaytableVersion


def start(trainee, kind="ms-pay", level=1):
    return services.start_session(trainee=trainee, kind=kind, level=level)


@pytest.mark.parametrize("kind", sorted(k for k in REGISTRY if not REGISTRY[k].watches))
def test_every_drill_kind_deals_stores_and_grades(trainee, kind):
    # a trainee's drills; the watch drills have their own tests (tests/drills/test_watch.py)
    session = start(trainee, kind)
    question = services.current_question(session)
    assert question.trainee == trainee and question.kind == kind
    assert question.fields and question.expected and question.steps
    assert question.house_rules["chip_unit"] == 1
    result = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    )
    assert result.attempt.is_correct and not result.replayed
    assert all(result.attempt.marks.values())
    assert dealing.regrade(question) == question.expected
    nxt = services.next_question(trainee=trainee, session_id=session.pk)
    assert nxt.pk != question.pk
    wrong = services.answer_question(trainee=trainee, question_id=nxt.pk, raw=wrong_answer(nxt))
    assert not wrong.attempt.is_correct
    assert wrong.attempt.marks[nxt.fields[0]["name"]] is False


def test_a_question_records_the_paytable_version_and_makes_it_read_only(trainee, demo):
    session = start(trainee, "ms-pay")
    question = services.current_question(session)
    active = PaytableVersion.objects.get(house=demo, game="mississippi-stud", is_active=True)
    assert question.paytable_version == active
    active.refresh_from_db()
    assert active.is_in_use()


def test_editing_the_house_later_never_changes_past_grading(trainee, demo):
    session = start(trainee, "ms-pay")
    question = services.current_question(session)
    before = question.expected
    # the manager switches to the 5-to-1 straight table and changes a house rule
    alternative = PaytableVersion.objects.get(house=demo, game="mississippi-stud", number=2)
    house_services.activate(alternative, by=None)
    demo.rules.chip_unit = 5
    demo.rules.save()
    question.refresh_from_db()
    assert dealing.regrade(question) == before
    assert dealing.config_for(question).rules.chip_unit == 1


def test_a_replayed_post_records_nothing_twice_and_shows_the_same_result(trainee):
    question = services.current_question(start(trainee))
    first = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    )
    again = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=wrong_answer(question)
    )
    assert again.replayed and again.attempt.pk == first.attempt.pk and again.attempt.is_correct
    assert Attempt.objects.count() == 1


def test_someone_elses_question_is_refused_and_nothing_stored(trainee, other_trainee):
    question = services.current_question(start(trainee))
    # refused exactly as a missing question is: no existence oracle
    with pytest.raises(services.NotFound):
        services.answer_question(
            trainee=other_trainee, question_id=question.pk, raw=right_answer(question)
        )
    assert not Attempt.objects.exists()


def test_an_unknown_question_is_refused(trainee):
    with pytest.raises(services.NotFound):
        services.answer_question(trainee=trainee, question_id=999_999, raw={})


def test_an_old_question_answered_after_a_newer_one_is_refused(trainee):
    session = start(trainee)
    old = services.current_question(session)
    newer = dealing.deal_question(session)
    with pytest.raises(services.Stale):
        services.answer_question(trainee=trainee, question_id=old.pk, raw=right_answer(old))
    assert not Attempt.objects.exists()
    assert services.current_question(session) == newer


@pytest.mark.parametrize("bad", ["", "abc", "-5", "3.5", "1e3", "9" * 40])
def test_a_malformed_amount_is_refused_and_nothing_stored(trainee, bad):
    question = services.current_question(start(trainee, "ms-pay"))
    answer = right_answer(question)
    amount_field = next(f["name"] for f in question.fields if f["kind"] == "amount")
    answer[amount_field] = bad
    with pytest.raises(AnswerError) as excinfo:
        services.answer_question(trainee=trainee, question_id=question.pk, raw=answer)
    assert amount_field in excinfo.value.problems
    assert not Attempt.objects.exists()


def test_a_partly_filled_answer_names_every_empty_field(trainee):
    question = services.current_question(start(trainee, "cs-settle"))
    with pytest.raises(AnswerError) as excinfo:
        services.answer_question(trainee=trainee, question_id=question.pk, raw={})
    assert set(excinfo.value.problems) == {f["name"] for f in question.fields}
    assert not Attempt.objects.exists()


def test_response_time_is_measured_on_the_server(trainee):
    question = services.current_question(start(trainee))
    result = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    )
    elapsed = result.attempt.answered_at - question.shown_at
    assert 0 <= result.attempt.response_ms <= elapsed.total_seconds() * 1000 + 1


def test_the_summary_counts_accuracy_median_time_and_misses(trainee):
    session = start(trainee, "cs-qualify")
    q1 = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=q1.pk, raw=right_answer(q1))
    q2 = services.next_question(trainee=trainee, session_id=session.pk)
    services.answer_question(trainee=trainee, question_id=q2.pk, raw=wrong_answer(q2))
    services.end_session(trainee=trainee, session_id=session.pk)
    summary = services.summarize(PracticeSession.objects.get(pk=session.pk))
    assert (summary.asked, summary.answered, summary.right) == (2, 2, 1)
    assert summary.accuracy == 0.5 and [a.question for a in summary.missed] == [q2]
    assert summary.median_seconds is not None


def test_an_ended_session_deals_no_more(trainee):
    session = start(trainee)
    services.end_session(trainee=trainee, session_id=session.pk)
    with pytest.raises(services.Stale):
        services.next_question(trainee=trainee, session_id=session.pk)


# --- over HTTP ---------------------------------------------------------------------------


def test_the_answer_page_grades_and_shows_steps(trainee_client, trainee):
    response = trainee_client.post("/drills/start", {"kind": "ms-pay", "level": 1})
    assert response.status_code == 302
    question = Question.objects.get()
    page = trainee_client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    text = page.content.decode()
    assert page.status_code == 200 and "Right" in text and '<ol class="steps">' in text
    # the first step, its cards drawn as cards (each named for a screen reader)
    first = question.steps[0]
    words = first.split(":")[-1].strip()
    assert words in text
    # (a folded position's first step names no cards: "Folded before 4th Street")
    for code in re.findall(r"(?<!\w)(?:10|[2-9TJQKA])[cdhs](?!\w)", first.split(":")[0]):
        assert f'aria-label="{parse_cards(code)[0].name}"' in text
    assert Attempt.objects.filter(question=question, is_correct=True).count() == 1


def test_a_non_numeric_answer_shows_a_message_and_stores_nothing(trainee_client):
    trainee_client.post("/drills/start", {"kind": "ms-pay", "level": 1})
    question = Question.objects.get()
    answer = right_answer(question)
    amount_field = next(f["name"] for f in question.fields if f["kind"] == "amount")
    answer[amount_field] = "ten"
    page = trainee_client.post(f"/drills/q/{question.pk}/answer", answer)
    assert page.status_code == 200
    assert "whole number" in page.content.decode()
    assert not Attempt.objects.exists()


def test_another_trainees_question_gets_404_and_stores_nothing(client, trainee, other_trainee):
    question = services.current_question(start(trainee))
    client.force_login(other_trainee)
    page = client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    assert page.status_code == 404  # as a missing question: no existence oracle
    assert not Attempt.objects.exists()
    assert client.get(f"/drills/s/{question.session_id}/").status_code == 404


def test_an_unknown_question_gets_404(trainee_client):
    assert trainee_client.post("/drills/q/424242/answer", {}).status_code == 404


def test_an_old_question_gets_409(trainee_client, trainee):
    session = start(trainee)
    old = services.current_question(session)
    dealing.deal_question(session)
    page = trainee_client.post(f"/drills/q/{old.pk}/answer", right_answer(old))
    assert page.status_code == 409 and not Attempt.objects.exists()


def test_a_forged_post_without_csrf_is_refused(trainee):
    question = services.current_question(start(trainee))
    client = Client(enforce_csrf_checks=True)
    client.force_login(trainee)
    page = client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    assert page.status_code == 403 and not Attempt.objects.exists()


def test_htmx_swaps_only_the_drill(trainee_client, trainee):
    session = start(trainee)
    question = services.current_question(session)
    page = trainee_client.post(
        f"/drills/q/{question.pk}/answer", right_answer(question), headers={"HX-Request": "true"}
    )
    text = page.content.decode()
    assert text.lstrip().startswith('<div id="drill"') and "<html" not in text
    # the next question replaces the whole drill: a new hand on the felt, the form to answer
    page = trainee_client.post(
        f"/drills/s/{session.pk}/next", headers={"HX-Request": "true", "HX-Target": "drill"}
    )
    text = page.content.decode()
    assert text.lstrip().startswith('<div id="drill"') and 'class="felt' in text
    assert 'hx-target="#turn"' in text and "<html" not in text


def test_an_answer_from_the_drill_page_swaps_only_the_answer_area_and_the_score(
    trainee_client, trainee
):
    question = services.current_question(start(trainee))
    page = trainee_client.post(
        f"/drills/q/{question.pk}/answer",
        right_answer(question),
        headers={"HX-Request": "true", "HX-Target": "turn"},
    )
    text = page.content.decode()
    # the felt (its answers now marked) and the feedback for #turn, and the score swapped out
    # of band; the rest of the drill (the prompt, the placard) stays on the page
    assert text.lstrip().startswith('<div class="felt')
    assert '<section class="feedback right"' in text
    assert '<p class="score" id="score" aria-live="polite" hx-swap-oob="true">' in text
    assert "Score: 1 right of 1 answered" in text
    # and the next question, dealt and stored, whole in a <template> that Next shows (no
    # request); without JavaScript Next is a link to the session's page
    nxt = Question.objects.get(session=question.session_id, attempt=None)
    outside, _, template = text.partition(f'<template id="next-question-{nxt.pk}">')
    assert template.lstrip().startswith(f'<div id="drill" class="drill" data-question="{nxt.pk}">')
    assert "placard-dialog" in template and 'class="answer-form"' in template
    assert (
        f'action="/drills/s/{question.session_id}/" data-reveal="next-question-{nxt.pk}"' in outside
    )
    assert 'id="drill"' not in outside and "placard-dialog" not in outside
    assert "<html" not in text
    # an answer that does not parse comes back as the form with the problem beside its field
    question = services.next_question(trainee=trainee, session_id=question.session_id)
    bad = dict.fromkeys(right_answer(question), "not a number")
    page = trainee_client.post(
        f"/drills/q/{question.pk}/answer", bad, headers={"HX-Request": "true", "HX-Target": "turn"}
    )
    text = page.content.decode()
    assert page.status_code == 200 and 'class="answer-form"' in text and "field-error" in text
    assert 'id="drill"' not in text and not Attempt.objects.filter(question=question).exists()


def test_only_trainees_and_a_houses_staff_may_drill(client, demo):
    from tests.factories import UserFactory

    # one with no role at all is refused; staff may try (tests/drills/test_trying.py)
    client.force_login(UserFactory(house=demo))
    assert client.get("/drills/").status_code == 403
    assert client.post("/drills/start", {"kind": "ms-pay", "level": 1}).status_code == 403
    anonymous = Client()
    assert anonymous.get("/drills/").status_code == 302


def test_the_running_score_counts_each_answer_once_and_shows_on_the_page(trainee, client):
    session = start(trainee, "cs-qualify")
    q1 = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=q1.pk, raw=right_answer(q1))
    # a replay of the same answer counts nothing more
    services.answer_question(trainee=trainee, question_id=q1.pk, raw=right_answer(q1))
    q2 = services.next_question(trainee=trainee, session_id=session.pk)
    # asking for the next question again, unanswered, deals nothing new
    assert services.next_question(trainee=trainee, session_id=session.pk) == q2
    services.answer_question(trainee=trainee, question_id=q2.pk, raw=wrong_answer(q2))
    session.refresh_from_db()
    attempts = Attempt.objects.filter(question__session=session)
    assert (
        (session.dealt, session.answered, session.right)
        == (
            Question.objects.filter(session=session).count(),
            attempts.count(),
            attempts.filter(is_correct=True).count(),
        )
        == (2, 2, 1)
    )
    assert session.last_question == q2
    client.force_login(trainee)
    page = client.get(f"/drills/s/{session.pk}/").content.decode()
    assert "Score: 1 right of 2 answered" in page


def test_an_answer_that_finds_the_session_moved_on_is_left_to_the_locked_path(trainee):
    session = start(trainee)
    question = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=question.pk, raw=right_answer(question))
    # the counters read no longer hold: nothing is stored on the unlocked path
    on_the_table = services._answer_on_the_table
    assert on_the_table(trainee, question.pk, right_answer(question), False, {}) is None
    again = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=wrong_answer(question)
    )
    assert again.replayed and again.attempt.is_correct
    assert Attempt.objects.filter(question=question).count() == 1
    session.refresh_from_db()
    assert (session.answered, session.right) == (1, 1)


def test_a_deal_that_loses_a_race_stores_no_question_and_deals_once(trainee, monkeypatch):
    session = start(trainee)
    question = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=question.pk, raw=right_answer(question))
    real_still = services._still
    raced = []

    def moved_meanwhile(read):
        # another "next" got there first: the first compare-and-set changes no row
        if not raced:
            raced.append(True)
            return PracticeSession.objects.none()
        return real_still(read)

    monkeypatch.setattr(services, "_still", moved_meanwhile)
    nxt = services.next_question(trainee=trainee, session_id=session.pk)
    session.refresh_from_db()
    assert raced and session.last_question_id == nxt.pk
    assert session.dealt == 2 == Question.objects.filter(session=session).count()
