"""A watch round on the felt, in Chromium: a supervisor watches a full table by the
keyboard (R or W a position; for a wrong one, what went wrong and the right settlement),
sees each mistake counted apart, and the house's clock sends an answer left unmarked."""

import pytest

from tests.browser.conftest import WAIT_MS, sign_in
from tests.factories import PASSWORD
from trainer.drills.models import Attempt, Question
from trainer.engine.kit.watched import MISSED

pytestmark = pytest.mark.django_db(transaction=True)

KIND = "watch-mississippi-stud"


def latest(user) -> Question:
    return Question.objects.filter(trainee=user).order_by("-pk").first()


def test_a_supervisor_watches_a_full_table_by_the_keyboard(page, supervisor):
    page.clock.install()  # the clock stands still until the test moves it
    sign_in(page, "super-sue", PASSWORD)
    page.goto("/watch/")
    page.select_option(f"#level-{KIND}", "2")
    page.click(f'button[data-drill="{KIND}"]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")
    question = latest(supervisor)
    fields = question.answer_fields()
    assert len(fields) >= 2
    assert page.locator(".settled").count() == len(fields)  # what the dealer did, seat by seat
    # each position in turn, as the house settles them (the page's order): R clears it; W opens
    # what went wrong, then the right settlement; the last Enter sends the answer
    order = page.eval_on_selector_all(
        ".watch-field", "fields => fields.map(f => f.id.replace('id_', ''))"
    )
    assert sorted(order) == sorted(f.name for f in fields)
    mistaken = None
    for name in order:
        want = question.expected[name]
        page.locator(f'[name="{name}.call"]').first.focus()
        if want["call"] == "right" or mistaken is None:
            # the first mispay passed as right on purpose: it must come back a missed mispay
            if want["call"] == "wrong":
                mistaken = name
            page.keyboard.press("r")
            continue
        page.keyboard.press("w")
        assert page.evaluate("document.activeElement.name") == f"{name}.situation"
        page.select_option(f'[name="{name}.situation"]', want["situation"])
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.name") == f"{name}.amount"
        page.keyboard.type(str(want["amount"]))
    page.locator("form.answer-form button[type=submit]").click()
    page.wait_for_selector(".feedback", timeout=WAIT_MS)
    tally = page.locator(".watch-tally").inner_text()
    attempt = Attempt.objects.get(question=question)
    if mistaken is None:  # every position was settled right: cleared, all of them
        assert attempt.is_correct and "0 missed mispays" in tally
    else:
        assert not attempt.is_correct and "1 missed mispay " in tally + " "
        assert "Missed mispay: the dealer" in page.locator(".review").first.inner_text()
        assert attempt.marks[mistaken] is False
        assert sum(not right for right in attempt.marks.values()) == 1


def test_the_clock_sends_the_answer_and_unmarked_positions_are_missed(page, supervisor):
    page.clock.install()
    sign_in(page, "super-sue", PASSWORD)
    page.goto("/watch/")
    page.select_option(f"#level-{KIND}", "2")
    page.click(f'button[data-drill="{KIND}"]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_selector("[data-clock].running")
    page.wait_for_load_state("load")
    question = latest(supervisor)
    target = int(page.get_attribute("[data-clock]", "data-target-ms"))
    # the server's own time must have run out too: it counts from when it sent the page
    Question.objects.filter(pk=question.pk).update(
        sent_at=question.shown_at.replace(year=question.shown_at.year - 1)
    )
    page.clock.run_for(target + 1000)  # nothing marked when the clock runs out
    page.wait_for_selector(".feedback", timeout=WAIT_MS)
    attempt = Attempt.objects.get(question=question)
    assert all(given == {"call": None} for given in attempt.answer.values())
    wrong = sum(e["call"] == "wrong" for e in question.expected.values())
    tally = page.locator(".watch-tally").inner_text()
    assert f"{wrong} {MISSED}" in tally
