"""A trainee drills every kind in a real browser (Debian's Chromium through Playwright)."""

import pytest

from tests.browser.conftest import sign_in
from tests.factories import PASSWORD, right_answer, wrong_answer
from trainer.drills.models import Attempt, Question
from trainer.engine.drills import REGISTRY

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)


def latest_question(trainee) -> Question:
    return Question.objects.filter(trainee=trainee).order_by("-pk").first()


def fill(page, question, answer):
    """Type or click the answer the way a trainee would."""
    for field in question.fields:
        name, value = field["name"], answer[field["name"]]
        if field["kind"] in ("amount", "signed"):
            page.fill(f'[name="{name}"]', str(value))
        elif field["kind"] == "chips":  # a count typed per chip (the chip builder's boxes)
            for chip, count in value.items():
                page.fill(f'[name="{name}.{chip}"]', str(count))
        elif field["kind"] == "seats":
            for seat in value:
                page.check(f'[name="{name}"][value="{seat}"]')
        else:
            page.check(f'[name="{name}"][value="{value}"]')


def start(page, kind, level=1):
    page.goto("/drills/")
    page.click(f'button[data-drill="{kind}"]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")  # scripts ready, as they are by the time a person types


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_a_trainee_drills_every_kind_right_then_wrong(page, trainee, kind):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, kind)
    question = latest_question(trainee)
    fill(page, question, right_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback")
    assert page.locator(".feedback h3").inner_text().startswith("Right")
    assert page.locator("ol.steps li").count() == len(question.steps)
    page.click("button.next")
    page.wait_for_selector("form.answer-form")
    second = latest_question(trainee)
    assert second.pk != question.pk
    fill(page, second, wrong_answer(second))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.wrong")
    assert "wrong" in page.locator(".review tr.wrong").first.inner_text()
    assert Attempt.objects.filter(trainee=trainee).count() == 2


def test_the_keyboard_flow(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "cs-qualify")
    question = latest_question(trainee)
    key = {"yes": "y", "no": "n"}[question.expected["qualifies"]]
    page.keyboard.press(key)  # the choice has focus first; its key picks it
    felt = page.locator(".felt").inner_html()
    assert page.locator("#score").inner_text() == "Score: 0 right of 0 answered"
    page.keyboard.press("Enter")  # Enter answers
    page.wait_for_selector(".feedback.right")
    # only the answer area and the score changed: the same hand is still on the felt
    assert page.locator("#score").inner_text() == "Score: 1 right of 1 answered"
    assert page.locator(".felt").inner_html() == felt
    assert page.locator("#drill").get_attribute("data-question") == str(question.pk)
    page.keyboard.press("Enter")  # Enter again deals the next question
    page.wait_for_function(
        "id => document.querySelector('#drill').dataset.question !== id", arg=str(question.pk)
    )
    assert latest_question(trainee).pk != question.pk


def test_typing_an_amount_and_enter(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "mg-split")
    question = latest_question(trainee)
    first = question.fields[0]["name"]
    assert page.evaluate("document.activeElement.name") == first  # the answer field has focus
    for field in question.fields:
        page.fill(f'[name="{field["name"]}"]', str(question.expected[field["name"]]))
    page.keyboard.press("Enter")
    page.wait_for_selector(".feedback.right")


def test_a_replayed_submit_records_once_and_shows_the_same_result(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "ms-pay")
    question = latest_question(trainee)
    fill(page, question, right_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.right")
    # the same post again, as a double click or a browser resubmission would send it
    token = page.evaluate("document.querySelector('[name=csrfmiddlewaretoken]').value")
    response = page.request.post(
        f"/drills/q/{question.pk}/answer",
        form={
            **{k: v for k, v in wrong_answer(question).items() if not isinstance(v, list)},
            "csrfmiddlewaretoken": token,
        },
        headers={"Referer": page.url},
    )
    assert response.ok and "already answered" in response.text()
    assert Attempt.objects.filter(question=question).count() == 1
    assert Attempt.objects.get(question=question).is_correct


def test_the_drill_works_without_javascript(browser, live_server, trainee):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "es-bring-in")
    question = latest_question(trainee)
    fill(page, question, right_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.right")
    page.click("button.next")
    page.wait_for_selector("form.answer-form")
    context.close()


def test_a_phone_sized_screen_shows_the_cards_and_the_form(phone, trainee):
    sign_in(phone, "trainee-tina", PASSWORD)
    start(phone, "ms-pay")
    table = latest_question(trainee).table
    shown = len((table.get("board") or "").split()) + 2 * len(table["positions"])
    cards = phone.locator(".felt .card")
    assert cards.count() == shown  # every hole card, and the board dealt before any fold
    box = cards.first.bounding_box()
    assert box["width"] >= 40  # large enough to read at arm's length
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375 + 1  # no sideways scroll
    assert cards.first.get_attribute("aria-label")  # a text alternative for screen readers
    phone.screenshot(path="/tmp/drill-phone.png", full_page=True)


def test_the_summary_lists_what_was_missed(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "hand-five")
    question = latest_question(trainee)
    fill(page, question, wrong_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.wrong")
    page.click("text=End and see the summary")
    page.wait_for_url("**/summary")
    assert "What you missed" in page.content()
    assert page.locator("article.missed").count() == 1
