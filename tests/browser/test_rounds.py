"""A trainee deals a whole round of Caribbean Stud on the felt in a real browser, keyboard
first: the seat's number picks where to act, each step's keys its answers, Enter answers; a
slip is named at once and the round goes on; the summary gives every step and the time."""

import pytest

from tests.browser.conftest import screenshot, sign_in
from tests.factories import PASSWORD, right_answer
from trainer.rounds.models import Round, RoundStep

pytestmark = pytest.mark.django_db(transaction=True)


def _current(played: Round) -> RoundStep:
    return (
        played.steps.filter(question__attempt__isnull=True)
        .select_related("question")
        .order_by("number")
        .first()
    )


def _answer(page, row: RoundStep, answer: dict) -> None:
    """The step's answer as a trainee gives it: keys for the choices, the amounts typed."""
    fields = {f["name"]: f for f in row.question.fields}
    for name, value in answer.items():
        field = fields[name]
        if field["kind"] in ("amount", "signed"):
            page.fill(f'[name="{name}"]', str(value))
        else:
            keys = dict(zip((c[0] for c in field["choices"]), field["keys"], strict=False))
            page.locator(f'[name="{name}"]').first.focus()
            page.keyboard.press(keys[value])
            assert page.locator(f'[name="{name}"][value="{value}"]').is_checked()


def test_a_trainee_deals_a_round_on_the_felt_by_the_keyboard(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    page.goto("/rounds/")
    page.select_option("#id_game", "caribbean-stud")
    page.fill("#id_players", "4")
    page.click("form.round-start button[type=submit]")
    page.wait_for_selector("form.round-form")
    page.wait_for_load_state("load")
    played = Round.objects.get(trainee=trainee)
    screenshot(page, "round-step-1.png", full_page=True)
    slipped = False
    while (row := _current(played)) is not None:
        assert page.locator("h2.prompt").inner_text().startswith(f"Step {row.number} of")
        answer = right_answer(row.question)
        pending = row.step["pending"]
        if not slipped and row.step["phase"] == "settle" and len(pending) > 1:
            answer = {**answer, "where": pending[1]}  # out of order, on purpose, once
            slipped = True
        _answer(page, row, answer)
        page.keyboard.press("Enter")  # on the last field: answers
        if row.number == played.steps_total:
            page.wait_for_url(f"**/rounds/{played.pk}/summary")
            break
        page.wait_for_selector(f"#answered-{row.number}")
        if answer.get("where") not in (None, row.step["where"]):
            assert "Settling out of order" in page.locator(".slips").inner_text()
            screenshot(page, "round-slip.png", full_page=True)
    played.refresh_from_db()
    assert played.is_finished and played.steps_answered == played.steps_total
    assert played.steps_right == played.steps_total - int(slipped)
    assert "Time against pace" in page.locator("dl.answer").inner_text()
    assert page.locator("table.round-steps tr.round-step").count() == played.steps_total
