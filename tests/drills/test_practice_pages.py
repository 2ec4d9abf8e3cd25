"""The drill page for sessions of many drills (Today's practice, Practise my mistakes), the
pace target and the answer's time against it, and the entries on the drills index."""

import html
import re
from decimal import Decimal

import pytest

from tests.factories import right_answer, wrong_answer
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice.models import PaceTarget
from trainer.drills.presenting import pace_line
from trainer.engine.drills import REGISTRY

pytestmark = pytest.mark.django_db


def missed_hands(trainee, count, kind="cs-qualify") -> list[Question]:
    session = services.start_session(trainee=trainee, kind=kind, level=1)
    asked = []
    for n in range(count):
        question = (
            services.current_question(session)
            if n == 0
            else services.next_question(trainee=trainee, session_id=session.pk)
        )
        services.answer_question(
            trainee=trainee, question_id=question.pk, raw=wrong_answer(question)
        )
        asked.append(question)
    services.end_session(trainee=trainee, session_id=session.pk)
    return asked


def text(response) -> str:
    """The page with its white space squeezed and its entities read ("Today's practice")."""
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


# --- the pace words, worked by hand -----------------------------------------------------


def test_the_feedback_says_the_time_against_the_target():
    # 4,200 ms is 4.2 s; 6,000 ms is 6 s; 4.2 s is within 6 s
    assert pace_line(Attempt(is_correct=True, response_ms=4200, target_ms=6000)) == (
        "Right, 4.2 s (target 6 s): at pace."
    )
    # 7,460 ms rounds to 7.5 s, over a target of 6 s
    assert pace_line(Attempt(is_correct=False, response_ms=7460, target_ms=6000)) == (
        "Wrong, 7.5 s (target 6 s): over the target."
    )
    # exactly on the target is at pace (within it)
    assert pace_line(Attempt(is_correct=True, response_ms=6000, target_ms=6000)).endswith(
        "at pace."
    )


def test_a_wrong_answer_in_time_is_not_at_pace():
    # "Wrong, 0.8 s: at pace." (only a right answer is at pace)
    # 800 ms is 0.8 s, within a target of 3 s
    assert pace_line(Attempt(is_correct=False, response_ms=800, target_ms=3000)) == (
        "Wrong, 0.8 s (target 3 s): in time, but wrong."
    )


def test_an_answer_from_before_pace_targets_shows_its_time_alone():
    assert pace_line(Attempt(is_correct=True, response_ms=4200, target_ms=None)) == "Right, 4.2 s."


# --- the drill page -------------------------------------------------------------------


def test_the_drill_page_shows_the_houses_target(trainee_client, trainee, demo):
    # the house asks 6 s of a level-1 qualify call: one task, so 6 s a question
    PaceTarget.objects.create(house=demo, kind="cs-qualify", level=1, seconds=Decimal("6"))
    session = services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    page = text(trainee_client.get(f"/drills/s/{session.pk}/"))
    assert '<span class="pace-target">Target 6 s</span>' in page
    assert 'data-target-ms="6000"' in page


def test_the_feedback_shows_the_stored_time_and_target(trainee_client, trainee):
    session = services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    question = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=question.pk, raw=right_answer(question))
    Attempt.objects.filter(question=question).update(response_ms=4200, target_ms=6000)
    page = text(trainee_client.get(f"/drills/s/{session.pk}/"))
    assert '<p class="took">Right, 4.2 s (target 6 s): at pace.</p>' in page
    Attempt.objects.filter(question=question).update(target_ms=None)
    page = text(trainee_client.get(f"/drills/s/{session.pk}/"))
    assert '<p class="took">Right, 4.2 s.</p>' in page


def test_a_mistakes_session_page_names_the_questions_drill_and_the_missed_hand(
    trainee_client, trainee
):
    (missed,) = missed_hands(trainee, 1, kind="hand-five")
    response = trainee_client.post("/practice/mistakes/start", {"back": "drills"})
    session = PracticeSession.objects.get(mode="mistakes")
    assert response.status_code == 302 and response["Location"] == f"/drills/s/{session.pk}/"
    page = text(trainee_client.get(response["Location"]))
    assert "<h1>Practise my mistakes</h1>" in page
    assert f"<strong>{REGISTRY['hand-five'].title}</strong>, level 1" in page
    assert "A hand you missed on <time" in page
    assert missed.prompt in page and "Target " in page


def test_a_todays_practice_session_takes_its_drill_from_the_question(trainee_client, trainee):
    # a session of Today's practice with a question of its planner's picking, dealt here as
    # trainer.drills.practice.today would deal it
    session = PracticeSession.objects.create(trainee=trainee, kind="", mode="today")
    question = dealing.create_question(
        trainee=trainee, kind="ms-pay", level=2, session=session, seed=7
    )
    PracticeSession.objects.filter(pk=session.pk).update(dealt=1, last_question=question)
    page = text(trainee_client.get(f"/drills/s/{session.pk}/"))
    assert "<h1>Today's practice</h1>" in page
    assert f"<strong>{REGISTRY['ms-pay'].title}</strong>, level 2" in page
    assert "A hand you missed" not in page
    # answered, the feedback and the summary read the question's drill too
    trainee_client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    trainee_client.post(f"/drills/s/{session.pk}/end")
    summary = text(trainee_client.get(f"/drills/s/{session.pk}/summary"))
    assert "Summary: Today's practice" in summary


def test_when_nothing_is_left_next_goes_to_the_summary_with_a_plain_message(
    trainee_client, trainee
):
    missed_hands(trainee, 1)
    trainee_client.post("/practice/mistakes/start", {"back": "drills"})
    session = PracticeSession.objects.get(mode="mistakes")
    replay = services.current_question(session)
    trainee_client.post(f"/drills/q/{replay.pk}/answer", right_answer(replay))
    response = trainee_client.post(f"/drills/s/{session.pk}/next")
    assert response.status_code == 302
    assert response["Location"] == f"/drills/s/{session.pk}/summary"
    session.refresh_from_db()
    assert session.ended_at is not None
    page = text(trainee_client.get(response["Location"]))
    assert "Every missed hand is answered right." in page
    assert "Summary: Practise my mistakes" in page


def test_under_htmx_the_finished_session_goes_to_the_summary_by_a_full_load(
    trainee_client, trainee
):
    missed_hands(trainee, 1)
    trainee_client.post("/practice/mistakes/start", {"back": "drills"})
    session = PracticeSession.objects.get(mode="mistakes")
    replay = services.current_question(session)
    trainee_client.post(f"/drills/q/{replay.pk}/answer", right_answer(replay))
    response = trainee_client.post(
        f"/drills/s/{session.pk}/next", headers={"HX-Request": "true", "HX-Target": "drill"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/drills/s/{session.pk}/summary"


def test_the_summary_shows_the_median_and_the_answers_at_pace(trainee_client, trainee):
    session = services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    asked = [services.current_question(session)]
    for _ in range(2):
        services.answer_question(
            trainee=trainee, question_id=asked[-1].pk, raw=right_answer(asked[-1])
        )
        asked.append(services.next_question(trainee=trainee, session_id=session.pk))
    services.answer_question(trainee=trainee, question_id=asked[-1].pk, raw=wrong_answer(asked[-1]))
    # 3 s of 6 (at pace), 7 s of 6 (over), 5 s with no target (an old answer: not counted)
    timings = [(3000, 6000), (7000, 6000), (5000, None)]
    for question, (ms, target) in zip(asked, timings, strict=True):
        Attempt.objects.filter(question=question).update(response_ms=ms, target_ms=target)
    services.end_session(trainee=trainee, session_id=session.pk)
    page = text(trainee_client.get(f"/drills/s/{session.pk}/summary"))
    # the median of 3, 5 and 7 s is 5 s
    assert "<dt>Median time</dt><dd>5.0 s</dd>" in page
    assert "<dt>At pace</dt><dd>1 of 2 answers within their target</dd>" in page
    # it had a miss, which waits: the way to practise it
    assert "Practise my mistakes (1 hand)" in page
    assert 'action="/practice/mistakes/start"' in page


def test_a_summary_without_misses_offers_no_mistakes(trainee_client, trainee):
    session = services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    question = services.current_question(session)
    services.answer_question(trainee=trainee, question_id=question.pk, raw=right_answer(question))
    page = text(trainee_client.get(f"/drills/s/{session.pk}/summary"))
    assert "Practise my mistakes" not in page


def test_another_trainees_mistakes_session_is_not_found(client, trainee, other_trainee):
    missed_hands(other_trainee, 1)
    session = services.start_mode(trainee=other_trainee, mode="mistakes")
    client.force_login(trainee)
    assert client.get(f"/drills/s/{session.pk}/").status_code == 404
    assert client.get(f"/drills/s/{session.pk}/summary").status_code == 404
    assert client.post(f"/drills/s/{session.pk}/next").status_code == 404


# --- the drills index -----------------------------------------------------------------


def test_the_index_offers_todays_practice_and_the_mistakes_waiting(trainee_client, trainee):
    page = text(trainee_client.get("/drills/"))
    assert page.index("Today's practice") < page.index('class="drill-grid"')
    assert 'action="/practice/today/start"' in page
    # nothing waits: said, and the button cannot be pressed
    assert 'action="/practice/mistakes/start"' not in page
    assert "No missed hands are waiting" in page and "disabled" in page
    missed_hands(trainee, 2)
    page = text(trainee_client.get("/drills/"))
    assert "Practise my mistakes (2 hands)" in page
    assert 'action="/practice/mistakes/start"' in page
    assert '<input type="hidden" name="back" value="drills">' in page


def test_starting_with_nothing_waiting_says_so_and_stores_nothing(trainee_client, trainee):
    response = trainee_client.post("/practice/mistakes/start", {"back": "drills"}, follow=True)
    assert response.redirect_chain[-1][0] == "/drills/"
    assert "You have no missed hands waiting" in text(response)
    assert not PracticeSession.objects.exists() and not Question.objects.exists()
