"""The discrepancies as CSV: the mispaid and unruled lines only, as filtered, every cell safe
for a spreadsheet (through trainer.core.csvsafe)."""

import csv
import io
import json

from django.utils import translation

from .conftest import LOG, MS, audited, log_text


def rows_of(response) -> list[list[str]]:
    text = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(text)))


def test_the_export_holds_the_discrepancies(staff_client, report):
    response = staff_client.get(f"/audits/{report.pk}/discrepancies.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert "no-store" in response["Cache-Control"]  # a house's export is kept by no cache
    header, *rows = rows_of(response)
    assert header[:3] == ["line", "id", "at"]
    wrong = [n for n, (_, verdict, _) in enumerate(LOG, 1) if verdict != "correct"]
    assert [int(r[0]) for r in rows] == [*wrong, len(LOG) + 1]
    first = dict(zip(header, rows[0], strict=True))
    assert (first["verdict"], first["paid"], first["correct"], first["difference"]) == (
        "overpaid",
        "4",
        "0",
        "4",
    )


def test_the_export_follows_the_filters(staff_client, report):
    rows = rows_of(staff_client.get(f"/audits/{report.pk}/discrepancies.csv?dealer=Bob"))
    assert [r[0] for r in rows[1:]] == ["3", "4"]


def test_a_dealer_named_like_a_formula_is_written_as_text(staff_client, demo, supervisor):
    formula = '=HYPERLINK("http://x","y")'
    line = {**MS, "dealer": formula, "table": "@SUM(1+1)"}
    line.update(hole="6h 6s", board="Ac 9d Kc", bets=[1, 1, 1, 1], paid=4)
    report = audited(demo, supervisor, log_text([json.dumps(line)]))
    header, *rows = rows_of(staff_client.get(f"/audits/{report.pk}/discrepancies.csv"))
    last = dict(zip(header, rows[-1], strict=True))
    assert last["dealer"] == "'" + formula
    assert last["table"] == "'@SUM(1+1)"
    # a negative amount stays a number a spreadsheet can add up
    underpaid = dict(zip(header, rows[1], strict=True))
    assert underpaid["difference"] == "-2"


def test_the_export_keeps_english_cells_for_a_spanish_reader(staff_client, report):
    """The columns and cells are for other systems: a seat's share and a verdict read the
    same whatever the language of whoever exports them (the pages translate them)."""
    with translation.override("es"):
        response = staff_client.get(
            f"/audits/{report.pk}/discrepancies.csv", HTTP_ACCEPT_LANGUAGE="es"
        )
        header, *rows = rows_of(response)
    split = [dict(zip(header, r, strict=True)) for r in rows if "misdirected" in r]
    assert header[:3] == ["line", "id", "at"]
    assert split and split[0]["paid"].startswith("seat ") and "asiento" not in split[0]["paid"]
