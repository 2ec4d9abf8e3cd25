"""The log's dealers as the house's people, on the pages: naming an unmatched dealer from a
report ("this is …"), the house's log names (each can be removed, unlinking its lines), and
a person's audit record.  Thin views: the writes are `trainer.audits.findings`.

Audit staff (the audit permission: supervisors and games managers) name dealers, and see
the names and records of their own house only; a dealer sees their own record only; anyone
else's record answers 404 exactly as nobody's."""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Max, Min, Sum
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from trainer.engine.catalog import title_of
from trainer.houses.models import User

from . import findings
from .forms import AliasForm, person_words
from .models import AuditLine, AuditReport, LogAlias, situation_said
from .views import _report

auditor_only = permission_required("audits.audit_hands", raise_exception=True)


def _house(request):
    if request.user.house_id is None:
        raise PermissionDenied(gettext("You belong to no house: it has no log names."))
    return request.user.house


@login_required
@auditor_only
@require_POST
def name_dealer(request, report_id: int):
    """ "This is …": the report's unmatched dealer named as one of the house's people; every
    line of the house's reports that carries the name is linked, and its mispays applied."""
    report = _report(request, report_id)
    form = AliasForm(request.POST, house=report.house)
    if not form.is_valid():
        messages.error(request, " ".join(m for ms in form.errors.values() for m in ms))
        return redirect("audits:report", report.pk)
    alias, person = form.cleaned_data["alias"], form.cleaned_data["person"]
    try:
        findings.add_alias(house=report.house, actor=request.user, alias=alias, person=person)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("audits:report", report.pk)
    linked = AuditLine.objects.filter(report__house=report.house, dealer=alias).count()
    messages.success(
        request,
        ngettext(
            "“%(alias)s” is %(person)s: %(count)s line linked. Undo it on the house's log names.",
            "“%(alias)s” is %(person)s: %(count)s lines linked. Undo it on the house's log names.",
            linked,
        )
        % {"alias": alias, "person": person_words(person), "count": linked},
    )
    return redirect("audits:report", report.pk)


@login_required
@auditor_only
@require_GET
def names(request):
    """The house's log names: who each is, who named them and when, each removable."""
    house = _house(request)
    return render(request, "audits/names.html", {"aliases": LogAlias.objects.of_house(house)})


@login_required
@auditor_only
@require_POST
def remove_name(request, alias_id: int):
    try:
        removed = findings.remove_alias(house=_house(request), alias_id=alias_id)
    except ValidationError as exc:
        # another house's name, or one removed meanwhile: as missing as a name never made
        raise Http404(" ".join(exc.messages)) from None
    messages.success(
        request,
        gettext("“%(alias)s” is no longer %(person)s: its lines are unmatched again.")
        % {"alias": removed.alias, "person": person_words(removed.person)},
    )
    return redirect("audits:names")


def _person(request, user_id: int) -> User:
    """The person whose record is asked for: oneself, or one of one's house for audit staff
    (any house for a superuser); else 404."""
    viewer = request.user
    person = User.objects.filter(pk=user_id).select_related("house").first()
    if person is not None and (
        person.pk == viewer.pk
        or viewer.is_superuser
        or (viewer.has_perm("audits.audit_hands") and viewer.house_id == person.house_id)
    ):
        return person
    raise Http404(gettext("There is no audit record of that person for you to see."))


@login_required
@require_GET
def record(request, user_id: int):
    """A person's audit record: the hands they dealt in each audited log (where the log names
    its dealers), their mispays in each, and their mispays by game and situation, first and
    last seen."""
    person = _person(request, user_id)
    names = [n for n, pk in findings.people_by_name(person.house).items() if pk == person.pk]
    lines = AuditLine.objects.filter(person=person, verdict__in=findings.MISPAID)
    mispaid = defaultdict(
        int, lines.values("report").annotate(n=Count("pk")).values_list("report", "n")
    )
    shifts = []
    for report in AuditReport.objects.filter(
        house=person.house, status=AuditReport.Status.DONE
    ).newest_first():
        by_dealer = (report.summary or {}).get("by_dealer") or {}
        dealt = sum(by_dealer[name].get("hands", 0) for name in names if name in by_dealer)
        if dealt or mispaid[report.pk]:
            shifts.append({"report": report, "hands": dealt, "mispaid": mispaid[report.pk]})
    situations = [
        {
            **row,
            "game_title": title_of(row["game"]),
            "situation_said": situation_said(row["situation"]),
        }
        for row in lines.values("game", "situation")
        .annotate(
            count=Count("pk"),
            overpaid=Sum("overpaid"),
            underpaid=Sum("underpaid"),
            first=Min("report__uploaded_at"),
            last=Max("report__uploaded_at"),
        )
        .order_by("game", "-count", "situation")
    ]
    return render(
        request,
        "audits/record.html",
        {
            "person": person,
            "names": sorted(names),
            "shifts": shifts,
            "situations": situations,
            "findings": findings.findings_of(person)[:50],
            "is_staff_view": request.user.has_perm("audits.audit_hands"),
        },
    )
