"""Progress for trainees and review for supervisors: figures, permissions, CSV, query bounds."""

import csv
import datetime as dt
import io

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from tests.factories import UserFactory, right_answer, wrong_answer
from trainer.drills import services as drill_services
from trainer.drills.models import Attempt
from trainer.engine.drills import REGISTRY
from trainer.houses.config import house_setup
from trainer.houses.models import User
from trainer.houses.roles import TRAINEE
from trainer.progress import stats
from trainer.progress.seeding import seed_attempts


@pytest.fixture
def people(trainee, other_trainee, supervisor, other_supervisor, stranger, manager, superuser):
    """Everyone, by the names the access matrix uses ("far": of another house)."""
    return {
        "trainee": trainee,
        "other_trainee": other_trainee,
        "supervisor": supervisor,
        "far_supervisor": other_supervisor,
        "far_trainee": stranger,
        "manager": manager,
        "superuser": superuser,
    }


def answer_some(trainee, kind, marks):
    """Answer one question per mark (True right, False wrong) in a fresh session."""
    session = drill_services.start_session(trainee=trainee, kind=kind, level=1)
    for i, right in enumerate(marks):
        question = (
            drill_services.current_question(session)
            if i == 0
            else drill_services.next_question(trainee=trainee, session_id=session.pk)
        )
        raw = right_answer(question) if right else wrong_answer(question)
        drill_services.answer_question(trainee=trainee, question_id=question.pk, raw=raw)


def test_figures_for_a_hand_worked_history(people):
    trainee = people["trainee"]
    answer_some(trainee, "cs-qualify", [True, True, False, True])
    # response times set by hand: 1, 2, 3, 4 seconds
    for ms, attempt in zip((1000, 2000, 3000, 4000), Attempt.objects.order_by("pk"), strict=True):
        attempt.response_ms = ms
        attempt.save(update_fields=["response_ms"])
    (line,) = stats.by_kind(Attempt.objects.for_trainee(trainee))
    # right, right, wrong, right: 3 of 4 = 75%; median of 1,2,3,4 s = 2.5 s; best streak 2
    assert (line.attempts, line.right, line.percent) == (4, 3, "75%")
    assert line.median_seconds == 2.5 and line.best_streak == 2


def test_my_progress_shows_my_figures_and_mistakes_only(client, people):
    answer_some(people["trainee"], "es-bring-in", [True, False])
    answer_some(people["other_trainee"], "mg-split", [False])
    client.force_login(people["trainee"])
    page = client.get("/progress/").content.decode()
    assert "English Stud" in page and "2</strong> answers" in page
    # only the other trainee drilled Mississippi Gonorrhea: in my skills grid all its skills
    # are still to meet, and it has no figures of mine
    unmet = len(REGISTRY["mg-split"].situations(house_setup(people["trainee"].house).config))
    assert f"{unmet} not yet practised" in page
    for detail in ("/progress/drills/", "/progress/mistakes/"):
        assert f'href="{detail}"' in page  # the details, a click away
    drills = client.get("/progress/drills/").content.decode()
    by_drill = drills.split("<h2>Each drill</h2>", 1)[1].split("</section>", 1)[0]
    assert "Mississippi Gonorrhea" not in by_drill and "English Stud" in by_drill
    assert "<svg" in drills and "Accuracy by day" in drills
    mistakes = client.get("/progress/mistakes/").content.decode()
    assert mistakes.count('<article class="missed">') == 1
    assert "Practise this drill again" in mistakes


@pytest.mark.slow  # every page against every role: out of the quick tier
@pytest.mark.parametrize(
    ("role", "expected"),
    [
        (
            "anonymous",
            {
                "/progress/": 302,
                "/progress/trainees/": 302,
                "/progress/analysis/": 302,
                "trainee": 302,
                "csv": 302,
                "attempts_csv": 302,
            },
        ),
        (
            "trainee",
            {
                "/progress/": 200,
                "/progress/trainees/": 403,
                "/progress/analysis/": 403,
                "trainee": 403,
                "csv": 403,
                "attempts_csv": 403,
            },
        ),
        (
            "supervisor",
            {
                "/progress/": 403,
                "/progress/trainees/": 200,
                "/progress/analysis/": 200,
                "trainee": 200,
                "csv": 200,
                "attempts_csv": 200,
            },
        ),
        (
            "far_supervisor",
            {
                "/progress/": 403,
                "/progress/trainees/": 200,
                "/progress/analysis/": 200,
                "trainee": 404,
                "csv": 200,
                "attempts_csv": 404,
            },
        ),
        (
            "manager",
            {
                "/progress/": 403,
                "/progress/trainees/": 403,
                "/progress/analysis/": 403,
                "trainee": 403,
                "csv": 403,
                "attempts_csv": 403,
            },
        ),
        (
            "superuser",
            {
                "/progress/": 200,
                "/progress/trainees/": 200,
                "/progress/analysis/": 200,
                "trainee": 200,
                "csv": 200,
                "attempts_csv": 200,
            },
        ),
    ],
)
def test_every_progress_url_with_every_role(client, people, role, expected):
    answer_some(people["trainee"], "cs-qualify", [False])
    answer_some(people["far_trainee"], "cs-qualify", [True])
    tina = people["trainee"]
    game = REGISTRY["cs-qualify"].game
    # each page's details are pages of their own, seen by whoever sees the summary
    urls = [
        ("/progress/", "/progress/"),
        *[("/progress/", f"/progress/{d}/") for d in (f"skills/{game}", "drills", "mistakes")],
        ("/progress/trainees/", "/progress/trainees/"),
        ("/progress/analysis/", "/progress/analysis/"),
        ("trainee", f"/progress/trainees/{tina.pk}/"),
        *[
            ("trainee", f"/progress/trainees/{tina.pk}/{d}/")
            for d in (f"skills/{game}", "drills", "mistakes", "answers")
        ],
        ("csv", "/progress/trainees.csv"),
        ("attempts_csv", f"/progress/trainees/{tina.pk}/attempts.csv"),
    ]
    if role != "anonymous":
        client.force_login(people[role])
    for name, url in urls:
        response = client.get(url)
        assert response.status_code == expected[name], (role, url)
        if response.status_code == 200:
            body = response.content.decode()
            # nobody sees a trainee of another house, and a trainee sees no other trainee
            if role in ("supervisor", "trainee"):
                assert "trainee-uma" not in body
            if role == "trainee":
                assert "trainee-otto" not in body
            if role == "far_supervisor":
                assert "trainee-tina" not in body and "trainee-otto" not in body


def test_the_supervisor_table_sorts_and_filters(client, people):
    answer_some(people["trainee"], "cs-qualify", [True, True])
    answer_some(people["other_trainee"], "es-bring-in", [False, True])
    client.force_login(people["supervisor"])
    page = client.get("/progress/trainees/?sort=-accuracy").content.decode()
    assert page.index(">trainee-tina<") < page.index(">trainee-otto<")  # 100% before 50%
    page = client.get("/progress/trainees/?sort=accuracy").content.decode()
    assert page.index(">trainee-otto<") < page.index(">trainee-tina<")
    rows = client.get("/progress/trainees/?game=english-stud").context["rows"]
    by_name = {r["trainee"].username: r for r in rows}
    assert by_name["trainee-otto"]["attempts"] == 2 and by_name["trainee-tina"]["attempts"] == 0
    today = timezone.localdate()
    rows = client.get(f"/progress/trainees/?since={today + dt.timedelta(days=1)}").context["rows"]
    assert all(r["attempts"] == 0 for r in rows)


def test_supervisors_review_the_same_trainees_tests_are_assigned_to(client, people, demo):
    """Progress and assessments agree: whoever holds houses.practise_drills, not a group name."""
    dora = UserFactory(house=demo, username="dora")
    dora.user_permissions.add(Permission.objects.get(codename="practise_drills"))
    UserFactory(house=demo, username="gone", role=TRAINEE, is_active=False)
    client.force_login(people["supervisor"])
    rows = client.get("/progress/trainees/").context["rows"]
    listed = [r["trainee"] for r in rows]
    assert {t.username for t in listed} == {"dora", "trainee-otto", "trainee-tina"}
    assert set(listed) == set(User.objects.trainees_of(demo))


def test_the_csv_exports_have_the_documented_columns(client, people):
    answer_some(people["trainee"], "cs-qualify", [True, False])
    client.force_login(people["supervisor"])
    table = list(csv.reader(io.StringIO(client.get("/progress/trainees.csv").content.decode())))
    assert table[0] == [
        "username", "name", "house", "attempts", "right", "accuracy_percent",
        "median_seconds", "last_active", "tests_passed", "tests_taken", "certificates",
    ]  # fmt: skip
    tina = next(row for row in table if row[0] == "trainee-tina")
    assert tina[3:6] == ["2", "1", "50.0"]
    url = f"/progress/trainees/{people['trainee'].pk}/attempts.csv"
    rows = list(csv.reader(io.StringIO(client.get(url).content.decode())))
    assert rows[0][:3] == ["answered_at", "game", "drill"] and len(rows) == 3
    assert rows[0][-2:] == ["source", "test"]
    assert {r[rows[0].index("right")] for r in rows[1:]} == {"yes", "no"}
    assert {r[-2] for r in rows[1:]} == {"practice"}


def test_a_trainees_page_lists_every_attempt_filterable(client, people):
    answer_some(people["trainee"], "cs-qualify", [True, False, False])
    client.force_login(people["supervisor"])
    url = f"/progress/trainees/{people['trainee'].pk}/answers/"
    assert len(client.get(url).context["page"].object_list) == 3
    assert len(client.get(url + "?result=wrong").context["page"].object_list) == 2


def test_bad_filters_are_ignored_with_a_message_not_an_error(client, people):
    client.force_login(people["supervisor"])
    response = client.get("/progress/trainees/?since=yesterday&sort=drop+table&game=poker")
    assert response.status_code == 200
    assert "Enter a valid date" in response.content.decode()


# --- pages stay a bounded number of queries ------------------------------------------------


#: attempts of every drill kind, each of its own question: sixteen times the pages' bound of
#: 25 queries, so a page that queried once per attempt or per question would exceed it (ten
#: thousand proved nothing more, and seeding them cost ten CPU-seconds)
BUSY = 400


@pytest.fixture
def busy_trainee(people):
    trainee = people["trainee"]
    seed_attempts(trainee, BUSY, seed=1)
    return trainee


@pytest.mark.slow  # seeding hundreds of attempts and ten pages over them
def test_pages_are_aggregate_queries_however_many_attempts(
    client, people, busy_trainee, django_assert_max_num_queries
):
    assert Attempt.objects.filter(trainee=busy_trainee).count() == BUSY
    client.force_login(busy_trainee)
    game = REGISTRY["cs-qualify"].game
    for url in (
        "/progress/",
        "/progress/drills/",
        "/progress/mistakes/",
        f"/progress/skills/{game}/",
    ):
        with django_assert_max_num_queries(25):
            assert client.get(url).status_code == 200, url
    client.force_login(people["supervisor"])
    for url in (
        "/progress/trainees/",
        "/progress/analysis/",
        f"/progress/trainees/{busy_trainee.pk}/",
        f"/progress/trainees/{busy_trainee.pk}/answers/",
        "/progress/trainees.csv",
    ):
        with django_assert_max_num_queries(25):
            assert client.get(url).status_code == 200, url


def test_answers_in_chips_are_marked_in_the_export_and_the_list(client, people):
    trainee = people["trainee"]
    answer_some(trainee, "ms-pay", [True])
    session = drill_services.start_session(trainee=trainee, kind="ms-pay", level=1, in_chips=True)
    question = drill_services.current_question(session)
    drill_services.answer_question(
        trainee=trainee, question_id=question.pk, raw=right_answer(question)
    )
    client.force_login(people["supervisor"])
    url = f"/progress/trainees/{trainee.pk}/attempts.csv"
    header, *rows = csv.reader(io.StringIO(client.get(url).content.decode()))
    assert sorted(r[header.index("in_chips")] for r in rows) == ["no", "yes"]
    page = client.get(f"/progress/trainees/{trainee.pk}/answers/").content.decode()
    assert page.count(", in chips</td>") == 1
