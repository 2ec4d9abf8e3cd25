"""The settle order is a house rule: a games manager sets it in the admin like any
other, it changes no amount (so it waits for no par sheet), and a new question records it."""

from tests.factories import TraineeFactory
from trainer.drills import services as drills
from trainer.engine.house import SETTLE_ORDERS, HouseRules
from trainer.houses.config import house_rules_of
from trainer.houses.models import HouseRulesSettings


def form(rules: HouseRulesSettings, **changes) -> dict:
    data = {
        "chip_unit": rules.chip_unit,
        "split_pot_odd_chip": rules.split_pot_odd_chip,
        "call_multiple": rules.call_multiple,
        "mississippi_payout_cap": "",
        "call_payout_cap": "",
        "stand_pat_allowed": "on",
        "reuse_discards": "on",
        "stud_stock_shortage": "on",
        "settle_order": rules.settle_order,
        "chips": rules.chips,
        "pay_standard": rules.pay_standard,
        "colour_up_at": rules.colour_up_at,
        "payout_floors": rules.payout_floors,
    }
    data.update(changes)
    return data


def test_a_games_manager_sets_the_settle_order_in_the_admin(client, riverboat, manager):
    client.force_login(manager)
    rules = riverboat.rules
    assert rules.settle_order == HouseRules().settle_order == "right"
    url = f"/admin/houses/houserulessettings/{rules.pk}/change/"
    page = client.get(url).content.decode()
    for value, words in SETTLE_ORDERS.items():
        assert f'value="{value}"' in page and words.replace("'", "&#x27;") in page
    assert client.post(url, form(rules, settle_order="left")).status_code == 302
    assert house_rules_of(HouseRulesSettings.objects.get(house=riverboat)).settle_order == "left"


def test_a_settle_order_that_is_no_side_is_refused_in_the_admin(client, riverboat, manager):
    client.force_login(manager)
    rules = riverboat.rules
    url = f"/admin/houses/houserulessettings/{rules.pk}/change/"
    response = client.post(url, form(rules, settle_order="middle"))
    assert (
        response.status_code == 200 and "settle_order" in response.context["adminform"].form.errors
    )
    assert HouseRulesSettings.objects.get(house=riverboat).settle_order == "right"


def test_a_question_records_the_settle_order_it_was_dealt_under(riverboat):
    rules = riverboat.rules
    rules.settle_order = "left"
    rules.save()
    trainee = TraineeFactory(house=riverboat)
    session = drills.start_session(trainee=trainee, kind="cs-settle", level=3)
    assert drills.current_question(session).house_rules["settle_order"] == "left"
