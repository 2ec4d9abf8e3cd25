"""The migration to sections and retakes: every existing part becomes a section at its test's
level, each question of a sitting is linked to its section, and finished sittings keep their
results (right, total, passed) with their per-section figures counted from their answers."""

import pytest
from django.utils import timezone

from tests.scratch_db import scratch_database

BEFORE = ("assessments", "0001_initial")
AFTER = ("assessments", "0002_sections_retakes_certificates")


def question(apps, trainee, kind, n):
    Question = apps.get_model("drills", "Question")
    return Question.objects.create(
        trainee=trainee, kind=kind, game="any", level=2, seed=n, prompt="?", table={},
        request={}, fields=[], expected={}, steps=[], house_rules={},
    )  # fmt: skip


@pytest.mark.slow  # a migration replayed: the slow tier
def test_old_tests_become_sections_and_old_results_stand(tmp_path, settings, django_db_blocker):
    # the test database is not touched: only the scratch file, on a connection of its own
    with django_db_blocker.unblock(), scratch_database(tmp_path, settings) as scratch:
        replayed(scratch)


def replayed(scratch):
    old = scratch.migrate(BEFORE)
    House = old.get_model("houses", "House")
    User = old.get_model("houses", "User")
    # the houses as they stood then (before the serials)
    house = House.objects.create(name="Old", slug="old")
    tina = User.objects.create(username="old-tina", house=house)
    test = old.get_model("assessments", "Assessment").objects.create(
        house=house, title="Old test", level=2, pass_mark=50
    )
    Part = old.get_model("assessments", "Part")
    Part.objects.create(assessment=test, kind="cs-qualify", count=2, position=1)
    Part.objects.create(assessment=test, kind="hand-five", count=1, position=2)
    assignment = old.get_model("assessments", "Assignment").objects.create(test=test, trainee=tina)

    sitting = old.get_model("assessments", "Sitting").objects.create(
        assignment=assignment, trainee=tina, finished_at=timezone.now(), ending="answered",
        right=2, total=3, passed=True,
    )  # fmt: skip
    Item = old.get_model("assessments", "SittingQuestion")
    Attempt = old.get_model("drills", "Attempt")
    for position, (kind, right) in enumerate(
        [("cs-qualify", True), ("cs-qualify", True), ("hand-five", False)], start=1
    ):
        q = question(old, tina, kind, position)
        Item.objects.create(sitting=sitting, question=q, position=position)
        Attempt.objects.create(
            question=q, trainee=tina, kind=kind, game="any", answer={}, marks={},
            is_correct=right, response_ms=1000,
        )  # fmt: skip

    new = scratch.migrate(AFTER)
    parts = new.get_model("assessments", "Part").objects.filter(assessment_id=test.pk)
    assert sorted((p.kind, p.level) for p in parts) == [("cs-qualify", 2), ("hand-five", 2)]
    kept = new.get_model("assessments", "Sitting").objects.get(pk=sitting.pk)
    assert (kept.right, kept.total, kept.passed, kept.number) == (2, 3, True, 1)
    assert [(s["kind"], s["right"], s["total"]) for s in kept.sections] == [
        ("cs-qualify", 2, 2),
        ("hand-five", 0, 1),
    ]
    items = new.get_model("assessments", "SittingQuestion").objects.filter(sitting_id=sitting.pk)
    assert all(i.part_id is not None for i in items)
