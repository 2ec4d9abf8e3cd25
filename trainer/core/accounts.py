"""Signing in and passwords, and the People pages' rule of who acts on whom.

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
from django.contrib.auth.forms import AuthenticationForm, SetPasswordForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from trainer.houses.models import User
from trainer.roster.models import PersonAction
from trainer.roster.services import (
    EXPIRED,
    TEMPORARY_DAYS,
    log_action,
    mark_temporary,
    temporary_password_expired,
)

#: the backend whose with_perm answers "who holds this permission" (axes' holds none)
PERMISSIONS_BACKEND = "trainer.core.auth.HouseModelBackend"
REVIEW = "houses.review_trainees"
MANAGE = "houses.manage_tables"
PRACTISE = "houses.practise_drills"


def reset_by_email() -> bool:
    return bool(getattr(settings, "PASSWORD_RESET_BY_EMAIL", False))


class SignInForm(AuthenticationForm):
    """Django's sign-in form, refusing a temporary password past its lifetime (the right
    password, but one its holder never replaced: trainer.roster)."""

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        if temporary_password_expired(user):
            raise ValidationError(EXPIRED, code="temporary_password_expired")


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


def _holders(perm: str):
    """Everyone holding `perm` through a role or alone, active or not."""
    return User.objects.with_perm(
        perm, is_active=None, include_superusers=False, backend=PERMISSIONS_BACKEND
    )


def may_set_passwords(user) -> bool:
    return user.is_authenticated and (
        user.is_superuser or user.has_perm(REVIEW) or user.has_perm(MANAGE)
    )


def people_in_charge(actor):
    """The people `actor` looks after on the site, active or deactivated: a supervisor, the
    trainees of their house; a games manager, its trainees and supervisors; a superuser,
    everyone but superusers.  Never the actor, never staff or a superuser, never a games
    manager, and, for a supervisor, never another supervisor; for someone of no house, nobody.
    Every action on a person
    (password, deactivation, unlocking: trainer.roster) is limited to these; anyone else is
    answered as nobody (404)."""
    people = User.objects.filter(is_superuser=False).exclude(pk=actor.pk)
    if actor.is_superuser:
        return people.order_by("username")
    if actor.house_id is None:
        # house_id=None would be IS NULL: every houseless trainee and supervisor
        return User.objects.none()
    people = people.filter(is_staff=False).exclude(pk__in=_holders(MANAGE).values("pk"))
    trainees = _holders(PRACTISE).filter(house_id=actor.house_id).values("pk")
    if actor.has_perm(MANAGE):
        supervisors = _holders(REVIEW).filter(house_id=actor.house_id).values("pk")
        return people.filter(Q(pk__in=trainees) | Q(pk__in=supervisors)).order_by("username")
    if actor.has_perm(REVIEW):
        return (
            people.filter(pk__in=trainees)
            .exclude(pk__in=_holders(REVIEW).values("pk"))
            .order_by("username")
        )
    return User.objects.none()


def people_whose_password(actor):
    """Whose password `actor` may set on the site: the active ones of `people_in_charge`."""
    return people_in_charge(actor).filter(is_active=True)


def _setter_only(request):
    if not may_set_passwords(request.user):
        raise PermissionDenied("Only supervisors and games managers set other people's passwords.")


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
            .prefetch_related("groups")
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
                f"New password set for {person.get_username()}: give it to them in person. "
                f"It is temporary: it works for {TEMPORARY_DAYS} days, and they choose their "
                "own at their next sign-in. They are signed out everywhere.",
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
