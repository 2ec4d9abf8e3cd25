"""The certification pages: a dealer's own standing, the house's grid for its supervisors,
what certifies a dealer in each game (games managers), and the table test (supervisors)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from trainer.core import csvsafe
from trainer.houses.models import User
from trainer.roster.models import Cohort

from . import readiness, records, services
from .forms import RequirementForm, TableTestForm
from .models import Requirement, TableTest, game_choices
from .standing import figures, standing

definer_only = permission_required("certification.define_certifications", raise_exception=True)
judge_only = permission_required("certification.judge_table_tests", raise_exception=True)


def _house(request):
    if request.user.house_id is None:
        raise PermissionDenied(gettext("You belong to no house, so it certifies no one for you."))
    return request.user.house


def _requirements(house):
    return list(Requirement.objects.filter(house=house).select_related("test", "house"))


@login_required
@require_GET
def index(request):
    """A dealer's standing in each game their house certifies; for supervisors, the house's
    dealers by game."""
    house = _house(request)
    requirements = _requirements(house)
    context = {"requirements": requirements, "house": house}
    if request.user.has_perm("houses.practise_drills"):
        context["mine"] = [standing(r, request.user) for r in requirements]
        context["my_plans"] = readiness.plans(request.user)
        context["my_table_tests"] = TableTest.objects.filter(dealer=request.user)
    if request.user.has_perm("houses.review_trainees"):
        dealers = User.objects.trainees_of(house).order_by("last_name", "first_name", "username")
        context["grid"] = [
            {"dealer": d, "standings": [standing(r, d) for r in requirements]} for d in dealers
        ]
    return render(request, "certification/index.html", context)


@login_required
@definer_only
@require_GET
def define(request):
    house = _house(request)
    held = {r.game: r for r in _requirements(house)}
    games = [
        {"slug": slug, "title": title, "requirement": held.get(slug)}
        for slug, title in game_choices()
    ]
    return render(request, "certification/define.html", {"games": games, "house": house})


@login_required
@definer_only
@require_http_methods(["GET", "POST"])
def define_game(request, game):
    house = _house(request)
    titles = dict(game_choices())
    if game not in titles:
        raise Http404(gettext("There is no such game."))
    requirement = Requirement.objects.filter(house=house, game=game).first()
    form = RequirementForm(request.POST or None, instance=requirement, house=house)
    if request.method == "POST" and form.is_valid():
        saved = form.save(commit=False)
        saved.house, saved.game, saved.changed_by = house, game, request.user
        saved.save()
        messages.success(
            request, gettext("Saved: what certifies a dealer in %(game)s.") % {"game": titles[game]}
        )
        return redirect("certification:define")
    return render(
        request,
        "certification/define_game.html",
        {"form": form, "game_title": titles[game], "game": game, "requirement": requirement},
    )


def _dealer_of_house(request, user_id):
    house = _house(request)
    return get_object_or_404(User.objects.trainees_of(house), pk=user_id)


@login_required
@permission_required("houses.review_trainees", raise_exception=True)
@require_GET
def dealer(request, user_id):
    person = _dealer_of_house(request, user_id)
    requirements = _requirements(person.house)
    return render(
        request,
        "certification/dealer.html",
        {
            "dealer": person,
            "standings": [standing(r, person) for r in requirements],
            "table_tests": TableTest.objects.filter(dealer=person).select_related("supervisor"),
            "may_judge": services.may_judge(request.user, person),
            "plans": readiness.plans(person),
        },
    )


@login_required
@judge_only
@require_http_methods(["GET", "POST"])
def judge(request, user_id, game):
    """The table test: the points, the dealer's figures beside them, signed with the
    supervisor's password."""
    person = _dealer_of_house(request, user_id)
    requirement = get_object_or_404(Requirement, house=person.house, game=game)
    if not services.may_judge(request.user, person):
        raise PermissionDenied(gettext("A dealer never judges their own table test."))
    found = standing(requirement, person)
    form = TableTestForm(
        request.POST or None,
        points=requirement.points(),
        request=request,
        dealer=person,
        game=game,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            test = services.sign_table_test(
                requirement=requirement,
                dealer=person,
                supervisor=request.user,
                table=data["table"],
                judged=form.judged(),
                passed=data["verdict"] == "pass",
                comment=data["comment"],
                corrects=data["corrects"],
                token=data["token"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, gettext("Table test signed: it can no longer be changed."))
            return redirect("certification:table-test", test.pk)
    return render(
        request,
        "certification/judge.html",
        {
            "dealer": person,
            "requirement": requirement,
            "form": form,
            "standing": found,
            "figures": figures(person, game),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_GET
def table_test(request, test_id):
    test = get_object_or_404(
        TableTest.objects.visible_to(request.user).select_related("dealer", "supervisor"),
        pk=test_id,
    )
    return render(
        request,
        "certification/table_test.html",
        {"test": test, "corrections": test.corrections.all()},
    )


# -- records that leave the site ------------------------------------------------------------


def _download(content, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _csv(filename: str, columns: list[str], rows: list[list]) -> HttpResponse:
    response = _download(b"", "text/csv; charset=utf-8", filename)
    writer = csvsafe.writer(response)
    writer.writerow(columns)
    writer.writerows(rows)
    return response


@login_required
@permission_required("houses.review_trainees", raise_exception=True)
@require_GET
def personnel_file(request, user_id, fmt):
    """The dealer's personnel file: CSV, or PDF."""
    person = _dealer_of_house(request, user_id)
    if fmt not in ("csv", "pdf"):
        raise Http404(gettext("The file comes as CSV or PDF."))
    rows = records.personnel_file(person, request.build_absolute_uri)
    name = f"personnel-file-{person.get_username()}"
    if fmt == "csv":
        return _csv(f"{name}.csv", records.FILE_COLUMNS, rows)
    title = gettext("Personnel file: %(name)s, %(house)s") % {
        "name": person.get_full_name() or person.get_username(),
        "house": person.house.name,
    }
    pdf = records.as_pdf(title, records.FILE_COLUMNS, rows)
    return _download(pdf, "application/pdf", f"{name}.pdf")


class RegisterForm(forms.Form):
    cohort = forms.ModelChoiceField(
        label=gettext_lazy("Class"),
        queryset=Cohort.objects.none(),
        required=False,
        empty_label=gettext_lazy("every class"),
    )
    status = forms.ChoiceField(label=gettext_lazy("Status"), required=False)

    def __init__(self, *args, house, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cohort"].queryset = Cohort.objects.filter(house=house).order_by("name")
        self.fields["status"].choices = [
            ("", gettext_lazy("every status")),
            *records.STATUSES.items(),
        ]


@login_required
@permission_required("houses.review_trainees", raise_exception=True)
@require_GET
def register(request, fmt=""):
    """The house's register: every dealer's status per game, by class and status; as a page,
    CSV or PDF.  A filter that is not one of the house's classes or statuses is refused in
    words (400), never ignored."""
    house = _house(request)
    if fmt not in ("", "csv", "pdf"):
        raise Http404(gettext("The register comes as CSV or PDF."))
    form = RegisterForm(request.GET or None, house=house)
    if request.GET and not form.is_valid():
        return render(request, "certification/register.html", {"form": form}, status=400)
    data = form.cleaned_data if request.GET else {}
    rows = records.register(
        house,
        cohort=data.get("cohort"),
        status=data.get("status", ""),
        absolute=request.build_absolute_uri,
    )
    if fmt == "csv":
        return _csv("register.csv", records.REGISTER_COLUMNS, rows)
    if fmt == "pdf":
        title = gettext("Register of certification: %(house)s") % {"house": house.name}
        return _download(records.as_pdf(title, records.REGISTER_COLUMNS, rows),
                         "application/pdf", "register.pdf")  # fmt: skip
    query = request.GET.urlencode()
    return render(
        request,
        "certification/register.html",
        {"form": form, "rows": rows, "query": query, "statuses": records.STATUSES},
    )
