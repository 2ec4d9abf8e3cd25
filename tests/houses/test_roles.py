"""Who may open what: every role against every page of the site and the admin.

A games manager runs the tables of their own house and nothing else; a trainee and a
supervisor use the site, not the admin; a superuser sees every house.  An object of another
house is answered exactly like one that does not exist (the admin sends the manager back to
its index with "doesn't exist"), so nothing of the other house shows.
"""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tests.factories import (
    HouseFactory,
    HouseRulesFactory,
    ManagerFactory,
    PaytableVersionFactory,
    SupervisorFactory,
    TraineeFactory,
    UserFactory,
)
from trainer.engine.catalog import paid_games
from trainer.houses.models import HouseRulesSettings, PaytableVersion
from trainer.houses.roles import AUDIT_STAFF, ROLES

# What a response may be.  The three redirects are told apart by where they go.
OK = 200
DENY = 403
LOGIN = "302 to the site's sign-in page"
ADMIN = "302 to the admin's sign-in page"
GONE = "302 to the admin index: doesn't exist"

RIVERBOAT_LABEL = "Riverboat straight special"
LAKESIDE_LABEL = "Lakeside straight special"

# The trainee, supervisor, audit staff and manager belong to the Riverboat; the other manager
# runs the Lakeside.  "{riverboat_version}" and the like are filled in with the objects' ids.
ROLE_NAMES = (
    "anonymous",
    "trainee",
    "supervisor",
    "auditor",
    "manager",
    "other_manager",
    "superuser",
)
V, R = "/admin/houses/paytableversion", "/admin/houses/houserulessettings"
# fmt: off
MATRIX = [
    # request                                 anonym trainee super  audit  manager other  superuser
    ("GET /",                                 OK,    OK,    OK,    OK,    OK,    OK,    OK),
    ("GET /accounts/login/",                  OK,    OK,    OK,    OK,    OK,    OK,    OK),
    ("GET /rule-check/",                      LOGIN, OK,    OK,    OK,    OK,    OK,    OK),
    ("POST /api/rulings",                     DENY,  OK,    OK,    OK,    OK,    OK,    OK),
    # audit staff audit and keep cases, and see nothing of the trainees' progress
    ("GET /audits/",                          LOGIN, DENY,  OK,    OK,    OK,    OK,    OK),
    ("GET /cases/",                           LOGIN, DENY,  OK,    OK,    OK,    OK,    OK),
    ("GET /progress/trainees/",               LOGIN, DENY,  OK,    DENY,  DENY,  DENY,  OK),
    # a games manager adds the supervisors and audit staff of their house (a superuser has none)
    ("GET /accounts/people/staff",            LOGIN, DENY,  DENY,  DENY,  OK,    OK,    DENY),
    ("GET /admin/",                           ADMIN, ADMIN, ADMIN, ADMIN, OK,    OK,    OK),
    (f"GET {V}/",                             ADMIN, ADMIN, ADMIN, ADMIN, OK,    OK,    OK),
    (f"GET {V}/add/",                         ADMIN, ADMIN, ADMIN, ADMIN, OK,    OK,    OK),
    (f"GET {V}/{{riverboat_version}}/change/", ADMIN, ADMIN, ADMIN, ADMIN, OK,    GONE,  OK),
    (f"GET {V}/{{lakeside_version}}/change/", ADMIN, ADMIN, ADMIN, ADMIN, GONE,  OK,    OK),
    (f"GET {R}/",                             ADMIN, ADMIN, ADMIN, ADMIN, OK,    OK,    OK),
    # a house has one set of rules: a manager adds them only to a house without (below)
    (f"GET {R}/add/",                         ADMIN, ADMIN, ADMIN, ADMIN, DENY,  DENY,  OK),
    (f"GET {R}/{{riverboat_rules}}/change/",  ADMIN, ADMIN, ADMIN, ADMIN, OK,    GONE,  OK),
    (f"GET {R}/{{lakeside_rules}}/change/",   ADMIN, ADMIN, ADMIN, ADMIN, GONE,  OK,    OK),
    # a games manager may view houses (roles.py: houses.view_house), not staff or groups
    ("GET /admin/houses/house/",              ADMIN, ADMIN, ADMIN, ADMIN, OK,    OK,    OK),
    ("GET /admin/houses/user/",               ADMIN, ADMIN, ADMIN, ADMIN, DENY,  DENY,  OK),
    ("GET /admin/auth/group/",                ADMIN, ADMIN, ADMIN, ADMIN, DENY,  DENY,  OK),
]
# fmt: on
#: role -> [(method, url, expected)], the matrix's column of each role
CASES = {
    role: [(*request.split(" "), row[n]) for request, *row in MATRIX]
    for n, role in enumerate(ROLE_NAMES)
}

# RULING_API.md's Mississippi Stud example, for the API row of the matrix.
RULING = {"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3]}


@pytest.fixture
def lakeside(db):
    lakeside = HouseFactory(name="Lakeside", slug="lakeside")
    HouseRulesFactory(house=lakeside)
    return lakeside


@pytest.fixture
def objects(house, lakeside):
    """A table and the house rules of each house, by the names the matrix uses."""
    return {
        "riverboat_version": PaytableVersionFactory(house=house, label=RIVERBOAT_LABEL).pk,
        "lakeside_version": PaytableVersionFactory(house=lakeside, label=LAKESIDE_LABEL).pk,
        "riverboat_rules": house.rules.pk,
        "lakeside_rules": lakeside.rules.pk,
    }


@pytest.fixture
def users(house, lakeside):
    return {
        "anonymous": None,
        "trainee": TraineeFactory(house=house),
        "supervisor": SupervisorFactory(house=house),
        # audit staff use the audits and cases of the site, never the admin
        "auditor": UserFactory(house=house, role=AUDIT_STAFF),
        "manager": ManagerFactory(house=house),
        "other_manager": ManagerFactory(house=lakeside),
        "superuser": UserFactory(is_superuser=True, is_staff=True, house=None),
    }


def open_as(client, user, method, url):
    if user is not None:
        client.force_login(user)
    if method == "POST":
        return client.post(url, RULING, content_type="application/json")
    return client.get(url)


def meets(response, url: str, expected) -> bool:
    if expected == LOGIN:
        return (
            response.status_code == 302 and response["Location"] == f"/accounts/login/?next={url}"
        )
    if expected == ADMIN:
        return response.status_code == 302 and response["Location"] == f"/admin/login/?next={url}"
    if expected == GONE:
        return response.status_code == 302 and response["Location"] == "/admin/"
    return response.status_code == expected


@pytest.mark.slow  # every role against every page: out of the quick tier
@pytest.mark.parametrize("role", ROLE_NAMES)
def test_every_role_meets_every_page_as_the_matrix_says(users, objects, role):
    # one role's column of the matrix, each request from a new client: the people and objects
    # are made once per role rather than once per cell
    wrong = []
    for method, url, expected in CASES[role]:
        url = url.format(**objects)
        response = open_as(Client(), users[role], method, url)
        if not meets(response, url, expected):
            where = response.get("Location", "")
            wrong.append(f"{method} {url}: {response.status_code} {where}, not {expected}")
    assert wrong == []


@pytest.mark.parametrize(
    ("role", "url", "others"),
    [
        ("manager", "/admin/houses/paytableversion/{lakeside_version}/change/", "Lakeside"),
        ("manager", "/admin/houses/houserulessettings/{lakeside_rules}/change/", "Lakeside"),
        ("other_manager", "/admin/houses/paytableversion/{riverboat_version}/change/", "Riverboat"),
        (
            "other_manager",
            "/admin/houses/houserulessettings/{riverboat_rules}/change/",
            "Riverboat",
        ),
    ],
)
def test_another_houses_object_is_answered_as_if_it_did_not_exist(
    client, users, objects, role, url, others
):
    client.force_login(users[role])
    response = client.get(url.format(**objects), follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [("/admin/", 302)]
    assert "doesn’t exist. Perhaps it was deleted?" in page
    assert others not in page
    assert RIVERBOAT_LABEL not in page and LAKESIDE_LABEL not in page


def test_a_manager_sees_their_own_house_objects(client, users, objects):
    client.force_login(users["manager"])
    version = client.get(f"/admin/houses/paytableversion/{objects['riverboat_version']}/change/")
    assert RIVERBOAT_LABEL in version.content.decode()
    rules = client.get(f"/admin/houses/houserulessettings/{objects['riverboat_rules']}/change/")
    assert "House rules of Riverboat" in rules.content.decode()


# --- a games manager's admin lists only their own house ------------------------------------


def test_a_manager_lists_only_their_own_houses_versions(client, users, house, lakeside):
    own = [
        PaytableVersionFactory(house=house, game=game) for game in (g.slug for g in paid_games())
    ]
    PaytableVersionFactory(house=lakeside, label=LAKESIDE_LABEL)
    client.force_login(users["manager"])
    response = client.get("/admin/houses/paytableversion/")
    listed = list(response.context["cl"].result_list)
    assert sorted(v.pk for v in listed) == sorted(v.pk for v in own)
    assert LAKESIDE_LABEL not in response.content.decode()


def test_a_managers_version_list_names_no_other_house(client, users, house, lakeside):
    PaytableVersionFactory(house=house)
    client.force_login(users["manager"])
    page = client.get("/admin/houses/paytableversion/").content.decode()
    assert "Lakeside" not in page


def test_a_manager_lists_only_their_own_house_and_its_rules(client, users, objects):
    client.force_login(users["manager"])
    houses = client.get("/admin/houses/house/")
    assert [h.slug for h in houses.context["cl"].result_list] == ["riverboat"]
    rules = client.get("/admin/houses/houserulessettings/")
    assert [r.pk for r in rules.context["cl"].result_list] == [objects["riverboat_rules"]]
    assert "Lakeside" not in houses.content.decode() + rules.content.decode()


def test_a_superuser_lists_every_house(client, users, objects):
    client.force_login(users["superuser"])
    listed = client.get("/admin/houses/paytableversion/").context["cl"].result_list
    # the demo house too: the session loads it for every test (tests/conftest.py)
    assert {v.house.slug for v in listed} == {"riverboat", "lakeside", "demo"}


# --- a games manager cannot write to another house ------------------------------------------


def version_form(version, **fields):
    """The change form of a version with no rows changed, as the admin posts it."""
    rows = list(version.rows.all())
    data = {
        "house": version.house_id,
        "game": version.game,
        "label": version.label,
        "bet_unit": version.bet_unit,
        "pair_band_low": version.pair_band_low or "",
        "push_band_low": version.push_band_low or "",
        "push_band_high": version.push_band_high or "",
        "rows-TOTAL_FORMS": len(rows),
        "rows-INITIAL_FORMS": len(rows),
        "rows-MIN_NUM_FORMS": 1,
        "rows-MAX_NUM_FORMS": 1000,
    }
    for i, row in enumerate(rows):
        data.update(
            {
                f"rows-{i}-id": row.pk,
                f"rows-{i}-version": version.pk,
                f"rows-{i}-category": row.category,
                f"rows-{i}-win": row.win,
                f"rows-{i}-to": row.to,
            }
        )
    data.update(fields)
    return data


def table_of(version):
    version.refresh_from_db()
    rows = list(version.rows.values_list("category", "win", "to"))
    return (version.house_id, version.label, version.is_active, rows)


def test_the_change_form_as_posted_here_saves_for_the_own_house(client, users, house):
    """The form data below is a real change form: it saves the manager's own version."""
    version = PaytableVersionFactory(house=house, label=RIVERBOAT_LABEL)
    client.force_login(users["manager"])
    url = f"/admin/houses/paytableversion/{version.pk}/change/"
    response = client.post(url, version_form(version, label="Renamed"))
    assert response.status_code == 302 and response["Location"] == "/admin/houses/paytableversion/"
    version.refresh_from_db()
    assert version.label == "Renamed"


def test_a_manager_cannot_change_another_houses_version(client, users, lakeside):
    version = PaytableVersionFactory(house=lakeside, label=LAKESIDE_LABEL)
    before = table_of(version)
    client.force_login(users["manager"])
    url = f"/admin/houses/paytableversion/{version.pk}/change/"
    row = version.rows.first()
    data = version_form(version, label="Taken over", **{"rows-0-win": row.win + 1})
    response = client.post(url, data)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert table_of(version) == before


@pytest.mark.parametrize("action", ["activate", "new_version_from_this_one"])
def test_a_manager_cannot_run_actions_on_another_houses_version(client, users, lakeside, action):
    version = PaytableVersionFactory(house=lakeside, label=LAKESIDE_LABEL)
    before = table_of(version), PaytableVersion.objects.count()
    client.force_login(users["manager"])
    client.post(
        "/admin/houses/paytableversion/", {"action": action, "_selected_action": [version.pk]}
    )
    assert (table_of(version), PaytableVersion.objects.count()) == before


def test_a_manager_cannot_move_a_version_to_another_house(client, users, house, lakeside):
    version = PaytableVersionFactory(house=house, label=RIVERBOAT_LABEL)
    client.force_login(users["manager"])
    url = f"/admin/houses/paytableversion/{version.pk}/change/"
    response = client.post(url, version_form(version, house=lakeside.pk))
    assert response.status_code == 200  # the form again, with the error
    assert "Select a valid choice" in response.content.decode()
    assert PaytableVersion.objects.get(pk=version.pk).house == house


def test_a_manager_cannot_add_a_version_for_another_house(client, users, lakeside):
    client.force_login(users["manager"])
    data = {
        "house": lakeside.pk,
        "game": "casino-stud",
        "label": "Planted",
        "bet_unit": 1,
        "rows-TOTAL_FORMS": 1,
        "rows-INITIAL_FORMS": 0,
        "rows-MIN_NUM_FORMS": 1,
        "rows-MAX_NUM_FORMS": 1000,
        "rows-0-category": 1,
        "rows-0-win": 1,
        "rows-0-to": 1,
    }
    response = client.post("/admin/houses/paytableversion/add/", data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not PaytableVersion.objects.filter(house=lakeside).exists()


def rules_form(rules, **fields):
    data = {
        "house": rules.house_id,
        "chip_unit": rules.chip_unit,
        "split_pot_odd_chip": rules.split_pot_odd_chip,
        "mississippi_payout_cap": rules.mississippi_payout_cap or "",
        "call_multiple": rules.call_multiple,
        "call_payout_cap": rules.call_payout_cap or "",
        "stand_pat_allowed": "on" if rules.stand_pat_allowed else "",
        "reuse_discards": "on" if rules.reuse_discards else "",
        "stud_stock_shortage": "on" if rules.stud_stock_shortage else "",
        "settle_order": rules.settle_order,
        "chips": rules.chips,
        "pay_standard": rules.pay_standard,
        "colour_up_at": rules.colour_up_at,
        "payout_floors": rules.payout_floors,
    }
    data.update(fields)
    return data


def test_a_manager_changes_their_own_house_rules(client, users, house):
    client.force_login(users["manager"])
    url = f"/admin/houses/houserulessettings/{house.rules.pk}/change/"
    response = client.post(url, rules_form(house.rules, call_multiple=3))
    assert response.status_code == 302
    assert HouseRulesSettings.objects.get(house=house).call_multiple == 3


def test_a_manager_cannot_change_another_houses_rules(client, users, lakeside):
    client.force_login(users["manager"])
    url = f"/admin/houses/houserulessettings/{lakeside.rules.pk}/change/"
    response = client.post(url, rules_form(lakeside.rules, call_multiple=3, chip_unit=5))
    assert response.status_code == 302 and response["Location"] == "/admin/"
    rules = HouseRulesSettings.objects.get(house=lakeside)
    # models.py defaults: call multiple 2, chip unit 1
    assert (rules.call_multiple, rules.chip_unit) == (2, 1)


def test_a_new_houses_manager_adds_its_house_rules(client, lakeside):
    # a house made without rules, whose games manager was refused (403) adding them
    new = HouseFactory(name="Newport", slug="newport")
    client.force_login(ManagerFactory(house=new))
    url = "/admin/houses/houserulessettings/add/"
    assert client.get(url).status_code == 200
    response = client.post(url, rules_form(HouseRulesSettings(house=new), call_multiple=3))
    assert response.status_code == 302
    assert HouseRulesSettings.objects.get(house=new).call_multiple == 3
    assert client.get(url).status_code == 403  # they are added: from now on, changed


def test_a_manager_cannot_add_rules_for_another_house(client, lakeside):
    new = HouseFactory(name="Newport", slug="newport")
    client.force_login(ManagerFactory(house=new))
    elsewhere = HouseFactory(name="Bayside", slug="bayside")
    url = "/admin/houses/houserulessettings/add/"
    response = client.post(url, rules_form(HouseRulesSettings(house=elsewhere)))
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert not HouseRulesSettings.objects.filter(house__in=[new, elsewhere]).exists()


# --- the groups the migration made ------------------------------------------------------------


def test_the_groups_are_exactly_the_roles(db):
    assert set(Group.objects.values_list("name", flat=True)) == set(ROLES)


@pytest.mark.parametrize("role", list(ROLES))
def test_each_group_has_exactly_the_permissions_of_its_role(db, role):
    group = Group.objects.get(name=role)
    granted = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in group.permissions.select_related("content_type")
    }
    assert granted == set(ROLES[role])
