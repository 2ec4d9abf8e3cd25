"""The migration to sections and retakes: every existing part becomes a section at its test's
level, each question of a sitting is linked to its section, and finished sittings keep their
results (right, total, passed) with their per-section figures counted from their answers."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def targets(assessments: str) -> list[tuple[str, str]]:
    """Every other app at its latest (as the site stands), assessments at `assessments`; an
    app whose latest migration needs a later one of assessments (a role's data migration made
    after every app) is left to follow it, going back and forth with it."""
    graph = MigrationExecutor(connection).loader.graph
    allowed = set(graph.forwards_plan(("assessments", assessments)))
    keep = [
        leaf
        for leaf in graph.leaf_nodes()
        if leaf[0] != "assessments"
        and all(n in allowed for n in graph.forwards_plan(leaf) if n[0] == "assessments")
    ]
    return [*keep, ("assessments", assessments)]


BEFORE = "0001_initial"
AFTER = "0002_sections_retakes_certificates"


def migrate(to: str):
    executor = MigrationExecutor(connection)
    executor.migrate(targets(to))
    return executor.loader.project_state(targets(to)).apps


def question(apps, trainee, kind, n):
    Question = apps.get_model("drills", "Question")
    return Question.objects.create(
        trainee=trainee, kind=kind, game="any", level=2, seed=n, prompt="?", table={},
        request={}, fields=[], expected={}, steps=[], house_rules={},
    )  # fmt: skip


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
@pytest.mark.django_db(transaction=True)
def test_old_tests_become_sections_and_old_results_stand(roles):
    old = migrate(BEFORE)
    House = old.get_model("houses", "House")
    User = old.get_model("houses", "User")
    house = House.objects.create(name="Old", slug="old", config_serial=1)
    tina = User.objects.create(username="old-tina", house=house, roles_serial=1, sessions_serial=1)
    test = old.get_model("assessments", "Assessment").objects.create(
        house=house, title="Old test", level=2, pass_mark=50
    )
    Part = old.get_model("assessments", "Part")
    Part.objects.create(assessment=test, kind="cs-qualify", count=2, position=1)
    Part.objects.create(assessment=test, kind="hand-five", count=1, position=2)
    assignment = old.get_model("assessments", "Assignment").objects.create(test=test, trainee=tina)
    from django.utils import timezone

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

    new = migrate(AFTER)
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

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
