"""Money settings have upper bounds that keep every stake a drill deals within the largest
amount the engine takes; within them, every drill starts at every level, at any house."""

import pytest
from django.contrib.auth.models import Group
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import HouseFactory, HouseRulesFactory, PaytableVersionFactory, TraineeFactory
from trainer.drills import grading
from trainer.drills import services as drills
from trainer.engine.catalog import paid_games
from trainer.engine.drills import REGISTRY, parse_answer
from trainer.engine.house import SETTLE_ORDERS
from trainer.engine.kit.requests import MAX_AMOUNT
from trainer.houses import services
from trainer.houses.models import (
    MAX_MONEY_UNIT,
    MAX_PAYOUT_CAP,
    HouseRulesSettings,
    PaytableVersion,
)
from trainer.houses.roles import FLOOR_SUPERVISOR

#: the values the issue reports were accepted and then broke 45 drill starts
INT32_MAX = 2_147_483_647
BET_UNIT_REPORTED = 10**8


@pytest.fixture
def riverboat_client(client, riverboat, manager):
    client.force_login(manager)  # tests/houses/conftest.py: the riverboat's games manager
    return client


def rules_form(**changes):
    form = {"chip_unit": 1, "split_pot_odd_chip": "high", "call_multiple": 2}
    form["settle_order"] = "right"
    form.update({"chips": "common", "pay_standard": "fewest", "colour_up_at": 20})
    form["payout_floors"] = "smallest"
    form.update({"mississippi_payout_cap": "", "call_payout_cap": "", **changes})
    return form


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("chip_unit", INT32_MAX, "The chip unit can be at most"),
        ("chip_unit", MAX_MONEY_UNIT + 1, "The chip unit can be at most"),
        ("call_payout_cap", MAX_PAYOUT_CAP + 1, "A payout cap can be at most"),
        ("mississippi_payout_cap", MAX_PAYOUT_CAP + 1, "A payout cap can be at most"),
    ],
)
def test_a_house_rule_beyond_the_engines_amounts_is_refused(
    riverboat_client, riverboat, field, value, words
):
    url = f"/admin/houses/houserulessettings/{riverboat.rules.pk}/change/"
    response = riverboat_client.post(url, rules_form(**{field: value}))
    assert response.status_code == 200
    assert words in " ".join(response.context["adminform"].form.errors[field])
    assert HouseRulesSettings.objects.get(house=riverboat).chip_unit == 1
    assert getattr(HouseRulesSettings.objects.get(house=riverboat), field) in (1, None)


def test_the_largest_chip_unit_is_accepted(riverboat_client, riverboat):
    url = f"/admin/houses/houserulessettings/{riverboat.rules.pk}/change/"
    assert riverboat_client.post(url, rules_form(chip_unit=MAX_MONEY_UNIT)).status_code == 302
    assert HouseRulesSettings.objects.get(house=riverboat).chip_unit == MAX_MONEY_UNIT


def test_a_bet_unit_beyond_the_engines_amounts_is_refused(riverboat_client, riverboat):
    response = riverboat_client.post(
        "/admin/houses/paytableversion/add/",
        {
            "house": riverboat.pk,
            "game": "casino-stud",
            "label": "High limit",
            "bet_unit": BET_UNIT_REPORTED,
            "rows-TOTAL_FORMS": 0,
            "rows-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 200
    assert "The bet unit can be at most" in " ".join(
        response.context["adminform"].form.errors["bet_unit"]
    )
    assert not PaytableVersion.objects.filter(house=riverboat).exists()


def test_the_bound_keeps_the_largest_drill_stake_within_the_engines_amounts():
    # trainer.engine.kit.stakes: the largest step (a pot of 99) times the table chip (5)
    assert MAX_MONEY_UNIT * 5 * 99 <= MAX_AMOUNT < (MAX_MONEY_UNIT + 1) * 5 * 99


@st.composite
def house_settings(draw):
    """House rules and bet units the admin accepts: each within its bound, and each active
    table's bet unit a whole number of chips (the source tables pay X to 1, so that is all a
    bet unit needs to pay whole chips)."""
    chip = draw(st.integers(1, MAX_MONEY_UNIT))
    caps = st.none() | st.integers(0, MAX_PAYOUT_CAP)
    rules = {
        "chip_unit": chip,
        "call_multiple": draw(st.integers(1, 10)),
        "call_payout_cap": draw(caps),
        "mississippi_payout_cap": draw(caps),
        "split_pot_odd_chip": draw(st.sampled_from(["high", "low"])),
        "stand_pat_allowed": draw(st.booleans()),
        "reuse_discards": draw(st.booleans()),
        "stud_stock_shortage": draw(st.booleans()),
        "settle_order": draw(st.sampled_from(sorted(SETTLE_ORDERS))),
    }
    bet_units = {g.slug: chip * draw(st.integers(1, MAX_MONEY_UNIT // chip)) for g in paid_games()}
    return rules, bet_units


def a_house(rules: dict, bet_units: dict):
    house = HouseFactory()
    row = HouseRulesFactory.build(house=house, **rules)
    row.full_clean()
    row.save()
    for game, unit in bet_units.items():
        version = PaytableVersionFactory(house=house, game=game, bet_unit=unit)
        version.full_clean()
        services.activate(version, by=None)
    return house


def _right(field, value):
    if field.kind == "chips":
        return value["chips"]
    if field.kind == "watch":
        kept = ("call",) if value["call"] == "right" else ("call", "situation", "amount")
        return {name: value[name] for name in kept}
    return value


@pytest.mark.slow  # every drill kind at every level, for each house drawn
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(drawn=house_settings())
def test_every_drill_starts_at_every_level_at_any_house_the_admin_accepts(db, drawn):
    # promoted to watch the game, so the watch drills start too
    trainee = TraineeFactory(house=a_house(*drawn))
    trainee.groups.add(Group.objects.get(name=FLOOR_SUPERVISOR))
    for kind, drill in REGISTRY.items():
        for level in drill.levels:
            session = drills.start_session(trainee=trainee, kind=kind, level=level.number)
            question = session.last_question
            assert question is not None, (kind, level.number)
            # and the right answer can be typed in: the answer reader takes every amount a
            # question at the largest units can ask for (it refused them as "larger than any
            # payout at this table" when it was bounded by the largest stake)
            expected = question.expected
            fields = grading.fields_of(question)
            # a chips field is answered with the chips of its expected payout, a watched
            # settlement with its mark and, for a wrong one, what went wrong and how much
            answer = {f.name: _right(f, expected[f.name]) for f in fields}
            assert parse_answer(fields, answer) == answer, kind
