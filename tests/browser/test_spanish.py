"""A Spanish-speaking trainee, end to end in Chromium: the sign-in page in the
browser's Spanish, a drill answered wrong with the reason in Spanish, Today's practice, and a
certification test sat and passed, with its certificate page and PDF.

Every Spanish text the test expects is the catalogue's translation of the English the code
asks for (gettext under `translation.override("es")`), and each reason is the engine's own
message for the question said in Spanish, so the test holds whatever the translators choose.
The test settings also fail any page served in Spanish that still shows English wording the
catalogue translates (tests/i18n/english_on_pages.py)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.assessments.test_retakes_and_sections import build
from tests.browser.conftest import WAIT_MS
from tests.browser.test_assessments import answer_right
from tests.browser.test_drills import fill, latest_question, start
from tests.factories import PASSWORD, AssignmentFactory, wrong_answer
from tests.i18n.catalogue import catalogue_of, no_catalogue
from trainer.assessments.models import Certificate
from trainer.core.i18n import render, stored

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not catalogue_of("es").exists(), reason=no_catalogue("es")),
]


def spanish(english: str) -> str:
    with translation.override("es"):
        return translation.gettext(english)


def said(message) -> str:
    with translation.override("es"):
        return render(stored(message))


#: a card as the engine writes it in a sentence; the page draws it (rank and suit symbol)
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")


def words_of(sentence: str) -> list[str]:
    """The sentence's words between its cards, which the page draws rather than writes."""
    return [" ".join(part.split()) for part in CARD.split(sentence) if len(part.strip()) > 3]


def text_of(page, selector: str) -> str:
    return " ".join(page.locator(selector).first.inner_text().split())


def test_a_spanish_trainee_drills_practises_and_is_certified(browser, live_server, demo, trainee):
    trainee.language = "es"
    trainee.save(update_fields=["language"])
    # the browser asks for Spanish: the sign-in page, before anyone is known, is in Spanish
    context = browser.new_context(base_url=live_server.url, locale="es-ES")
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto("/accounts/login/")
    assert page.locator("html").get_attribute("lang") == "es"
    assert spanish("Sign in") in page.content()
    page.fill("#id_username", trainee.username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)

    # a drill answered wrong: the feedback and its reasons in Spanish
    start(page, "cs-qualify")
    assert page.locator("html").get_attribute("lang") == "es"
    question = latest_question(trainee)
    fill(page, question, wrong_answer(question))
    page.click("form.answer-form button[type=submit]")
    page.wait_for_selector(".feedback")
    feedback = " ".join(page.locator(".feedback").first.inner_text().split())
    assert spanish("Why") in feedback
    reasons = [said(step) for step in question.steps]
    assert reasons and all(w in feedback for r in reasons for w in words_of(r)), feedback
    # the English the engine wrote is not what a Spanish reader is shown
    english = [w for step in question.steps for w in words_of(str(step)) if w not in said(step)]
    assert english and not any(w in feedback for w in english), english

    # Today's practice, in Spanish, started from the drills page
    page.goto("/drills/")
    assert text_of(page, "#practice-today") == spanish("Today's practice")
    page.click('form[action$="/practice/today/start"] button[type=submit]')
    page.wait_for_selector("form.answer-form")
    assert page.locator("html").get_attribute("lang") == "es"

    # a certification test, sat in the browser and passed
    test = build(demo, title="Certificación de mesa", certification=True)
    AssignmentFactory(test=test, trainee=trainee)
    page.goto("/tests/")
    page.click("button.start")
    page.wait_for_selector("form.answer-form")
    while page.locator("form.answer-form").count():
        answer_right(page)
        if "/result" in page.url:
            break
    page.wait_for_url("**/result")
    assert text_of(page, ".verdict").startswith(spanish("Passed"))
    certificate = Certificate.objects.get(trainee=trainee)
    page.click(".certificate-issued a")
    page.wait_for_url(f"**/certificates/{certificate.pk}/")
    assert spanish("Download as PDF") in page.content()
    assert text_of(page, "h1").startswith(spanish("Certificate"))
    response = page.request.get(f"/tests/certificates/{certificate.pk}.pdf")
    assert response.ok and response.body().startswith(b"%PDF")
    context.close()
