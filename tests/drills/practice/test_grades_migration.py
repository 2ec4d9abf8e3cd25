"""The migration to stored grades (drills 0007, practice 0003): an answer stored before grades
were kept gets the grade FSRS was given for it, where it was a review (its trainee has a card
of its skill), and every old card records the retention it was scheduled for, so an old card
replays exactly from its answers as a new one does."""

import datetime as dt

import pytest

from tests.scratch_db import scratch_database
from trainer.engine import scheduling

BEFORE = [("drills", "0006_attempt_grade_and_64_bit_times"), ("practice", "0002_pace_target_roles")]
AFTER = [("drills", "0007_grades_of_old_reviews"), ("practice", "0003_card_retention")]
T0 = dt.datetime(2026, 1, 5, 18, 0, tzinfo=dt.UTC)


@pytest.mark.slow  # a migration replayed: the slow tier
def test_old_reviews_get_their_grades_and_old_cards_replay(tmp_path, settings, django_db_blocker):
    # the test database is not touched: only the scratch file, on a connection of its own
    with django_db_blocker.unblock(), scratch_database(tmp_path, settings) as scratch:
        replayed(scratch)


def replayed(scratch):
    old = scratch.migrate(*BEFORE)
    house = old.get_model("houses", "House").objects.create(name="Old", slug="old", config_serial=1)
    User = old.get_model("houses", "User")
    tina = User.objects.create(username="old-tina", house=house, roles_serial=1, sessions_serial=1)
    staff = User.objects.create(username="old-sam", house=house, roles_serial=1, sessions_serial=1)
    Question = old.get_model("drills", "Question")
    Attempt = old.get_model("drills", "Attempt")

    def answered(who, situation, rating, when, n):
        q = Question.objects.create(
            trainee=who, kind="ms-pay", game="mississippi-stud", level=1, seed=n, prompt="?",
            table={}, request={}, fields=[], expected={}, steps=[], house_rules={},
            situation=situation,
        )  # fmt: skip
        a = Attempt.objects.create(
            question=q, trainee=who, kind="ms-pay", game="mississippi-stud", answer={},
            marks={}, is_correct=rating != "again", response_ms=3000, target_ms=6000,
            rating=rating,
        )  # fmt: skip
        Attempt.objects.filter(pk=a.pk).update(answered_at=when)
        return a

    log = [
        ("again", T0),
        ("good", T0 + dt.timedelta(minutes=1)),
        ("easy", T0 + dt.timedelta(days=1)),
    ]
    reviewed = [answered(tina, "straight wins", r, when, n) for n, (r, when) in enumerate(log)]
    state = scheduling.replay(log)
    del state["retention"]  # as the old code stored it
    old.get_model("practice", "SkillCard").objects.create(
        trainee=tina, kind="ms-pay", situation="straight wins", state=state,
        due=scheduling.due(state), reviews=3, last_attempt=reviewed[-1],
    )  # fmt: skip
    tried = answered(staff, "straight wins", "good", T0, 10)  # staff trying out: no card
    untagged = answered(tina, "", "good", T0, 11)  # a question of no skill
    before_ratings = answered(tina, "straight wins", "", T0 - dt.timedelta(days=9), 12)

    new = scratch.migrate(*AFTER)
    grades = dict(new.get_model("drills", "Attempt").objects.values_list("pk", "grade"))
    assert [grades[a.pk] for a in reviewed] == [1, 3, 4]
    assert grades[tried.pk] is None and grades[untagged.pk] is None
    assert grades[before_ratings.pk] is None

    card = new.get_model("practice", "SkillCard").objects.get(situation="straight wins")
    assert card.state["retention"] == scheduling.DEFAULT_RETENTION
    graded = [(grades[a.pk], when) for a, (_, when) in zip(reviewed, log, strict=True)]
    assert scheduling.replay(graded, scheduling.retention_of(card.state)) == card.state
