"""The placard: a game's active paytable and the house rules that matter, as the
placard on a real table shows them; on every drill page the exact version the question is
graded with; a printable page per game for the members of a house."""

import pytest

from tests.factories import TraineeFactory, UserFactory
from trainer.drills import services
from trainer.drills.placard import placard, placard_games
from trainer.engine.catalog import ANY, GAMES
from trainer.engine.house import RULE_NAMES, SETTLE_ORDERS
from trainer.houses import services as house_services
from trainer.houses.config import house_setup
from trainer.houses.models import PaytableVersion


@pytest.fixture
def demo_trainee(demo):
    return TraineeFactory(house=demo, username="trainee-tina")


def text_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_the_placard_is_the_houses_active_table_row_by_row(demo):
    setup = house_setup(demo)
    version = setup.versions["mississippi-stud"]
    shown = placard("mississippi-stud", setup.config, version)
    table = setup.config.paytable("mississippi-stud")
    assert shown.rows == [(c.label, odds.words()) for c, odds in table.rows]
    assert shown.table_name == f"{version.label} (version {version.number})"
    assert f"Pairs {table.pair_band.short()} pay at the one pair row." in shown.notes
    names = [name for name, _ in shown.rules]
    game = GAMES["mississippi-stud"]
    assert len(names) == len(game.house_rules) + len(game.table_rules)
    assert "The order a layout is settled in" in names


def test_the_placard_says_each_house_rule_in_the_admins_words(demo):
    rules = demo.rules
    rules.call_multiple = 3
    rules.settle_order = "left"
    rules.save()
    demo.refresh_from_db()
    setup = house_setup(demo)
    shown = placard("caribbean-stud", setup.config, setup.versions.get("caribbean-stud"))
    said = dict(shown.rules)
    assert said["The Caribbean Stud call multiple"] == "3"
    assert said["The Caribbean Stud call payout cap"] == "none"
    assert said["The order a layout is settled in"] == SETTLE_ORDERS["left"]
    assert "The Call is 3 × Ante." in shown.notes


def test_a_game_without_a_table_and_the_hand_reading_drills_show_the_rules_only(demo):
    setup = house_setup(demo)
    for slug in ("mississippi-gonorrhea", ANY):
        shown = placard(slug, setup.config, None)
        assert shown.rows == [] and shown.rules
    assert placard(ANY, setup.config, None).rules == [("The chip unit", "1")]
    assert [s for s, _ in placard_games()] == [*GAMES, ANY]


def test_the_printable_page_is_for_signed_in_members(client, demo_trainee):
    assert client.get("/placard/caribbean-stud/").status_code == 302  # to sign in
    client.force_login(demo_trainee)
    text = text_of(client.get("/placard/caribbean-stud/"))
    assert "<h1>Placard <small>Caribbean Stud</small></h1>" in text
    assert "BetMGM base table" in text
    assert 'class="no-print"' in text and "trainer/felt.css" in text  # print styles
    assert client.get("/placard/no-such-game/").status_code == 404
    for slug, _ in placard_games():
        assert client.get(f"/placard/{slug}/").status_code == 200


def test_the_drill_page_opens_the_placard_the_question_is_graded_with(client, demo, demo_trainee):
    client.force_login(demo_trainee)
    session = services.start_session(trainee=demo_trainee, kind="ms-pay", level=1)
    question = services.current_question(session)
    page = text_of(client.get(f"/drills/s/{session.pk}/"))
    assert f'href="/drills/q/{question.pk}/placard"' in page
    assert 'aria-keyshortcuts="h"' in page and "<dialog" in page
    graded = question.paytable_version
    assert graded.label in page
    # the house moves to another table: the question's placard still shows the one it grades with
    other = PaytableVersion.objects.get(house=demo, game="mississippi-stud", number=2)
    house_services.activate(other, by=None)
    shown = text_of(client.get(f"/drills/q/{question.pk}/placard"))
    assert f"{graded.label} (version {graded.number})" in shown
    assert other.label not in shown
    # while the house's own placard shows what it runs now
    assert other.label in text_of(client.get("/placard/mississippi-stud/"))


def test_a_questions_placard_is_its_trainees_only(client, demo, demo_trainee, other_trainee):
    session = services.start_session(trainee=demo_trainee, kind="ms-pay", level=1)
    question = services.current_question(session)
    client.force_login(other_trainee)
    assert client.get(f"/drills/q/{question.pk}/placard").status_code == 404


def test_the_rule_check_page_links_the_placard_of_its_game(client, demo_trainee):
    client.force_login(demo_trainee)
    text = text_of(client.get("/rule-check/?game=casino-stud"))
    assert 'href="/placard/casino-stud/"' in text and 'aria-keyshortcuts="h"' in text
    # the placard opens over the desk (a <dialog>), so what was typed stays
    assert '<dialog id="placard-casino-stud"' in text and "Placard: Casino Stud Poker" in text


def test_someone_with_no_role_sees_no_placard(client, demo):
    nobody = UserFactory(house=demo)  # signed in, but neither trainee nor staff
    client.force_login(nobody)
    assert client.get("/placard/caribbean-stud/").status_code == 403


def test_every_house_rule_has_a_name_the_placard_can_say():
    assert set(RULE_NAMES) >= {n for g in GAMES.values() for n in (*g.house_rules, *g.table_rules)}


def test_the_old_house_card_addresses_lead_to_the_placard(client, demo_trainee):
    client.force_login(demo_trainee)
    old = client.get("/house-card/caribbean-stud/")
    assert old.status_code == 301 and old["Location"] == "/placard/caribbean-stud/"
    session = services.start_session(trainee=demo_trainee, kind="ms-pay", level=1)
    question = services.current_question(session)
    old = client.get(f"/drills/q/{question.pk}/house-card")
    assert old.status_code == 301 and old["Location"] == f"/drills/q/{question.pk}/placard"
