"""Until the holder of a temporary password has chosen their own, every page but the one to
choose it (and signing out) sends them there: a page with a redirect, an htmx request with
HX-Redirect (a swap would put the whole page in a corner of another), an /api/ call with the
API's JSON error (a script reads no HTML).  A temporary password past its lifetime signs its
holder out (and no longer signs them in: trainer.site.accounts.SignInForm)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import logout
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django_htmx.http import HttpResponseClientRedirect

from .services import EXPIRED, temporary_password_expired

#: set in the session at sign-in (trainer.roster.signals) while the password is temporary
MUST_CHANGE = "trainer.roster.must_change_password"


def choose_first(url: str) -> str:
    return gettext(
        "Choose your own password first, at %(url)s: the one you were given is temporary."
    ) % {"url": url}


def send_to(request, url: str, message: str):
    """Where to go instead, in the form the request can follow."""
    if request.path_info.startswith("/api/"):
        return JsonResponse({"error": {"field": None, "message": message}}, status=403)
    if request.headers.get("HX-Request") == "true":
        return HttpResponseClientRedirect(url)
    return redirect(url)


class TemporaryPasswordChange:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and request.session.get(MUST_CHANGE):
            if temporary_password_expired(user):  # a query only while the password is temporary
                logout(request)
                return send_to(request, f"{reverse('login')}?expired=1", EXPIRED)
            url = reverse("first-password")
            allowed = (url, reverse("logout"))
            path = request.path_info
            if path not in allowed and not path.startswith("/" + settings.STATIC_URL.lstrip("/")):
                return send_to(request, url, choose_first(url))
        return self.get_response(request)
