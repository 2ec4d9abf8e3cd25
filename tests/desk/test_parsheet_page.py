"""A version's whole par sheet on its page: the engine's spread, shares and return column, the
theoretical win from inputs the manager changes (a GET: nothing written), the card exposure's
place; the same sheet as a PDF for a regulator, for the house's games managers only."""

from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation
from reportlab.pdfgen import canvas

from tests.desk.conftest import SMALL_DECK, counts_built, exact_sheet, table_of
from tests.factories import TraineeFactory
from trainer.desk import pdf
from trainer.desk.figures import decimal_words, exposure_lines, percent_words
from trainer.desk.forms import as_data, initial_of, new_token
from trainer.desk.money import DEFAULT_ANTE, DEFAULT_HOURS, seats_of
from trainer.engine import HouseRules
from trainer.engine.catalog import GAMES
from trainer.engine.parsheets import ParSheet
from trainer.engine.parsheets.exposure import Exposure
from trainer.engine.parsheets.money import cap_effect, rounds_to_ahead
from trainer.houses import precompute, services
from trainer.houses.config import house_rules_of, paytable_of
from trainer.houses.exposure import exposure_key_of
from trainer.houses.models import ExposureResult, HouseRulesSettings, ParSheetResult
from trainer.rounds.models import RoundPace

MS = GAMES["mississippi-stud"]


#: the engine's sheet of the demo house's active Mississippi Stud table, made once per session
#: (a third of a second each time otherwise)
SHEETS: dict[str, ParSheet] = {}


@pytest.fixture
def computed(demo):
    """The demo house's active Mississippi Stud table, its sheet stored as the worker stores
    it, and the engine's sheet of it (the figures the page must show)."""
    version = table_of(demo, "mississippi-stud")
    if "active" not in SHEETS:
        SHEETS["active"] = exact_sheet(MS, paytable_of(version), house_rules_of(demo.rules))
    sheet = SHEETS["active"]
    row, _ = services.claim_parsheet(version)
    ParSheetResult.objects.filter(pk=row.pk).update(
        status=ParSheetResult.Status.DONE, figures=sheet.as_dict(), done=1, total=1
    )
    return version, sheet


def page_of(client, version, **asked) -> str:
    response = client.get(reverse("desk:version", args=[version.pk]), asked)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_the_engines_spread_shares_and_return_column(desk, computed):
    version, sheet = computed
    page = page_of(desk, version)
    for share in (sheet.hit_frequency, sheet.push_share, sheet.loss_share, sheet.tie_share):
        assert f">{percent_words(share)}</span>" in page
    assert f"{sheet.sd:,.4f} Antes a round" in page
    assert f">{decimal_words(sheet.variance)}</span> Antes squared" in page
    for row in sheet.contributions:
        name = row.name[:1].upper() + row.name[1:]
        cells = (
            f'<th scope="row">{name}</th><td class="number">{row.combinations:,}</td>'
            f'<td class="number"><span class="exact-figure" title="Exactly '
            f'{row.probability.numerator}/{row.probability.denominator}">'
            f"{percent_words(row.probability)}</span></td><td>{row.pays}</td>"
        )
        assert cells in page, name
        assert f">{percent_words(row.contribution)}</span>" in page, name
    assert f"{sheet.ties:,} decision" in page and sheet.tie_rule in page
    assert f"{sheet.combinations:,} deals enumerated" in page
    assert "Card exposure" in page and "Not computed yet" in page  # nobody has asked
    assert reverse("desk:version-pdf", args=[version.pk]) in page


def test_the_theoretical_win_is_worked_out_from_the_inputs(desk, computed, demo):
    version, sheet = computed
    RoundPace.objects.create(house=demo, game="mississippi-stud", rounds_per_hour=45)
    page = page_of(desk, version)
    # the form starts from the house's pace, a full table, the default Ante and shift
    assert 'name="rounds_per_hour" value="45"' in page
    assert f'name="seats" value="{seats_of(MS)}"' in page
    assert f'name="hours" value="{DEFAULT_HOURS}"' in page
    per_hour = 45 * seats_of(MS) * DEFAULT_ANTE * sheet.house_edge
    assert f">{decimal_words(per_hour, 2)}</span>" in page
    # 60 rounds an hour × 5 seats × an Ante of 10 = 3,000 Antes of 1 an hour, at the edge;
    # an 8-hour shift 8 times that; the hold that shift's win over a drop of 12,000
    asked = {"rounds_per_hour": 60, "seats": 5, "average_ante": 10, "hours": 8, "drop": 12000}
    page = page_of(desk, version, **asked)
    hour = Fraction(3000) * sheet.house_edge
    shift = 8 * hour
    assert f">{decimal_words(hour, 2)}</span></dd>" in page
    assert f">{decimal_words(shift, 2)}</span></dd>" in page
    assert f">{percent_words(shift / 12000)}</span> of the drop" in page
    assert "2,400 hands played" in page  # 60 × 5 × 8
    assert f"after {rounds_to_ahead(sheet):,} rounds, 95% of the time" in page
    assert "normal approximation" in page


def test_inputs_out_of_range_are_named_and_nothing_breaks(desk, computed):
    version, _ = computed
    page = page_of(desk, version, average_ante="lots", seats=99, rounds_per_hour=0)
    assert page.count('class="field-error"') >= 3
    assert 'class="win-hour"' not in page


class Drawn:
    """Every string the par sheet's canvas draws, and the lines it rules."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        self.lines = 0
        drawn = self

        class Recording(canvas.Canvas):
            def drawString(self, x, y, text, *args, **kwargs):
                drawn.texts.append(text)
                return super().drawString(x, y, text, *args, **kwargs)

            def drawRightString(self, x, y, text, *args, **kwargs):
                drawn.texts.append(text)
                return super().drawRightString(x, y, text, *args, **kwargs)

            def line(self, *args, **kwargs):
                drawn.lines += 1
                return super().line(*args, **kwargs)

        monkeypatch.setattr(pdf.canvas, "Canvas", Recording)


def test_the_pdf_prints_every_outcome_the_figures_and_the_approvers_line(
    desk, computed, monkeypatch
):
    version, sheet = computed
    drawn = Drawn(monkeypatch)
    response = desk.get(reverse("desk:version-pdf", args=[version.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert "attachment" in response["Content-Disposition"]
    text = " ".join(drawn.texts)
    for row in sheet.contributions:
        assert row.name[:1].upper() + row.name[1:] in drawn.texts, row.name
        assert percent_words(row.contribution) in drawn.texts, row.name
    assert sheet.key in drawn.texts and version.label in text
    for label in ("House edge", "Average total bet", "Element of risk", "Hit frequency"):
        assert label in drawn.texts, label
    assert "Standard deviation" in drawn.texts and f"{sheet.sd:,.4f} Antes a round" in text
    assert "Decisions under optimal play" in drawn.texts and "Card exposure" in drawn.texts
    assert "Approved by" in drawn.texts and drawn.lines >= 1


def test_no_pdf_before_the_sheet_is_computed(desk, demo):
    draft = table_of(demo, "mississippi-stud", 2)
    response = desk.get(reverse("desk:version-pdf", args=[draft.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("desk:version", args=[draft.pk])


def test_a_trainee_is_refused_and_another_house_finds_nothing(client, computed, other_manager):
    version, _ = computed
    url = reverse("desk:version-pdf", args=[version.pk])
    client.force_login(TraineeFactory(house=version.house))
    assert client.get(url).status_code == 403
    client.force_login(other_manager)
    assert client.get(url).status_code == 404


def test_a_houses_payout_cap_shows_where_it_bites_and_the_edge_at_each_ante(
    desk, demo, monkeypatch
):
    # a reduced deck's counts and sheet: the page shows whatever the engine's sheet holds
    version = table_of(demo, "mississippi-stud")
    counts = MS.parsheet_counts(deck=SMALL_DECK)
    sheet = MS.fast_parsheet(paytable_of(version), HouseRules(), counts)
    top = MS.enumeration.capped_most(sheet)  # the largest win of a round, in Antes
    cap = int(top * 50)  # from an Ante above 50 the cap takes from that win
    HouseRulesSettings.objects.filter(house=demo).update(mississippi_payout_cap=cap)
    demo.refresh_from_db()
    row, _ = services.claim_parsheet(version)
    ParSheetResult.objects.filter(pk=row.pk).update(
        status=ParSheetResult.Status.DONE, figures=sheet.as_dict(), done=1, total=1
    )
    monkeypatch.setattr(precompute, "ready_counts", lambda game: counts)
    page = page_of(desk, version)
    assert (
        f"is {cap:,}: it starts to take from a win at an Ante above {decimal_words(cap / top, 2)}"
        in page
    )
    assert 'hx-select="#cap-figures"' in page and 'class="cap-edges"' not in page
    page = page_of(desk, version, cap="now")
    rules = HouseRules(mississippi_payout_cap=cap)
    effect = cap_effect(MS.enumeration, counts, paytable_of(version), rules)
    assert effect.from_ante == 51  # the first whole Ante above 50
    for point in effect.points:
        assert f'<th scope="row">{point.ante:,}</th><td><span class="exact-figure"' in page
        assert f">{percent_words(point.house_edge)}</span>" in page
    changed = [p for p in effect.points if p.house_edge != sheet.house_edge]
    assert changed and page.count("(changed by the cap)") == len(changed)
    assert 'hx-select="#cap-figures"' not in page


def test_the_designer_shows_the_spread_and_the_theoretical_win_as_a_row_is_typed(desk, demo):
    counts_built("mississippi-stud")
    version = table_of(demo, "mississippi-stud")
    url = reverse("desk:design-preview", args=[version.pk])
    data = {**as_data(initial_of(MS, version)), "token": new_token()}
    answer = desk.post(url, data, headers={"HX-Request": "true"}).content.decode()
    sheet = SHEETS.get("active") or exact_sheet(MS, paytable_of(version), HouseRules())
    assert f"{sheet.sd:,.4f} Antes a round" in answer
    assert f">{percent_words(sheet.hit_frequency)}</span> of rounds end" in answer
    # the game's default pace (no pace of the house's), one seat, an Ante of 1
    pace = MS.round_procedure().rounds_per_hour
    assert f">{decimal_words(pace * sheet.house_edge, 2)}</span> Antes an hour" in answer


def test_card_exposure_figures_read_as_lines_with_how_they_were_found():
    # two figures as the exposure service stores them (`Exposure.as_dict()`): an exact one
    # giving the player the edge, and a simulated one with its standard error
    stored = [
        {"description": "one dealer hole card seen", "house_edge_exact": "-1/40",
         "swing_exact": "3/40", "player_edge": True, "simulated": False, "rounds": 2598960,
         "unit": "deals", "standard_error": None},
        {"description": "the next card seen", "house_edge_exact": "1/50", "swing_exact": "3/100",
         "player_edge": False, "simulated": True, "rounds": 200000, "unit": "deals",
         "standard_error": 0.0005},
    ]  # fmt: skip
    exact, simulated = exposure_lines(stored)
    assert exact.description == "One dealer hole card seen" and exact.player_edge
    assert (exact.house_edge.text, exact.house_edge.exact) == ("\u22122.5000%", "\u22121/40")
    assert exact.swing.text == "7.5000%" and exact.how == "exact: every deal enumerated"
    assert simulated.how == "simulated over 200,000 deals (standard error 0.0500%)"
    assert "house edge 2.0000%, 3.0000% to the player per Ante" in simulated.value_words


def test_the_tables_stored_card_exposure_shows_on_its_page_and_in_its_pdf(
    desk, computed, monkeypatch
):
    """As the worker stores them (`Exposure.as_dict()`); the figures here are made up for the
    page (the engine's tests check the real ones): the player gets the edge, -25% against the
    normal 5%, a swing of 30%."""
    version, _ = computed
    figure = Exposure(
        game=version.game,
        paytable=version.label,
        name="next-card",
        description="the next community card seen",
        house_edge=Fraction(-1, 4),
        normal_edge=Fraction(1, 20),
        simulated=False,
        rounds=1_000,
    )
    row = ExposureResult.objects.create(
        key=exposure_key_of(version), game=version.game, version=version, status="running"
    )
    assert "being computed" in page_of(desk, version)  # with its progress
    row.status, row.figures = "done", [figure.as_dict()]
    row.save()
    (line,) = exposure_lines(row.figures)
    page = page_of(desk, version)
    assert "The next community card seen" in page and line.house_edge.text in page
    assert line.swing.text in page and "exact: every deal enumerated" in page
    drawn = Drawn(monkeypatch)
    desk.get(reverse("desk:version-pdf", args=[version.pk]))
    printed = " ".join(drawn.texts)
    assert "Not computed yet" not in printed and "The next community card seen" in drawn.texts
    assert line.house_edge.text in printed and "exact: every deal enumerated" in printed


def test_a_spanish_manager_reads_the_figures_in_spanish_numbers(desk, computed, manager):
    # Spanish groups thousands with a point and writes decimals after a comma: the same
    # figures as the English page, the separators swapped
    version, sheet = computed
    manager.language = "es"
    manager.save(update_fields=["language"])
    asked = {"rounds_per_hour": 60, "seats": 5, "average_ante": 10, "hours": 8, "drop": 12000}
    page = page_of(desk, version, **asked)
    spanish = str.maketrans({",": ".", ".": ","})
    assert f"{sheet.combinations:,}".translate(spanish) in page
    assert f"{sheet.combinations:,}" not in page
    assert "(2.400 " in page and "2,400" not in page  # hands played, 60 × 5 × 8
    hour = Fraction(3000) * sheet.house_edge
    with translation.override("en"):  # the English figures, to swap
        per_hour, hit = decimal_words(hour, 2), percent_words(sheet.hit_frequency)
    assert f">{per_hour.translate(spanish)}</span></dd>" in page and per_hour[-3] == "."
    assert f">{hit.translate(spanish)}</span>" in page
