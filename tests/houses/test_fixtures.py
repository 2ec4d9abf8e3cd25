"""The demo house as data (fixtures/demo_house.json) and `manage.py seed_demo`.

The demo house's active tables are the source texts' tables, exactly as the engine defines
them, so a ruling "with the demo house" and one without a house agree until a games manager
activates something else.
"""

import io

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from trainer.engine import Category
from trainer.engine.catalog import GAMES, paid_games
from trainer.engine.house import HouseRules
from trainer.engine.paytables import (
    MISSISSIPPI_STUD_BASE,
    Odds,
)
from trainer.houses.config import config_of, house_rules_of, paytable_of
from trainer.houses.models import House, HouseRulesSettings, PaytableRow, PaytableVersion
from trainer.houses.roles import GAMES_MANAGER, SUPERVISOR, TRAINEE

C = Category

#: The common alternative Caribbean Stud Call table named in the issue (version 2 of the demo
#: house, inactive): royal 100, straight flush 50, quads 20, full house 7, flush 5, straight 4,
#: trips 3, two pair 2, one pair 1, and high card 1 as on the base table.
CARIBBEAN_ALTERNATIVE = {
    C.ROYAL_FLUSH: Odds(100),
    C.STRAIGHT_FLUSH: Odds(50),
    C.FOUR_OF_A_KIND: Odds(20),
    C.FULL_HOUSE: Odds(7),
    C.FLUSH: Odds(5),
    C.STRAIGHT: Odds(4),
    C.THREE_OF_A_KIND: Odds(3),
    C.TWO_PAIR: Odds(2),
    C.ONE_PAIR: Odds(1),
    C.HIGH_CARD: Odds(1),
}


def counts() -> dict[str, int]:
    return {
        "houses": House.objects.count(),
        "rules": HouseRulesSettings.objects.count(),
        "versions": PaytableVersion.objects.count(),
        "rows": PaytableRow.objects.count(),
    }


def version(game, number):
    return PaytableVersion.objects.get(house__slug="demo", game=game, number=number)


# --- the fixture --------------------------------------------------------------------------------


@pytest.fixture
def empty_db(db):
    """A database as `migrate` leaves it.  The session loaded the demo house once for every
    test (tests/conftest.py): it is taken away inside this test's transaction, which rolls
    back."""
    PaytableVersion.objects.all().delete()
    House.objects.all().delete()


def test_the_demo_house_loads_into_an_empty_database(empty_db):
    assert counts() == {"houses": 0, "rules": 0, "versions": 0, "rows": 0}
    call_command("loaddata", "demo_house", verbosity=0)
    # One house with its rules; an active table for each of the three paytable games plus
    # the two alternatives = 5 versions.  Rows: Mississippi Stud has no high-card row
    # (RULES.md), so 9 rows x 2 versions + Caribbean 10 x 2 + Casino Stud 10 = 48.
    assert counts() == {"houses": 1, "rules": 1, "versions": 5, "rows": 48}
    house = House.objects.get()
    assert (house.slug, house.name) == ("demo", "Demo house")


def test_loading_the_demo_house_again_changes_nothing(demo):
    before = counts()
    call_command("loaddata", "demo_house", verbosity=0)
    assert counts() == before


@pytest.mark.parametrize("game", [g.slug for g in paid_games()])
def test_the_demo_houses_active_table_is_the_source_texts_table(demo, game):
    # the fixture's rows are data; the source texts' tables are the engine's: no drift
    source = GAMES[game].paytable
    table = config_of(demo).paytable(game)
    assert table.rows == source.rows
    assert table.pair_band == source.pair_band
    assert table.push_band == source.push_band
    assert table.bet_unit == source.bet_unit


def test_the_demo_houses_rules_are_the_defaults_of_rules_md(demo):
    assert config_of(demo).rules == HouseRules()


def test_each_game_has_exactly_one_active_demo_version_and_it_is_version_one(demo):
    active = PaytableVersion.objects.active().for_house(demo)
    assert sorted((v.game, v.number) for v in active) == sorted(
        (game, 1) for game in (g.slug for g in paid_games())
    )


def test_the_alternative_caribbean_table_is_there_and_inactive(demo):
    alternative = version("caribbean-stud", 2)
    assert not alternative.is_active
    table = paytable_of(alternative)
    assert dict(table.rows) == CARIBBEAN_ALTERNATIVE
    assert table.pair_band is None and table.push_band is None


def test_the_alternative_mississippi_table_pays_a_straight_5_to_1_and_is_inactive(demo):
    alternative = version("mississippi-stud", 2)
    assert not alternative.is_active
    assert alternative.label == "Straight pays 5 to 1"
    table = paytable_of(alternative)
    # the base table (mississippi-stud.txt §05) with only the straight raised from 4 to 5
    expected = {**dict(MISSISSIPPI_STUD_BASE.rows), C.STRAIGHT: Odds(5)}
    assert dict(table.rows) == expected
    assert table.pair_band == MISSISSIPPI_STUD_BASE.pair_band
    assert table.push_band == MISSISSIPPI_STUD_BASE.push_band


def test_no_demo_version_is_in_use_so_each_can_still_be_edited(demo):
    assert not any(v.is_in_use() for v in PaytableVersion.objects.all())


# --- seed_demo ----------------------------------------------------------------------------------

#: seed_demo.py: username -> (group, staff?)
DEMO_USERS = {
    "trainee": (TRAINEE, False),
    "supervisor": (SUPERVISOR, False),
    "manager": (GAMES_MANAGER, True),
}


def seed() -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("seed_demo", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def debug_on(settings):
    settings.DEBUG = True


def test_seed_demo_creates_the_three_demo_users_in_the_demo_house(
    empty_db, debug_on, django_user_model, monkeypatch
):
    monkeypatch.setenv("DEMO_PASSWORD", "a-password-from-the-env")
    out, err = seed()
    assert err == ""
    assert "Loaded the demo house" in out
    users = django_user_model.objects.order_by("username")
    assert [u.username for u in users] == sorted(DEMO_USERS)
    for user in users:
        group, staff = DEMO_USERS[user.username]
        assert user.house.slug == "demo"
        assert list(user.groups.values_list("name", flat=True)) == [group]
        assert user.is_staff is staff
        assert not user.is_superuser
        assert user.check_password("a-password-from-the-env")


def test_seed_demo_without_demo_password_uses_the_default(
    db, debug_on, django_user_model, monkeypatch
):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    out, _ = seed()
    assert "'deal-the-cards'" in out
    for user in django_user_model.objects.all():
        assert user.check_password("deal-the-cards")


def test_seed_demo_twice_changes_nothing(db, debug_on, django_user_model, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "first-password-here")
    seed()

    def state():
        users = {
            u.username: (u.house_id, u.is_staff, u.password, tuple(u.groups.values_list("name")))
            for u in django_user_model.objects.all()
        }
        return counts(), users, Group.objects.count()

    before = state()
    monkeypatch.setenv("DEMO_PASSWORD", "a-second-password")
    out, err = seed()
    assert err == ""
    assert "already there" in out
    assert state() == before
    assert django_user_model.objects.get(username="manager").check_password("first-password-here")


def test_seed_demo_with_debug_off_loads_the_house_but_refuses_the_users(
    empty_db, settings, django_user_model
):
    settings.DEBUG = False
    out, err = seed()
    assert "Loaded the demo house" in out
    assert counts() == {"houses": 1, "rules": 1, "versions": 5, "rows": 48}
    assert "Refusing to create the demo users: DEBUG is off" in err
    assert not django_user_model.objects.exists()


def test_seed_demo_gives_the_demo_house_its_history(empty_db, settings):
    # an audit of a dated hand reads the history: loaded as data, the house had none for its
    # tables, so no activation said which table was in force when
    from trainer.houses.models import TableActivation
    from trainer.houses.timeline import HouseTimeline

    settings.DEBUG = False
    out, _ = seed()
    active = PaytableVersion.objects.filter(house__slug="demo", is_active=True)
    recorded = TableActivation.objects.filter(house__slug="demo")
    assert sorted(recorded.values_list("version", "at")) == sorted(
        active.values_list("pk", "activated_at")
    )
    assert "Recorded the demo house's history" in out
    # a hand dealt after the tables' activation is ruled with them, as the history says
    after = max(active.values_list("activated_at", flat=True))
    _, labels = HouseTimeline(House.objects.get(slug="demo")).at(after)
    assert labels["caribbean-stud"].startswith("Demo house · Caribbean Stud v1, house rules of")
    seed()  # again: nothing recorded twice
    assert recorded.count() == active.count()


def test_seed_demo_queues_a_par_sheet_for_every_demo_table(db, settings):
    # after `make run` the demo house's tables have their sheets; seed_demo queues
    # one per table (active ones and drafts) for the worker `make run` starts beside the site
    from trainer.houses.models import ParSheetResult
    from trainer.houses.services import parsheet_of

    settings.DEBUG = False
    out, _ = seed()
    versions = PaytableVersion.objects.filter(house__slug="demo")
    sheets = {v.pk: parsheet_of(v) for v in versions if v.engine_game.has_parsheet}
    assert sheets and all(sheet is not None for sheet in sheets.values())
    assert {sheet.status for sheet in sheets.values()} <= {
        ParSheetResult.Status.QUEUED,
        ParSheetResult.Status.DONE,
    }
    assert "Par sheets" in out
    before = ParSheetResult.objects.count()
    seed()  # again: nothing queued twice
    assert ParSheetResult.objects.count() == before


def test_seed_demo_with_debug_off_twice_keeps_one_demo_house(db, settings):
    settings.DEBUG = False
    seed()
    out, _ = seed()
    assert "already there" in out
    assert counts() == {"houses": 1, "rules": 1, "versions": 5, "rows": 48}


def test_a_new_house_rules_row_holds_the_engines_defaults():
    # the model's defaults are read from the engine's HouseRules: one place for RULES.md's
    assert house_rules_of(HouseRulesSettings()) == HouseRules()


def test_the_demo_tables_are_named_in_words_not_by_source_file(demo):
    # "(mississippi-stud.txt)" showed on the placard, the manager's
    # landing page and cases
    from trainer.houses.models import PaytableVersion

    labels = list(PaytableVersion.objects.filter(house=demo).values_list("label", flat=True))
    assert labels and not [label for label in labels if ".txt" in label]
