from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from trainer.engine import Category

from .landing import landing


def home(request):
    """Signed in: what to do next, one section per role (trainer.site.landing).  Otherwise,
    and for someone with no role yet: what the site is, and where each kind of user goes."""
    if request.user.is_authenticated:
        sections = landing(request.user)
        if sections:
            return render(request, "core/landing.html", sections)
    return render(request, "home.html", {"categories": list(Category)})


def csrf_failure(request, reason=""):
    """A form or API call without a valid CSRF token: nothing was done; say so plainly."""
    message = gettext(
        "This form has expired or did not come from this site, so nothing was saved. "
        "Reload the page and try again."
    )
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"field": None, "message": message}}, status=403)
    return render(request, "403_csrf.html", {"message": message}, status=403)


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico on pages that name no icon (the admin's, a PDF's): the
    site's icon, at its static address (hashed in production, so looked up per request)."""
    return redirect(static("trainer/favicon.svg"), permanent=True)
