"""Middleware the whole site shares."""

from __future__ import annotations

from django.utils.cache import add_never_cache_headers


class PrivatePagesNotStored:
    """Every answer to a signed-in user, and every CSV export, tells browsers and proxies to
    keep no copy (`Cache-Control: no-store`, through Django's own `add_never_cache_headers`):
    a trainee's scores or a house's export must not be read back from a shared computer's
    cache or a proxy after the user has signed out.  The public pages (the home page, the
    sign-in page) and the static files (answered by WhiteNoise before this runs) keep their
    own headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        private = user is not None and user.is_authenticated
        if private or response.get("Content-Type", "").startswith("text/csv"):
            add_never_cache_headers(response)
        return response
