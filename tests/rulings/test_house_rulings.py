"""The ruling desk's "house" key (RULING_API.md): a request that names a house is ruled with
that house's active paytable and house rules.  Signed-in staff may name only their own house
(a superuser any); the command line any.  A house the asker may not see is refused exactly
like one that does not exist."""

import re

import pytest

from tests.factories import (
    HouseFactory,
    HouseRulesFactory,
    ManagerFactory,
    PaytableVersionFactory,
    TraineeFactory,
    UserFactory,
)
from trainer.engine.catalog import paid_games
from trainer.houses import services
from trainer.houses.models import House, HouseRulesSettings, PaytableVersion

# 9h Tc with Jd Qs Kh is a king-high straight.  mississippi-stud.txt §05 / RULES.md: a straight
# pays 4:1 on the base table, so four bets of 1 win 4 x 4 = 16.  The demo house's version 2,
# "Straight pays 5 to 1", pays 4 x 5 = 20.
STRAIGHT = {"game": "mississippi-stud", "hole": "9h Tc", "board": "Jd Qs Kh", "bets": [1, 1, 1, 1]}

# RULES.md's Caribbean Stud example: player Qh Qs 9d 6c 2h, dealer Jh Jc As 8d 3c, Ante 1,
# Call 2: the dealer qualifies and loses, net +3.
CARIBBEAN = {
    "game": "caribbean-stud",
    "player": "Qh Qs 9d 6c 2h",
    "dealer": "Jh Jc As 8d 3c",
    "ante": 1,
    "action": "call",
}

# No pair of sevens: seat 4's aces take the high half, seat 2's 3-2 (the best low, RULES.md)
# the low half.  25 does not halve evenly: 12 + 12 and one odd chip.
GONORRHEA = {"game": "mississippi-gonorrhea", "pot": 25, "hands": {"2": "3h 2s", "4": "Ah Ad"}}


@pytest.fixture
def lakeside(db):
    """A second house with the source texts' tables, each made active."""
    lakeside = HouseFactory(name="Lakeside", slug="lakeside")
    HouseRulesFactory(house=lakeside)
    manager = ManagerFactory(house=lakeside)
    for game in [g.slug for g in paid_games()]:
        services.activate(PaytableVersionFactory(house=lakeside, game=game), by=manager)
    return lakeside


def set_house_rules(house, **changes):
    """Change house rules as the admin does (a save, which tells the app servers)."""
    rules = HouseRulesSettings.objects.get(house=house)
    for name, value in changes.items():
        setattr(rules, name, value)
    rules.save()


def straight_5_to_1(demo):
    return PaytableVersion.objects.get(house=demo, game="mississippi-stud", number=2)


def at(house, request):
    return {**request, "house": house.slug if isinstance(house, House) else house}


def api(client, user, request):
    client.force_login(user)
    return client.post("/api/rulings", request, content_type="application/json")


# --- the house's active table -------------------------------------------------------------------


def test_the_demo_house_pays_a_straight_4_to_1_with_its_base_table(run_rule, demo):
    code, [ruling] = run_rule([at(demo, STRAIGHT)])
    assert code == 0
    assert (ruling["category"], ruling["odds"], ruling["profit"]) == ("straight", "4:1", 16)


def test_activating_straight_5_to_1_changes_the_demo_house_only(run_rule, demo, lakeside):
    manager = ManagerFactory(house=demo)
    services.activate(straight_5_to_1(demo), by=manager)
    code, (at_demo, at_lakeside, without_house) = run_rule(
        [at(demo, STRAIGHT), at(lakeside, STRAIGHT), STRAIGHT]
    )
    assert code == 0
    assert (at_demo["odds"], at_demo["profit"]) == ("5:1", 20)
    assert (at_lakeside["odds"], at_lakeside["profit"]) == ("4:1", 16)
    assert (without_house["odds"], without_house["profit"]) == ("4:1", 16)


def test_a_member_of_the_house_gets_its_active_table_through_the_api(client, demo):
    services.activate(straight_5_to_1(demo), by=ManagerFactory(house=demo))
    response = api(client, TraineeFactory(house=demo), at(demo, STRAIGHT))
    assert response.status_code == 200
    assert (response.json()["odds"], response.json()["profit"]) == ("5:1", 20)


# --- who may name which house -----------------------------------------------------------------


def test_naming_another_house_is_refused_like_a_house_that_does_not_exist(client, demo, lakeside):
    trainee = TraineeFactory(house=lakeside)
    other = api(client, trainee, at(demo, STRAIGHT))
    missing = api(client, trainee, at("nowhere", STRAIGHT))
    assert other.status_code == missing.status_code == 400
    assert other.json() == {
        "game": "mississippi-stud",
        "error": {"field": "house", "message": "There is no house 'demo'."},
    }
    assert missing.json()["error"]["message"] == "There is no house 'nowhere'."
    # the same answer word for word, but for the slug the asker typed
    assert other.json()["error"]["message"].replace("demo", "X") == missing.json()["error"][
        "message"
    ].replace("nowhere", "X")


def test_a_user_with_no_house_may_name_none(client, demo):
    response = api(client, UserFactory(house=None), at(demo, STRAIGHT))
    assert response.status_code == 400
    assert response.json()["error"] == {
        "field": "house",
        "message": "There is no house 'demo'.",
    }


def test_a_superuser_may_name_any_house(client, demo, lakeside):
    superuser = UserFactory(is_superuser=True, is_staff=True, house=None)
    services.activate(straight_5_to_1(demo), by=superuser)
    at_demo = api(client, superuser, at(demo, STRAIGHT))
    at_lakeside = api(client, superuser, at(lakeside, STRAIGHT))
    assert at_demo.status_code == at_lakeside.status_code == 200
    assert at_demo.json()["odds"] == "5:1" and at_lakeside.json()["odds"] == "4:1"


def test_the_command_line_may_name_any_house(run_rule, demo, lakeside):
    code, responses = run_rule([at(demo, STRAIGHT), at(lakeside, STRAIGHT)])
    assert code == 0
    assert [r["odds"] for r in responses] == ["4:1", "4:1"]


def test_the_command_line_refuses_a_house_that_does_not_exist(run_rule, demo):
    code, [response] = run_rule([at("nowhere", STRAIGHT)])
    assert code == 1
    assert response["error"] == {"field": "house", "message": "There is no house 'nowhere'."}


# --- the house's rules --------------------------------------------------------------------------


def test_the_house_call_multiple_sets_the_caribbean_call(run_rule, demo):
    set_house_rules(demo, call_multiple=3)
    code, (house, source) = run_rule([at(demo, CARIBBEAN), CARIBBEAN])
    assert code == 0
    # call multiple 3: Call 3 x Ante 1 = 3, paid 1:1 on the player's pair, with the Ante's 1
    # net +4; without the house RULES.md's Call 2 x 1 = 2 and net +3.
    assert house["bets"]["call"]["stake"] == 3 and house["net"] == 4
    assert source["bets"]["call"]["stake"] == 2 and source["net"] == 3


def test_the_house_odd_chip_goes_to_the_low_half_when_it_says_so(run_rule, demo):
    code, (high_rule,) = run_rule([at(demo, GONORRHEA)])
    assert code == 0
    # RULES.md (and the demo house): the high half gets the odd chip, 12 + 1 = 13
    assert high_rule["shares"] == {"2": 12, "4": 13}
    set_house_rules(demo, split_pot_odd_chip="low")
    code, (low_rule,) = run_rule([at(demo, GONORRHEA)])
    assert code == 0
    assert low_rule["shares"] == {"2": 13, "4": 12}


def test_house_rules_apply_through_the_api_too(client, demo):
    set_house_rules(demo, call_multiple=3)
    response = api(client, TraineeFactory(house=demo), at(demo, CARIBBEAN))
    assert response.status_code == 200
    assert response.json()["bets"]["call"]["stake"] == 3  # 3 x Ante 1


# --- the Rule check page ------------------------------------------------------------------------


def house_options(page: str) -> dict[str, bool]:
    """The "Rules of" select: option value -> selected?"""
    select = re.search(r'<select name="house".*?</select>', page, re.S)
    assert select, "no Rules of select"
    return {
        value: bool(selected)
        for value, selected in re.findall(r'<option value="([^"]*)"( selected)?>', select.group(0))
    }


def test_the_rule_check_page_offers_the_users_own_house_only(client, demo, lakeside):
    client.force_login(TraineeFactory(house=lakeside))
    response = client.get("/rule-check/")
    page = response.content.decode()
    assert house_options(page) == {"": False, "lakeside": True}
    assert "Demo house" not in page


def test_the_rule_check_page_offers_a_superuser_every_house(client, demo, lakeside):
    client.force_login(UserFactory(is_superuser=True, is_staff=True, house=None))
    options = house_options(client.get("/rule-check/").content.decode())
    # no house of their own: the source texts are chosen until they pick one
    assert options == {"": True, "demo": False, "lakeside": False}


def test_the_rule_check_page_refuses_another_house_like_a_missing_one(client, demo, lakeside):
    client.force_login(TraineeFactory(house=lakeside))
    form = {"game": "mississippi-stud", "hole": "9h Tc", "board": "Jd Qs Kh", "ante": 1}
    form.update(third=1, fourth=1, fifth=1)
    other = client.post("/rule-check/", {**form, "house": "demo"}).content.decode()
    missing = client.post("/rule-check/", {**form, "house": "nowhere"}).content.decode()
    assert "demo is not one of the available choices" in other
    assert "nowhere is not one of the available choices" in missing
    assert '<section class="ruling"' not in other


def test_the_rule_check_page_rules_with_the_users_house(client, demo):
    services.activate(straight_5_to_1(demo), by=ManagerFactory(house=demo))
    client.force_login(TraineeFactory(house=demo))
    form = {"game": "mississippi-stud", "hole": "9h Tc", "board": "Jd Qs Kh", "ante": 1}
    form.update(third=1, fourth=1, fifth=1, house="demo")
    response = client.post("/rule-check/", form)
    assert response.context["ruling"]["odds"] == "5:1"
    assert response.context["ruling"]["profit"] == 20  # 4 bets of 1 at 5:1
