"""The directory's pages: a house's own sign-in page (its identity provider's button beside
the password form), the provider's round trip, and the games manager's Directory page (the
settings, the group map, SCIM tokens, the provisioning log)."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, authenticate, login
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from trainer.houses.models import House

from . import ldap, oidc
from .forms import DirectoryForm, GroupRoleFormSet, HouseSignInForm, TokenForm
from .models import Directory, ProvisioningEvent, ScimToken
from .people import event

logger = logging.getLogger(__name__)
Action = ProvisioningEvent.Action
manager_only = permission_required("directory.manage_directory", raise_exception=True)

#: the session key holding where to go after the provider's round trip
NEXT_KEY = "directory:next"


def _house(request) -> House:
    if request.user.house_id is None:
        raise PermissionDenied(gettext("You belong to no house, so there is no directory to set."))
    return request.user.house


def _safe_next(request, value: str) -> str:
    if value and url_has_allowed_host_and_scheme(
        value, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return value
    return reverse("home")


# -- signing in -----------------------------------------------------------------------------


@require_GET
def find_house(request):
    """The sign-in page's "your house's directory" form: its short name, to its own page."""
    slug = request.GET.get("house", "").strip().lower()
    house = House.objects.filter(slug=slug).first() if slug else None
    if house is None:
        messages.error(request, gettext("There is no house with that short name."))
        return redirect("login")
    url = reverse("directory:sign-in", args=[house.slug])
    next_url = _safe_next(request, request.GET.get(REDIRECT_FIELD_NAME, ""))
    return redirect(f"{url}?{urlencode({REDIRECT_FIELD_NAME: next_url})}")


@sensitive_post_parameters()
@never_cache
@require_http_methods(["GET", "POST"])
def sign_in(request, house):
    house = get_object_or_404(House, slug=house)
    directory = Directory.objects.filter(house=house).first()
    next_url = _safe_next(request, request.POST.get("next") or request.GET.get("next", ""))
    passwords = directory is None or directory.site_passwords or directory.ldap_ready
    form = HouseSignInForm(request, data=request.POST or None, house=house)
    if request.method == "POST" and passwords and form.is_valid():
        login(request, form.get_user())
        return redirect(next_url)
    return render(
        request,
        "directory/sign_in.html",
        {
            "house": house,
            "directory": directory,
            "form": form if passwords else None,
            "next": next_url,
            "provider": directory if directory and directory.oidc_ready else None,
        },
    )


@never_cache
@require_GET
def oidc_start(request, house):
    directory = get_object_or_404(Directory.objects.select_related("house"), house__slug=house)
    if not directory.oidc_ready:
        messages.error(request, gettext("This house does not sign in with an identity provider."))
        return redirect("directory:sign-in", house)
    request.session[NEXT_KEY] = _safe_next(request, request.GET.get("next", ""))
    callback = request.build_absolute_uri(reverse("directory:oidc-callback", args=[house]))
    try:
        return oidc.start(request, directory, callback)
    except oidc.PROVIDER_ERRORS as error:
        return _provider_failed(request, directory, error)


def _provider_failed(request, directory, error):
    logger.warning(
        "Sign-in with %s's provider failed: %s", directory.house.slug, type(error).__name__
    )
    event(
        directory.house,
        Action.REFUSED,
        source="oidc",
        detail=oidc.setting_at_fault(error),
    )
    return render(
        request,
        "directory/refused.html",
        {
            "house": directory.house,
            "reason": gettext(
                "The sign-in with %(provider)s did not complete. Try again; if it fails again, "
                "tell your games manager (the Directory page says what went wrong)."
            )
            % {"provider": directory.oidc_name},
        },
        status=400,
    )


@never_cache
@require_GET
def oidc_callback(request, house):
    directory = get_object_or_404(Directory.objects.select_related("house"), house__slug=house)
    if not directory.oidc_ready:
        return redirect("directory:sign-in", house)
    try:
        claim = oidc.finish(request, directory)
    except oidc.PROVIDER_ERRORS as error:
        return _provider_failed(request, directory, error)
    user = authenticate(
        request, username=claim.username or claim.subject, house=directory.house, claim=claim
    )
    if user is None:
        reason = getattr(request, "directory_refusal", "") or gettext(
            "Too many failed sign-ins: this account is locked for now. Try again later or ask "
            "your supervisor."
        )
        return render(
            request,
            "directory/refused.html",
            {"house": directory.house, "reason": reason},
            status=403,
        )
    login(request, user)
    return redirect(request.session.pop(NEXT_KEY, "") or reverse("home"))


# -- the games manager's Directory page ----------------------------------------------------------


def _page(request, house, form, groups, token_form, secret=""):
    return render(
        request,
        "directory/manage.html",
        {
            "house": house,
            "form": form,
            "groups": groups,
            "token_form": token_form,
            "tokens": ScimToken.objects.filter(house=house).select_related(
                "issued_by", "revoked_by"
            ),
            "secret": secret,
            "events": ProvisioningEvent.objects.filter(house=house).select_related(
                "actor", "person", "token"
            )[:20],
            "scim_url": request.build_absolute_uri(reverse("scim:root")),
            "sign_in_url": request.build_absolute_uri(
                reverse("directory:sign-in", args=[house.slug])
            ),
            "callback_url": request.build_absolute_uri(
                reverse("directory:oidc-callback", args=[house.slug])
            ),
        },
    )


@sensitive_post_parameters("oidc_client_secret", "ldap_bind_password")
@login_required
@manager_only
@require_http_methods(["GET", "POST"])
def manage(request):
    house = _house(request)
    directory = Directory.objects.filter(house=house).first() or Directory(house=house)
    form = DirectoryForm(request.POST or None, instance=directory)
    groups = GroupRoleFormSet(request.POST or None, instance=house, prefix="groups")
    if request.method == "POST" and form.is_valid() and groups.is_valid():
        problems = []
        if form.cleaned_data["oidc_enabled"]:
            problems.append(("oidc_issuer", oidc.check(form.instance)))
        if form.cleaned_data["ldap_enabled"]:
            problems.append(ldap.check(form.instance))
        problems = [(field, words) for field, words in problems if words]
        for field, words in problems:
            form.add_error(field, words)
        if not problems:
            changed = [form.fields[name].label for name in form.changed_data]
            if groups.has_changed():
                changed.append(gettext("group map"))
            with transaction.atomic():
                form.instance.updated_by = request.user
                form.save()
                groups.save()
                if changed:
                    event(
                        house,
                        Action.SETTINGS,
                        source="site",
                        actor=request.user,
                        about=house.name,
                        detail=", ".join(str(c) for c in changed),
                    )
            messages.success(request, gettext("The directory's settings are saved."))
            return redirect("directory:manage")
    return _page(request, house, form, groups, TokenForm())


@login_required
@manager_only
@require_POST
def issue_token(request):
    house = _house(request)
    form = TokenForm(request.POST)
    directory = Directory.objects.filter(house=house).first() or Directory(house=house)
    settings_form = DirectoryForm(instance=directory)
    groups = GroupRoleFormSet(instance=house, prefix="groups")
    if not form.is_valid():
        return _page(request, house, settings_form, groups, form)
    with transaction.atomic():
        token, secret = ScimToken.issue(
            house=house, name=form.cleaned_data["name"], by=request.user
        )
        event(house, Action.TOKEN_ISSUED, source="site", actor=request.user, about=str(token))
    # shown on this answer only: never stored, never put in a message or a redirect
    return _page(request, house, settings_form, groups, TokenForm(), secret=secret)


@login_required
@manager_only
@require_POST
def revoke_token(request, token_id):
    house = _house(request)
    with transaction.atomic():
        token = get_object_or_404(ScimToken.objects.select_for_update(), pk=token_id, house=house)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.revoked_by = request.user
            token.save(update_fields=["revoked_at", "revoked_by"])
            event(house, Action.TOKEN_REVOKED, source="site", actor=request.user, about=str(token))
            messages.success(
                request, gettext("The token “%(name)s” is revoked.") % {"name": token.name}
            )
    return redirect("directory:manage")


@login_required
@manager_only
@require_GET
def log(request):
    house = _house(request)
    events = ProvisioningEvent.objects.filter(house=house).select_related(
        "actor", "person", "token"
    )
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    return render(request, "directory/log.html", {"house": house, "page": page})
