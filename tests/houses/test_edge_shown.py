"""The house edge reads one way on every page and in the command: a percentage with four
decimals beside the exact fraction (`trainer.engine.figures.edge_words`), its sign kept."""

from fractions import Fraction

import pytest
from django.core.management import call_command

from tests.factories import ManagerFactory
from trainer.engine.figures import edge_words
from trainer.engine.parsheets import ParSheet
from trainer.houses import services
from trainer.houses.models import ParSheetResult, PaytableVersion

#: the issue's example: a table where the player wins 9.3308% of every Ante, which the old
#: banner showed as "the house loses 0%"
PLAYER_EDGE = Fraction(-1234, 13225)
SHOWN = "\u22129.3308% (\u22121234/13225)"


@pytest.fixture
def demo_client(client, demo):
    client.force_login(ManagerFactory(house=demo, username="manager-mona"))
    return client


@pytest.fixture
def generous(demo) -> PaytableVersion:
    """The demo house's second Caribbean Stud table (inactive), with a stored par sheet that
    gives the player the edge.  The figures are the record a computation stores, with the edge
    set: the pages show whatever the sheet holds, and computing one takes seconds."""
    version = PaytableVersion.objects.get(house=demo, game="caribbean-stud", number=2)
    key = services.parsheet_key_of(version)
    sheet = ParSheet(
        game=version.game,
        paytable=version.label,
        house_edge=PLAYER_EDGE,
        average_bet=Fraction(2),
        element_of_risk=PLAYER_EDGE / 2,
        outcomes=(("player wins", Fraction(1)),),
        decisions=(),
        combinations=1,
        key=key,
    )
    ParSheetResult.objects.create(
        key=key,
        game=version.game,
        status="done",
        figures=sheet.as_dict(),
        version=version,
        rules={"call_multiple": 2},
    )
    return version


def test_the_formatter_keeps_the_sign_and_four_decimals():
    assert edge_words(PLAYER_EDGE) == SHOWN
    assert edge_words(str(PLAYER_EDGE)) == SHOWN  # as a stored sheet holds it
    assert edge_words(Fraction(-1, 10**7)).startswith("\u22120.0000%")  # never a bare 0%


def test_the_banner_and_the_version_page_show_the_edge(demo_client, generous):
    page = demo_client.get(f"/admin/houses/paytableversion/{generous.pk}/change/")
    text = page.content.decode()
    assert f"the house edge is {SHOWN} of every Ante" in text
    assert "loses 0%" not in text
    # which house rules the sheet assumes, and which it leaves out
    assert "the Call is 2 × Ante (the house&#x27;s call multiple)" in text
    assert "the chip unit; the Caribbean Stud call payout cap" in text


def test_the_version_list_shows_the_edge(demo_client, generous):
    text = demo_client.get("/admin/houses/paytableversion/").content.decode()
    assert f"{SHOWN} (player edge)" in text


def test_the_activation_page_shows_the_edge(demo_client, generous):
    text = demo_client.get(f"/admin/houses/paytableversion/{generous.pk}/activate/")
    assert SHOWN in text.content.decode()


@pytest.mark.slow  # the whole command, seconds: in make test, out of the quick tier
def test_the_command_prints_the_edge_the_same_way_and_what_it_assumes(capsys, db):
    call_command("parsheet", "mississippi-stud")
    out = capsys.readouterr().out
    # mississippi-stud.txt's base table: tests/engine/test_parsheets.py pins the exact edge
    assert f"house edge       {edge_words(Fraction(53223, 1082900))}\n" in out
    assert "not modelled     the chip unit; the Mississippi Stud payout cap" in out
