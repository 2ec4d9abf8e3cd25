"""The par sheet API (`GET /api/parsheets/<version id>`, docs/api.md): a version's par sheet
with a manager's figures, for a games manager of its house, refused in words otherwise."""

from fractions import Fraction

from django.urls import reverse

from tests.desk.conftest import SMALL_DECK, counts_built, store_sheet, table_of
from trainer.engine.catalog import GAMES
from trainer.rounds.models import RoundPace


def url_of(version) -> str:
    return reverse("api-parsheet", args=[version.pk])


def refused(response, status: int, words: str, field=None) -> None:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert words in error["message"] and error["field"] == field, error


def test_only_a_games_manager_of_the_house_sees_a_par_sheet(client, demo, trainee, other_manager):
    version = table_of(demo, "mississippi-stud")
    refused(client.get(url_of(version)), 403, "Sign in")
    client.force_login(trainee)
    refused(client.get(url_of(version)), 403, "games manager")
    client.force_login(other_manager)  # another house's manager: as if it did not exist
    refused(client.get(url_of(version)), 404, "no table version of that number")


def test_bad_queries_methods_and_a_sheet_not_computed_are_refused_in_words(desk, demo):
    version = table_of(demo, "mississippi-stud")
    response = desk.post(url_of(version))
    refused(response, 405, "GET")
    assert response["Allow"] == "GET, HEAD"
    refused(desk.get(url_of(version), {"seats": "0"}), 400, "from 1 to 12", "seats")
    refused(desk.get(url_of(version), {"ante": "ten"}), 400, "whole number", "ante")
    refused(desk.get(url_of(version), {"drop": "9" * 40}), 400, "from 1 to", "drop")
    refused(desk.get(url_of(version), {"colour": "red"}), 400, "not a parameter", "colour")
    # neither the game's counts on this site nor a stored sheet: nothing to answer yet
    refused(desk.get(url_of(version)), 409, "not computed yet")


def test_a_stored_sheet_is_answered_with_the_games_pace(desk, demo):
    version = table_of(demo, "mississippi-stud")
    stored = store_sheet(version, deck=SMALL_DECK)
    data = desk.get(url_of(version), {"seats": "3", "ante": "25"}).json()
    assert data["version"]["id"] == version.pk and data["version"]["house"] == "demo"
    assert data["house_edge_exact"] == stored.figures["house_edge_exact"]
    assert data["distribution"] == stored.figures["distribution"]
    hour = data["win_per_hour"]
    default = GAMES["mississippi-stud"].round_procedure().rounds_per_hour
    assert (hour["rounds_per_hour"], hour["rounds_per_hour_from"]) == (
        default,
        "the game's default pace",
    )
    edge = Fraction(stored.figures["house_edge_exact"])
    assert Fraction(hour["amount_exact"]) == default * 3 * 25 * edge
    assert data["hold"] is None and data["cap_effect"] is None and data["exposure"] is None


def test_with_the_counts_the_sheet_is_computed_at_once_under_the_house_pace_and_cap(desk, demo):
    counts_built("mississippi-stud")
    RoundPace.objects.create(house=demo, game="mississippi-stud", rounds_per_hour=35)
    demo.rules.mississippi_payout_cap = 6_000
    demo.rules.save()
    version = table_of(demo, "mississippi-stud")
    data = desk.get(url_of(version), {"seats": "5", "ante": "10", "drop": "20000"}).json()
    hour, shift = data["win_per_hour"], data["win_per_shift"]
    assert hour["rounds_per_hour"] == 35 and "pace for the game" in hour["rounds_per_hour_from"]
    edge = Fraction(data["house_edge_exact"])
    assert Fraction(hour["amount_exact"]) == 35 * 5 * 10 * edge
    assert Fraction(data["hold"]["hold_exact"]) == Fraction(shift["amount_exact"]) / 20_000
    assert data["rounds_to_ahead_95"] > 0 and data["shift_range"]["low"] < 0
    caps = data["cap_effect"]
    # the largest profit that happens is 4,000 Antes (a royal flush on 8 Antes): a cap of
    # 6,000 takes from an Ante above 1.5, and the edge at 2 is the capped table's
    assert caps["bites_above_exact"] == "3/2" and caps["from_ante"] == 2
    assert [p["ante"] for p in caps["points"]] == [1, 2, 5]
    assert caps["points"][0]["house_edge_exact"] == data["house_edge_exact"]
    assert {"variance", "sd", "hit_frequency", "contributions", "ties", "tie_rule"} <= set(data)
