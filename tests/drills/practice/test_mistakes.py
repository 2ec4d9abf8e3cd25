"""Practise my mistakes: each hand a trainee missed comes back as a fresh hand of its
situation, at its level and stakes, until one is answered right; the hand missed is shown
beside the review; then the scheduler takes the skill on as usual."""

import html
import re

import pytest
from django.utils import timezone

from tests.factories import AssessmentFactory, AssignmentFactory, right_answer, wrong_answer
from trainer.assessments import services as tests_services
from trainer.drills import dealing, services
from trainer.drills.models import Attempt, PracticeSession, Question
from trainer.drills.practice import mistakes
from trainer.drills.practice.models import SkillCard
from trainer.engine import parse_cards
from trainer.engine.drills import REGISTRY
from trainer.houses.config import house_setup

pytestmark = pytest.mark.django_db


def drill(trainee, answers, kind="cs-qualify", level=1) -> list[Question]:
    """A drill session of `kind` answered right (True) or wrong (False) in turn; its
    questions, oldest first."""
    session = services.start_session(trainee=trainee, kind=kind, level=level)
    asked = []
    for n, right in enumerate(answers):
        question = (
            services.current_question(session)
            if n == 0
            else services.next_question(trainee=trainee, session_id=session.pk)
        )
        answer(trainee, question, right)
        asked.append(question)
    return asked


def answer(trainee, question, right: bool):
    raw = right_answer(question) if right else wrong_answer(question)
    return services.answer_question(trainee=trainee, question_id=question.pk, raw=raw).attempt


def start(trainee) -> tuple[PracticeSession, Question]:
    session = services.start_mode(trainee=trainee, mode="mistakes")
    return session, services.current_question(session)


def deal_next(trainee, session) -> Question:
    return services.next_question(trainee=trainee, session_id=session.pk)


def test_a_wrong_answer_waits_and_a_right_one_does_not(trainee):
    right, wrong = drill(trainee, [True, False])
    assert list(mistakes.waiting(trainee)) == [wrong]
    assert mistakes.waiting_count(trainee) == 1
    assert mistakes.nothing_to_deal(trainee) is None


def is_fresh(replay: Question, missed: Question) -> bool:
    """The replay deals other cards (or, in a chip drill, another pile) than the hand missed."""
    return replay.seed != missed.seed and not REGISTRY[missed.kind].same_hand(
        replay.request, missed.request
    )


def stakes(question: Question) -> dict:
    return REGISTRY[question.kind].stakes_of(question.table)


# one drill staking an Ante, one staking each position's Ante, one a pot, one nothing
@pytest.mark.parametrize(
    ("kind", "level"), [("ms-pay", 2), ("cs-settle", 3), ("mg-split", 2), ("hand-five", 1)]
)
def test_the_replay_is_a_new_hand_of_the_same_situation_level_and_stakes(trainee, kind, level):
    (missed,) = drill(trainee, [False], kind=kind, level=level)
    session, replay = start(trainee)
    assert replay.pk != missed.pk and replay.session == session
    assert replay.replay_of == missed
    # a new hand: another seed and other cards
    assert is_fresh(replay, missed) and replay.request != missed.request
    # of the same skill, drill, level and chips
    config = house_setup(trainee.house).config
    assert missed.situation in REGISTRY[kind].situations(config)
    assert replay.situation == missed.situation
    assert (replay.kind, replay.level, replay.in_chips) == (kind, level, missed.in_chips)
    # at the same stakes: the table's Ante (every position's) or pot
    assert stakes(replay) == stakes(missed)
    assert bool(stakes(missed)) == (kind != "hand-five")  # reading a hand stakes nothing
    assert not hasattr(replay, "attempt") or replay.attempt is None


def test_the_replays_of_one_seed_are_the_same_and_never_the_missed_seed(trainee):
    (missed,) = drill(trainee, [False], kind="ms-pay", level=3)

    def dealt(seed: int) -> Question:
        return dealing.create_question(
            trainee=trainee, kind="ms-pay", level=3, seed=seed, replay_of=missed
        )

    again, same = dealt(missed.seed), dealt(missed.seed)
    assert again.seed == same.seed == missed.seed + 1  # the missed seed is passed over
    assert again.request == same.request and is_fresh(again, missed)
    assert again.table["ante"] == missed.table["ante"]


def test_the_same_cards_by_chance_are_dealt_again_with_the_next_seed(trainee):
    """Four royal flushes, read sorted at level 1: a fresh royal flush is often the one
    missed, and is then dealt again from the next seed."""
    missed = dealing.create_question(
        trainee=trainee, kind="hand-five", level=1, seed=1, situation="royal flush"
    )
    answer(trainee, missed, right=False)
    assert list(mistakes.waiting(trainee)) == [missed]
    config = house_setup(trainee.house).config

    def cards(seed: int) -> str:
        q = REGISTRY["hand-five"].generate(seed, 1, config, situation="royal flush")
        return q.request["cards"]

    # a seed (after the missed one) that deals the same royal flush, then the next that
    # deals another
    clash = next(s for s in range(2, 200) if cards(s) == missed.request["cards"])
    other = next(s for s in range(clash + 1, clash + 200) if cards(s) != cards(clash))
    replay = dealing.create_question(
        trainee=trainee, kind="hand-five", level=1, seed=clash, replay_of=missed
    )
    assert replay.seed == other and replay.situation == "royal flush"
    assert is_fresh(replay, missed)


def test_a_situation_the_drill_no_longer_lists_deals_a_hand_of_the_drill(trainee):
    (missed,) = drill(trainee, [False], kind="ms-pay", level=2)
    Question.objects.filter(pk=missed.pk).update(situation="a tag no longer dealt")
    missed.refresh_from_db()
    _, replay = start(trainee)
    assert replay.replay_of == missed and is_fresh(replay, missed)
    assert (replay.kind, replay.level) == ("ms-pay", 2)
    config = house_setup(trainee.house).config
    assert replay.situation in REGISTRY["ms-pay"].situations(config)
    assert stakes(replay) == stakes(missed)


def test_a_fresh_hand_answered_right_clears_the_miss(trainee):
    (missed,) = drill(trainee, [False], kind="ms-pay", level=1)
    session, replay = start(trainee)
    assert is_fresh(replay, missed)
    answer(trainee, replay, right=True)
    assert mistakes.waiting_count(trainee) == 0
    with pytest.raises(services.Finished):
        deal_next(trainee, session)


def test_a_fresh_hand_answered_wrong_leaves_the_first_miss_waiting_once(trainee):
    (missed,) = drill(trainee, [False], kind="ms-pay", level=1)
    session, replay = start(trainee)
    answer(trainee, replay, right=False)
    # the first miss waits, once: the replay answered wrong is no miss of its own
    assert list(mistakes.waiting(trainee)) == [missed]
    again = deal_next(trainee, session)
    # another fresh hand of the same skill, pointing at the first miss, never at a replay
    assert again.replay_of == missed and is_fresh(again, missed)
    assert again.situation == missed.situation and stakes(again) == stakes(missed)
    answer(trainee, again, right=True)
    assert mistakes.waiting_count(trainee) == 0


def section(page: str, css: str) -> str:
    """The first <section class="`css`"> of a page, squeezed and unescaped."""
    found = re.search(rf'<section class="{css}".*?</section>', page, re.S)
    assert found, f"no section {css}"
    return html.unescape(re.sub(r"\s+", " ", found.group(0)))


@pytest.mark.parametrize("htmx", [False, True])
def test_the_review_of_a_replay_shows_the_hand_missed_and_the_answer_then(
    trainee_client, trainee, htmx
):
    (missed,) = drill(trainee, [False], kind="cs-qualify")
    trainee_client.post("/practice/mistakes/start", {"back": "drills"})
    replay = Question.objects.get(replay_of=missed)
    # before the answer the hand missed is not on the page: it would give the answer away
    page = trainee_client.get(f"/drills/s/{replay.session_id}/").content.decode()
    assert "The hand you missed" not in page
    # a plain post (no JavaScript), or htmx swapping the answer area
    headers = {"HX-Request": "true", "HX-Target": "turn"} if htmx else {}
    response = trainee_client.post(
        f"/drills/q/{replay.pk}/answer", wrong_answer(replay), headers=headers
    )
    assert response.status_code == 200
    shown = section(response.content.decode(), "missed-hand")
    assert "The hand you missed" in shown
    # its cards, drawn as cards with their names, and the answer then given, marked in words
    for card in parse_cards(missed.table["dealer"] + " " + missed.table["player"]):
        assert f'aria-label="{card.name}"' in shown
    given = missed.attempt.answer["qualifies"]
    right = missed.expected["qualifies"]
    words = {"yes": "Yes", "no": "No"}
    assert f'<td>{words[given]} <span class="mark">✘ wrong</span></td>' in shown
    assert f"<td>{words[right]}</td>" in shown
    assert "Yours then" in shown and "Correct then" in shown


def test_no_other_review_shows_a_missed_hand(trainee_client, trainee):
    session = services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    question = services.current_question(session)
    response = trainee_client.post(f"/drills/q/{question.pk}/answer", wrong_answer(question))
    assert response.status_code == 200
    assert "The hand you missed" not in response.content.decode()


def test_answered_right_it_clears_and_is_no_longer_dealt(trainee):
    (missed,) = drill(trainee, [False])
    session, replay = start(trainee)
    answer(trainee, replay, right=True)
    assert mistakes.waiting_count(trainee) == 0
    with pytest.raises(services.Finished, match="Every missed hand is answered right"):
        deal_next(trainee, session)
    assert Question.objects.filter(replay_of=missed).count() == 1
    # a new session has nothing to deal: it refuses to start
    with pytest.raises(services.DrillError):
        services.start_mode(trainee=trainee, mode="mistakes")


def test_each_hand_is_dealt_once_a_pass_oldest_first_and_a_miss_comes_back_after_the_others(
    trainee,
):
    a, b, c = drill(trainee, [False, False, False])
    session, first = start(trainee)
    assert first.replay_of == a  # the oldest first
    answer(trainee, first, right=False)  # A missed again: it waits, behind B and C
    second = deal_next(trainee, session)
    assert second.replay_of == b
    answer(trainee, second, right=True)
    third = deal_next(trainee, session)
    assert third.replay_of == c
    answer(trainee, third, right=True)
    fourth = deal_next(trainee, session)
    # A again, on the second pass; its replay points at the original, never at a replay
    assert fourth.replay_of == a and fourth.situation == a.situation
    answer(trainee, fourth, right=True)
    with pytest.raises(services.Finished):
        deal_next(trainee, session)
    assert mistakes.waiting_count(trainee) == 0


def test_two_hands_missed_again_come_back_in_their_order(trainee):
    a, b = drill(trainee, [False, False])
    session, first = start(trainee)
    answer(trainee, first, right=False)
    second = deal_next(trainee, session)
    answer(trainee, second, right=False)
    dealt = [deal_next(trainee, session)]
    answer(trainee, dealt[0], right=True)
    dealt.append(deal_next(trainee, session))
    assert [q.replay_of for q in (first, second, *dealt)] == [a, b, a, b]


def test_a_hand_missed_elsewhere_meanwhile_waits_for_the_next_session(trainee):
    (a,) = drill(trainee, [False])
    session, replay = start(trainee)
    (b,) = drill(trainee, [False], kind="hand-five")  # in another tab, during the session
    answer(trainee, replay, right=True)
    with pytest.raises(services.Finished):
        deal_next(trainee, session)
    assert list(mistakes.waiting(trainee)) == [b]
    _, next_session_first = start(trainee)
    assert next_session_first.replay_of == b


def test_a_tests_question_never_waits(trainee):
    test = AssessmentFactory(house=trainee.house, parts=[("cs-qualify", 1)])
    sitting = tests_services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=test, trainee=trainee).pk
    )
    question = tests_services.next_item(sitting).question
    tests_services.answer(
        trainee=trainee, sitting_id=sitting.pk, question_id=question.pk, raw=wrong_answer(question)
    )
    assert Attempt.objects.get(question=question).is_correct is False
    assert mistakes.waiting_count(trainee) == 0


def test_another_trainees_misses_never_appear(trainee, other_trainee):
    drill(other_trainee, [False, False])
    assert mistakes.waiting_count(other_trainee) == 2
    assert mistakes.waiting_count(trainee) == 0
    (mine,) = drill(trainee, [False])
    _, replay = start(trainee)
    assert replay.replay_of == mine and replay.trainee == trainee


def test_with_nothing_waiting_the_session_refuses_to_start_and_stores_nothing(trainee):
    drill(trainee, [True])
    sessions, questions = PracticeSession.objects.count(), Question.objects.count()
    with pytest.raises(services.DrillError) as refused:
        services.start_mode(trainee=trainee, mode="mistakes")
    assert refused.value.message == mistakes.NOTHING_WAITING
    assert "no missed hands waiting" in refused.value.message
    assert (PracticeSession.objects.count(), Question.objects.count()) == (sessions, questions)


def test_a_miss_waits_until_it_is_answered_right_however_old(trainee):
    """ "Until each is answered right": a hand missed a year ago still waits."""
    old, recent = drill(trainee, [False, False])
    Attempt.objects.filter(question=old).update(
        answered_at=timezone.now() - timezone.timedelta(days=365)
    )
    assert list(mistakes.waiting(trainee)) == [old, recent]  # oldest first


def test_a_session_works_on_the_oldest_hands_a_batch_at_a_time(trainee, monkeypatch):
    monkeypatch.setattr(mistakes, "SESSION_HANDS", 2)
    first, second, third = drill(trainee, [False, False, False])
    session, replay = start(trainee)
    assert mistakes.session_hands(session) == [first, second]
    assert replay.replay_of == first
    answer(trainee, replay, right=True)
    # the first is answered right: the third comes into the batch
    assert mistakes.session_hands(session) == [second, third]


def test_each_answer_to_a_replay_is_a_review_of_its_skill(trainee):
    """ "Then schedules them normally": a replay is an ordinary question of the original's
    drill and situation, and each answer to it moves that skill's FSRS card once."""
    (missed,) = drill(trainee, [False])
    skill = {"trainee": trainee, "kind": missed.kind, "situation": missed.situation}
    assert missed.situation  # cs-qualify tags every question with its situation
    assert SkillCard.objects.get(**skill).reviews == 1
    session, replay = start(trainee)
    assert replay.situation == missed.situation
    answer(trainee, replay, right=False)
    assert SkillCard.objects.get(**skill).reviews == 2
    again = deal_next(trainee, session)
    attempt = answer(trainee, again, right=True)
    card = SkillCard.objects.get(**skill)
    assert card.reviews == 3 and card.last_attempt == attempt
    assert attempt.rating in ("hard", "good", "easy")  # right: not "again"
    assert card.due > attempt.answered_at  # scheduled ahead, as any right answer is


def answered_dealing(trainee, question, right: bool) -> services.Result:
    """An answer as the drill page gives it: the next question dealt with it."""
    raw = right_answer(question) if right else wrong_answer(question)
    return services.answer_question(
        trainee=trainee, question_id=question.pk, raw=raw, practice=True, deal_next=True
    )


def test_the_last_hand_answered_right_deals_nothing_more(trainee):
    # picked after the answer is stored: the hand answered right no longer waits (picked
    # before, it would be dealt again, the only hand waiting)
    drill(trainee, [False])
    session, replay = start(trainee)
    assert answered_dealing(trainee, replay, right=True).next is None
    with pytest.raises(services.Finished, match="Every missed hand is answered right"):
        deal_next(trainee, session)


def test_a_hand_dealt_with_the_feedback_and_never_shown_leaves_the_waiting_list_as_it_was(
    trainee,
):
    a, b = drill(trainee, [False, False])
    session, first = start(trainee)
    hidden = answered_dealing(trainee, first, right=False).next
    assert hidden.replay_of == b
    services.end_session(trainee=trainee, session_id=session.pk)  # from the feedback
    assert not Question.objects.filter(pk=hidden.pk).exists()
    assert list(mistakes.waiting(trainee)) == [a, b]
    _, again = start(trainee)
    assert again.replay_of == a
