"""Progress by skill: accuracy, time against target and the scheduler's view per skill, and the
grid of skills by strength, on the trainee's own page and the supervisor's view of them.

The drill kinds list their situations through `DrillKind.situations`; these tests give the
kinds they use a list of their own (the `listed` fixture), so that the figures are the tests'
own."""

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import TraineeFactory
from tests.progress.conftest import BRING_IN, MS_PAY
from tests.progress.test_practice_and_tests import sit
from trainer.drills.dealing import question_row
from trainer.drills.models import Attempt
from trainer.drills.practice.models import Enrolment, SkillCard
from trainer.drills.practice.services import house_day
from trainer.engine import scheduling
from trainer.engine.drills import REGISTRY
from trainer.engine.house import DEFAULT_CONFIG
from trainer.progress import skills

T0 = dt.datetime(2026, 1, 5, 9, 0, tzinfo=dt.UTC)


_QUESTIONS: dict[str, object] = {}


def answered(trainee, kind, situation, *, right=True, ms=4000, target=6000):
    """A practice answer of `kind` in `situation`, `right` or not, in `ms` against `target`."""
    if kind not in _QUESTIONS:
        _QUESTIONS[kind] = REGISTRY[kind].generate(1, 1, DEFAULT_CONFIG)
    q = _QUESTIONS[kind]
    row = question_row(q, trainee=trainee, rules=DEFAULT_CONFIG.rules)
    row.situation = situation
    row.save()
    return Attempt.objects.create(
        question=row,
        trainee=trainee,
        kind=kind,
        game=q.game,
        answer={},
        marks={},
        is_correct=right,
        response_ms=ms,
        target_ms=target,
    )


def card(trainee, kind, situation, state):
    return SkillCard.objects.create(
        trainee=trainee,
        kind=kind,
        situation=situation,
        state=state,
        due=scheduling.due(state),
        stability=scheduling.stability(state),
        reviews=state["reps"],
    )


def learnt(when):
    """A skill answered right twice at `when`: past its first steps, in review."""
    return scheduling.review(scheduling.review(None, "good", when), "good", when)


def skill_of(trainee, kind, situation, **kwargs):
    for game in skills.for_trainee(trainee, **kwargs):
        for drill in game.drills:
            for s in drill.skills:
                if (s.kind, s.situation) == (kind, situation):
                    return s
    return None


def section(page: str) -> str:
    """The Skills section of a page: the summary's grid, or a game's skills and figures."""
    start = page.index('<section id="skills"')
    ends = [page.find(mark, start) for mark in ('<nav class="details"', "</main>")]
    return page[start : min(end for end in ends if end >= 0)]


# --- figures ---------------------------------------------------------------------------------


def test_three_answers_two_right_median_five_seconds_against_six(trainee, listed):
    # wrong in 3 s, right in 5 s, right in 7 s; the target 6 s each time
    answered(trainee, "ms-pay", MS_PAY[0], right=False, ms=3000, target=6000)
    answered(trainee, "ms-pay", MS_PAY[0], right=True, ms=5000, target=6000)
    answered(trainee, "ms-pay", MS_PAY[0], right=True, ms=7000, target=6000)
    s = skill_of(trainee, "ms-pay", MS_PAY[0])
    # 2 of 3 right = 67%; median of 3, 5, 7 s = 5 s against a median target of 6 s
    assert (s.answers, s.right, s.accuracy_words) == (3, 2, "2 of 3 (67%)")
    assert s.time_words == "5 s against 6 s"
    # right at pace: only the 5 s answer (the 3 s one was wrong, the 7 s one slow)
    assert (s.right_at_pace, s.at_pace_words) == (1, "1 of 3 (33%)")


def test_answers_without_a_target_are_left_out_of_the_pace_figures(trainee, listed):
    answered(trainee, "ms-pay", MS_PAY[1], ms=4200, target=6000)
    answered(trainee, "ms-pay", MS_PAY[1], ms=4200, target=6000)
    answered(trainee, "ms-pay", MS_PAY[1], ms=60_000, target=None)  # from before targets
    s = skill_of(trainee, "ms-pay", MS_PAY[1])
    # all three count for accuracy; the untimed minute counts for nothing in the pace
    assert s.accuracy_words == "3 of 3 (100%)"
    assert (s.timed, s.untimed, s.time_words) == (2, 1, "4.2 s against 6 s")
    assert s.at_pace_words == "2 of 2 (100%)"


def test_a_skill_answered_only_without_targets_has_no_pace_figures(trainee, listed):
    answered(trainee, "ms-pay", MS_PAY[1], ms=4200, target=None)
    s = skill_of(trainee, "ms-pay", MS_PAY[1])
    assert (s.time_words, s.at_pace_words) == ("—", "—")


def test_test_answers_are_not_practice_figures(trainee, listed):
    sitting = sit(trainee, right=False)  # three wrong answers to cs-qualify, in a test
    situation = sitting.items.first().question.situation
    answered(trainee, "cs-qualify", situation, right=True)  # and one right in practice
    drills = [d for g in skills.for_trainee(trainee) for d in g.drills if d.kind == "cs-qualify"]
    counted = [s for d in drills for s in d.skills if s.answers]
    assert [(s.situation, s.answers, s.right) for s in counted] == [(situation, 1, 1)]


# --- the scheduler's view -----------------------------------------------------------------------


def band(chance: float) -> str:
    """The band the issue asks for: strong from the scheduler's desired retention (FSRS
    schedules a review for when the chance falls to it), weak under WEAK_UNDER."""
    if chance >= scheduling.SCHEDULER.desired_retention:
        return "strong"
    return "fading" if chance >= skills.WEAK_UNDER else "weak"


@pytest.mark.parametrize(
    "later", [dt.timedelta(hours=1), dt.timedelta(days=8), dt.timedelta(days=40)]
)
def test_strength_is_the_band_of_the_chance_of_recall_at_that_moment(trainee, listed, later):
    state = learnt(T0)
    card(trainee, "ms-pay", MS_PAY[2], state)
    when = T0 + later
    chance = scheduling.retrievability(state, when)
    s = skill_of(trainee, "ms-pay", MS_PAY[2], now=when)
    assert s.strength.words == band(chance)
    assert s.chance == chance and s.chance_words == f"{chance:.0%}"


def test_the_three_moments_cover_the_three_bands(listed):
    state = learnt(T0)
    moments = (dt.timedelta(hours=1), dt.timedelta(days=8), dt.timedelta(days=40))
    bands = [band(scheduling.retrievability(state, T0 + d)) for d in moments]
    assert bands == ["strong", "fading", "weak"]


def test_a_skill_just_missed_is_not_strong_though_its_chance_is_high(trainee, listed):
    state = scheduling.review(None, "again", T0)
    card(trainee, "ms-pay", MS_PAY[0], state)
    when = T0 + dt.timedelta(minutes=1)
    assert band(scheduling.retrievability(state, when)) == "strong"  # the model's number
    s = skill_of(trainee, "ms-pay", MS_PAY[0], now=when)
    assert s.strength.words == "new" and s.state_words == "learning"
    assert s.due_words == "due now"


def test_a_skill_answered_right_once_is_new_not_fading(trainee, listed):
    # one right answer puts a skill in its first steps: too soon to call it fading or strong
    state = scheduling.review(None, "good", T0)
    card(trainee, "ms-pay", MS_PAY[0], state)
    s = skill_of(trainee, "ms-pay", MS_PAY[0], now=T0 + dt.timedelta(minutes=1))
    assert s.strength is skills.LEARNING and s.strength.words == "new"


def test_stability_and_when_due_come_from_the_card(trainee, listed):
    state = learnt(T0)
    card(trainee, "ms-pay", MS_PAY[0], state)
    s = skill_of(trainee, "ms-pay", MS_PAY[0], now=T0)
    # due as Today's practice has it: in review, from the start of its due's house day
    due = scheduling.due_from(state, house_day(trainee))
    assert due <= scheduling.due(state) and due.date() == scheduling.due(state).date()
    assert s.stability == state["stability"] and s.due == due
    assert s.stability_words == skills.stability_words(state["stability"])
    days = round((due - T0) / dt.timedelta(days=1))
    assert s.due_words == f"in {days} days"
    assert (s.reviews, s.state_words) == (2, "in review")
    overdue = skill_of(trainee, "ms-pay", MS_PAY[0], now=due)
    assert overdue.due_words == "due now"


def test_a_skill_answered_before_the_scheduler_kept_it_says_so(trainee, listed):
    answered(trainee, "ms-pay", MS_PAY[0])  # a stored answer with no card
    s = skill_of(trainee, "ms-pay", MS_PAY[0])
    assert s.strength is skills.UNSCHEDULED and s.due is None


# --- which skills ----------------------------------------------------------------------------


def test_skills_not_met_yet_are_listed_as_not_yet_practised(trainee, listed):
    answered(trainee, "ms-pay", MS_PAY[0])
    card(trainee, "ms-pay", MS_PAY[0], learnt(timezone.now()))
    games = {g.game: g for g in skills.for_trainee(trainee)}
    (drill,) = games["mississippi-stud"].drills
    assert [s.situation for s in drill.skills] == list(MS_PAY)
    assert [s.strength for s in drill.skills[1:]] == [skills.NEW, skills.NEW]
    assert [s.answers for s in drill.skills[1:]] == [0, 0]


def test_a_situation_answered_but_not_listed_is_shown_after_the_listed(trainee, listed):
    answered(trainee, "ms-pay", "a situation no longer listed")
    games = {g.game: g for g in skills.for_trainee(trainee)}
    (drill,) = games["mississippi-stud"].drills
    assert [s.situation for s in drill.skills] == [*MS_PAY, "a situation no longer listed"]


def test_games_the_trainee_is_not_enrolled_in_are_hidden(trainee, listed):
    Enrolment.objects.create(trainee=trainee, game="english-stud")
    answered(trainee, "ms-pay", MS_PAY[0])  # answered, but no longer enrolled in it
    games = [g.game for g in skills.for_trainee(trainee)]
    assert games == ["english-stud"]
    assert MS_PAY[0] not in skills_page_of(trainee)


def test_with_no_enrolment_every_game_is_shown(trainee, listed):
    games = [g.game for g in skills.for_trainee(trainee)]
    assert games == ["mississippi-stud", "english-stud"]


# --- queries -----------------------------------------------------------------------------------


def test_the_figures_take_the_same_few_queries_for_one_skill_or_many(
    trainee, listed, monkeypatch, django_assert_max_num_queries
):
    answered(trainee, "ms-pay", MS_PAY[0])
    with CaptureQueriesContext(connection) as few:
        skills.for_trainee(trainee)
    many = [f"situation {i}" for i in range(40)]
    monkeypatch.setattr(REGISTRY["cs-settle"], "situations", lambda config: tuple(many))
    for i, situation in enumerate(many):
        answered(trainee, "cs-settle", situation, right=i % 3 > 0)
        card(trainee, "cs-settle", situation, learnt(T0))
    with django_assert_max_num_queries(len(few)):
        games = skills.for_trainee(trainee)
    assert sum(len(d.skills) for g in games for d in g.drills) == len(MS_PAY) + 40 + len(BRING_IN)
    assert len(few) <= 8  # enrolments, the house's setup (cold cache), answers, cards


# --- pages -----------------------------------------------------------------------------------


def skills_page_of(trainee, client=None, viewer=None):
    from django.test import Client

    client = client or Client()
    client.force_login(viewer or trainee)
    url = "/progress/" if viewer is None else f"/progress/trainees/{trainee.pk}/"
    response = client.get(url)
    assert response.status_code == 200
    summary = section(response.content.decode())
    # each game's skills and their figures: a page of its own, linked from the summary
    pages = []
    for game in response.context["skill_games"]:
        assert f'href="{game.url}"' in summary
        detail = client.get(game.url)
        assert detail.status_code == 200
        pages.append(section(detail.content.decode()))
    return "\n".join([summary, *pages])


def test_my_progress_shows_the_grid_and_the_figures(client, trainee, listed):
    answered(trainee, "ms-pay", MS_PAY[0], ms=5000, target=6000)
    state = learnt(timezone.now() - dt.timedelta(days=60))
    card(trainee, "ms-pay", MS_PAY[0], state)
    page = skills_page_of(trainee, client)
    # titles from the registry, never a slug
    assert "Mississippi Stud" in page and "Mississippi Stud: pay the position" in page
    assert ">ms-pay<" not in page and "mississippi-stud<" not in page
    # every cell: a link to its row, the strength in words and a symbol beside the colour
    cells = re.findall(r'<a class="skill-cell (\w+)" href="#([\w-]+)">(.*?)</a>', page)
    assert len(cells) == len(MS_PAY) + len(BRING_IN)
    for key, anchor, text in cells:
        strength = next(s for s in skills.STRENGTHS if s.key == key)
        assert strength.words in text and strength.symbol in text
        assert f'<tr id="{anchor}">' in page
    # the summary's squares: one a skill, each named in words and leading to its row
    squares = re.findall(r'<a class="skill-dot (\w+)" href="[^"#]+#([\w-]+)"', page)
    assert [(key, anchor) for key, anchor, _ in cells] == squares
    # the answered skill, long overdue: weak, due now; the rest not yet practised
    assert cells[0][0] == "weak"
    assert {key for key, _, _ in cells[1:]} == {"new"}
    assert "5 s against 6 s" in page and "1 of 1 (100%)" in page
    assert "due now" in page and "<time datetime=" in page
    assert skills.stability_words(state["stability"]) in page
    assert 'class="table-scroll"' in page


def test_my_progress_shows_none_of_another_trainees_skills(client, trainee, other_trainee, listed):
    answered(other_trainee, "ms-pay", "otto's own situation")
    card(other_trainee, "ms-pay", "otto's own situation", learnt(T0))
    page = skills_page_of(trainee, client)
    assert "otto's own situation" not in page


def test_the_supervisor_sees_the_trainees_skills(client, trainee, supervisor, listed):
    answered(trainee, "ms-pay", MS_PAY[0], right=False)
    page = skills_page_of(trainee, client, viewer=supervisor)
    assert MS_PAY[0] in page and "0 of 1 (0%)" in page and "they are to recall" in page


def test_who_may_see_a_trainees_skills(
    client, trainee, other_trainee, supervisor, other_supervisor, stranger, listed
):
    answered(trainee, "ms-pay", MS_PAY[0])
    url = f"/progress/trainees/{trainee.pk}/"
    client.force_login(other_supervisor)  # of another house: as if there were no such trainee
    assert client.get(url).status_code == 404
    client.force_login(supervisor)
    assert client.get(url).status_code == 200
    assert client.get(f"/progress/trainees/{stranger.pk}/").status_code == 404
    assert client.get(f"/progress/trainees/{supervisor.pk}/").status_code == 404  # no trainee
    client.force_login(other_trainee)  # a trainee has no page of anyone else's figures
    assert client.get(url).status_code == 403


def test_a_trainee_of_no_house_sees_the_source_texts_situations(client, db, listed):
    loner = TraineeFactory(house=None, username="trainee-lone")
    answered(loner, "es-bring-in", BRING_IN[1])
    page = skills_page_of(loner, client)
    assert BRING_IN[0] in page and BRING_IN[1] in page


def test_the_progress_page_stays_within_its_query_budget(
    client, trainee, listed, django_assert_max_num_queries
):
    for situation in MS_PAY:
        answered(trainee, "ms-pay", situation)
        card(trainee, "ms-pay", situation, learnt(T0))
    client.force_login(trainee)
    # the page's budget before skills was 25 (tests/progress/test_progress.py)
    with django_assert_max_num_queries(25):
        assert client.get("/progress/").status_code == 200
