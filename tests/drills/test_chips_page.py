"""Drills in chips: started from the drills index, each amount paid built from the
house's chips at its seat's spot, graded on the amount and the pay standard with the reason."""

from __future__ import annotations

import pytest

from tests.factories import right_answer
from trainer.drills import services
from trainer.drills.models import Attempt, PracticeSession
from trainer.engine.chips import Payout


def win_question(trainee, level=1):
    """A Mississippi Stud question in chips whose seat 1 wins (a fresh session a try)."""
    for _ in range(60):
        session = services.start_session(trainee=trainee, kind="ms-pay", level=level, in_chips=True)
        question = services.current_question(session)
        if question.expected["p1.outcome"] == "win":
            return session, question
        services.end_session(trainee=trainee, session_id=session.pk)
    raise AssertionError("no win in 60 deals")


def test_the_start_form_offers_chips_for_drills_that_pay(trainee_client):
    html = trainee_client.get("/drills/").content.decode()
    assert 'data-in-chips="ms-pay"' in html and 'data-in-chips="hand-five"' not in html
    response = trainee_client.post(
        "/drills/start", {"kind": "ms-pay", "level": 1, "in_chips": "on"}
    )
    session = PracticeSession.objects.get()
    assert response.status_code == 302 and session.in_chips
    question = services.current_question(session)
    assert question.in_chips and question.fields[1]["kind"] == "chips"
    page = trainee_client.get(f"/drills/s/{session.pk}/").content.decode()
    # the chip builder at seat 1's spot: a count box per chip, each labelled, and the tray
    assert '<section class="spot seat answering" aria-labelledby="seat-1">' in page
    assert 'name="p1.amount.25"' in page and 'for="id_p1.amount_25"' in page
    assert 'class="chip-tray" tabindex="0"' in page and ", in chips" in page


def test_a_drill_that_pays_nothing_cannot_be_taken_in_chips(trainee):
    with pytest.raises(services.DrillError, match="cannot be taken in chips"):
        services.start_session(trainee=trainee, kind="hand-five", level=1, in_chips=True)


def test_the_right_chips_are_right(trainee_client, trainee):
    _, question = win_question(trainee)
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", right_answer(question))
    assert response.status_code == 200
    assert question.attempt.is_correct


def test_the_right_amount_in_the_wrong_chips_is_wrong_with_the_reason(trainee_client, trainee):
    _, question = win_question(trainee)
    pay = Payout.of_json(question.expected["p1.amount"])
    data = {"p1.outcome": "win", "p1.amount.1": str(pay.amount)}
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", data)
    question.refresh_from_db()
    attempt = question.attempt
    assert attempt.marks["p1.outcome"] is True
    if pay.chips == {1: pay.amount}:  # paid in white anyway: nothing to be wrong about
        assert attempt.is_correct
        return
    assert not attempt.is_correct and attempt.marks["p1.amount"] is False
    html = response.content.decode()
    assert "Right amount; the house standard pays" in html
    assert f"you used {pay.amount} white" in html


def test_a_count_that_is_no_number_is_refused_beside_the_chips(trainee_client, trainee):
    _, question = win_question(trainee)
    data = {"p1.outcome": "win", "p1.amount.25": "two"}
    html = trainee_client.post(f"/drills/q/{question.pk}/answer", data).content.decode()
    assert "Give each chip&#39;s count as a whole number" in html
    assert not Attempt.objects.filter(question=question).exists()


def test_a_count_in_other_digits_is_refused_not_a_500(trainee_client, trainee):
    # "²" passes str.isdigit() but int() refuses it: the page once failed drawing the chips
    _, question = win_question(trainee)
    data = {"p1.outcome": "win", "p1.amount.5": "²"}
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", data)
    assert response.status_code == 200
    assert "Give each chip&#39;s count as a whole number" in response.content.decode()
    assert not Attempt.objects.filter(question=question).exists()


def test_a_question_the_house_rules_cannot_deal_is_refused_in_words(
    trainee_client, trainee, monkeypatch
):
    from trainer.engine import EngineError
    from trainer.engine.drills import REGISTRY

    def cannot(*args, **kwargs):
        raise EngineError("1,003 cannot be paid in chips of 5.")

    monkeypatch.setattr(REGISTRY["ms-pay"], "generate", cannot)
    response = trainee_client.post(
        "/drills/start", {"kind": "ms-pay", "level": 1, "in_chips": "on"}, follow=True
    )
    assert response.status_code == 200
    assert "1,003 cannot be paid in chips of 5." in response.content.decode()
    assert not PracticeSession.objects.exists()
