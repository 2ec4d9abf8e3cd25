"""What mispays cost the house (`trainer.audits.costs`): the page, its CSV export and the
lines behind each figure.  Audit staff, supervisors and games managers of the house (the
audits' own permission); only their house's reports are counted or listed."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import StreamingHttpResponse
from django.shortcuts import render
from django.template.defaultfilters import date as date_filter
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_GET

from trainer.core import csvsafe
from trainer.core.charts import SIZE, panel
from trainer.core.i18n import render as said_text
from trainer.core.numbers import localized
from trainer.engine.catalog import title_of

from .costs import GROUPINGS, Costs, Figure, Selection, costs, lines_of
from .forms import CostsForm
from .models import situation_said
from .views import LINES_PER_PAGE, Pending, auditor_only

#: each grouping's heading, as the page and the CSV's `group` column name it
HEADINGS = {
    "game": gettext_lazy("By game"),
    "situation": gettext_lazy("By kind of error"),
    "dealer": gettext_lazy("By dealer"),
    "table": gettext_lazy("By table"),
    "shift": gettext_lazy("By shift"),
}
COLUMN = {
    "game": gettext_lazy("Game"),
    "situation": gettext_lazy("What went wrong"),
    "dealer": pgettext_lazy("the person who dealt", "Dealer"),
    "table": gettext_lazy("Table"),
    "shift": gettext_lazy("Shift"),
}
CSV_COLUMNS = (
    "group",
    "name",
    "mispays",
    "overpaid",
    "underpaid",
    "misdirected",
    "hands",
    "per_1000_hands",
)


def _selection(request) -> tuple[CostsForm, Selection | None]:
    house = request.user.house
    form = CostsForm(request.GET or None, house=house) if house is not None else None
    if house is None:
        return form, None
    if form.is_bound and not form.is_valid():
        return form, None
    data = form.cleaned_data if form.is_bound else {}
    return form, Selection(
        house=house,
        start=data.get("start"),
        end=data.get("end"),
        reports=tuple(sorted(report.pk for report in data.get("reports") or ())),
    )


def _name(group: str, figure: Figure) -> str:
    if group == "game":
        return said_text(title_of(figure.name)) if figure.name else "—"
    if group == "situation":
        return situation_said(figure.name) if figure.name else "—"
    return figure.name or "—"


@dataclass(frozen=True)
class Row:
    name: str
    figure: Figure
    lines_url: str


def _query(selection: Selection, **more) -> str:
    values: list[tuple[str, str]] = []
    if selection.start:
        values.append(("start", selection.start.isoformat()))
    if selection.end:
        values.append(("end", selection.end.isoformat()))
    values += [("reports", str(pk)) for pk in selection.reports]
    values += list(more.items())
    return urlencode(values)


def _tables(selection: Selection, found: Costs) -> list[dict]:
    return [
        {
            "group": group,
            "heading": HEADINGS[group],
            "column": COLUMN[group],
            "rows": [
                Row(_name(group, f), f, "?" + _query(selection, group=group, key=f.key))
                for f in found.groups[group]
            ],
        }
        for group in GROUPINGS
    ]


def _trend(found: Costs) -> list:
    """The money by week, one panel for what the house lost and one for what players were
    shorted (never netted), drawn on the server as the progress pages' trend is."""
    if not found.weeks:
        return []
    ticks = [date_filter(week.start, "d M") for week in found.weeks]
    lost = [week.overpaid for week in found.weeks]
    shorted = [week.underpaid for week in found.weeks]
    return [
        panel(gettext("Overpaid by week (from Monday)"), lost, ticks, max(lost) or 1, _money),
        panel(
            gettext("Underpaid by week (from Monday)"), shorted, ticks, max(shorted) or 1, _money
        ),
    ]


def _money(value) -> str:
    return localized(f"{int(value):,}")


@login_required
@auditor_only
@require_GET
def costs_page(request):
    form, selection = _selection(request)
    context: dict = {"form": form}
    if request.user.house is None:
        context["no_house"] = True
    elif selection is not None:
        found = costs(selection)
        context.update(
            selection=selection,
            total=found.total,
            tables=_tables(selection, found),
            weeks=[
                (w, "?" + _query(selection, group="week", key=w.start.isoformat()))
                for w in found.weeks
            ],
            panels=_trend(found),
            size=SIZE,
            all_lines="?" + _query(selection),
            csv_query=_query(selection),
        )
    status = 400 if form is not None and form.is_bound and form.errors else 200
    return render(request, "audits/costs.html", context, status=status)


@login_required
@auditor_only
@require_GET
def cost_lines(request):
    """The mispaid lines behind one figure of the cost page, each linking to its hand."""
    form, selection = _selection(request)
    group, key = request.GET.get("group", ""), request.GET.get("key", "")
    context: dict = {"form": form, "no_house": request.user.house is None}
    status = 200
    if selection is None:
        status = 400 if request.user.house is not None else 200
    else:
        lines = lines_of(selection, group, key).select_related("report").order_by("-at", "pk")
        page = Paginator(lines, LINES_PER_PAGE).get_page(request.GET.get("page"))
        context.update(
            page=page,
            query=_query(selection, group=group, key=key),
            back="?" + _query(selection),
            rows=[
                {
                    "line": line,
                    "game": said_text(title_of(line.game)) if line.game else "—",
                    "situation": situation_said(line.situation) if line.situation else "—",
                }
                for line in page
            ],
        )
    return render(request, "audits/cost_lines.html", context, status=status)


def _csv_rows(found: Costs):
    out = Pending()
    writer = csvsafe.writer(out)
    writer.writerow(CSV_COLUMNS)
    yield out.take()
    for group, figures in [("total", [found.total]), *found.groups.items()]:
        for f in figures:
            writer.writerow(
                [
                    group,
                    f.name,
                    f.mispays,
                    f.overpaid,
                    f.underpaid,
                    f.misdirected,
                    "" if f.hands is None else f.hands,
                    "" if f.per_thousand is None else f"{f.per_thousand:.2f}",
                ]
            )
            yield out.take()
    for week in found.weeks:
        writer.writerow(
            [
                "week",
                week.start.isoformat(),
                week.mispays,
                week.overpaid,
                week.underpaid,
                week.misdirected,
                "",
                "",
            ]
        )
        yield out.take()


@login_required
@auditor_only
@require_GET
def costs_csv(request):
    """The cost page's figures as CSV (English column names, the log's own names; a cell a
    spreadsheet would run as a formula is written as text, `trainer.core.csvsafe`)."""
    form, selection = _selection(request)
    if selection is None:
        return costs_page(request)
    response = StreamingHttpResponse(
        _csv_rows(costs(selection)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="mispay-costs.csv"'
    return response
