"""The house's chips and pay standard: edited in the admin, checked, carried into the engine's
house config and recorded with every question dealt under them."""

from __future__ import annotations

import importlib

from tests.factories import TraineeFactory
from trainer.drills import dealing
from trainer.drills import services as drills
from trainer.drills.dealing import config_for
from trainer.engine.chips import default_chips
from trainer.houses.config import config_of
from trainer.houses.models import HouseRulesSettings

#: the riverboat's rules as the change form posts them
FORM = {
    "chip_unit": 1,
    "split_pot_odd_chip": "high",
    "call_multiple": 2,
    "mississippi_payout_cap": "",
    "call_payout_cap": "",
    "stand_pat_allowed": "on",
    "reuse_discards": "on",
    "stud_stock_shortage": "on",
    "settle_order": "right",
    "chips": "common",
    "pay_standard": "fewest",
    "colour_up_at": 20,
    "payout_floors": "smallest",
}
BLUE_SET = "1 white #f2f2f2\n5 red #c62828\n20 blue #1565c0\n100 black #212121"


def url(house) -> str:
    return f"/admin/houses/houserulessettings/{house.rules.pk}/change/"


def test_a_games_manager_sets_the_chips_and_pay_standard(manager_client, house):
    data = {**FORM, "chips": BLUE_SET, "pay_standard": "bet-colours", "colour_up_at": 12}
    data["payout_floors"] = "1, 5, 20"
    assert manager_client.post(url(house), data).status_code == 302
    rules = config_of(house).rules
    assert rules.chip_set.values == (1, 5, 20, 100)
    assert rules.pay.colour_up_at == 12 and rules.pay.floor(rules.chip_set, 3) == 20


def test_a_chip_set_with_two_chips_alike_is_refused_and_nothing_changes(manager_client, house):
    data = {**FORM, "chips": "1 white #f2f2f2\n5 red #c62828\n5 pink #f48fb1"}
    response = manager_client.post(url(house), data)
    assert response.status_code == 200
    assert "Two chips are worth 5" in " ".join(
        response.context["adminform"].form.non_field_errors()
    )
    assert HouseRulesSettings.objects.get(house=house).chips == "common"


def test_the_smallest_chip_must_be_the_chip_unit(manager_client, house):
    response = manager_client.post(url(house), {**FORM, "chip_unit": 5, "chips": BLUE_SET})
    errors = " ".join(response.context["adminform"].form.non_field_errors())
    assert "The smallest chip (1 white) must be the chip unit (5)." in errors


def test_a_floor_that_is_no_chip_of_the_house_is_refused(manager_client, house):
    response = manager_client.post(url(house), {**FORM, "payout_floors": "1, 5, 30"})
    assert "30 is not one of the house's chips" in " ".join(
        response.context["adminform"].form.non_field_errors()
    )


def test_a_bad_chip_line_says_how_to_write_it(manager_client, house):
    response = manager_client.post(url(house), {**FORM, "chips": "1 white\n5 red #c62828"})
    assert "like &quot;25 green #2e7d32&quot;" in response.content.decode()


def test_a_question_records_the_chips_it_was_dealt_under(house):
    rules = house.rules
    rules.chips, rules.pay_standard = BLUE_SET, "bet-colours"
    rules.save()
    session = drills.start_session(trainee=TraineeFactory(house=house), kind="ms-pay", level=1)
    question = drills.current_question(session)
    assert question.house_rules["chips"] == BLUE_SET
    assert question.house_rules["pay_standard"] == "bet-colours"
    # changing the chips later leaves the stored question's configuration as it was
    rules.chips = "common"
    rules.save()
    assert config_for(question).rules.chip_set.values == (1, 5, 20, 100)


def test_the_migration_gives_existing_houses_the_common_set_from_their_unit():
    migration = importlib.import_module("trainer.houses.migrations.0015_chips")
    for unit in (1, 2, 5, 7, 25, 2_020_202):
        text = "\n".join(f"{v} {n} {c}" for v, n, c in migration.chips_for(unit))
        assert text == default_chips(unit)


def test_the_house_card_shows_the_chips_and_how_the_house_pays(house):
    from trainer.core.templatetags.partials import partial
    from trainer.drills.placard import placard

    rules = house.rules
    rules.chips, rules.pay_standard, rules.colour_up_at = BLUE_SET, "bet-colours", 12
    rules.payout_floors = "1, 5, 20"
    rules.save()
    card = placard("mississippi-stud", config_of(house), None)
    drawn = partial("felt/placard_chips.html", chips=card.chips)
    assert "blue 20" in drawn and ">20</span>" in drawn
    assert dict(card.pay) == {
        "Pay standard": "in the colours of the bet, coloured up above a number of chips",
        "Colour up above": "12 chips",
        # tables named in the house's stakes: a chip unit of 1 deals at $5, $25 and $100 tables
        "Smallest payout chip": "$5 table white, $25 table red, $100 table blue",
    }


def test_a_floor_written_in_other_digits_is_refused_in_words(manager_client, house):
    # "²" passes str.isdigit() but is no number int() reads: once a 500
    response = manager_client.post(url(house), {**FORM, "payout_floors": "1, 5, ²"})
    assert response.status_code == 200
    assert "Write the smallest payout chips as numbers, like 1, 5, 25." in " ".join(
        response.context["adminform"].form.non_field_errors()
    )
    assert HouseRulesSettings.objects.get(house=house).payout_floors == "smallest"


def test_a_payout_cap_must_be_a_whole_number_of_chip_units(manager_client, house):
    # with chips of 5 a capped payout of 1,003 could not be paid in chips
    data = {**FORM, "chip_unit": 5, "chips": "common", "mississippi_payout_cap": 1003}
    response = manager_client.post(url(house), data)
    assert response.status_code == 200
    assert (
        "The Mississippi Stud payout cap (1,003) must be a whole number of chip units: "
        "a multiple of 5, so that a capped payout can be paid in chips."
    ) in " ".join(response.context["adminform"].form.non_field_errors())
    assert HouseRulesSettings.objects.get(house=house).mississippi_payout_cap is None
    assert (
        manager_client.post(url(house), {**data, "mississippi_payout_cap": 1000}).status_code == 302
    )


def test_the_migration_rounds_a_cap_down_to_whole_chip_units(house):
    migration = importlib.import_module("trainer.houses.migrations.0016_caps_in_chip_units")
    HouseRulesSettings.objects.filter(house=house).update(
        chip_unit=5, chips="common", mississippi_payout_cap=1003, call_payout_cap=2000
    )
    from django.apps import apps

    migration.round_caps_down(apps, None)
    rules = HouseRulesSettings.objects.get(house=house)
    assert (rules.mississippi_payout_cap, rules.call_payout_cap) == (1000, 2000)


def test_a_question_stores_the_chips_and_floors_worked_out_not_the_defaults(house, monkeypatch):
    # the house keeps the defaults: "common" chips from its unit of 1, the "smallest" floors
    assert (house.rules.chips, house.rules.payout_floors) == ("common", "smallest")
    trainee = TraineeFactory(house=house)
    for seed in range(200):
        question = dealing.create_question(
            trainee=trainee, kind="ms-pay", level=1, in_chips=True, seed=seed
        )
        if "25" in question.expected["p1.amount"]["chips"]:
            break
    else:
        raise AssertionError("no payout in green in 200 seeds")
    assert question.house_rules["chips"] == default_chips(1)
    # the common set's three smallest chips: 1 white, 5 red, 25 green
    assert question.house_rules["payout_floors"] == "1, 5, 25"
    # a later common set without green leaves the stored question grading as it was dealt
    monkeypatch.setattr("trainer.engine.house.default_chips", lambda unit: BLUE_SET)
    assert dealing.regrade(question) == question.expected


def test_a_question_stored_under_a_cap_of_odd_chips_still_grades_as_it_did(house):
    # Before caps had to be whole chip units a house with chips of 5 could cap Mississippi
    # Stud payouts at 1,003; a question dealt then keeps its snapshot readable and re-grades
    # to what it expected (the rule is asked of rules being saved, not of stored snapshots).
    trainee = TraineeFactory(house=house)
    question = dealing.create_question(trainee=trainee, kind="ms-pay", level=1, seed=1)
    rules = {"chip_unit": 5, "chips": default_chips(5), "payout_floors": "smallest"}
    question.house_rules = {**question.house_rules, **rules}
    question.house_rules["mississippi_payout_cap"] = 1003
    question.save()
    config = config_for(question)
    assert config.rules.mississippi_payout_cap == 1003
    assert set(dealing.regrade(question)) == set(question.expected)
