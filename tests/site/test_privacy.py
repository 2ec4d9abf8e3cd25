"""Privacy: private pages and CSV exports are not kept by browsers or proxies, and
no URL with an object id tells a user whether someone else's object exists: another trainee's
(or another house's) id answers exactly as an id nobody has (same status, same body)."""

from datetime import date

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.audits.conftest import audited, log_text
from tests.factories import AssessmentFactory, AssignmentFactory, right_answer
from tests.site.pages import without_csrf_token
from trainer.assessments import services as tests_services
from trainer.assessments.models import Certificate
from trainer.audits.models import LogAlias
from trainer.cases import services as cases_services
from trainer.drills import services as drill_services
from trainer.drills.watch.models import WatchSet
from trainer.roster import imports as roster_imports
from trainer.roster import services as roster_services
from trainer.rounds import services as round_services

#: an id no row has in a test database (every table starts from 1 and holds a handful)
NOBODY = 987_654_321
#: a mispaid hand of a watch set: a pair of sixes pushes, paid 4 (RULING_API.md's example)
PROBE_HAND = {
    "game": "mississippi-stud",
    "hole": "6h 6s",
    "board": "Ac 9d Kc",
    "bets": [1, 1, 1, 1],
    "paid": 4,
}


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


# -- no caching of private pages -------------------------------------------------------------


@pytest.mark.parametrize("url", ["/", "/drills/", "/progress/", "/tests/", "/rule-check/"])
def test_every_page_of_a_signed_in_trainee_is_not_stored(trainee_client, url):
    response = trainee_client.get(url)
    assert response.status_code == 200
    assert no_store(response)


def test_supervisors_pages_and_both_csv_exports_are_not_stored(client, supervisor, trainee):
    client.force_login(supervisor)
    for url in (
        "/progress/trainees/",
        f"/progress/trainees/{trainee.pk}/",
        "/progress/trainees.csv",
        f"/progress/trainees/{trainee.pk}/attempts.csv",
        "/tests/manage/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert no_store(response), url


def test_the_public_home_page_and_static_files_stay_cacheable(client, db):
    assert not no_store(client.get("/"))
    static = client.get("/static/trainer/site.css")
    assert static.status_code == 200
    assert not no_store(static)


# -- no existence oracle ---------------------------------------------------------------------


def routes_with_an_id() -> set[str]:
    """Every named URL of the site whose route takes an integer id (the admin aside: its own
    permissions govern it)."""
    found = set()

    def walk(patterns, namespace, prefix):
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                if p.namespace == "admin":
                    continue
                inner = f"{namespace}{p.namespace}:" if p.namespace else namespace
                walk(p.url_patterns, inner, route)
            elif isinstance(p, URLPattern) and "<int:" in route and p.name:
                found.add(namespace + p.name)

    walk(get_resolver().url_patterns, "", "")
    return found


@pytest.fixture
def tinas(demo, trainee, other_trainee, stranger, supervisor):
    """Tina's things, a sitting of Otto's own (to name Tina's question inside it), and a
    dispute case of Tina's house."""
    session = drill_services.start_session(trainee=trainee, kind="ms-pay", level=1)
    test = AssessmentFactory(house=demo, parts=[("hand-five", 2)])
    running = tests_services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=test, trainee=trainee).pk
    )
    finished = tests_services.stop(
        trainee=trainee,
        sitting_id=tests_services.start_sitting(
            trainee=trainee,
            assignment_id=AssignmentFactory(
                test=AssessmentFactory(house=demo, parts=[("hand-five", 1)]), trainee=trainee
            ).pk,
        ).pk,
    )
    ottos = tests_services.start_sitting(
        trainee=other_trainee,
        assignment_id=AssignmentFactory(test=test, trainee=other_trainee).pk,
    )
    # Tina's certificate, a class of her house with a test, a CSV import staged there
    certification = AssessmentFactory(house=demo, parts=[("hand-five", 1)], certification=True)
    passed = tests_services.start_sitting(
        trainee=trainee,
        assignment_id=AssignmentFactory(test=certification, trainee=trainee).pk,
    )
    item = passed.items.get()
    tests_services.answer(
        trainee=trainee,
        sitting_id=passed.pk,
        question_id=item.question_id,
        raw=right_answer(item.question),
    )
    cohort = roster_services.create_class(
        actor=supervisor,
        house=demo,
        name="Probe class",
        starts_on=date(2026, 1, 5),
        trainees=[trainee],
    )
    tests_services.assign_to_class(actor=supervisor, cohort=cohort, test=certification)
    _, staged = roster_imports.stage_import(
        actor=supervisor, house=demo, filename="probe.csv", data=b"username\nprobe-pat\n"
    )
    # the house certifies Caribbean Stud; Tina's table test, signed
    from trainer.certification.models import Requirement
    from trainer.certification.services import sign_table_test

    requirement = Requirement.objects.create(
        house=demo, game="caribbean-stud", test=certification, practice_hours=0
    )
    table_test = sign_table_test(
        requirement=requirement, dealer=trainee, supervisor=supervisor, table="CS 1",
        judged=[{"met": True}] * len(requirement.points()), passed=True,
    )  # fmt: skip
    return {
        "table_test": table_test,
        "certificate": Certificate.objects.get(sitting=passed, game=""),
        "class": cohort,
        "class_test": certification,
        "import": staged,
        "session": session,
        "question": drill_services.current_question(session),
        "not_started": AssignmentFactory(
            test=AssessmentFactory(house=demo, parts=[("hand-five", 1)]), trainee=trainee
        ),
        "running": running,
        "test_question": running.items.first().question,
        "finished": finished,
        "test": test,
        "ottos": ottos,
        "case": cases_services.save_case(
            user=supervisor,
            request_text='{"game": "caribbean-stud", "house": "demo", "player": "2h 5h 9h Jh Kh",'
            ' "dealer": "Kc 9d 7s 4c 2s", "ante": 10, "action": "call"}',
            note="",
            token="privacy-probe",
        ).case,
        "audit": audited(demo, None, log_text()),
        # a round of Tina's, and its first step
        "round": round_services.deal_round(
            trainee=trainee, game="casino-stud", level=1, players=2, seed=1
        ),
        # a watch set of the house's floor team
        "watch_set": WatchSet.objects.create(house=demo, title="Probe set", hands=[PROBE_HAND]),
        # how the house's table system writes Tina in its logs
        "alias": LogAlias.objects.create(house=demo, person=trainee, alias="T. Probe"),
    }


def trainee_requests(t):
    """url name -> (method, args naming Tina's things, args naming nothing, data)."""
    q = t["question"]
    tq = t["test_question"]
    return {
        "drills:session": ("get", [t["session"].pk], [NOBODY], None),
        "drills:next": ("post", [t["session"].pk], [NOBODY], {}),
        "drills:end": ("post", [t["session"].pk], [NOBODY], {}),
        "drills:summary": ("get", [t["session"].pk], [NOBODY], None),
        "drills:answer": ("post", [q.pk], [NOBODY], right_answer(q)),
        # the placard a question is graded with
        "drills:placard": ("get", [q.pk], [NOBODY], None),
        "assessments:start": ("post", [t["not_started"].pk], [NOBODY], {}),
        "assessments:sitting": ("get", [t["running"].pk], [NOBODY], None),
        "assessments:answer": ("post", [t["running"].pk, tq.pk], [NOBODY, NOBODY], {}),
        "assessments:finish": ("post", [t["running"].pk], [NOBODY], {"confirm": "finish"}),
        "assessments:result": ("get", [t["finished"].pk], [NOBODY], None),
        "assessments:certificate": ("get", [t["certificate"].pk], [NOBODY], None),
        "assessments:certificate-pdf": ("get", [t["certificate"].pk], [NOBODY], None),
        "assessments:certificate-badge": ("get", [t["certificate"].pk], [NOBODY], None),
        "rounds:round": ("get", [t["round"].pk], [NOBODY], None),
        "rounds:answer": ("post", [t["round"].pk, 1], [NOBODY, 1], {}),
        "rounds:stop": ("post", [t["round"].pk], [NOBODY], {}),
        "rounds:summary": ("get", [t["round"].pk], [NOBODY], None),
        "rounds:sitting": ("get", [t["running"].pk], [NOBODY], None),
        "rounds:sitting-answer": ("post", [t["running"].pk, 1], [NOBODY, 1], {}),
        "certification:table-test": ("get", [t["table_test"].pk], [NOBODY], None),
    }


def supervisor_requests(t, trainee):
    """The same for a supervisor of another house, with Tina's house's things."""
    return {
        "assessments:test": ("get", [t["test"].pk], [NOBODY], None),
        "assessments:assign": ("post", [t["test"].pk], [NOBODY], {"trainees": [trainee.pk]}),
        "assessments:trainee": ("get", [trainee.pk], [NOBODY], None),
        "assessments:review": ("get", [t["finished"].pk], [NOBODY], None),
        "assessments:allow-attempt": ("post", [t["not_started"].pk], [NOBODY], {}),
        "progress:trainee": ("get", [trainee.pk], [NOBODY], None),
        "progress:trainee-skills": (
            "get",
            [trainee.pk, "caribbean-stud"],
            [NOBODY, "caribbean-stud"],
            None,
        ),
        "progress:trainee-drills": ("get", [trainee.pk], [NOBODY], None),
        "progress:trainee-mistakes": ("get", [trainee.pk], [NOBODY], None),
        "progress:trainee-answers": ("get", [trainee.pk], [NOBODY], None),
        "progress:attempts-csv": ("get", [trainee.pk], [NOBODY], None),
        "rounds:trainee": ("get", [trainee.pk], [NOBODY], None),
        "set-password": ("get", [trainee.pk], [NOBODY], None),
        "person": ("get", [trainee.pk], [NOBODY], None),
        "person-act": ("post", [trainee.pk], [NOBODY], {"action": "deactivate"}),
        "people-import-confirm": ("post", [t["import"].pk], [NOBODY], {}),
        "people-import-status": ("get", [t["import"].pk], [NOBODY], None),
        "roster:class": ("get", [t["class"].pk], [NOBODY], None),
        "roster:add-members": ("post", [t["class"].pk], [NOBODY], {"trainees": [trainee.pk]}),
        "roster:assign": ("post", [t["class"].pk], [NOBODY], {"test": t["class_test"].pk}),
        "roster:give": (
            "post",
            [t["class"].pk, t["class_test"].pk],
            [NOBODY, NOBODY],
            {},
        ),
        "assessments:certificate": ("get", [t["certificate"].pk], [NOBODY], None),
        "assessments:certificate-pdf": ("get", [t["certificate"].pk], [NOBODY], None),
        "assessments:certificate-badge": ("get", [t["certificate"].pk], [NOBODY], None),
        "assessments:revoke": ("post", [t["certificate"].pk], [NOBODY], {"reason": "probe"}),
        "cases:detail": ("get", ["demo", t["case"].number], ["demo", NOBODY], None),
        "cases:add-note": (
            "post",
            ["demo", t["case"].number],
            ["demo", NOBODY],
            {"text": "probe"},
        ),
        "audits:report": ("get", [t["audit"].pk], [NOBODY], None),
        "audits:status": ("get", [t["audit"].pk], [NOBODY], None),
        "audits:csv": ("get", [t["audit"].pk], [NOBODY], None),
        "audits:line": ("get", [t["audit"].pk, 1], [NOBODY, 1], None),
        "audits:run-again": ("post", [t["audit"].pk], [NOBODY], {}),
        "audits:delete": ("post", [t["audit"].pk], [NOBODY], {}),
        "audits:watch-set": ("post", [t["audit"].pk], [NOBODY], {"title": "probe"}),
        "audits:name-dealer": (
            "post",
            [t["audit"].pk],
            [NOBODY],
            {"alias": "T. Probe 2", "person": trainee.pk},
        ),
        "audits:remove-name": ("post", [t["alias"].pk], [NOBODY], {}),
        "audits:record": ("get", [trainee.pk], [NOBODY], None),
        "watch:start-set": ("post", [t["watch_set"].pk], [NOBODY], {}),
        "certification:dealer": ("get", [trainee.pk], [NOBODY], None),
        "certification:personnel-file": ("get", [trainee.pk, "csv"], [NOBODY, "csv"], None),
        "certification:judge": (
            "post",
            [trainee.pk, "caribbean-stud"],
            [NOBODY, "caribbean-stud"],
            {"table": "probe"},
        ),
        "certification:table-test": ("get", [t["table_test"].pk], [NOBODY], None),
    }


def manager_requests(t):
    """The desk's, for a games manager of another house, with the demo house's
    version (its active Mississippi Stud table)."""
    from django.utils import timezone

    from trainer.houses.models import PaytableVersion, PendingActivation

    version = PaytableVersion.objects.get(house__slug="demo", game="mississippi-stud", number=1)
    pending = PendingActivation.objects.create(
        house=version.house, game=version.game, version=version, requested_at=timezone.now(),
        effective_at=timezone.now(), needs_approval=True, seen="probe",
    )  # fmt: skip
    from trainer.directory.models import ScimToken

    token, _ = ScimToken.issue(house=version.house, name="probe", by=None)
    return {
        "directory:revoke-token": ("post", [token.pk], [NOBODY], {}),
        "desk:decide": ("post", [pending.pk], [NOBODY], {"decision": "approve"}),
        "desk:version": ("get", [version.pk], [NOBODY], None),
        "desk:version-pdf": ("get", [version.pk], [NOBODY], None),
        "desk:design": ("post", [version.pk], [NOBODY], {"action": "save", "label": "probe"}),
        "desk:design-preview": ("post", [version.pk], [NOBODY], {}),
        "desk:activate": ("post", [version.pk], [NOBODY], {"seen": "probe"}),
        "desk:sheet": ("get", [version.pk], [NOBODY], None),
        "desk:compute": ("post", [version.pk], [NOBODY], {}),
        "api-parsheet": ("get", [version.pk], [NOBODY], None),
    }


def answer_of(client, method, name, args, data):
    response = getattr(client, method)(reverse(name, args=args), data or {})
    return response.status_code, without_csrf_token(response.content)


def assert_same(client, requests):
    for name, (method, theirs, nothing, data) in requests.items():
        mine = answer_of(client, method, name, theirs, data)
        missing = answer_of(client, method, name, nothing, data)
        assert mine[0] == 404, (name, mine[0])
        assert mine == missing, name


def test_every_url_with_an_id_is_covered_below(tinas, trainee, supervisor):
    covered = set(trainee_requests(tinas)) | set(supervisor_requests(tinas, trainee))
    assert routes_with_an_id() == covered | set(manager_requests(tinas))


def test_another_trainees_things_answer_as_missing_ones(client, tinas, other_trainee):
    client.force_login(other_trainee)
    assert_same(client, trainee_requests(tinas))


def test_another_trainees_question_in_ones_own_sitting_answers_as_a_missing_one(
    client, tinas, other_trainee
):
    client.force_login(other_trainee)
    own = tinas["ottos"].pk
    mine = answer_of(client, "post", "assessments:answer", [own, tinas["test_question"].pk], {})
    missing = answer_of(client, "post", "assessments:answer", [own, NOBODY], {})
    assert mine[0] == 404 and mine == missing


def test_another_houses_things_answer_as_missing_ones(client, tinas, trainee, other_supervisor):
    client.force_login(other_supervisor)
    assert_same(client, supervisor_requests(tinas, trainee))


def test_another_houses_games_manager_finds_nothing_of_this_house(client, tinas, riverboat):
    from tests.factories import ManagerFactory
    from trainer.houses.models import ParSheetResult, PaytableVersion

    client.force_login(ManagerFactory(house=riverboat, username="manager-rob"))
    versions = PaytableVersion.objects.count()
    assert_same(client, manager_requests(tinas))
    assert PaytableVersion.objects.count() == versions and not ParSheetResult.objects.exists()
    assert not PaytableVersion.objects.filter(is_active=False, activated_at__isnull=False).exists()


def test_nothing_was_recorded_by_the_probing(client, tinas, other_trainee):
    from trainer.drills.models import Attempt

    client.force_login(other_trainee)
    assert_same(client, trainee_requests(tinas))
    tinas["running"].refresh_from_db()
    assert not tinas["running"].is_finished
    assert Attempt.objects.count() == 1  # the certification answer the fixture gave


def test_another_houses_supervisor_changes_nothing_of_this_house(
    client, tinas, trainee, other_supervisor
):
    from trainer.roster.models import PersonAction

    client.force_login(other_supervisor)
    before = PersonAction.objects.count()
    assert_same(client, supervisor_requests(tinas, trainee))
    trainee.refresh_from_db()
    tinas["certificate"].refresh_from_db()
    tinas["import"].refresh_from_db()
    assert trainee.is_active and not tinas["certificate"].is_revoked
    assert tinas["import"].done_at is None
    assert PersonAction.objects.count() == before
