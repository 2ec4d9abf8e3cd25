"""The house's pace targets on the desk: its own seconds per drill and level, the drill's
default beside each; an empty field keeps (or goes back to) the default."""

from decimal import Decimal

from django.urls import reverse

from trainer.desk.forms import pace_field, round_field
from trainer.drills.practice.models import PaceTarget
from trainer.engine import pace
from trainer.engine.catalog import round_games
from trainer.engine.drills import REGISTRY
from trainer.engine.kit.rounds import MAX_ROUNDS_PER_HOUR
from trainer.rounds.models import RoundPace
from trainer.rounds.services import rounds_per_hour

DRILL = next(iter(REGISTRY.values()))  # the registry's first drill


def test_every_drill_and_level_has_a_labelled_field_with_its_default(desk):
    page = desk.get(reverse("desk:pace")).content.decode()
    for kind in REGISTRY.values():
        for level in kind.levels:
            field_id = f"id_{pace_field(kind.slug, level.number)}"
            assert f'<label for="{field_id}"' in page
            assert f"{kind.title}, level {level.number}: seconds" in page


def test_a_target_is_set_and_then_given_back_to_the_default(desk, demo):
    name = pace_field(DRILL.slug, 1)
    response = desk.post(reverse("desk:pace"), {name: "7.5"}, follow=True)
    assert "Pace targets saved (1 changed)." in response.content.decode()
    assert PaceTarget.objects.get(house=demo, kind=DRILL.slug, level=1).seconds == Decimal("7.5")
    desk.post(reverse("desk:pace"), {name: ""})
    assert not PaceTarget.objects.filter(house=demo).exists()


def test_a_target_out_of_bounds_is_named_and_nothing_is_saved(desk, demo):
    name = pace_field(DRILL.slug, 1)
    other = pace_field(DRILL.slug, 2)
    too_fast = Decimal(pace.MIN_TARGET_SECONDS) - 1
    response = desk.post(reverse("desk:pace"), {name: str(too_fast), other: "9"})
    assert response.status_code == 400
    assert "Some targets are not right" in response.content.decode()
    response = desk.post(reverse("desk:pace"), {name: "fast"})
    assert response.status_code == 400 and "Enter a number." in response.content.decode()
    assert not PaceTarget.objects.filter(house=demo).exists()


def test_the_houses_zone_and_practice_day_are_set_on_the_desk(desk, demo):
    from trainer.houses.models import House

    data = {"name": "Demo house", "time_zone": "Europe/London", "day_starts": "05:00",
            "desired_retention": "0.85", "reaudit_days": "7",
            "shifts": "07:00 Early, 15:00 Late, 23:00 Night", "certificate_months": "12",
            "renewal_days": "30"}  # fmt: skip
    response = desk.post(reverse("desk:house"), data, follow=True)
    assert "settings are saved." in response.content.decode()
    demo = House.objects.get(pk=demo.pk)
    assert demo.time_zone == "Europe/London" and str(demo.desired_retention) == "0.85"
    # a zone the server does not know is named, and nothing changes
    response = desk.post(reverse("desk:house"), {**data, "time_zone": "Mars/Olympus"})
    assert response.status_code == 400 and "is not a time zone" in response.content.decode()
    assert House.objects.get(pk=demo.pk).time_zone == "Europe/London"
    assert House.objects.get(pk=demo.pk).slug == "demo"  # only a superuser renames it
    # the audit's re-audit window and the shifts its costs are counted by
    assert (demo.reaudit_days, demo.shifts) == (7, "07:00 Early, 15:00 Late, 23:00 Night")
    assert (demo.certificate_months, demo.renewal_days) == (12, 30)
    for shifts, words in [
        ("", "This field is required"),
        ("7am Early", "“7am Early” is not a shift: write its start on the 24-hour clock"),
        ("07:00 Early, 07:00 Late", "Two shifts start at 07:00."),
        ("07:00 Early, 19:00 Early", "Two shifts are named “Early”."),
    ]:
        response = desk.post(reverse("desk:house"), {**data, "shifts": shifts})
        assert response.status_code == 400 and words in response.content.decode(), shifts
    response = desk.post(reverse("desk:house"), {**data, "reaudit_days": "0"})
    assert response.status_code == 400
    assert House.objects.get(pk=demo.pk).shifts == "07:00 Early, 15:00 Late, 23:00 Night"


# --- round paces (rounds an hour, a house setting, on the desk) -------------------------------

ROUND_GAME = next(round_games())  # the registry's first game whose rounds are dealt


def test_every_round_game_has_a_labelled_pace_field_with_its_default(desk):
    page = desk.get(reverse("desk:pace")).content.decode()
    for game in round_games():
        assert f'<label for="id_{round_field(game.slug)}"' in page
        assert f"{game.title}: rounds an hour" in page
        assert f"<td>{game.round_procedure().rounds_per_hour} an hour</td>" in page


def test_a_round_pace_is_set_read_by_the_rounds_and_given_back_to_the_default(desk, demo):
    default = ROUND_GAME.round_procedure().rounds_per_hour
    name = round_field(ROUND_GAME.slug)
    response = desk.post(reverse("desk:pace"), {name: "33", "save_rounds": ""}, follow=True)
    assert "Round paces saved (1 changed)." in response.content.decode()
    assert rounds_per_hour(demo, ROUND_GAME.slug) == 33
    # the drills' pace targets were not touched by the round paces' button
    assert not PaceTarget.objects.filter(house=demo).exists()
    desk.post(reverse("desk:pace"), {name: "", "save_rounds": ""})
    assert not RoundPace.objects.filter(house=demo).exists()
    assert rounds_per_hour(demo, ROUND_GAME.slug) == default


def test_a_round_pace_out_of_bounds_is_named_and_nothing_is_saved(desk, demo):
    name = round_field(ROUND_GAME.slug)
    for bad in (str(MAX_ROUNDS_PER_HOUR + 1), "brisk"):
        response = desk.post(reverse("desk:pace"), {name: bad, "save_rounds": ""})
        assert response.status_code == 400
        assert "Some paces are not right" in response.content.decode()
    assert not RoundPace.objects.filter(house=demo).exists()
