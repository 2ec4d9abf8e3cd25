"""The configuration in force at a hand's time: the table activated last before it and the
house rules saved last before it; before the history, the earliest of it (the first table
activated, the rules first recorded); without a time, the active ones."""

from __future__ import annotations

from datetime import UTC, datetime
from unittest import mock

from tests.factories import PaytableVersionFactory
from trainer.engine.hands import Category
from trainer.houses import services
from trainer.houses.models import HouseRulesRecord, TableActivation
from trainer.houses.timeline import HouseTimeline

MAY = [datetime(2024, 5, day, 12, tzinfo=UTC) for day in range(1, 8)]
GAME = "mississippi-stud"


def at(moment):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def straight_pays(config) -> int:
    return config.paytable(GAME).odds_for(Category.STRAIGHT).win


def test_the_table_and_rules_in_force_at_each_time(house):
    # the house's first rules (the defaults, recorded when the fixture saved them) date from May 1
    HouseRulesRecord.objects.filter(house=house).update(at=MAY[0])
    v1 = PaytableVersionFactory(house=house, game=GAME, label="Base")
    v2 = services.copy_version(v1, by=None, label="Straight 5 to 1")
    v2.rows.filter(category=Category.STRAIGHT.order).update(win=5)
    with at(MAY[1]):
        services.activate(v1, by=None)
    with at(MAY[3]):
        services.activate(v2, by=None)
        rules = house.rules
        rules.mississippi_payout_cap = 100
        rules.save()
    with at(MAY[5]):
        services.activate(v1, by=None)  # the older version, activated again

    timeline = HouseTimeline(house)
    # the source paytable pays a straight 4:1 (mississippi-stud.txt); v2 was changed to 5:1
    before, labels = timeline.at(MAY[0])
    # before the game's first activation: the first table the house activated, v1, saying so
    assert straight_pays(before) == 4
    assert labels[GAME].startswith("Riverboat · Mississippi Stud v1 (the earliest recorded")
    assert straight_pays(timeline.at(MAY[2])[0]) == 4
    during, labels = timeline.at(MAY[4])
    assert straight_pays(during) == 5 and labels[GAME].startswith("Riverboat · Mississippi Stud v2")
    assert during.rules.mississippi_payout_cap == 100
    after = timeline.at(MAY[6])[0]
    assert straight_pays(after) == 4 and after.rules.mississippi_payout_cap == 100
    assert timeline.at(MAY[2])[0].rules.mississippi_payout_cap is None
    assert timeline.at(None)[0] == after  # now: the active configuration
    assert TableActivation.objects.filter(version=v1).count() == 2


def test_saving_unchanged_rules_records_nothing(house):
    before = HouseRulesRecord.objects.filter(house=house).count()
    house.rules.save()
    assert HouseRulesRecord.objects.filter(house=house).count() == before


def test_a_naive_time_is_read_in_the_sites_zone(house):
    # UTC in the test settings: the same moment either way
    timeline = HouseTimeline(house)
    assert timeline.at(datetime(2024, 5, 1, 12)) == timeline.at(MAY[0])


def test_a_rules_record_from_another_version_of_the_rules_still_reads(house):
    # a rule since removed is ignored, a rule added since takes its default
    HouseRulesRecord.objects.filter(house=house).update(
        at=MAY[0], rules={"call_multiple": 3, "a_rule_since_removed": True}
    )
    rules = HouseTimeline(house).at(MAY[1])[0].rules
    assert rules.call_multiple == 3 and rules.chip_unit == 1  # RULES.md's default chip


def test_a_hand_older_than_the_history_is_ruled_with_the_earliest_of_it(house):
    # the house came to the product on May 2 dealing a straight at 5:1 (its first table, v1)
    # under the default rules, and on May 4 went to 4:1 (v2) with a payout cap of 100
    HouseRulesRecord.objects.filter(house=house).update(at=MAY[1])
    v1 = PaytableVersionFactory(house=house, game=GAME, label="Straight 5 to 1")
    v1.rows.filter(category=Category.STRAIGHT.order).update(win=5)
    v2 = services.copy_version(v1, by=None, label="Straight 4 to 1")
    v2.rows.filter(category=Category.STRAIGHT.order).update(win=4)
    with at(MAY[1]):
        services.activate(v1, by=None)
    with at(MAY[3]):
        services.activate(v2, by=None)
        rules = house.rules
        rules.mississippi_payout_cap = 100
        rules.save()
    # a hand of May 1, older than the history: v1 and the first rules, not the source text's
    # table (a straight 4:1, mississippi-stud.txt) nor the active one (v2, capped)
    config, labels = HouseTimeline(house).at(MAY[0])
    assert straight_pays(config) == 5 and config.rules.mississippi_payout_cap is None
    assert labels[GAME] == (
        "Riverboat · Mississippi Stud v1 (the earliest recorded: the hand is older than the "
        "house's history), house rules of 2024-05-02 12:00 UTC, the earliest recorded"
    )
    # a game the house never activated a table for: the source text's, whatever the time
    assert "Caribbean Stud, the standard table" in labels["caribbean-stud"]
