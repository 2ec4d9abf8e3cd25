"""CSV exports open in a spreadsheet as data: no cell can start a formula (OWASP, CSV
injection), and a plain negative number stays a number."""

import csv
import doctest
import io

import pytest

from tests.factories import AssessmentFactory, AssignmentFactory, TraineeFactory, right_answer
from tests.progress.test_progress import answer_some
from trainer.assessments import services as tests_services
from trainer.core import csvsafe

HYPERLINK = '=HYPERLINK("http://x","y")'


def cells(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def formula_cells(table) -> list[str]:
    """Cells a spreadsheet would read as a formula: a dangerous first character, and not a
    plain number."""
    return [
        cell
        for row in table
        for cell in row
        if cell.startswith(csvsafe.FORMULA_STARTS) and not csvsafe.is_plain_number(cell)
    ]


@pytest.fixture
def hostile(demo):
    """Trainees whose names are formulas: as a supervisor's spreadsheet would meet them."""
    return [
        TraineeFactory(house=demo, username="@SUM(1+1)", first_name=HYPERLINK),
        TraineeFactory(house=demo, username="\t=1+2"),
        TraineeFactory(house=demo, username="\r-3+4"),
        TraineeFactory(house=demo, username="+5-6", last_name="-7+8"),
    ]


def test_the_trainees_csv_neutralises_formula_names(client, supervisor, hostile):
    client.force_login(supervisor)
    response = client.get("/progress/trainees.csv")
    table = cells(response)
    assert formula_cells(table) == []
    by_name = {row[0]: row for row in table[1:]}
    assert by_name["'@SUM(1+1)"][1] == "'" + HYPERLINK
    assert {"'\t=1+2", "'\r-3+4", "'+5-6"} <= set(by_name)
    assert by_name["'+5-6"][1] == "'-7+8"  # no first name: the full name is the last name
    # neutralised cells are quoted, their own double quotes doubled (RFC 4180)
    assert '"\'=HYPERLINK(""http://x"",""y"")"' in response.content.decode()


def test_the_attempts_csv_neutralises_a_formula_test_title(client, supervisor, trainee):
    """A test's title (a supervisor's text) reaches the attempts CSV of every trainee who sat
    it; here one test per dangerous first character, one question each."""
    titles = [HYPERLINK, "@SUM(1+1)", "\t=1+2", "\r-3+4"]
    for title in titles:
        test = AssessmentFactory(house=trainee.house, title=title, parts=[("cs-qualify", 1)])
        assignment = AssignmentFactory(test=test, trainee=trainee)
        sitting = tests_services.start_sitting(trainee=trainee, assignment_id=assignment.pk)
        question = sitting.items.get().question
        tests_services.answer(
            trainee=trainee,
            sitting_id=sitting.pk,
            question_id=question.pk,
            raw=right_answer(question),
        )
    answer_some(trainee, "cs-qualify", [False])
    client.force_login(supervisor)
    table = cells(client.get(f"/progress/trainees/{trainee.pk}/attempts.csv"))
    assert formula_cells(table) == []
    column = table[0].index("test")
    assert sorted(row[column] for row in table[1:]) == sorted(["", *("'" + t for t in titles)])


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (HYPERLINK, "'" + HYPERLINK),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("+1", "'+1"),  # not a plain number: a leading plus is the formula's sign
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("\0x", "'\0x"),  # ASVS 1.2.10 adds NUL
        ("-1+2", "'-1+2"),
        ("-5e3", "'-5e3"),
        ("- 5", "'- 5"),
        ("-", "'-"),
        ("-٣", "'-٣"),  # digits other than 0-9 are not a plain number here
        ("-5", "-5"),  # a plain negative number stays a number
        ("-12.50", "-12.50"),
        (-5, -5),
        (-2.5, -2.5),
        ("Tina", "Tina"),
        ("", ""),
        ("'=1", "'=1"),  # already text: no second quote
    ],
)
def test_safe_cell(value, written):
    assert csvsafe.safe_cell(value) == written


def test_the_writer_quotes_text_and_leaves_numbers_bare():
    out = io.StringIO()
    csvsafe.writer(out).writerow([-5, -2.5, "-5", "=1+1", "a,b"])
    assert out.getvalue() == '-5,-2.5,"-5","\'=1+1","a,b"\r\n'
    assert next(csv.reader(io.StringIO(out.getvalue()))) == ["-5", "-2.5", "-5", "'=1+1", "a,b"]


def test_the_modules_examples_run():
    failures, tried = doctest.testmod(csvsafe)
    assert tried and not failures


def test_no_export_writes_csv_but_through_the_safe_writer():
    """Every CSV writer of the site is csvsafe's: a new export written with csv.writer
    directly would let formulas through."""
    from pathlib import Path

    import trainer

    root = Path(trainer.__file__).parent
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.name != "csvsafe.py"
        and ("csv.writer(" in path.read_text() or "csv.DictWriter(" in path.read_text())
    ]
    assert offenders == []
