"""A trainee drills every kind in a real browser (Debian's Chromium through Playwright)."""

import datetime
from urllib.parse import parse_qs

import pytest

from tests.browser.conftest import PHONE, screenshot, sign_in
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
        elif field["kind"] == "watch":  # right or wrong; for a wrong one, what and how much
            page.check(f'[name="{name}.call"][value="{value["call"]}"]')
            if value["call"] == "wrong":
                page.select_option(f'[name="{name}.situation"]', value["situation"])
                amount = value["amount"]
                for part, typed in amount.items() if isinstance(amount, dict) else [("", amount)]:
                    page.fill(f'[name="{name}.{f"share.{part}" if part else "amount"}"]', typed)
        else:
            page.check(f'[name="{name}"][value="{value}"]')


def start(page, kind, level=1):
    page.goto("/drills/")
    page.click(f'button[data-drill="{kind}"]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")  # scripts ready, as they are by the time a person types


#: the drills a trainee is offered (the watch drills are walked in tests/browser/test_watch.py).
#: Each is started from the drills page, answered right, then its next question wrong, by
#: tests/browser/test_felt.py's desktop walk (at its highest level, with its felt's checks)
DEALERS_DRILLS = sorted(slug for slug, kind in REGISTRY.items() if not kind.watches)


def test_the_keyboard_flow(page, trainee):
    """Enter answers; the feedback comes with the next question, which Enter shows without
    asking the server; the time sent with an answer runs from the question appearing; a
    reload in the middle of a cycle shows the question already dealt."""
    # Playwright's clock: time runs on from 11:00 until the test stops it, then only as moved
    page.clock.install(time=ELEVEN)
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "cs-qualify")
    question = latest_question(trainee)
    press_the_answer(page, question)  # the choice has focus first; its key picks it
    felt = page.locator(".felt").inner_html()
    assert page.locator("#score").inner_text() == "Score: 0 right of 0 answered"
    page.keyboard.press("Enter")  # Enter answers
    page.wait_for_selector(".feedback.right")
    # only the answer area and the score changed: the same hand is still on the felt
    assert page.locator("#score").inner_text() == "Score: 1 right of 1 answered"
    assert page.locator(".felt").inner_html() == felt
    assert page.locator("#drill").get_attribute("data-question") == str(question.pk)
    dealt = latest_question(trainee)  # the next question, dealt with the answer
    assert dealt.pk != question.pk and dealt.sent_at is None

    # 5 s reading the feedback, then Enter shows the next question: no request is made
    page.clock.pause_at(ELEVEN + datetime.timedelta(hours=1))
    page.clock.run_for(5000)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#drill[data-question="{dealt.pk}"] form.answer-form')
    assert asked == [] and page.url.endswith(f"/drills/s/{dealt.session_id}/")
    # answered 1.5 s after it appeared: that is the time sent, not the feedback's 5 s too
    page.clock.run_for(1500)
    press_the_answer(page, dealt)
    with page.expect_request(lambda request: "/answer" in request.url) as sent:
        page.keyboard.press("Enter")
    assert parse_qs(sent.value.post_data)["took_ms"] == ["1500"]
    page.wait_for_selector(".feedback.right")
    assert page.url.endswith(f"/drills/s/{dealt.session_id}/")  # swapped in place (htmx)

    # a reload while the feedback is shown: the question dealt with it, never another
    third = latest_question(trainee)
    page.reload()
    page.wait_for_selector(f'#drill[data-question="{third.pk}"] form.answer-form')
    assert Question.objects.filter(trainee=trainee).count() == 3


ELEVEN = datetime.datetime(2026, 3, 2, 11, 0)


def press_the_answer(page, question) -> None:
    page.keyboard.press({"yes": "y", "no": "n"}[question.expected["qualifies"]])


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
    # Next without JavaScript is the session's page: it shows the question dealt with the
    # answer, and deals no other
    dealt = latest_question(trainee)
    assert page.locator("#drill").get_attribute("data-question") == str(dealt.pk)
    assert Question.objects.filter(trainee=trainee).count() == 2
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
    # no sideways scroll
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    assert cards.first.get_attribute("aria-label")  # a text alternative for screen readers
    screenshot(phone, "drill-phone.png", full_page=True)


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
    # the question dealt with the feedback was never shown: it counts nowhere
    assert "1 of 1" in page.locator("dl.answer").inner_text()
    assert Question.objects.filter(trainee=trainee).count() == 1
