"""Records that leave the site: a dealer's personnel file and the
house's register, each as CSV (formula-safe, as every export) and PDF (reportlab, as the
certificates).  What each line holds is the standing the pages show (`standing.standing`),
with each certificate's verify link.  English column names and status codes, as every
export: they are read by HR's and a regulator's tools, not by the reader."""

from __future__ import annotations

from io import BytesIO

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from trainer.assessments.models import Certificate
from trainer.assessments.pdf import fonts, person_name
from trainer.houses.models import User
from trainer.roster.models import Cohort

from .models import Requirement, TableTest
from .standing import standing

#: the statuses a game's certification has, as the exports write them and a page names them
STATUSES = {
    "certified": _("certified"),
    "at risk": _("at risk"),
    "renewal due": _("renewal due"),
    "expired": _("expired"),
    "revoked": _("revoked"),
    "not certified": _("not certified"),
}

FILE_COLUMNS = ["house", "dealer", "username", "employee_number", "game", "record", "status",
                "date", "detail", "verify_url"]  # fmt: skip
REGISTER_COLUMNS = ["house", "dealer", "username", "employee_number", "classes", "game",
                    "status", "certified_on", "expires_on", "verify_url"]  # fmt: skip


def _day(moment) -> str:
    """The day of `moment` on the house's clock (the request's time zone is the house's)."""
    return timezone.localdate(moment).isoformat() if moment else ""


def personnel_file(dealer, absolute) -> list[list]:
    """The dealer's personnel file as rows of `FILE_COLUMNS`: per game the house certifies,
    the current status, each certificate (renewals included) with its parts, and each table
    test with the judging supervisor and every point.  `absolute` makes a path a full
    address (the request's `build_absolute_uri`)."""
    head = [dealer.house.name, person_name(dealer), dealer.get_username(),
            dealer.employee_number]  # fmt: skip
    rows = []
    for requirement in Requirement.objects.filter(house_id=dealer.house_id):
        game = requirement.game_title
        found = standing(requirement, dealer)
        until = found.certificate.expires_at if found.certificate else None
        rows.append([*head, game, "status", found.status, _day(until), "", ""])
        certificates = Certificate.objects.filter(trainee=dealer, game=requirement.game)
        for c in certificates.select_related("sitting__assignment__test__house").order_by(
            "issued_at", "pk"
        ):
            verify = absolute(reverse("assessments:verify", args=[c.code]))
            detail = f"code {c.code}; valid until {_day(c.expires_at) or 'no expiry'}"
            if c.renews_id:
                detail += f"; renews the certificate of {_day(c.renews.issued_at)}"
            rows.append([*head, game, "certificate", c.status, _day(c.issued_at), detail, verify])
            for part in c.part_rows:
                rows.append([*head, game, f"part: {part['part']}", "met", _day(part["at"]),
                             _part_detail(part), verify])  # fmt: skip
        tests = TableTest.objects.filter(dealer=dealer, game=requirement.game).select_related(
            "supervisor", "corrects"
        )
        for t in tests.order_by("signed_at", "pk"):
            verdict = "passed" if t.passed else "not passed"
            if t.corrections.exists():
                verdict += " (corrected)"
            detail = f"table {t.table}; judged by {person_name(t.supervisor)}"
            rows.append([*head, game, "table test", verdict, _day(t.signed_at), detail, ""])
            for p in t.points:
                met = "met" if p["met"] else "not met"
                words = p["words"] + (f" ({p['comment']})" if p.get("comment") else "")
                rows.append([*head, game, "table test point", met, _day(t.signed_at), words, ""])
    return rows


def _part_detail(part: dict) -> str:
    if part["part"] == "test":
        return f"{part['title']}: {part['right']} of {part['total']} ({part['percent']}%)"
    if part["part"] == "hours":
        return f"{part['hours']} hours of {part['required']} asked"
    return f"table {part['table']}; judged by {part['supervisor']}"


def register(house, *, cohort: Cohort | None = None, status: str = "", absolute) -> list[list]:
    """Every dealer of the house (of `cohort` only, if given) by game, as rows of
    `REGISTER_COLUMNS`, of `status` only if given."""
    dealers = User.objects.trainees_of(house).order_by("last_name", "first_name", "username")
    if cohort is not None:
        dealers = dealers.filter(classes=cohort)
    requirements = list(Requirement.objects.filter(house=house))
    rows = []
    for dealer in dealers.prefetch_related("classes"):
        classes = "; ".join(c.name for c in dealer.classes.all())
        for requirement in requirements:
            found = standing(requirement, dealer)
            if status and found.status != status:
                continue
            c = found.certificate
            verify = absolute(reverse("assessments:verify", args=[c.code])) if c else ""
            rows.append([house.name, person_name(dealer), dealer.get_username(),
                         dealer.employee_number, classes, requirement.game_title, found.status,
                         _day(c.issued_at) if c else "", _day(c.expires_at) if c else "",
                         verify])  # fmt: skip
    return rows


def as_pdf(title: str, columns: list[str], rows: list[list]) -> bytes:
    """`rows` under `columns` as a landscape A4 table, its header repeated on every page."""
    font = fonts()
    buffer = BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=landscape(A4), leftMargin=10 * mm, rightMargin=10 * mm,
        topMargin=12 * mm, bottomMargin=12 * mm, title=title,
    )  # fmt: skip
    styles = getSampleStyleSheet()
    cell = styles["BodyText"].clone("cell", fontName=font.regular, fontSize=7, leading=8.5)
    heading = styles["Title"].clone("heading", fontName=font.bold, fontSize=14)
    data = [[Paragraph(c, cell) for c in columns]]
    data += [[Paragraph(_escape(str(v)), cell) for v in row] for row in rows]
    table = Table(data, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.3, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    empty = Paragraph(gettext("Nothing to list."), cell)
    doc.build([Paragraph(_escape(title), heading), Spacer(1, 4 * mm), table if rows else empty])
    return buffer.getvalue()


def _escape(text: str) -> str:
    """Text for a reportlab Paragraph (a small markup of its own)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
