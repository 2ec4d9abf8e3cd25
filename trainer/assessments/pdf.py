"""A certificate as a PDF, drawn with reportlab (pure Python, its own standard fonts: nothing
to install on the server).  The same context as the printable page."""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from trainer.core.times import when


def _person(user) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.get_username()


def certificate_as_pdf(context: dict) -> bytes:
    certificate = context["certificate"]
    test = context["test"]
    sitting = context["sitting"]
    buffer = BytesIO()
    width, height = landscape(A4)
    pdf = canvas.Canvas(buffer, pagesize=(width, height))
    pdf.setTitle(f"Certificate: {test.title}")
    pdf.setAuthor(str(test.house))
    pdf.setLineWidth(2)
    pdf.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
    y = height - 40 * mm
    pdf.setFont("Helvetica-Bold", 26)
    pdf.drawCentredString(width / 2, y, "Certificate")
    y -= 14 * mm
    pdf.setFont("Helvetica", 13)
    pdf.drawCentredString(width / 2, y, f"{test.house} certifies that")
    y -= 12 * mm
    pdf.setFont("Helvetica-Bold", 20)
    pdf.drawCentredString(width / 2, y, _person(certificate.trainee))
    y -= 11 * mm
    pdf.setFont("Helvetica", 13)
    pdf.drawCentredString(
        width / 2,
        y,
        f"passed “{test.title}” with {sitting.right} of {sitting.total} right "
        f"({sitting.percent}%) on {when(sitting.finished_at, 'day')}",
    )
    y -= 12 * mm
    pdf.setFont("Helvetica-Bold", 11)
    x = 40 * mm
    for label, offset in (("Game", 0), ("Section", 60), ("Level", 140), ("Score", 165)):
        pdf.drawString(x + offset * mm, y, label)
    pdf.setFont("Helvetica", 11)
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
    pdf.setFont("Courier", 10)
    pdf.drawString(x, y, f"Verification code: {certificate.code}")
    y -= 6 * mm
    pdf.drawString(x, y, f"Check it at {context['verify_url']}")
    if certificate.is_revoked:
        pdf.setFont("Helvetica-Bold", 40)
        pdf.setFillColorRGB(0.7, 0, 0)
        pdf.drawCentredString(width / 2, height / 2, "REVOKED")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
