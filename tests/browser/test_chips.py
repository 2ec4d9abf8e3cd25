"""Paying in chips in a real browser: a Mississippi Stud payout built chip by chip
with the keyboard and graded right; the right amount in the wrong chips graded wrong, with the
reason in a dealer's words."""

import pytest

from tests.browser.conftest import sign_in
from tests.factories import PASSWORD
from trainer.drills import services
from trainer.drills.grading import fields_of
from trainer.drills.models import Attempt
from trainer.engine.chips import Payout

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

#: the red chip of the common set (the demo house's chips): 5
RED = 5


def a_win(trainee, *, at_least: int = 0, at_most: int = 10**9):
    """A Mississippi Stud question in chips, level 1, whose position wins a payout within the
    bounds (a new session a deal: the seed is the service's own)."""
    for _ in range(300):
        session = services.start_session(trainee=trainee, kind="ms-pay", level=1, in_chips=True)
        question = services.current_question(session)
        if question.expected["p1.outcome"] == "win":
            pay = Payout.of_json(question.expected["p1.amount"])
            if at_least <= pay.amount <= at_most and pay.amount % RED == 0:
                return session, question, pay
        services.end_session(trainee=trainee, session_id=session.pk)
    raise AssertionError("no such win in 300 deals")


def keys_of(question) -> dict[int, str]:
    field = next(f for f in fields_of(question) if f.kind == "chips")
    return {int(v): k for (v, _), k in zip(field.choices, field.keys, strict=True)}


def open_and_call_the_win(page, session):
    page.goto(f"/drills/s/{session.pk}/")
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")
    page.keyboard.press("w")  # the outcome; the hand goes on to the chip tray
    assert page.evaluate("document.activeElement.id") == "id_p1.amount_tray"


def test_a_payout_built_chip_by_chip_is_right(page, trainee):
    session, question, pay = a_win(trainee)
    sign_in(page, "trainee-tina", PASSWORD)
    open_and_call_the_win(page, session)
    keys = keys_of(question)
    # one chip too many first, then Backspace takes it off again
    page.keyboard.press(keys[RED])
    page.keyboard.press("Backspace")
    assert page.locator("#id_p1\\.amount_total").inner_text() == "0"
    for chip, count in pay.chips.items():
        for _ in range(count):
            page.keyboard.press(keys[chip])
    assert page.locator("#id_p1\\.amount_total").inner_text() == f"{pay.amount:,}"
    # the stacks are said in words for a screen reader
    said = page.locator(".chip-tray .chip-stacks").get_attribute("aria-label")
    names = {int(v): name for v, name in fields_of(question)[1].choices}
    assert said == ", ".join(f"{n} {names[v]} {v:,}" for v, n in pay.chips.items())
    page.keyboard.press("Enter")
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback h3").inner_text().startswith("Right")
    assert Attempt.objects.get(question=question).is_correct


def test_the_right_amount_in_the_wrong_chips_is_wrong_with_the_reason(page, trainee):
    # 25 or more pays in a green at least, so all in red is the right amount in the wrong chips
    session, question, pay = a_win(trainee, at_least=25, at_most=100)
    assert pay.chips != {RED: pay.amount // RED}
    sign_in(page, "trainee-tina", PASSWORD)
    open_and_call_the_win(page, session)
    for _ in range(pay.amount // RED):
        page.keyboard.press(keys_of(question)[RED])
    page.keyboard.press("Enter")
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback h3").inner_text().startswith("Not quite")
    reason = page.locator(".feedback .chip-reason").inner_text()
    assert reason.startswith(f"Right amount; the house standard pays {pay.amount} as ")
    assert reason.endswith(f"you used {pay.amount // RED} red")
    attempt = Attempt.objects.get(question=question)
    assert not attempt.is_correct and attempt.marks == {"p1.outcome": True, "p1.amount": False}


def test_the_trays_total_is_grouped_as_a_spanish_reader_writes_it(page, trainee):
    trainee.language = "es"
    trainee.save(update_fields=["language"])
    session, _, _ = a_win(trainee)
    sign_in(page, "trainee-tina", PASSWORD)
    page.goto(f"/drills/s/{session.pk}/")
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")
    page.fill('input[name="p1.amount.1"]', "1250")  # the script totals the tray as it is typed
    assert page.locator("#id_p1\\.amount_total").inner_text() == "1.250"
