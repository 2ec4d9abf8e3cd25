"""Signing in and passwords: the sign-in page, the reset pages and the People page's list and
password form (who acts on whom is trainer.roster.people).

Password reset by email is offered only where mail is configured (EMAIL_HOST set in the
environment: settings.PASSWORD_RESET_BY_EMAIL); elsewhere the sign-in page says to ask a
supervisor, and the reset pages say the same with a 404.  Supervisors set a new password for
the trainees of their house, and games managers for the trainees and supervisors of theirs,
on the People page (a temporary password, which its holder replaces at their next sign-in,
within seven days: trainer.roster): never for someone who holds a role like theirs or above
it (staff, games managers, superusers, fellow supervisors), so nobody gains an account
stronger than their own.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from trainer.directory.forms import HouseSignInForm
from trainer.roster.forms import StaffForm
from trainer.roster.models import PersonAction
from trainer.roster.people import may_set_passwords, people_in_charge, people_whose_password
from trainer.roster.services import (
    EXPIRED,
    TEMPORARY_DAYS,
    log_action,
    mark_temporary,
)


def reset_by_email() -> bool:
    return bool(getattr(settings, "PASSWORD_RESET_BY_EMAIL", False))


class SignInForm(HouseSignInForm):
    """Django's sign-in form as the house's own page has it (trainer.directory.forms), here
    for any house: a person of a house that checks passwords against its LDAP directory is
    checked there; a directory's refusal is said in its words; a temporary password past its
    lifetime (the right password, but one its holder never replaced: trainer.roster) is
    refused."""


class LoginView(auth_views.LoginView):
    """Django's sign-in page, saying where a forgotten password is dealt with, and why a
    session was ended when its temporary password expired."""

    form_class = SignInForm

    def get_context_data(self, **kwargs):
        expired = EXPIRED if self.request.GET.get("expired") else ""
        return super().get_context_data(**kwargs, reset_by_email=reset_by_email(), expired=expired)


def email_only(view):
    """A password-reset page, answered only where mail is configured; elsewhere a 404 saying
    whom to ask (without mail the reset would fail unseen, with a traceback in the log)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not reset_by_email():
            return render(request, "registration/reset_unavailable.html", status=404)
        return view(request, *args, **kwargs)

    return wrapper


def _setter_only(request):
    if not may_set_passwords(request.user):
        raise PermissionDenied(
            gettext("Only supervisors and games managers set other people's passwords.")
        )


@login_required
@require_http_methods(["GET"])
def people(request):
    """The people this supervisor or games manager looks after, deactivated ones too."""
    _setter_only(request)
    return render(
        request,
        "registration/people.html",
        {
            "people": people_in_charge(request.user)
            .select_related("house", "temporary_password")
            .prefetch_related("groups"),
            # a games manager of a house adds its supervisors and audit staff here
            "staff_form": StaffForm()
            if request.user.has_perm("houses.manage_tables") and request.user.house_id
            else None,
        },
    )


@sensitive_post_parameters()
@login_required
@require_http_methods(["GET", "POST"])
def set_password(request, user_id):
    """Set a new password for one of `people_whose_password`; another house's user, or one
    above the actor, is a 404 as a missing one is.  Their signed-in sessions end with it."""
    _setter_only(request)
    person = get_object_or_404(people_whose_password(request.user), pk=user_id)
    form = SetPasswordForm(person, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            with transaction.atomic():
                form.save()
                # a password the supervisor knows: its holder replaces it at the next sign-in
                mark_temporary(actor=request.user, person=person)
                log_action(
                    actor=request.user, subject=person, action=PersonAction.Kind.PASSWORD_SET
                )
                LogEntry.objects.log_actions(
                    user_id=request.user.pk,
                    queryset=[person],
                    action_flag=CHANGE,
                    change_message="Set a new password on the site (People page).",
                    single_object=True,
                )
            messages.success(
                request,
                ngettext(
                    "New password set for %(name)s: give it to them in person. It is temporary: "
                    "it works for %(days)d day, and they choose their own at their next sign-in. "
                    "They are signed out everywhere.",
                    "New password set for %(name)s: give it to them in person. It is temporary: "
                    "it works for %(days)d days, and they choose their own at their next sign-in. "
                    "They are signed out everywhere.",
                    TEMPORARY_DAYS,
                )
                % {"name": person.get_username(), "days": TEMPORARY_DAYS},
            )
            return redirect("person", person.pk)
        return render(
            request,
            "registration/set_password.html",
            {"form": form, "person": person, "days": TEMPORARY_DAYS},
            status=400,
        )
    return render(
        request,
        "registration/set_password.html",
        {"form": form, "person": person, "days": TEMPORARY_DAYS},
    )
