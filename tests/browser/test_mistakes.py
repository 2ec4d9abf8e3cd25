"""A trainee misses two hands; "Practise my mistakes" deals a fresh hand like each, and once
it is answered shows the hand missed beside the review (Debian's Chromium through
Playwright); the pace indicator runs while a question is open."""

from decimal import Decimal

import pytest

from tests.browser.conftest import sign_in
from tests.browser.test_accessibility import violations
from tests.browser.test_drills import fill, latest_question, start
from tests.factories import PASSWORD, right_answer, wrong_answer
from trainer.drills.models import PracticeSession, Question
from trainer.drills.practice.models import PaceTarget

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)


def card_names(page, where: str = "") -> list[str]:
    """The cards on the felt (`where`: of that part of the page), by the names a screen
    reader reads."""
    return page.locator(f"{where} .felt .card[role=img]".strip()).evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )


def answer(page, question, right: bool) -> None:
    fill(page, question, right_answer(question) if right else wrong_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback.right" if right else ".feedback.wrong")


def next_question(page, shown: Question) -> None:
    page.click("button.next")
    page.wait_for_function(
        "id => document.querySelector('#drill').dataset.question !== id",
        arg=str(shown.pk),
    )


def test_two_missed_hands_come_back_as_fresh_hands_until_answered_right(page, trainee):
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "cs-qualify")
    first = latest_question(trainee)
    first_cards = card_names(page)
    answer(page, first, right=False)
    next_question(page, first)
    second = latest_question(trainee)
    second_cards = card_names(page)
    answer(page, second, right=False)
    assert first_cards and second_cards and first_cards != second_cards

    page.goto("/drills/")
    entry = page.locator("#practice-mistakes")
    assert entry.inner_text() == "Practise my mistakes (2 hands)"
    problems = violations(page, "drills with mistakes waiting", "page")
    page.click('form[action="/practice/mistakes/start"] button[type=submit]')
    page.wait_for_selector("form.answer-form")
    page.wait_for_load_state("load")
    assert page.locator("h1").inner_text() == "Practise my mistakes"
    assert page.locator(".replay").inner_text().startswith("A hand you missed on ")
    page.wait_for_selector(".pace.running")  # the pace indicator runs while it is open
    problems += violations(page, "practise my mistakes", "page")

    # a fresh hand like the first: other cards on the felt, the hand missed not yet shown
    replay = latest_question(trainee)
    assert replay.replay_of_id == first.pk and replay.request != first.request
    assert replay.situation == first.situation
    assert card_names(page) != first_cards
    assert page.locator(".missed-hand").count() == 0
    answer(page, replay, right=True)
    assert "(target " in page.locator(".took").inner_text()
    # answered: the hand missed beside the review, its cards and the answer then given
    missed = page.locator(".missed-hand")
    assert missed.locator("h4").inner_text() == "The hand you missed"
    assert card_names(page, ".missed-hand") == first_cards
    assert "✘ wrong" in missed.locator("table.review").inner_text()
    problems += violations(page, "practise my mistakes answered", "page")
    next_question(page, replay)

    # then one like the second
    replay = latest_question(trainee)
    assert replay.replay_of_id == second.pk and replay.request != second.request
    assert card_names(page) != second_cards
    answer(page, replay, right=True)
    assert card_names(page, ".missed-hand") == second_cards

    # nothing is left: the summary says so, and the session has ended
    page.click("button.next")
    page.wait_for_url("**/summary")
    assert "Every missed hand is answered right." in page.locator(".messages").inner_text()
    assert page.locator("h1").inner_text() == "Summary: Practise my mistakes"
    problems += violations(page, "practise my mistakes summary", "page")
    session = PracticeSession.objects.get(mode="mistakes")
    assert session.ended_at is not None and session.questions.count() == 2
    assert problems == []


def test_the_pace_indicator_turns_over_target(page, trainee, demo):
    # the shortest target a house may set (pace.MIN_TARGET_SECONDS), so the question goes
    # over it while it is open
    PaceTarget.objects.create(house=demo, kind="cs-qualify", level=1, seconds=Decimal("1"))
    sign_in(page, "trainee-tina", PASSWORD)
    start(page, "cs-qualify")
    pace = page.locator(".pace")
    assert pace.locator(".pace-target").inner_text() == "Target 1 s"
    page.wait_for_selector(".pace.over")
    assert pace.locator(".pace-word").inner_text() == "over target"
    assert pace.locator("[aria-live=polite]").inner_text() == "Over the target time."
    question = latest_question(trainee)
    answer(page, question, right=True)
    assert page.locator(".took").inner_text().endswith("(target 1 s): over the target.")
