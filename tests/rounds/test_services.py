"""Dealing a round stores it whole, each step a question of its skill; answering a step is one
atomic, idempotent service, judged by the engine; bad input stores nothing."""

from __future__ import annotations

import pytest

from tests.factories import right_answer, wrong_answer
from tests.rounds.conftest import answer, deal, find, steps
from trainer.drills import dealing
from trainer.drills.models import Attempt, Question
from trainer.engine.catalog import round_games
from trainer.engine.drills import REGISTRY, AnswerError
from trainer.engine.rounds import Step, round_target_ms
from trainer.rounds import services
from trainer.rounds.models import Round, RoundPace


@pytest.mark.parametrize("game", [g.slug for g in round_games()])
def test_every_game_deals_a_round_stored_whole_and_answered_to_its_end(trainee, game):
    played = deal(trainee, game, players=3, level=2)
    rows = steps(played)
    assert played.steps_total == len(rows) >= 1
    assert [r.number for r in rows] == list(range(1, len(rows) + 1))
    # each step a question of its drill's skill, with what re-grading needs
    for row in rows:
        q = row.question
        assert q.kind in REGISTRY and q.situation in REGISTRY[q.kind].situations(
            dealing.config_for(q)
        )
        assert q.house_rules["chip_unit"] == 1 and q.table and q.request
        assert services.regrade_step(row) == Step.of_json(row.step)
    # the round's time, shared among its steps
    assert (
        sum(r.target_ms for r in rows)
        == played.target_ms
        == round_target_ms(played.rounds_per_hour)
    )
    for row in rows:
        result = answer(trainee, row)
        assert result.attempt.is_correct and not result.replayed and not result.step.slips
        assert result.attempt.target_ms == row.target_ms
    played.refresh_from_db()
    assert played.is_finished and played.steps_right == played.steps_total
    attempts = Attempt.objects.filter(question__round_step__round=played)
    assert attempts.count() == len(rows)
    assert played.elapsed_ms == sum(a.response_ms for a in attempts)


def test_a_step_out_of_turn_a_replay_and_a_malformed_amount_change_nothing(trainee, caribbean):
    first, second = steps(caribbean)[:2]
    with pytest.raises(services.Stale, match="Step 1 is the one on the table"):
        answer(trainee, second)
    bad = {**right_answer(first.question)}
    amount = next(f["name"] for f in first.question.fields if f["kind"] == "amount")
    bad[amount] = "12.5"
    with pytest.raises(AnswerError) as raised:
        answer(trainee, first, bad)
    assert raised.value.problems == {
        amount: "Enter the amount as a whole number of chips, like 35."
    }
    assert not Attempt.objects.filter(question__round_step__round=caribbean).exists()
    done = answer(trainee, first)
    again = answer(trainee, first, wrong_answer(first.question))
    assert again.replayed and again.attempt.pk == done.attempt.pk and again.attempt.is_correct
    caribbean.refresh_from_db()
    assert (caribbean.steps_answered, caribbean.steps_right) == (1, 1)


def test_a_step_of_a_stopped_round_or_of_another_trainee_is_refused(
    trainee, other_trainee, caribbean
):
    row = steps(caribbean)[0]
    with pytest.raises(services.NotFound):
        answer(other_trainee, row)
    # forged ids: not numbers, a flag for a number, beyond any row's id, a step 0
    forged = [("x", 1), (None, 1), (10**25, 1), (caribbean.pk, True), (caribbean.pk, "1")]
    for round_id, number in [*forged, (caribbean.pk, 0)]:
        with pytest.raises(services.NotFound):
            services.answer_step(trainee=trainee, round_id=round_id, number=number, raw={})
    services.stop_round(trainee=trainee, round_id=caribbean.pk)
    with pytest.raises(services.Stale, match="This round is over"):
        answer(trainee, row)
    assert not Attempt.objects.filter(question__round_step__round=caribbean).exists()


def test_a_slip_is_named_stored_and_the_round_goes_on(trainee):
    played, row = find(
        trainee, lambda r: r.step["phase"] == "settle" and len(r.step["pending"]) > 1
    )
    for before in steps(played)[: row.number - 1]:
        answer(trainee, before)
    raw = {**right_answer(row.question), "where": row.step["pending"][1]}
    result = answer(trainee, row, raw)
    assert not result.attempt.is_correct and result.attempt.marks["where"] is False
    assert result.step.slips[0].startswith("Settling out of order")
    row.refresh_from_db()
    assert row.slips == result.step.slips
    # the next step is the one the right answer leads to
    nxt = services.current_step(result.round)
    assert nxt.number == row.number + 1


def test_a_round_reviews_each_skill_once_unless_a_later_step_of_it_is_missed(trainee):
    played, row = find(
        trainee,
        lambda r: (
            r.number > 1
            and any(
                s.question.kind == r.question.kind and s.question.situation == r.question.situation
                for s in r.round.steps.filter(number__lt=r.number)
            )
        ),
    )
    rows = steps(played)
    first = next(
        r
        for r in rows
        if (r.question.kind, r.question.situation) == (row.question.kind, row.question.situation)
    )
    for r in rows[: row.number - 1]:
        answer(trainee, r)
    assert Attempt.objects.get(question=first.question).grade == 3  # good: the skill's review
    later = answer(trainee, row)
    assert later.attempt.is_correct and later.attempt.grade is None  # no review: same round


def test_a_later_miss_of_a_skill_in_the_round_is_a_review_again(trainee):
    played, row = find(
        trainee,
        lambda r: (
            r.number > 1
            and any(
                s.question.kind == r.question.kind and s.question.situation == r.question.situation
                for s in r.round.steps.filter(number__lt=r.number)
            )
        ),
    )
    for r in steps(played)[: row.number - 1]:
        answer(trainee, r)
    missed = answer(trainee, row, wrong_answer(row.question))
    assert not missed.attempt.is_correct and missed.attempt.grade == 1  # again


def test_staff_trying_a_round_are_scheduled_nothing(supervisor):
    played = deal(supervisor)
    result = answer(supervisor, steps(played)[0])
    assert result.attempt.grade is None


def test_the_house_pace_times_the_round(trainee, demo):
    RoundPace.objects.create(house=demo, game="caribbean-stud", rounds_per_hour=60)
    played = deal(trainee)
    assert played.rounds_per_hour == 60 and played.target_ms == 60_000
    default = deal(trainee, "casino-stud")
    assert default.rounds_per_hour == 50  # the game's default (docs/rulebook.md)


def test_a_setting_the_game_cannot_deal_is_refused_and_nothing_stored(trainee):
    before = Question.objects.count()
    with pytest.raises(services.DrillError, match="2 to 6 players"):
        deal(trainee, "english-stud", players=7)
    with pytest.raises(services.NotFound):
        deal(trainee, "poker")
    assert Question.objects.count() == before and not Round.objects.exists()


def test_a_step_missed_in_a_round_comes_back_in_practise_my_mistakes(trainee):
    from trainer.drills import services as drills
    from trainer.drills.practice.mistakes import waiting

    played = deal(trainee)
    row = steps(played)[0]
    answer(trainee, row, wrong_answer(row.question))
    assert list(waiting(trainee)) == [row.question]
    session = drills.start_mode(trainee=trainee, mode="mistakes")
    fresh = drills.current_question(session)
    assert fresh.replay_of_id == row.question_id
    assert (fresh.kind, fresh.situation) == (row.question.kind, row.question.situation)


def test_games_managers_hold_the_round_pace_permissions(manager):
    assert manager.has_perm("rounds.change_roundpace") and manager.has_perm("rounds.add_roundpace")


def test_a_seat_settled_right_out_of_order_is_graded_against_itself(trainee):
    """Mississippi Stud: acting on a later seat first with that seat's right settlement is
    one slip, the order; the settlement is marked right against the seat acted on, and the
    feedback says "out of order; paid right"."""
    from types import SimpleNamespace

    from trainer.rounds import presenting

    def asks_a_later_seat_another_settlement(row):
        step = row.step
        if step["phase"] != "settle" or len(step["pending"]) < 2:
            return False
        own = {k: v for k, v in step["expected"].items() if k != "where"}
        return step["elsewhere"][step["pending"][-1]]["expected"] != own

    played, row = find(trainee, asks_a_later_seat_another_settlement, game="mississippi-stud")
    for before in steps(played)[: row.number - 1]:
        answer(trainee, before)
    later = row.step["pending"][-1]
    its = SimpleNamespace(
        fields=row.question.fields,
        expected={**row.step["elsewhere"][later]["expected"], "where": later},
    )
    result = answer(trainee, row, right_answer(its))
    marks = result.attempt.marks
    assert not result.attempt.is_correct and marks["where"] is False
    assert all(right for name, right in marks.items() if name != "where")
    (slip,) = result.step.slips
    assert slip.startswith("Settling out of order") and f"seat {row.step['where']}" in slip
    row.refresh_from_db()
    said = presenting.answered(row)
    assert said["verdict_words"] == "out of order; paid right" and said["acted_on"] == later
    # the review shows the seat acted on: its own settlement as the right one
    assert all(r["right"] for r in said["review"][1:]) and not said["review"][0]["right"]
    # as a test's result shows it too (the drills' review): yours is the correct one there
    from trainer.drills.presenting import review

    rows = review(Question.objects.get(pk=row.question_id), result.attempt)
    assert [r["given"] for r in rows[1:]] == [r["expected"] for r in rows[1:]]
    assert rows[0]["expected"] == f"Seat {row.step['where']}"
    # the same settlement given at the right seat is wrong there, as before
    other, wrong_row = find(trainee, asks_a_later_seat_another_settlement, game="mississippi-stud")
    for before in steps(other)[: wrong_row.number - 1]:
        answer(trainee, before)
    wrong = answer(trainee, wrong_row, {**right_answer(its), "where": wrong_row.step["where"]})
    assert not wrong.attempt.is_correct and wrong.attempt.marks["where"] is True
    assert presenting.answered(wrong.step)["verdict"] == presenting.WRONG


def test_a_round_keeps_grading_against_the_table_it_was_dealt_with(trainee, demo, manager):
    from trainer.houses import services as houses

    # a round in which a Call is paid by the table
    played, _ = find(trainee, lambda r: r.question.expected.get("call.result") == "win")
    rows = steps(played)
    answer(trainee, rows[0])
    dealt_with = played.paytable_version
    # a new version of the game's table activated mid-round: every payout changed
    replaced = houses.copy_version(dealt_with, by=manager)
    for row in replaced.rows.all():
        row.win = row.win * 3 + 1
        row.save()
    houses.activate(replaced, by=manager)
    trainee.house.refresh_from_db()  # as the next request reads it: the house's tables changed
    fresh = deal(
        trainee, players=played.players, seed=played.seed
    )  # the same seed under the new table settles for other amounts
    assert fresh.paytable_version == replaced
    assert [r.question.expected for r in steps(fresh)] != [r.question.expected for r in rows]
    for row in rows[1:]:
        result = answer(trainee, row)  # the right answers as dealt, under the old table
        assert result.attempt.is_correct, row.number
        assert services.regrade_step(row) == Step.of_json(row.step)
    played.refresh_from_db()
    assert played.is_finished and played.steps_right == played.steps_total
    assert {r.question.paytable_version for r in steps(played)} == {dealt_with}
