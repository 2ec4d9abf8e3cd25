"""Speed standards: a house's pace targets, set by its games managers in the admin with the
drills' defaults in sight, written down in the rulebook, and printed on the placard."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Group

from tests.docs.markdown import section_text, table_rows
from tests.factories import ManagerFactory
from trainer.drills.practice.models import PaceTarget
from trainer.drills.practice.services import target_seconds
from trainer.drills.practice.targets import in_force, seconds_words
from trainer.engine import pace
from trainer.engine.catalog import ANY, GAMES
from trainer.engine.drills import REGISTRY
from trainer.houses.roles import GAMES_MANAGER

ADD = "/admin/practice/pacetarget/add/"
LIST = "/admin/practice/pacetarget/"


def post(level=1, seconds="7.5", kind="hand-five", house=None):
    return {"house": house, "kind": kind, "level": level, "seconds": seconds, "_save": "Save"}


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


# -- the rulebook --------------------------------------------------------------------------


def test_the_rulebook_gives_every_drills_default_targets_by_level():
    rows = {
        row[0]: row[1:]
        for row in table_rows("rulebook.md", section="Speed standards")
        if row and row[0] != "drill"
    }
    assert set(rows) == {kind.title for kind in REGISTRY.values()}
    for kind in REGISTRY.values():
        written = rows[kind.title]
        expected = [seconds_words(kind.target_seconds(lv.number)) for lv in kind.levels]
        assert written[: len(expected)] == expected, kind.slug
        assert written[-1].strip(), f"{kind.slug}: the reasoning is missing"


def test_a_changed_default_would_not_match_the_rulebook():
    rows = {row[0]: row for row in table_rows("rulebook.md", section="Speed standards")}
    # the comparison reads real cells: the qualify call is 3 s at level 1 in both
    assert rows["Caribbean Stud: does the dealer qualify?"][1] == "3 s"
    assert REGISTRY["cs-qualify"].target_seconds(1) == 3.0


def test_the_rulebook_states_the_bounds_a_house_may_set():
    text = section_text("rulebook.md", "Speed standards")
    assert f"from {pace.MIN_TARGET_SECONDS} second" in text
    assert f"to {pace.MAX_TARGET_SECONDS} seconds" in text


# -- the admin ---------------------------------------------------------------------------


def test_games_managers_hold_the_pace_target_permissions_from_the_migration(db):
    group = Group.objects.get(name=GAMES_MANAGER)
    held = set(group.permissions.values_list("codename", flat=True))
    assert {f"{verb}_pacetarget" for verb in ("add", "change", "delete", "view")} <= held


def test_a_manager_sets_a_target_for_their_house_and_it_times_questions(manager_client, demo):
    assert target_seconds(demo, "hand-five", 1) == 4.0  # the drill's default
    response = manager_client.post(ADD, post(house=demo.pk))
    assert response.status_code == 302, response.content.decode()
    target = PaceTarget.objects.get()
    assert (target.house, target.kind, target.level, target.seconds) == (
        demo,
        "hand-five",
        1,
        Decimal("7.5"),
    )
    demo.refresh_from_db()  # as the next request reads the house: its serial moved on
    assert target_seconds(demo, "hand-five", 1) == 7.5


def test_the_drill_is_chosen_by_its_title(manager_client):
    page = manager_client.get(ADD).content.decode()
    for kind in REGISTRY.values():
        assert f'<option value="{kind.slug}">{kind.title}</option>' in page


def test_a_level_the_drill_does_not_have_is_refused_in_words(manager_client, demo):
    response = manager_client.post(ADD, post(level=4, house=demo.pk))
    assert response.status_code == 200
    assert "Hand reading: five cards has levels 1, 2, 3: there is no level 4." in (
        response.content.decode()
    )
    assert not PaceTarget.objects.exists()


@pytest.mark.parametrize("seconds", ["0.5", "0", "600.1", "-3"])
def test_seconds_out_of_bounds_are_refused(manager_client, demo, seconds):
    response = manager_client.post(ADD, post(seconds=seconds, house=demo.pk))
    assert response.status_code == 200 and "errornote" in response.content.decode()
    assert not PaceTarget.objects.exists()


@pytest.mark.parametrize("seconds", [str(pace.MIN_TARGET_SECONDS), str(pace.MAX_TARGET_SECONDS)])
def test_the_bounds_themselves_are_taken(manager_client, demo, seconds):
    assert manager_client.post(ADD, post(seconds=seconds, house=demo.pk)).status_code == 302
    assert PaceTarget.objects.get().seconds == Decimal(seconds)


def test_a_second_target_for_the_same_drill_and_level_is_refused_in_words(manager_client, demo):
    PaceTarget.objects.create(house=demo, kind="hand-five", level=1, seconds=5)
    response = manager_client.post(ADD, post(house=demo.pk))
    assert response.status_code == 200
    assert (
        f"{demo} already has a target for Hand reading: five cards at level 1 (5 s): change "
        "that one instead." in response.content.decode()
    )
    assert PaceTarget.objects.get().seconds == 5


def test_changing_a_target_keeps_it_one_per_level(manager_client, demo):
    target = PaceTarget.objects.create(house=demo, kind="hand-five", level=1, seconds=5)
    url = f"{LIST}{target.pk}/change/"
    assert manager_client.post(url, post(seconds="6.5", house=demo.pk)).status_code == 302
    target.refresh_from_db()
    assert target.seconds == Decimal("6.5")


def test_a_manager_sees_and_touches_only_their_own_houses_targets(manager_client, demo, riverboat):
    PaceTarget.objects.create(house=demo, kind="hand-five", level=2, seconds=9)
    theirs = PaceTarget.objects.create(house=riverboat, kind="hand-five", level=2, seconds=11)
    listing = manager_client.get(LIST).content.decode()
    assert "9.0" in listing and "11.0" not in listing and "Riverboat" not in listing
    # another house's target answers as a missing one, and a forged post makes none
    assert manager_client.get(f"{LIST}{theirs.pk}/change/").status_code == 302
    response = manager_client.post(ADD, post(level=1, house=riverboat.pk))
    assert response.status_code == 200
    assert not PaceTarget.objects.filter(house=riverboat, level=1).exists()
    deleted = manager_client.post(f"{LIST}{theirs.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302 and PaceTarget.objects.filter(pk=theirs.pk).exists()


def test_a_superuser_sees_every_houses_targets(client, superuser, demo, riverboat):
    PaceTarget.objects.create(house=demo, kind="hand-five", level=2, seconds=9)
    PaceTarget.objects.create(house=riverboat, kind="hand-five", level=2, seconds=11)
    client.force_login(superuser)
    listing = client.get(LIST).content.decode()
    assert "9.0" in listing and "11.0" in listing


@pytest.mark.parametrize("who", ["trainee", "supervisor"])
def test_no_one_else_reaches_the_targets(client, request, demo, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(LIST).status_code in (302, 403)
    assert client.post(ADD, post(house=demo.pk)).status_code in (302, 403)
    assert not PaceTarget.objects.exists()


def test_a_manager_of_no_house_sets_nothing(client, demo):
    client.force_login(ManagerFactory(house=None, username="manager-nowhere"))
    assert client.post(ADD, post(house=demo.pk)).status_code == 200
    assert not PaceTarget.objects.exists()


def test_the_form_shows_every_drills_target_in_force_beside_its_default(manager_client, demo):
    PaceTarget.objects.create(house=demo, kind="ms-pay", level=3, seconds=Decimal("12.5"))
    page = manager_client.get(ADD).content.decode()
    assert "Targets in force" in page
    row = page.split('data-drill="ms-pay" data-level="3">', 1)[1].split("</tr>", 1)[0]
    assert "12.5 s" in row and "10 s" in row and "house" in row
    for kind in REGISTRY.values():
        for lv in kind.levels:
            assert f'data-drill="{kind.slug}" data-level="{lv.number}"' in page
    # a level the house left alone is the drill's default, said so
    row = page.split('data-drill="hand-five" data-level="1">', 1)[1].split("</tr>", 1)[0]
    assert row.count("4 s") == 2 and "default" in row


def test_the_list_shows_the_default_each_target_overrides(manager_client, demo):
    PaceTarget.objects.create(house=demo, kind="cs-qualify", level=1, seconds=Decimal("2.5"))
    listing = manager_client.get(LIST).content.decode()
    assert "Caribbean Stud: does the dealer qualify?" in listing
    assert "2.5" in listing and "3 s" in listing  # 3 s: cs-qualify's own default at level 1


# -- the placard ------------------------------------------------------------------------


def test_in_force_is_the_houses_target_else_the_default(demo, riverboat):
    PaceTarget.objects.create(house=demo, kind="ms-pay", level=2, seconds=Decimal("9.5"))
    (ours,) = in_force(demo.pk, [REGISTRY["ms-pay"]])
    assert [lv.seconds for lv in ours.levels] == [6.0, 9.5, 10.0]
    (theirs,) = in_force(riverboat.pk, [REGISTRY["ms-pay"]])
    assert [lv.seconds for lv in theirs.levels] == [
        REGISTRY["ms-pay"].target_seconds(n) for n in (1, 2, 3)
    ]


@pytest.mark.parametrize("game", [*GAMES, ANY])
def test_the_house_card_lists_each_drill_of_the_game_with_its_targets(client, trainee, game):
    client.force_login(trainee)
    page = client.get(f"/placard/{game}/").content.decode()
    assert "Speed standards" in page
    # a game's card lists its own drills; the card every game shares, hand reading and chips;
    # a trainee not promoted to watch the game reads no watch drill's clock
    kinds = [
        k
        for k in REGISTRY.values()
        if (k.game == game if game in GAMES else k.game not in GAMES) and not k.watches
    ]
    assert kinds
    for kind in kinds:
        assert kind.title in page
        for lv in kind.levels:
            assert f'data-drill="{kind.slug}" data-level="{lv.number}"' in page
    others = [k for k in REGISTRY.values() if k not in kinds]
    assert not any(f'data-drill="{k.slug}"' in page for k in others)


def test_the_house_card_shows_the_houses_own_target(client, trainee, demo):
    PaceTarget.objects.create(house=demo, kind="es-bring-in", level=1, seconds=Decimal("3.5"))
    client.force_login(trainee)
    page = client.get("/placard/english-stud/").content.decode()
    row = page.split('data-drill="es-bring-in" data-level="1">', 1)[1].split("</tr>", 1)[0]
    assert "3.5 s" in row
    row = page.split('data-drill="es-bring-in" data-level="2">', 1)[1].split("</tr>", 1)[0]
    assert seconds_words(REGISTRY["es-bring-in"].target_seconds(2)) in row
