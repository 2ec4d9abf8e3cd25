"""A table's par sheet as a PDF, in the shape makers file with regulators: the game, the table
version and its key, the date; every outcome with its combinations, probability, pay and
contribution to return; the edge, average bet, element of risk, hit frequency and standard
deviation; the decisions under optimal play; the card-exposure figures; and a line for the
approver.  One table a document, on A4 pages (a long return column goes on to the next page,
its headings drawn again).

Drawn with reportlab as the certificate is (`trainer.assessments.pdf`: its fonts, DejaVu
embedded where the machine has it, and its way of fitting a cell), from the same figures the
version page shows (`trainer.desk.figures`).  A paper has no tooltip: the exact fractions of
the edge and of the return column's total are printed beside their percentages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from django.utils.translation import gettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from trainer.assessments.pdf import Fonts, fitted, fonts

from .figures import EdgeFigures

#: the page's margins, mm
MARGIN = 18
#: a line's height, in points per point of its type's size: set close, so that a table's whole
#: sheet fits on one page
LEADING = 1.35


def outcome_columns() -> tuple[tuple[str, float, float, bool], ...]:
    """(heading, left edge, width, set to the right) of each column, mm from the margin."""
    return (
        (gettext("Outcome"), 0, 44, False),
        (gettext("Combinations"), 44, 30, True),
        (gettext("Probability"), 76, 22, True),
        (gettext("Pays"), 102, 46, False),
        (gettext("Contribution"), 148, 26, True),
    )


@dataclass
class Writer:
    """A cursor down the pages of `pdf`: each line drawn where the last left off, a new page
    (with `heading` drawn again) when the next would cross the bottom margin."""

    pdf: canvas.Canvas
    font: Fonts
    heading: str
    y: float = 0.0
    page: int = 0

    @property
    def left(self) -> float:
        return MARGIN * mm

    @property
    def width(self) -> float:
        return A4[0] - 2 * MARGIN * mm

    def start_page(self) -> None:
        if self.page:
            self.pdf.showPage()
        self.page += 1
        self.y = A4[1] - MARGIN * mm
        self.pdf.setFont(self.font.regular, 8)
        self.pdf.drawString(self.left, MARGIN * mm / 2, self.heading)
        self.pdf.drawRightString(
            self.left + self.width,
            MARGIN * mm / 2,
            gettext("Page %(page)s") % {"page": self.page},
        )

    def room(self, height: float) -> bool:
        """Whether `height` more points fit on the page (else a new page is started)."""
        if self.y - height < MARGIN * mm:
            self.start_page()
            return False
        return True

    def text(self, words: str, *, size: float = 9, bold: bool = False) -> None:
        """`words` as lines of the page's width, each on a line of its own."""
        font = self.font.bold if bold else self.font.regular
        for line in wrapped(words, font, size, self.width):
            self.room(size * LEADING)
            self.y -= size * LEADING
            self.pdf.setFont(font, size)
            self.pdf.drawString(self.left, self.y, line)

    def pairs(
        self, rows: Sequence[tuple[str, str]], *, size: float = 9, mono: bool = False
    ) -> None:
        """A label and its value a line: the label bold at the left, the value beside it
        (`mono`: in the fixed-width type, as a key or a code is printed)."""
        column = 44 * mm
        font = self.font.mono if mono else self.font.regular
        for label, value in rows:
            lines = wrapped(value, font, size, self.width - column)
            self.room(size * LEADING * len(lines))
            self.y -= size * LEADING
            self.pdf.setFont(self.font.bold, size)
            self.pdf.drawString(self.left, self.y, fitted(label, self.font.bold, size, column))
            self.pdf.setFont(font, size)
            for n, line in enumerate(lines):
                if n:
                    self.y -= size * LEADING
                self.pdf.drawString(self.left + column, self.y, line)

    def row(self, cells: Sequence[str], columns, *, size: float = 9, bold: bool = False) -> None:
        """One row of a table: each cell fitted to its column, numbers set to the right."""
        font = self.font.bold if bold else self.font.regular
        self.y -= size * LEADING
        self.pdf.setFont(font, size)
        for text, (_, left, width, right) in zip(cells, columns, strict=True):
            shown = fitted(text, font, size, width * mm)
            if right:
                self.pdf.drawRightString(self.left + (left + width) * mm, self.y, shown)
            else:
                self.pdf.drawString(self.left + left * mm, self.y, shown)

    def space(self, points: float = 6) -> None:
        self.y -= points


def wrapped(words: str, font: str, size: float, width: float) -> list[str]:
    """`words` broken at spaces into lines no wider than `width` points."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        trial = f"{line} {word}" if line else word
        if line and stringWidth(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines or [""]


@dataclass(frozen=True)
class SheetPrint:
    """What the PDF prints (the version page's view gathers it): `figures` is the version's
    `EdgeFigures` with its `spread`; `rules` the house rules the sheet assumes and those it
    does not model; `exposure` the card-exposure figures as (label, value) lines, or None
    while they are not available."""

    house: str
    game: str
    version: str
    key: str
    computed: str
    printed: str
    figures: EdgeFigures
    rules: str
    exposure: Sequence[tuple[str, str]] | None


def parsheet_as_pdf(sheet: SheetPrint) -> bytes:
    font = fonts()
    buffer = BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    title = gettext("Par sheet: %(game)s, %(version)s") % {
        "game": sheet.game,
        "version": sheet.version,
    }
    pdf.setTitle(title)
    pdf.setAuthor(sheet.house)
    out = Writer(pdf, font, f"{sheet.house}: {title}")
    out.start_page()
    figures = sheet.figures
    spread = figures.spread
    out.text(sheet.house, size=11, bold=True)
    out.text(title, size=15, bold=True)
    out.space()
    out.pairs([(gettext("Game"), sheet.game), (gettext("Table version"), sheet.version)])
    out.pairs([(gettext("Table key"), sheet.key)], mono=True)
    out.pairs([(gettext("Computed"), sheet.computed), (gettext("Printed"), sheet.printed)])
    out.space(3)
    out.text(sheet.rules, size=8)
    out.space()
    out.text(gettext("Figures, per Ante, under optimal play"), size=11, bold=True)
    rows = [
        (gettext("House edge"), f"{figures.edge_words}"),
        (gettext("Average total bet"), figures.average_bet_words),
        (gettext("Element of risk"), figures.element_of_risk_words),
    ]
    if spread is not None:
        rows += [
            (gettext("Hit frequency"), figures.hit_frequency_words),
            (gettext("Pushes"), str(spread.push_share)),
            (
                gettext("Losses"),
                gettext("%(share)s (folds included)") % {"share": spread.loss_share},
            ),
            (gettext("Standard deviation"), gettext("%(sd)s a round") % {"sd": spread.sd}),
            (
                gettext("Variance"),
                gettext("%(variance)s Antes squared") % {"variance": spread.variance},
            ),
            (gettext("Deals enumerated"), spread.combinations),
        ]
    out.pairs(rows)
    if spread is not None:
        out.space()
        out.text(gettext("Every outcome"), size=11, bold=True)
        columns = outcome_columns()
        out.row([c[0] for c in columns], columns, bold=True)
        for line in spread.outcomes:
            if not out.room(9 * LEADING):
                out.row([c[0] for c in columns], columns, bold=True)
            cells = (
                line.name,
                line.combinations,
                str(line.probability),
                line.pays,
                str(line.contribution),
            )
            out.row(cells, columns)
        out.room(9 * LEADING)
        total = (
            gettext("Total"),
            spread.combinations,
            str(spread.total_probability),
            "",
            str(spread.total_return),
        )
        out.row(total, columns, bold=True)
        out.text(
            gettext(
                "Contribution: each outcome's share of the player's expected return, per "
                "Ante; the total is minus the house edge (exactly %(exact)s)."
            )
            % {"exact": spread.total_return.exact},
            size=8,
        )
    out.space()
    out.text(gettext("Decisions under optimal play"), size=11, bold=True)
    for point, shares in figures.decision_words:
        out.text(f"{point}: {shares}", size=9)
    if spread is not None:
        ties = gettext("%(ties)s, passed in %(share)s of rounds.") % {
            "ties": spread.ties_words,
            "share": spread.tie_share,
        }
        out.text(f"{ties} {spread.tie_rule}", size=9)
    out.space()
    out.text(gettext("Card exposure"), size=11, bold=True)
    if sheet.exposure:
        # what is seen in full on a line of its own (a label column would cut it short)
        for seen, value in sheet.exposure:
            out.text(seen, size=9, bold=True)
            out.text(value, size=9)
    else:
        out.text(
            gettext("Not computed yet: the task worker computes them with the table’s par sheet."),
            size=9,
        )
    # the approver signs the printed paper for the house, as a supervisor signs a certificate
    out.room(16 * mm)
    out.space(24)
    pdf.setLineWidth(0.6)
    pdf.line(out.left + 28 * mm, out.y, out.left + 110 * mm, out.y)
    pdf.line(out.left + 124 * mm, out.y, out.left + out.width, out.y)
    pdf.setFont(font.regular, 10)
    pdf.drawString(out.left, out.y + 1, gettext("Approved by"))
    pdf.drawString(out.left + 113 * mm, out.y + 1, gettext("Date"))
    out.y -= 12
    pdf.setFont(font.regular, 8)
    pdf.drawString(
        out.left + 28 * mm,
        out.y,
        gettext("Name, position and signature, for %(house)s") % {"house": sheet.house},
    )
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
