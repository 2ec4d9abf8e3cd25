"""The site's admin: Django's own, except that it answers three kinds of tampered request with
a 400 where Django 5.2 hands them to the ORM unchecked and fails with a 500: an empty
`?_to_field=`, a query-string value holding NUL (PostgreSQL refuses it in a filter), and an
action's selected ids that are not ids of the model (or too large for any database id)."""

from __future__ import annotations

from functools import wraps

from django.contrib import admin
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.utils.translation import gettext


def tampering(request, model) -> str | None:
    """What is wrong with a request no admin page ever sends, or None."""
    if request.GET.get("_to_field") == "" or request.POST.get("_to_field") == "":
        return gettext("_to_field names no field.")
    if any("\x00" in k or any("\x00" in v for v in vs) for k, vs in request.GET.lists()):
        return gettext("A query-string value holds a NUL character.")
    if model is not None and request.method == "POST" and "action" in request.POST:
        try:
            for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME):
                pk = model._meta.pk.to_python(value)
                if isinstance(pk, int) and not -(2**63) <= pk < 2**63:
                    raise ValidationError("out of range")  # no database row has such an id
        except ValidationError:
            return gettext("The selection holds something that is not an id.")
    return None


class AdminSite(admin.AdminSite):
    def admin_view(self, view, cacheable=False):
        inner = super().admin_view(view, cacheable)
        model = getattr(getattr(view, "__self__", None), "model", None)

        @wraps(view)
        def refusing_tampering(request, *args, **kwargs):
            problem = tampering(request, model)
            if problem:
                return HttpResponseBadRequest(problem)
            return inner(request, *args, **kwargs)

        return refusing_tampering
