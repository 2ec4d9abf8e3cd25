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


def _person(user) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.get_username()


def certificate_as_pdf(context: dict) -> bytes:
    certificate = context["certificate"]
    test = context["test"]
    sitting = context["sitting"]
    font = fonts()
    buffer = BytesIO()
    width, height = landscape(A4)
    pdf = canvas.Canvas(buffer, pagesize=(width, height))
    pdf.setTitle(f"Certificate: {test.title}")
    pdf.setAuthor(str(test.house))
    pdf.setLineWidth(2)
    pdf.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
    y = height - 40 * mm
    pdf.setFont(font.bold, 26)
    pdf.drawCentredString(width / 2, y, "Certificate")
    y -= 14 * mm
    pdf.setFont(font.regular, 13)
    pdf.drawCentredString(width / 2, y, f"{test.house} certifies that")
    y -= 12 * mm
    pdf.setFont(font.bold, 20)
    pdf.drawCentredString(width / 2, y, _person(certificate.trainee))
    y -= 11 * mm
    pdf.setFont(font.regular, 13)
    pdf.drawCentredString(
        width / 2,
        y,
        f"passed “{test.title}” with {sitting.right} of {sitting.total} right "
        f"({sitting.percent}%) on {when(sitting.finished_at, 'day')}",
    )
    if test.pace_required:
        y -= 7 * mm
        pdf.drawCentredString(width / 2, y, f"Pace: {context['pace_words']}")
    y -= 12 * mm
    pdf.setFont(font.bold, 11)
    x = 40 * mm
    for label, offset in (("Game", 0), ("Section", 60), ("Level", 140), ("Score", 165)):
        pdf.drawString(x + offset * mm, y, label)
    pdf.setFont(font.regular, 11)
    for section in context["sections"]:
        y -= 7 * mm
        pdf.drawString(x, y, section["game"])
        pdf.drawString(x + 60 * mm, y, section["title"])
        pdf.drawString(x + 140 * mm, y, str(section["level"]))
        pdf.drawString(x + 165 * mm, y, f"{section['right']} of {section['total']}")
    y -= 14 * mm
    pdf.drawString(x, y, f"Supervisor: {_person(certificate.signed_by)}")
    pdf.drawString(x + 120 * mm, y, f"Issued: {when(certificate.issued_at)}")
    y -= 8 * mm
    pdf.setFont(font.mono, 10)
    pdf.drawString(x, y, f"Verification code: {certificate.code}")
    y -= 6 * mm
    pdf.drawString(x, y, f"Check it at {context['verify_url']}")
    if certificate.is_revoked:
        pdf.setFont(font.bold, 40)
        pdf.setFillColorRGB(0.7, 0, 0)
        pdf.drawCentredString(width / 2, height / 2, "REVOKED")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
