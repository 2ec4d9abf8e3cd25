"""The trainee's landing page: Today's practice first, and Practise my mistakes beside it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.site.test_landing import practise
from trainer.drills.practice.models import Enrolment, SkillCard
from trainer.engine import practice, scheduling
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG

KIND = "ms-pay"


def first_situations(count: int) -> tuple[str, ...]:
    kind, seen, seed = REGISTRY[KIND], {}, 0
    while len(seen) < count:
        seen.setdefault(kind.generate(seed, 1, DEFAULT_CONFIG).situation)
        seed += 1
    return tuple(seen)


SITUATIONS = first_situations(3)


@pytest.fixture(autouse=True)
def listed(monkeypatch):
    """Only ms-pay lists situations: three of its own."""
    for kind in REGISTRY.values():
        monkeypatch.setattr(
            type(kind),
            "situations",
            lambda self, config: SITUATIONS if self.slug == KIND else (),
        )


@pytest.fixture
def enrolled(trainee):
    Enrolment.objects.create(trainee=trainee, game="mississippi-stud")
    return trainee


def card(trainee, situation: str, due: dt.datetime) -> SkillCard:
    state = scheduling.review(None, "good", due - dt.timedelta(days=1))
    state["due"] = due.isoformat()
    return SkillCard.objects.create(
        trainee=trainee, kind=KIND, situation=situation, state=state, due=due, reviews=1
    )


def page_of(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_todays_practice_is_the_first_choice(client, enrolled):
    page = page_of(client, enrolled)
    assert page.index('id="todays-practice"') < page.index('id="continue"')


def test_it_says_what_is_due_what_is_new_and_when_the_next_come(client, enrolled):
    card(enrolled, SITUATIONS[0], timezone.now() - dt.timedelta(hours=1))
    later = card(enrolled, SITUATIONS[1], timezone.now() + dt.timedelta(days=2)).due
    page = page_of(client, enrolled)
    assert "1 skill due now, 1 new skill left for today." in page
    assert f'The next skill comes due <time datetime="{later.isoformat()}">' in page
    start = reverse("practice:start", args=["today"])
    form = page[page.index(f'action="{start}"') :]
    assert 'name="csrfmiddlewaretoken"' in form[: form.index("</form>")]
    assert "Start today's practice" in page


def test_the_next_due_time_is_read_in_the_houses_zone(client, enrolled):
    enrolled.house.time_zone = "America/Chicago"
    enrolled.house.save()
    for situation in SITUATIONS:
        card(enrolled, situation, dt.datetime(2031, 7, 1, 18, 5, tzinfo=dt.UTC))
    page = page_of(client, enrolled)
    assert "1 Jul, 13:05 CDT" in page  # 18:05 UTC, in Chicago's summer time


def test_starting_todays_practice_deals_a_skill(client, enrolled):
    client.force_login(enrolled)
    response = client.post(reverse("practice:start", args=["today"]))
    assert response.status_code == 302 and "/drills/s/" in response["Location"]
    question = enrolled.questions.get()
    assert (question.kind, question.situation) == (KIND, SITUATIONS[0])


def test_with_nothing_to_practise_there_is_no_start_button(client, enrolled):
    for situation in SITUATIONS:
        card(enrolled, situation, timezone.now() + dt.timedelta(days=3))
    page = page_of(client, enrolled)
    assert "0 skills due now, 0 new skills left for today." in page
    assert reverse("practice:start", args=["today"]) not in page
    assert "Nothing to practise now" in page


def test_practise_my_mistakes_counts_the_missed_hands(client, trainee):
    practise(trainee, right=1, wrong=2)
    page = page_of(client, trainee)
    assert "Practise my mistakes (2 hands)" in page
    assert f'action="{reverse("practice:start", args=["mistakes"])}"' in page


def test_with_no_missed_hand_there_is_nothing_to_replay(client, trainee):
    practise(trainee, right=2)
    page = page_of(client, trainee)
    assert "Practise my mistakes" not in page
    assert "No missed hand is waiting to be dealt again." in page


def test_the_panel_costs_the_same_queries_however_many_cards_and_misses(client, enrolled):
    client.force_login(enrolled)
    client.get("/")  # warm the per-user caches a first request fills
    with CaptureQueriesContext(connection) as bare:
        client.get("/")
    practise(enrolled, right=2, wrong=3)
    for situation in SITUATIONS:
        SkillCard.objects.filter(trainee=enrolled, situation=situation).delete()
        card(enrolled, situation, timezone.now() - dt.timedelta(hours=1))
    with CaptureQueriesContext(connection) as busy:
        response = client.get("/")
    assert response.context["trainee"]["practice"].due == len(SITUATIONS)
    assert response.context["trainee"]["mistakes"] == 3
    assert len(busy) == len(bare)


def test_the_figures_are_the_pickers(client, enrolled):
    """The page shows `practice.outlook` of the trainee's standing, not a figure of its own."""
    card(enrolled, SITUATIONS[2], timezone.now() - dt.timedelta(days=1))
    client.force_login(enrolled)
    shown = client.get("/").context["trainee"]["practice"]
    assert (shown.due, shown.new, shown.ready) == (1, min(2, practice.NEW_PER_DAY), True)
