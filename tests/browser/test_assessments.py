"""A supervisor builds and assigns a timed test; a trainee takes it in a real browser (Debian's
Chromium through Playwright) and sees the result; the supervisor sees it too."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import WAIT_MS, sign_in
from tests.browser.test_drills import fill
from tests.factories import PASSWORD, right_answer
from trainer.assessments import services
from trainer.assessments.models import Assessment, Assignment, Sitting
from trainer.drills.models import Question

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)


def shown_question(page) -> Question:
    return Question.objects.get(pk=page.locator("#drill").get_attribute("data-question"))


def answer_right(page):
    question = shown_question(page)
    fill(page, question, right_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_load_state("load")
    return question


def test_a_supervisor_assigns_a_timed_test_and_a_trainee_passes_it(
    browser, live_server, page, trainee, supervisor
):
    # the supervisor builds the test and assigns it to Tina
    sign_in(page, "super-sue", PASSWORD)
    page.goto("/tests/manage/new")
    page.fill("#id_title", "Friday check")
    page.select_option("#id_level", "1")
    page.fill("#id_pass_mark", "60")
    page.fill("#id_time_limit_minutes", "10")
    page.fill('[name="count-cs-qualify"]', "2")
    page.fill('[name="count-hand-five"]', "1")
    page.click("form.build-form button[type=submit]")
    page.wait_for_selector("form.assign-form")
    test = Assessment.objects.get(title="Friday check")
    assert test.time_limit_minutes == 10 and test.question_count == 3
    page.check(f'input[name="trainees"][value="{trainee.pk}"]')
    page.click("form.assign-form button[type=submit]")
    page.wait_for_selector(".messages >> text=Assigned to 1 trainee")
    assert Assignment.objects.filter(test=test, trainee=trainee).exists()

    # Tina takes it, within the time limit, with the countdown running
    context = browser.new_context(base_url=live_server.url)
    tina = context.new_page()
    tina.set_default_timeout(WAIT_MS)
    sign_in(tina, "trainee-tina", PASSWORD)
    tina.goto("/tests/")
    tina.click("button.start")
    tina.wait_for_selector("form.answer-form")
    tina.wait_for_load_state("load")  # scripts ready, as they are by the time a person types
    first = tina.locator(".timer-clock").inner_text()
    assert re.fullmatch(r"(9:5\d|10:00)", first)
    tina.wait_for_function(
        "t => document.querySelector('.timer-clock').textContent !== t", arg=first
    )
    for _ in range(3):
        answer_right(tina)
    tina.wait_for_url("**/result")
    verdict = tina.locator(".verdict").inner_text()
    assert verdict.startswith("Passed") and "3 right of 3" in verdict
    sitting = Sitting.objects.get(trainee=trainee)
    assert (sitting.right, sitting.total, sitting.passed) == (3, 3, True)
    assert sitting.finished_at < sitting.deadline
    context.close()

    # back as the supervisor: the result is there
    page.goto(f"/tests/manage/{test.pk}/")
    row = page.locator('tr[data-trainee="trainee-tina"]')
    assert "3 of 3 (100%)" in row.inner_text()
    assert row.locator(".verdict").inner_text() == "passed"


def test_when_the_countdown_ends_the_page_shows_the_result(page, trainee, demo):
    test = services.build_test(
        house=demo,
        created_by=None,
        title="Quick check",
        level=1,
        pass_mark=50,
        parts=[("hand-five", 2)],
        time_limit_minutes=5,
    )
    assignment = Assignment.objects.create(test=test, trainee=trainee)
    sitting = services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
    sign_in(page, "trainee-tina", PASSWORD)
    # Five minutes pass without waiting for them, and without depending on how quickly this
    # machine sends the page: the countdown (timer.js) runs on the page's clock, which the test
    # moves on (Playwright's clock), and the server's deadline is put in the past once the page
    # is there.
    page.clock.install()
    page.goto(f"/tests/s/{sitting.pk}/")
    page.wait_for_load_state("load")
    seconds_left = int(page.locator(".timer").get_attribute("data-seconds-left"))
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    page.clock.run_for(seconds_left * 1000)
    page.wait_for_selector(".timer.up")
    assert page.locator("form.answer-form button").is_disabled()
    page.clock.run_for(2000)  # the page reloads 1.5 s after time is up, for the server to finish
    page.wait_for_url("**/result")
    assert "Not passed" in page.locator(".verdict").inner_text()
    assert "time ran out" in page.content()


def test_a_test_can_be_taken_without_javascript(browser, live_server, trainee, demo):
    test = services.build_test(
        house=demo,
        created_by=None,
        title="Plain check",
        level=1,
        pass_mark=50,
        parts=[("es-bring-in", 1)],
        time_limit_minutes=5,
    )
    Assignment.objects.create(test=test, trainee=trainee)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, "trainee-tina", PASSWORD)
    page.goto("/tests/")
    page.click("button.start")
    page.wait_for_selector("form.answer-form")
    assert re.fullmatch(r"\d+:\d\d", page.locator(".timer-clock").inner_text())
    answer_right(page)
    page.wait_for_url("**/result")
    assert page.locator(".verdict").inner_text().startswith("Passed")
    context.close()
