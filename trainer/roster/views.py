"""People (under accounts/people/: a person's page and the actions on their account, adding
trainees one at a time or from a CSV file, the first-sign-in password page).  Thin views:
every write goes through trainer.roster.services.  The Classes pages, which show the
members' progress and tests, are trainer.progress.classes.

Who acts on whom is trainer.roster.people.people_in_charge: anyone else, in another house or
above the actor, answers 404 exactly as nobody does."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required, permission_required
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from trainer.core import csvsafe
from trainer.core.bodies import body_limit
from trainer.drills.practice.models import Enrolment
from trainer.houses.models import User
from trainer.houses.roles import TRAINEE
from trainer.roster.people import may_set_passwords, people_in_charge

from . import imports, services
from .forms import GamesForm, StaffForm, TraineeForm, UploadForm
from .middleware import MUST_CHANGE
from .models import (
    TEMPORARY_PASSWORD_LIFETIME,
    Cohort,
    PersonAction,
    RosterImport,
    TemporaryPassword,
)

enrol_only = permission_required("roster.enrol_trainees", raise_exception=True)
#: the house's staff are added by its games managers
managers_only = permission_required("houses.manage_tables", raise_exception=True)


def house_of(request):
    """The house one enrols trainees into and makes classes in (trainer.progress.classes): the
    user's own; someone of no house is refused."""
    if request.user.house_id is None:
        raise PermissionDenied(gettext("You belong to no house: there is nobody to enrol."))
    return request.user.house


# -- people ------------------------------------------------------------------------------------


def _person(request, user_id) -> User:
    if not may_set_passwords(request.user):
        raise PermissionDenied(gettext("Only supervisors and games managers look after people."))
    person = people_in_charge(request.user).select_related("house").filter(pk=user_id).first()
    if person is None:
        raise Http404(gettext("There is nobody with that id whom you look after."))
    return person


@login_required
@require_GET
def person(request, user_id):
    """A person's account: state, classes, and what was done to it, by whom and when."""
    person = _person(request, user_id)
    enrolled = list(Enrolment.objects.filter(trainee=person).values_list("game", flat=True))
    return render(
        request,
        "roster/person.html",
        {
            "person": person,
            "is_trainee": person.groups.filter(name=TRAINEE).exists(),
            "is_promoted": services.is_promoted(person),
            "games_form": GamesForm(initial={"games": enrolled}),
            "enrolled_words": services.games_words(enrolled),
            "temporary": TemporaryPassword.objects.filter(user=person).first(),
            "failures": services.failed_sign_ins(person),
            "classes": person.classes.all(),
            "actions": PersonAction.objects.filter(subject=person).select_related("actor")[:100],
        },
    )


@login_required
@require_POST
def person_act(request, user_id):
    """Deactivate, reactivate, unlock, give a temporary password (shown once), or set the
    games a trainee is enrolled in."""
    person = _person(request, user_id)
    action = request.POST.get("action", "")
    try:
        if action == "deactivate":
            services.deactivate(actor=request.user, person=person)
            messages.success(
                request,
                gettext("%(name)s is deactivated: they cannot sign in.")
                % {"name": person.get_username()},
            )
        elif action == "reactivate":
            services.reactivate(actor=request.user, person=person)
            messages.success(
                request, gettext("%(name)s can sign in again.") % {"name": person.get_username()}
            )
        elif action == "unlock":
            cleared = services.unlock(actor=request.user, person=person)
            name = person.get_username()
            if cleared:
                said = ngettext(
                    "Sign-in unlocked for %(name)s (%(count)d record of wrong passwords cleared).",
                    "Sign-in unlocked for %(name)s (%(count)d records of wrong passwords cleared).",
                    cleared,
                ) % {"name": name, "count": cleared}
            else:
                said = gettext("Sign-in unlocked for %(name)s.") % {"name": name}
            messages.success(request, said)
        elif action == "games":
            form = GamesForm(request.POST)
            if not form.is_valid():
                raise ValidationError(list(form.errors["games"]))
            games = form.cleaned_data["games"]
            if services.enrol_in_games(actor=request.user, person=person, games=games):
                messages.success(
                    request,
                    gettext("%(name)s is enrolled in %(games)s.")
                    % {"name": person.get_username(), "games": services.games_words(games)},
                )
            else:
                messages.info(request, gettext("Those are the games they are enrolled in already."))
        elif action in ("promote", "withdraw-promotion"):
            promoted = action == "promote"
            if not services.promote(actor=request.user, person=person, promoted=promoted):
                messages.info(request, gettext("Nothing changed: that is how it stands already."))
            elif promoted:
                messages.success(
                    request,
                    gettext(
                        "%(name)s is promoted to watch the game: the watch drills and their "
                        "tests are open to them."
                    )
                    % {"name": person.get_username()},
                )
            else:
                messages.success(
                    request,
                    gettext("%(name)s no longer takes the watch drills.")
                    % {"name": person.get_username()},
                )
        elif action == "employee-number":
            number = request.POST.get("employee_number", "")
            if services.set_employee_number(actor=request.user, person=person, number=number):
                messages.success(
                    request,
                    gettext("%(name)s's employee number is saved.")
                    % {"name": person.get_username()},
                )
            else:
                messages.info(request, gettext("Nothing changed: that is how it stands already."))
        elif action == "temporary-password":
            if not person.is_active:
                raise ValidationError(gettext("Reactivate the account first: it cannot sign in."))
            password = services.give_temporary_password(actor=request.user, person=person)
            return _passwords(request, [services.Enrolled(person, password)])
        else:
            raise ValidationError(gettext("Choose one of the buttons on the person's page."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("person", person.pk)


def _passwords(request, enrolled, *, staged=None):
    """The temporary passwords just given, shown once, with when they stop working."""
    set_at = TemporaryPassword.objects.filter(user__in=[e.user for e in enrolled]).values_list(
        "set_at", flat=True
    )
    return render(
        request,
        "roster/passwords.html",
        {
            "enrolled": enrolled,
            "staged": staged,
            "days": services.TEMPORARY_DAYS,
            "expires": min(set_at) + TEMPORARY_PASSWORD_LIFETIME if set_at else None,
        },
    )


@login_required
@enrol_only
@require_http_methods(["GET", "POST"])
def add_trainee(request):
    house = house_of(request)
    classes = Cohort.objects.filter(house=house)

    def add(data):
        return services.add_trainee(
            actor=request.user,
            house=house,
            username=data["username"],
            first_name=data["first_name"],
            last_name=data["last_name"],
            email=data["email"],
            classes=data["classes"],
        )

    form = TraineeForm(request.POST or None, classes=classes)
    return _adding(request, form, add, "roster/add.html", "form")


@login_required
@managers_only
@require_http_methods(["GET", "POST"])
def add_staff(request):
    """A supervisor or audit staff member of the manager's own house (the form is also on the
    People page), with a temporary password shown once as a trainee's is."""
    house = house_of(request)

    def add(data):
        return services.add_staff(
            actor=request.user,
            house=house,
            role=data["role"],
            username=data["username"],
            first_name=data["first_name"],
            last_name=data["last_name"],
            email=data["email"],
        )

    return _adding(
        request, StaffForm(request.POST or None), add, "roster/add_staff.html", "staff_form"
    )


def _adding(request, form, add, template: str, name: str):
    """A person added from `form` by `add(cleaned_data)`, their temporary password shown once;
    the form again with what was wrong (400), nothing made, on bad input or a refusal."""
    if request.method != "POST":
        return render(request, template, {name: form})
    if form.is_valid():
        try:
            person = add(form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return _passwords(request, [person])
    return render(request, template, {name: form}, status=400)


#: a request this long holds a file over imports.MAX_BYTES, whatever else the form sends:
#: refused before anything reads its body (trainer.core.bodies)
MAX_UPLOAD_REQUEST = imports.MAX_BYTES + 64 * 1024


@login_required
@enrol_only
@require_GET
def import_template(request):
    """The CSV file to fill in for an import: the header row, in a spreadsheet's words."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="trainees.csv"'
    csvsafe.writer(response).writerow(imports.TEMPLATE_HEADINGS)
    return response


@body_limit(MAX_UPLOAD_REQUEST, message=imports.too_large)
@login_required
@enrol_only
@require_http_methods(["GET", "POST"])
def upload(request):
    """Upload a CSV file: nothing is stored but the rows read, waiting for a confirmation,
    and only when every row is good."""
    house = house_of(request)
    form = UploadForm(request.POST or None, request.FILES or None)
    context = {"form": form, "columns": imports.COLUMNS}
    if request.method == "POST":
        if form.is_valid():
            file = form.cleaned_data["file"]
            data = file.read(imports.MAX_BYTES + 1)
            preview, staged = imports.stage_import(
                actor=request.user, house=house, filename=file.name, data=data
            )
            if staged is not None:
                return redirect("people-import-confirm", staged.pk)
            context["preview"] = preview
        return render(request, "roster/import.html", context, status=400)
    return render(request, "roster/import.html", context)


def _staged(request, import_id) -> RosterImport:
    return get_object_or_404(RosterImport, pk=import_id, house=house_of(request))


@login_required
@enrol_only
@require_http_methods(["GET", "POST"])
def confirm_import(request, import_id):
    """The preview and its confirmation (POST: the rows checked again and the import queued
    for the task worker); then the import's progress, and once it is done the temporary
    passwords, shown once to whoever confirmed, or what was created."""
    staged = _staged(request, import_id)
    if request.method == "POST":
        try:
            problems = imports.confirm_import(
                actor=request.user, staged_id=staged.pk, house=staged.house
            )
        except imports.AlreadyImported:
            messages.info(
                request,
                gettext(
                    "This file was imported already: nothing was created twice. Temporary "
                    "passwords are shown once; give someone a new one from their page."
                ),
            )
        except imports.UnderWay:
            messages.info(
                request, gettext("These trainees are being created already: nothing twice.")
            )
        else:
            if problems is not None:
                context = {"staged": staged, "preview": problems}
                return render(request, "roster/confirm.html", context, status=409)
        return redirect("people-import-confirm", staged.pk)
    if staged.status == RosterImport.Status.DONE:
        enrolled = imports.take_passwords(staged, request.user)
        if enrolled:
            return _passwords(request, enrolled, staged=staged)
    return render(request, "roster/confirm.html", _import_context(staged))


def _import_context(staged: RosterImport) -> dict:
    Status = RosterImport.Status
    if staged.status == Status.REFUSED:
        preview = imports.refused_preview(staged)
    else:
        preview = imports.Preview([imports.Row(**r) for r in staged.rows], [])
    created = User.objects.filter(pk__in=staged.created_users).order_by("username")
    return {"staged": staged, "preview": preview, "created": created}


@login_required
@enrol_only
@require_GET
def import_status(request, import_id):
    """The progress block, for htmx to poll; once the import is over, the page reloads (and
    shows the temporary passwords)."""
    staged = _staged(request, import_id)
    if not request.htmx:
        return redirect("people-import-confirm", staged.pk)
    if not staged.under_way:
        return HttpResponseClientRefresh()
    return render(request, "roster/_import_status.html", {"staged": staged})


@sensitive_post_parameters()
@login_required
@require_http_methods(["GET", "POST"])
def first_password(request):
    """Choose your own password in place of the temporary one (Django's SetPasswordForm,
    with the site's password validators)."""
    if not services.must_change_password(request.user):
        request.session.pop(MUST_CHANGE, None)
        return redirect("password_change")
    form = SetPasswordForm(request.user, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            if request.user.check_password(form.cleaned_data["new_password1"]):
                form.add_error(
                    "new_password1",
                    gettext("Choose a password of your own, not the temporary one."),
                )
            else:
                user = form.save()
                update_session_auth_hash(request, user)
                services.password_changed(user)
                request.session.pop(MUST_CHANGE, None)
                messages.success(request, gettext("Your password is set: use it from now on."))
                return redirect("home")
        return render(request, "registration/first_password.html", {"form": form}, status=400)
    return render(request, "registration/first_password.html", {"form": form})
