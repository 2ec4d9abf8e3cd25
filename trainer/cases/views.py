"""The cases pages: the list with its search, one case (printable), saving and adding notes.

Only supervisors, games managers and audit staff see cases (others get 403); a case of a house
one does not keep answers 404 exactly as a number no case has."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from trainer.rulings.views import present, request_cards

from . import services
from .forms import NoteForm, SaveCaseForm, SearchForm
from .models import Case
from .services import keeper_houses, may_keep_cases

PER_PAGE = 50


def keepers_only(view):
    @login_required
    @wraps(view)
    def checked(request, *args, **kwargs):
        if not services.may_keep_cases(request.user):
            raise PermissionDenied(
                gettext("Only supervisors, games managers and audit staff see a house's cases.")
            )
        return view(request, *args, **kwargs)

    return checked


def _cases(user):
    return Case.objects.filter(house__in=services.keeper_houses(user)).select_related("house")


@keepers_only
@require_GET
def index(request):
    form = SearchForm(request.GET)
    cases = _cases(request.user)
    searched = ""
    if form.is_valid() and form.cleaned_data["q"].strip():
        searched = form.cleaned_data["q"].strip()
        cases = cases.search(searched)
    page = Paginator(cases, PER_PAGE).get_page(request.GET.get("page"))
    for case in page:
        case.hands = request_cards(case.request)  # each hand with its label, never run together
    context = {"form": form, "page": page, "searched": searched}
    return render(request, "cases/index.html", context)


def _case(user, house: str, number: int) -> Case:
    return get_object_or_404(
        _cases(user).select_related("paytable_version"), house__slug=house, number=number
    )


@keepers_only
@require_GET
def detail(request, house: str, number: int):
    case = _case(request.user, house, number)
    return render(request, "cases/detail.html", _detail_context(case, NoteForm()))


def _detail_context(case: Case, note_form: NoteForm) -> dict:
    shown_cards, answer_rows = present(case.request, case.ruling)
    return {
        "case": case,
        "notes": list(case.notes.all()),
        "shown_cards": shown_cards,
        "answer_rows": answer_rows,
        "ruling_json": services.ruling_json(case),
        "house_rules": services.rules_in_words(case),
        "note_form": note_form,
    }


@keepers_only
@require_POST
def add_note(request, house: str, number: int):
    case = _case(request.user, house, number)
    form = NoteForm(request.POST)
    if form.is_valid():
        try:
            services.add_note(user=request.user, case=case, text=form.cleaned_data["text"])
        except services.CaseRefused as exc:
            form.add_error("text", str(exc))
        else:
            messages.success(request, gettext("Note added."))
            return redirect("cases:detail", house=case.house.slug, number=case.number)
    return render(request, "cases/detail.html", _detail_context(case, form), status=400)


@keepers_only
@require_POST
def save(request):
    form = SaveCaseForm(request.POST, auto_id="case_%s")
    if not form.is_valid():
        error = gettext("This form has expired: rule the hand again, then save it.")
        return render(request, "cases/refused.html", {"error": error}, status=400)
    data = form.cleaned_data
    try:
        saved = services.save_case(
            user=request.user, request_text=data["request"], note=data["note"], token=data["token"]
        )
    except services.CaseRefused as exc:
        if exc.field == "note":
            # the hand can be ruled: show the form again, to shorten the note and save
            form.add_error("note", exc.message)
            return render(request, "cases/refused.html", {"form": form}, status=400)
        return render(request, "cases/refused.html", {"error": exc.message}, status=400)
    case = saved.case
    if saved.created:
        messages.success(
            request,
            gettext("Saved as case %(number)s of %(house)s.")
            % {"number": case.number, "house": case.house},
        )
    else:
        messages.info(
            request,
            gettext("This ruling was already saved, as case %(number)s.") % {"number": case.number},
        )
    return redirect("cases:detail", house=case.house.slug, number=case.number)


def save_as_case(user, ruling_request: dict) -> tuple[SaveCaseForm | None, str]:
    """The "Save as a case" form under a ruling, for those who keep a house's cases (or why
    this ruling cannot be kept: a case belongs to a house, so it must be ruled by one)."""
    if not may_keep_cases(user):
        return None, ""
    if keeper_houses(user).filter(slug=ruling_request.get("house") or "").exists():
        return SaveCaseForm.for_request(ruling_request), ""
    return None, gettext(
        "To keep this ruling as a case, rule it with your house's rules (“Rules of”)."
    )
