"""The answer cycle: one request a question.  The answer's response carries its feedback and
the next question, dealt and stored, in a <template> that Next shows without a request; a
reload shows that question and never deals another; a session ended before the question was
shown drops it, so it counts nowhere.  The time stored is the browser's, from the question
appearing to the answer being sent, if the server's own time since it sent the question
allows it; else the server's (docs/rulebook.md, *Speed standards*)."""

import gc
import weakref
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import right_answer, wrong_answer
from trainer.drills import dealing, grading, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice.models import SkillCard

#: the headers the drill page's htmx sends with an answer (its form swaps #turn)
HTMX_TURN = {"HX-Request": "true", "HX-Target": "turn"}


@pytest.fixture
def session(trainee):
    return services.start_session(trainee=trainee, kind="cs-qualify", level=1)


def answered(client, question, *, took_ms=None, right=True, htmx=True):
    """Post an answer as the drill page does; (the response, the question dealt with it)."""
    data = right_answer(question) if right else wrong_answer(question)
    if took_ms is not None:
        data["took_ms"] = took_ms
    response = client.post(
        f"/drills/q/{question.pk}/answer", data, headers=HTMX_TURN if htmx else {}
    )
    assert response.status_code == 200
    dealt = Question.objects.filter(session=question.session_id).exclude(pk=question.pk)
    return response, dealt.order_by("-pk").first()


def shown_since(question, *, ms: int) -> None:
    """Pretend the page that showed `question` was sent `ms` ago."""
    Question.objects.filter(pk=question.pk).update(
        sent_at=timezone.now() - timedelta(milliseconds=ms)
    )


# --- one request a question --------------------------------------------------------------


def test_the_answer_deals_the_next_question_and_sends_it_hidden(trainee_client, session):
    question = services.current_question(session)
    response, nxt = answered(trainee_client, question)
    text = response.content.decode()
    # the feedback, and the next question whole in a <template> (drawn by the browser only
    # when Next shows it); Next without JavaScript is the session's page
    assert '<section class="feedback right"' in text
    assert f'<template id="next-question-{nxt.pk}"><div id="drill"' in text
    assert f'action="/drills/s/{session.pk}/" data-reveal="next-question-{nxt.pk}"' in text
    session.refresh_from_db()
    assert (session.dealt, session.answered, session.last_question) == (2, 1, nxt)
    # sent, but no page has shown it yet
    assert nxt.sent_at is None and Attempt.objects.count() == 1


def test_a_reload_in_the_middle_of_a_cycle_shows_the_question_dealt_and_deals_no_other(
    trainee_client, session
):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question)
    first = trainee_client.get(f"/drills/s/{session.pk}/").content.decode()
    assert f'data-question="{nxt.pk}"' in first and 'class="answer-form"' in first
    nxt.refresh_from_db()
    sent = nxt.sent_at
    assert sent is not None  # the page that shows it: its time runs from here
    again = trainee_client.get(f"/drills/s/{session.pk}/").content.decode()
    assert f'data-question="{nxt.pk}"' in again
    nxt.refresh_from_db()
    # a reload keeps the first stamp, and deals nothing
    assert nxt.sent_at == sent and Question.objects.filter(session=session).count() == 2


def test_a_replayed_answer_shows_the_same_next_question_and_stores_nothing(trainee_client, session):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question)
    again, dealt = answered(trainee_client, question, right=False)
    text = again.content.decode()
    assert "already answered: the first answer stands" in text
    assert dealt == nxt and f'<template id="next-question-{nxt.pk}">' in text
    assert Question.objects.filter(session=session).count() == 2
    assert Attempt.objects.get().is_correct  # the first answer stands


# --- the time stored -----------------------------------------------------------------------


def test_the_browsers_time_is_stored_when_the_servers_allows_it(trainee_client, session):
    question = services.current_question(session)
    shown_since(question, ms=10_000)
    # 2.15 s from the question appearing to the answer being sent, within the server's 10 s
    answered(trainee_client, question, took_ms="2150")
    assert Attempt.objects.get(question=question).response_ms == 2150


@pytest.mark.parametrize(
    "took",
    ["60000", "-5", "2.5", "1e3", "abc", "", "٢١٥٠", "9" * 40]
    # beyond Python's integer-string limit: int() of it raises
    + [pytest.param("9" * 5000, id="5000 digits")],
    ids=repr,
)
def test_a_browser_time_the_server_cannot_allow_gives_way_to_the_servers(
    trainee_client, session, took
):
    # longer than the server's own time (60 s against its 3 s), negative, not whole
    # milliseconds in ASCII digits, or absurd: the server's time stands
    question = services.current_question(session)
    shown_since(question, ms=3000)
    answered(trainee_client, question, took_ms=took)
    attempt = Attempt.objects.get(question=question)
    question.refresh_from_db()
    server = int((attempt.answered_at - question.sent_at).total_seconds() * 1000)
    assert attempt.response_ms == server >= 3000


def test_without_javascript_the_time_runs_from_the_page_that_shows_the_question(
    trainee_client, session
):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question, htmx=False)
    # dealt a minute ago, with the feedback; its page (Next, without JavaScript) sent now
    Question.objects.filter(pk=nxt.pk).update(shown_at=timezone.now() - timedelta(minutes=1))
    trainee_client.get(f"/drills/s/{session.pk}/")
    nxt.refresh_from_db()
    answered(trainee_client, nxt, htmx=False)
    attempt = Attempt.objects.get(question=nxt)
    assert attempt.response_ms == int((attempt.answered_at - nxt.sent_at).total_seconds() * 1000)
    assert attempt.response_ms < 60_000


# --- the end of a session ------------------------------------------------------------------


def test_ending_from_the_feedback_drops_the_question_never_shown(trainee_client, session):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question, right=False)
    response = trainee_client.post(f"/drills/s/{session.pk}/end")
    assert response.status_code == 302
    # never shown: not a question asked, not unanswered, not a mistake, not a review
    assert not Question.objects.filter(pk=nxt.pk).exists()
    session.refresh_from_db()
    assert (session.dealt, session.answered, session.last_question) == (1, 1, question)
    assert services.summarize(session).asked == 1
    assert SkillCard.objects.filter(trainee=session.trainee).count() == 1  # the answer's own
    page = trainee_client.get(f"/drills/s/{session.pk}/summary").content.decode()
    assert "<dd>1 of 1</dd>" in page


@pytest.mark.parametrize("how", ["seen on the page", "its page sent"])
def test_a_question_shown_and_left_unanswered_is_kept_when_the_session_ends(
    trainee_client, session, how
):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question)
    ended = {}
    if how == "seen on the page":  # Next showed it in the browser; it was ended from there
        ended = {"seen": str(nxt.pk)}
    else:  # the session's page showed it (a reload, or Next without JavaScript)
        trainee_client.get(f"/drills/s/{session.pk}/")
    trainee_client.post(f"/drills/s/{session.pk}/end", ended)
    session.refresh_from_db()
    assert session.ended_at is not None and session.last_question == nxt
    summary = services.summarize(session)
    assert (summary.asked, summary.answered) == (2, 1)


def test_the_summary_of_a_session_still_open_leaves_out_the_question_not_yet_shown(
    trainee_client, session
):
    question = services.current_question(session)
    answered(trainee_client, question)
    assert services.summarize(PracticeSession.objects.get(pk=session.pk)).asked == 1


# --- what it costs ---------------------------------------------------------------------------


def test_an_answer_cycle_is_one_request_of_eight_statements(
    trainee_client, session, django_assert_num_queries
):
    question = services.current_question(session)
    _, nxt = answered(trainee_client, question)  # the permissions, the house's setup: cached
    # Counted with the test's own transaction around it, so the answer's transaction is a
    # savepoint here: the user (the session's cookie names them), the question with its
    # session and its skill's card, SAVEPOINT, the attempt with its grade, the card's review,
    # the next question, the session's counters, RELEASE.  When the cycle took two
    # requests and 19 statements (12 for the answer, 7 for the next question; 22 for a
    # skill's first review), counted the same way.
    with django_assert_num_queries(8):
        response = trainee_client.post(
            f"/drills/q/{nxt.pk}/answer", right_answer(nxt), headers=HTMX_TURN
        )
    assert '<template id="next-question-' in response.content.decode()


def test_an_answers_rows_are_freed_as_soon_as_nothing_holds_them(trainee, session):
    # The answer's objects (the question answered, its attempt, its session, the question
    # dealt with it) form no reference cycle: with the cycle collector off, each is freed
    # the moment the caller lets the result go.  A cycle among them kept each question's
    # table and steps alive until a collection, which then had to walk them (in `make
    # load`, about one collection every answer).
    question = services.current_question(session)
    gc.collect()
    gc.disable()
    try:
        result = services.answer_question(
            trainee=trainee, question_id=question.pk, raw=right_answer(question), deal_next=True
        )
        assert result.next is not None and result.question.pk == question.pk
        kept = [result.question, result.question.session, result.attempt, result.next]
        watched = [weakref.ref(obj) for obj in kept]
        del result, kept
        assert [type(ref()).__name__ for ref in watched if ref() is not None] == []
    finally:
        gc.enable()


def test_a_card_moved_by_another_answer_meanwhile_is_reviewed_as_it_now_is(
    trainee, session, monkeypatch
):
    question = services.current_question(session)
    key = {"trainee": trainee, "kind": question.kind, "situation": question.situation}
    first = dealing.create_question(
        trainee=trainee, kind=question.kind, level=1, situation=question.situation
    )
    services.answer_question(trainee=trainee, question_id=first.pk, raw=right_answer(first))
    read = grading.grade_answer

    def reviewed_meanwhile(*args, **kwargs):
        # another answer of the skill reviews its card after this one read it
        SkillCard.objects.filter(**key).update(reviews=7)
        return read(*args, **kwargs)

    monkeypatch.setattr(services, "grade_answer", reviewed_meanwhile)
    result = services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question), deal_next=True
    )
    # the read card is not written over: the answer is taken again with the card locked
    card = SkillCard.objects.get(**key)
    assert card.reviews == 8 and card.last_attempt == result.attempt
    assert Attempt.objects.filter(question=question).count() == 1 and result.next is not None
