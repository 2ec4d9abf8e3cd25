"""A temporary password is for one sign-in: until its holder has chosen their own, every page
but the one to choose it (and signing out) sends them there."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import redirect
from django.urls import reverse

#: set in the session at sign-in (trainer.roster.signals) while the password is temporary
MUST_CHANGE = "trainer.roster.must_change_password"


class TemporaryPasswordChange:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and request.session.get(MUST_CHANGE):
            allowed = (reverse("first-password"), reverse("logout"))
            path = request.path_info
            if path not in allowed and not path.startswith("/" + settings.STATIC_URL.lstrip("/")):
                return redirect(f"{reverse('first-password')}")
        return self.get_response(request)
