"""A certificate as a PDF, drawn with reportlab (pure Python).  The same context as the
printable page.

Names are drawn in DejaVu Sans (Debian's fonts-dejavu-core, embedded in the PDF), which has
the letters of every European alphabet: reportlab's standard Helvetica has only Latin-1, and
draws "Łukasz" with a black square.  Helvetica stays the fallback where DejaVu is missing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext, gettext_lazy
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from trainer.core.times import when

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    mono: str


@cache
def fonts() -> Fonts:
    """DejaVu Sans, Sans Bold and Sans Mono, registered with reportlab once per process, when
    the files are there; else reportlab's standard Helvetica and Courier."""
    files = {
        "DejaVuSans": DEJAVU / "DejaVuSans.ttf",
        "DejaVuSans-Bold": DEJAVU / "DejaVuSans-Bold.ttf",
        "DejaVuSansMono": DEJAVU / "DejaVuSansMono.ttf",
    }
    if not all(path.is_file() for path in files.values()):
        return Fonts("Helvetica", "Helvetica-Bold", "Courier")
    for name, path in files.items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return Fonts(*files)


def person_name(user) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.get_username()


def fitted(text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis to fit `width` points in `font` at `size` (a long section
    title once ran into the level beside it: "qualify?2")."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


#: the columns of the sections' table: (heading, left edge from the table's left, width), mm
COLUMNS = (
    (gettext_lazy("Game"), 0, 56),
    (gettext_lazy("Section"), 60, 76),
    (gettext_lazy("Level"), 140, 22),
    (gettext_lazy("Score"), 165, 40),
)


def certificate_as_pdf(context: dict) -> bytes:
    certificate = context["certificate"]
    test = context["test"]
    sitting = context["sitting"]
    font = fonts()
    buffer = BytesIO()
    width, height = landscape(A4)
    pdf = canvas.Canvas(buffer, pagesize=(width, height))
    pdf.setTitle(gettext("Certificate: %(test)s") % {"test": certificate.title})
    pdf.setAuthor(str(test.house))
    pdf.setLineWidth(2)
    pdf.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
    house = test.house.name
    y = height - 30 * mm
    pdf.setFont(font.bold, 16)
    pdf.drawCentredString(width / 2, y, fitted(house, font.bold, 16, width - 40 * mm))
    y -= 14 * mm
    pdf.setFont(font.bold, 26)
    pdf.drawCentredString(width / 2, y, gettext("Certificate"))
    y -= 12 * mm
    pdf.setFont(font.regular, 13)
    pdf.drawCentredString(width / 2, y, gettext("%(house)s certifies that") % {"house": house})
    y -= 12 * mm
    pdf.setFont(font.bold, 20)
    pdf.drawCentredString(width / 2, y, person_name(certificate.trainee))
    y -= 11 * mm
    x = 40 * mm
    if certificate.game:
        y = _parts(pdf, font, certificate, width, y, x)
    else:
        pdf.setFont(font.regular, 13)
        pdf.drawCentredString(
            width / 2,
            y,
            gettext(
                "passed “%(test)s” with %(right)s of %(total)s right (%(percent)s%%) on %(day)s"
            )
            % {
                "test": test.title,
                "right": sitting.right,
                "total": sitting.total,
                "percent": sitting.percent,
                "day": when(sitting.finished_at, "day"),
            },
        )
        if test.pace_required:
            y -= 7 * mm
            pdf.drawCentredString(
                width / 2, y, gettext("Pace: %(pace)s") % {"pace": context["pace_words"]}
            )
        y -= 12 * mm
        pdf.setFont(font.bold, 11)
        for label, offset, _ in COLUMNS:
            pdf.drawString(x + offset * mm, y, str(label))
        pdf.setFont(font.regular, 11)
        for section in context["sections"]:
            y -= 7 * mm
            cells = (
                section["game"],
                section["title"],
                str(section["level"]),
                gettext("%(right)s of %(total)s")
                % {"right": section["right"], "total": section["total"]},
            )
            for text, (_, offset, room) in zip(cells, COLUMNS, strict=True):
                pdf.drawString(x + offset * mm, y, fitted(text, font.regular, 11, room * mm))
    y -= 14 * mm
    pdf.drawString(
        x + 120 * mm, y, gettext("Issued: %(when)s") % {"when": when(certificate.issued_at)}
    )
    # the signature line: the supervisor signs the printed paper for the house
    y -= 14 * mm
    pdf.setLineWidth(0.6)
    pdf.line(x, y, x + 90 * mm, y)
    y -= 5 * mm
    pdf.setFont(font.regular, 10)
    signed = gettext("Signed for %(house)s: %(name)s, supervisor")
    pdf.drawString(x, y, signed % {"house": house, "name": person_name(certificate.signed_by)})
    y -= 9 * mm
    pdf.setFont(font.mono, 10)
    pdf.drawString(x, y, gettext("Verification code: %(code)s") % {"code": certificate.code})
    y -= 6 * mm
    pdf.drawString(x, y, gettext("Check it at %(url)s") % {"url": context["verify_url"]})
    if certificate.expires_at is not None:
        y -= 6 * mm
        pdf.drawString(
            x, y, gettext("Valid until %(day)s") % {"day": when(certificate.expires_at, "day")}
        )
    stamp = (
        gettext("REVOKED")
        if certificate.is_revoked
        else gettext("EXPIRED")
        if certificate.is_expired
        else ""
    )
    if stamp:
        pdf.setFont(font.bold, 40)
        pdf.setFillColorRGB(0.7, 0, 0)
        pdf.drawCentredString(width / 2, height / 2, stamp)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def part_words(part: dict) -> str:
    """One part of a game's certification as the PDF lists it."""
    if part["part"] == "test":
        return (
            gettext("Written test “%(title)s”: %(right)s of %(total)s right (%(percent)s%%)") % part
        )
    if part["part"] == "hours":
        return gettext("Practice on the site: %(hours)s hours (of %(required)s asked)") % part
    return gettext("Table test passed at %(table)s, judged by %(supervisor)s") % part


def _parts(pdf, font, certificate, width, y, x) -> float:
    """The game certified and each part with its day; returns where the text ends."""
    pdf.setFont(font.regular, 13)
    pdf.drawCentredString(
        width / 2,
        y,
        gettext(
            "is a certified dealer of %(game)s, having met every part of the house's certification:"
        )
        % {"game": certificate.game_title},
    )
    y -= 6 * mm
    pdf.setFont(font.regular, 11)
    for part in certificate.part_rows:
        y -= 7 * mm
        pdf.drawString(x, y, fitted(part_words(part), font.regular, 11, 150 * mm))
        pdf.drawString(x + 160 * mm, y, when(part["at"], "day"))
    return y
