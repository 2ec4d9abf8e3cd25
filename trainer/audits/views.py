"""Audit pages (supervisors and games managers, their own house; superusers every house):
upload a hand log, follow its audit, read the report, open a mispaid hand, export the
discrepancies.  Another house's report is answered as one that does not exist.  Every write
goes through trainer.audits.services."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from trainer.core import csvsafe
from trainer.core.bodies import body_limit
from trainer.core.i18n import render as said_text
from trainer.drills.access import may_watch
from trainer.drills.services import NOT_A_WATCHER
from trainer.drills.watch import services as watch_services
from trainer.engine.audit import read_at
from trainer.engine.catalog import title_of
from trainer.engine.errors import RulingError
from trainer.rulings.views import request_cards, request_stakes

from . import findings, reaudit, services
from .forms import AliasForm, FilterForm, UploadForm
from .models import AuditLine, AuditReport, situation_said

auditor_only = permission_required("audits.audit_hands", raise_exception=True)

LINES_PER_PAGE = 50
#: the summary's groups, as the report page shows them
GROUPS = (
    ("by_dealer", pgettext_lazy("the person who dealt", "Dealer")),
    ("by_table", gettext_lazy("Table")),
    ("by_game", gettext_lazy("Game")),
    ("by_situation", gettext_lazy("Situation")),
)
CSV_COLUMNS = (
    "line",
    "id",
    "at",
    "table",
    "dealer",
    "game",
    "verdict",
    "situation",
    "paid",
    "correct",
    "difference",
    "overpaid",
    "underpaid",
    "version",
    "error",
)


def _report(request, report_id: int) -> AuditReport:
    reports = AuditReport.objects.visible_to(request.user).select_related("house")
    return get_object_or_404(reports, pk=report_id)


#: a seat's chips in the CSV export, whose cells stay English whoever exports them
CSV_SEAT = "seat %(seat)s: %(chips)s"


def amount(value, *, seat_format: str | None = None) -> str:
    """What was paid or is right, as a dealer reads it: a net, or each seat's chips
    (`seat_format` names a seat's share; by default in the reader's language)."""
    if value is None:
        return "—"
    if isinstance(value, Mapping):
        each = seat_format or gettext("seat %(seat)s: %(chips)s")
        return ", ".join(each % {"seat": seat, "chips": chips} for seat, chips in value.items())
    return str(value)


#: what the upload form sends besides the file (its fields and multipart headers), with room
FORM_AROUND_THE_FILE = 64 * 1024


def _upload_limit() -> int:
    """The most an upload request may be: the largest log, and the form around it."""
    return services.max_upload_bytes() + FORM_AROUND_THE_FILE


def _upload_refused() -> str:
    return gettext(
        "The largest log the site takes is %(size)s: "
        "split the log into shorter ones (by shift or by table) and upload each."
    ) % {"size": filesizeformat(services.max_upload_bytes())}


@body_limit(_upload_limit, message=_upload_refused)
@login_required
@auditor_only
@require_http_methods(["GET", "POST"])
def index(request):
    """The house's reports, newest first, and the upload form."""
    form = UploadForm()
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if request.user.house is None:
            form.add_error(
                None, gettext("You belong to no house, so there is no house to audit for.")
            )
        elif form.is_valid():
            try:
                report = services.store_log(
                    house=request.user.house,
                    user=request.user,
                    upload=form.cleaned_data["log"],
                    format=form.cleaned_data["format"],
                )
            except ValidationError as exc:
                form.add_error("log", exc)
            else:
                messages.success(
                    request,
                    gettext("“%(name)s” is uploaded and queued for audit.") % {"name": report.name},
                )
                return redirect("audits:report", report.pk)
    reports = AuditReport.objects.visible_to(request.user).select_related("house", "uploaded_by")
    status = 400 if form.errors else 200
    house = request.user.house
    return render(
        request,
        "audits/index.html",
        {
            "form": form,
            "reports": reports.newest_first()[:200],
            # the dealers whose mispays no later audited shift has followed clean
            "reaudits": reaudit.due(house) if house is not None else [],
            "reaudit_days": house.reaudit_days if house is not None else None,
        },
        status=status,
    )


#: the example logs the upload form offers: one of each format the audit reads, the same
#: hands in both (tests/audits/test_example_log.py audits them)
EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
EXAMPLE_TYPES = {"jsonl": "application/x-ndjson", "csv": "text/csv"}


@login_required
@auditor_only
@require_GET
def example_log(request, format: str):
    """A small hand log to download: what a line holds, as a file the upload form takes."""
    if format not in EXAMPLE_TYPES:
        raise Http404(gettext("No such example."))
    response = HttpResponse(
        (EXAMPLES_DIR / f"shift.{format}").read_bytes(),
        content_type=f"{EXAMPLE_TYPES[format]}; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="example-shift.{format}"'
    return response


def _group_name(key: str, name: str) -> str:
    if key == "by_game":
        return said_text(title_of(name))
    # a situation's key stays English (filters and the CSV export use it); the page says it
    return situation_said(name) if key == "by_situation" else name


def _groups(summary: dict) -> list[dict]:
    groups = []
    for key, label in GROUPS:
        rows = [
            {"name": _group_name(key, name), "counts": counts}
            for name, counts in (summary.get(key) or {}).items()
        ]
        groups.append({"key": key, "label": label, "rows": rows})
    return groups


@login_required
@auditor_only
@require_GET
def report(request, report_id: int):
    report = _report(request, report_id)
    context = {"report": report}
    if report.status == AuditReport.Status.DONE:
        filters = FilterForm(request.GET or None, report=report)
        values = filters.values()
        lines = report.lines.filtered(**values)
        page = Paginator(lines, LINES_PER_PAGE).get_page(request.GET.get("page"))
        context.update(
            filters=filters,
            query=urlencode(values),
            page=page,
            rows=[_line_row(line) for line in page],
            summary=report.summary,
            groups=_groups(report.summary),
            versions=[
                (said_text(title_of(game)), labels) for game, labels in report.versions.items()
            ],
            # a watch set of these mispaid hands, for the floor team
            may_make_set=may_watch(request.user) and report.lines.exclude(verdict="error").exists(),
            set_filters=[(n, v) for n, v in values.items() if n in SET_FILTERS],
            set_title=gettext("Mispays of %(name)s") % {"name": report.name},
            # this log's dealers due a re-audit, with the day the house's window closes
            reaudits=reaudit.due(
                report.house,
                people=report.lines.exclude(person=None).values_list("person", flat=True),
            ),
            reaudit_days=report.house.reaudit_days,
            # the dealers none of the house's people is, each with its "this is …" form
            unmatched=[
                AliasForm(house=report.house, initial={"alias": name}, auto_id=f"name{i}-%s")
                for i, name in enumerate(findings.unmatched(report))
            ],
        )
    return render(request, "audits/report.html", context)


def _line_row(line: AuditLine) -> dict:
    logged = line.request if isinstance(line.request, Mapping) else {}
    return {
        "line": line,
        "game": said_text(title_of(line.game)) if line.game else "—",
        "paid": amount(line.result.get("paid")),
        "correct": amount(line.result.get("correct")),
        "error": (line.result.get("error") or {}).get("message", ""),
        # the log's own name of the hand and when it was dealt, where the log gives them
        "hand": _hand_id(logged),
        "at": _hand_time(logged),
    }


def _hand_id(logged: Mapping) -> str:
    value = logged.get("id")
    return str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""


def _hand_time(logged: Mapping):
    """When the log says the hand was dealt (a time without a zone is the site's, as the
    audit reads it); None when it says nothing readable."""
    try:
        moment = read_at(logged)
    except RulingError:
        return None
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_default_timezone())
    return moment


@login_required
@auditor_only
@require_GET
def status(request, report_id: int):
    """The progress block, for htmx to poll; once the audit is over, the page reloads."""
    report = _report(request, report_id)
    if not request.htmx:
        return redirect("audits:report", report.pk)
    if not report.under_way:
        return HttpResponseClientRefresh()
    return render(request, "audits/_status.html", {"report": report, "polled": True})


@login_required
@auditor_only
@require_GET
def line(request, report_id: int, number: int):
    """One line the audit found wrong: the cards, what was paid, what is right, and why."""
    report = _report(request, report_id)
    found = get_object_or_404(report.lines, number=number)
    shown = []
    if found.verdict != "error":
        # a line that could not be ruled may hold anything where cards belong: it is shown as
        # it was logged, below, never laid out as cards
        shown = request_cards(found.request)
    return render(
        request,
        "audits/line.html",
        {
            "report": report,
            "row": _line_row(found),
            "shown_cards": shown,
            "stakes": request_stakes(found.request) if found.verdict != "error" else [],
            "steps": found.result.get("steps") or [],
            "line_json": json.dumps(found.request, indent=2, ensure_ascii=False)
            if found.request is not None
            else found.raw,
        },
    )


class Pending:
    """A stream for the CSV writer that hands back what was written since last asked."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def take(self) -> str:
        text, self.text = self.text, ""
        return text


def _csv_rows(lines) -> Iterator[str]:
    out = Pending()
    writer = csvsafe.writer(out)
    writer.writerow(CSV_COLUMNS)
    yield out.take()
    for line in lines.iterator(chunk_size=1000):
        request = line.request if isinstance(line.request, dict) else {}
        result = line.result
        writer.writerow(
            [
                line.number,
                "" if result.get("id") is None else str(result["id"]),
                str(request.get("at") or ""),
                line.table,
                line.dealer,
                line.game,
                line.verdict,
                line.situation,
                amount(result.get("paid"), seat_format=CSV_SEAT)
                if result.get("paid") is not None
                else "",
                amount(result.get("correct"), seat_format=CSV_SEAT)
                if result.get("correct") is not None
                else "",
                line.difference,
                line.overpaid,
                line.underpaid,
                line.version,
                (result.get("error") or {}).get("message", ""),
            ]
        )
        yield out.take()


@login_required
@auditor_only
@require_GET
def report_csv(request, report_id: int):
    """The discrepancies (mispays and lines that could not be ruled), as filtered."""
    report = _report(request, report_id)
    filters = FilterForm(request.GET or None, report=report)
    lines = report.lines.filtered(**filters.values())
    response = StreamingHttpResponse(_csv_rows(lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="audit-{report.pk}.csv"'
    return response


#: the filters a watch set takes over from the report page (a set by dealer or table would
#: name who made the mispays: the set never says)
SET_FILTERS = ("verdict", "game", "situation")


@login_required
@auditor_only
@require_POST
def watch_set(request, report_id: int):
    """A watch set for the house's floor team of the report's mispaid hands, as the
    page filters them by verdict, game and situation: the hands without the dealers' names,
    shown on the Watch page."""
    report = _report(request, report_id)
    if not may_watch(request.user):
        raise PermissionDenied(NOT_A_WATCHER)
    if report.status != AuditReport.Status.DONE:
        messages.info(
            request, gettext("The audit is not finished: its mispaid hands are not all known.")
        )
        return redirect("audits:report", report.pk)
    values = FilterForm(request.POST, report=report).values()
    chosen = {name: value for name, value in values.items() if name in SET_FILTERS}
    lines = report.lines.filtered(**chosen).exclude(verdict="error").order_by("number")
    title = request.POST.get("title", "").strip() or gettext("Mispays of %(name)s") % {
        "name": report.name
    }
    try:
        made = watch_services.make_set(
            house=report.house,
            by=request.user,
            title=title,
            lines=(line.request for line in lines.iterator(chunk_size=200)),
            source=gettext("the audit of %(name)s") % {"name": report.name},
            report_id=report.pk,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("audits:report", report.pk)
    count = len(made.hands)
    values = {"title": made.title, "count": count, "left_out": made.left_out_words}
    if made.left_out_words:
        # fewer hands than the audit's mispays chosen: the set says which were left and why
        said = ngettext(
            "“%(title)s”: a watch set of %(count)s mispaid hand, without the dealers' names, "
            "for the floor team to watch (%(left_out)s).",
            "“%(title)s”: a watch set of %(count)s mispaid hands, without the dealers' names, "
            "for the floor team to watch (%(left_out)s).",
            count,
        )
    else:
        said = ngettext(
            "“%(title)s”: a watch set of %(count)s mispaid hand, without the dealers' names, "
            "for the floor team to watch.",
            "“%(title)s”: a watch set of %(count)s mispaid hands, without the dealers' names, "
            "for the floor team to watch.",
            count,
        )
    messages.success(request, said % values)
    return redirect("watch:index")


@login_required
@auditor_only
@require_POST
def run_again(request, report_id: int):
    report = _report(request, report_id)
    if services.run_again(report):
        messages.success(request, gettext("The audit is queued again; it starts over from line 1."))
    else:
        messages.info(request, gettext("The audit is not stopped: there is nothing to run again."))
    return redirect("audits:report", report.pk)


@login_required
@auditor_only
@require_http_methods(["GET", "POST"])
def delete(request, report_id: int):
    """Asks first (GET), deletes on POST: the report, its log and its rows; an audit under
    way is stopped first (the page says so before, the message after)."""
    report = _report(request, report_id)
    if request.method == "POST":
        name = report.name
        if services.delete_report(report):
            messages.success(
                request, gettext("The audit of “%(name)s” is stopped and deleted.") % {"name": name}
            )
        else:
            messages.success(
                request, gettext("The audit of “%(name)s” is deleted.") % {"name": name}
            )
        return redirect("audits:index")
    return render(request, "audits/delete.html", {"report": report})
