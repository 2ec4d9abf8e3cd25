"""Who a SCIM request acts for, and SCIM's error answers (django-scim2's extension points
named in trainer.directory.scim_config): the bearer-token check (`BearerTokenCheck`, which
django-scim2 applies around each of its views) and the house's scope (`house_filter_kwargs`,
`house_exclude_kwargs`).

- A token's house is the only house its requests see: every lookup, list and filter is
  scoped to it (superusers are never listed), and another house's id answers 404, as no one.
- The token is never logged: django-scim2 logs only a request's path, method and body, and
  this module logs nothing.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import timedelta

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from django_scim import constants, exceptions
from django_scim.middleware import SCIMAuthCheckMiddleware
from django_scim.settings import scim_settings
from django_scim.utils import default_base_scim_location_getter

from trainer.houses.models import User

from .models import DirectoryGroup, ScimToken

#: a token's last use is written at most this often
LAST_USED_EVERY = timedelta(minutes=1)
#: longer than any secret ScimToken.issue makes: not worth hashing
LONGEST_SECRET = 200
BEARER = re.compile(r"Bearer +(\S+) *\Z", re.IGNORECASE)
#: a person's SCIM id: their account's number
PERSON_ID = re.compile(r"[0-9]{1,18}")


def house_token(request) -> ScimToken:
    """The token the request came with (BearerTokenCheck found it); its house is the scope."""
    token = getattr(request, "scim_token", None)
    if token is None:
        raise exceptions.AuthorizationError(gettext("A provisioning token is needed."))
    return token


def bad(message: str, scim_type: str = "invalidValue") -> exceptions.BadRequestError:
    return exceptions.BadRequestError(message, scim_type=scim_type)


def error_response(error: exceptions.SCIMException) -> HttpResponse:
    return HttpResponse(
        json.dumps(error.to_dict()),
        content_type=constants.SCIM_CONTENT_TYPE,
        status=error.status,
    )


# -- the bearer token --------------------------------------------------------------------------


class BearerTokenCheck(SCIMAuthCheckMiddleware):
    """django-scim2's check around each of its views (AUTH_CHECK_MIDDLEWARE): the request's
    `Authorization: Bearer <secret>` must be a live token of a house, which it then acts for
    (`request.scim_token`); the site's sessions count for nothing here.  A body that is not a
    JSON object is refused here too, before django-scim2's views read it."""

    def process_request(self, request):
        token = self.token_of(request)
        if token is None:
            error = exceptions.AuthorizationError(
                gettext(
                    "A live provisioning token is needed: send it as “Authorization: Bearer "
                    "<token>”. Your games manager issues tokens on the Directory page."
                )
            )
            response = error_response(error)
            challenge = scim_settings.WWW_AUTHENTICATE_HEADER
            if request.META.get("HTTP_AUTHORIZATION"):
                challenge += ', error="invalid_token"'
            response["WWW-Authenticate"] = challenge
            return response
        request.scim_token = token
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
            ScimToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        # django-scim2 logs the path, the method and the body: never the headers
        if self.should_log_request(request):
            self.log_request(request)
        return self.body_refusal(request)

    def process_response(self, request, response):
        response = super().process_response(request, response)
        # the house's people: kept by no cache between the directory and the site
        response["Cache-Control"] = "no-store"
        return response

    @staticmethod
    def token_of(request) -> ScimToken | None:
        match = BEARER.match(request.META.get("HTTP_AUTHORIZATION", ""))
        if match is None or len(match.group(1)) > LONGEST_SECRET:
            return None
        return ScimToken.objects.holding(match.group(1))

    @staticmethod
    def body_refusal(request) -> HttpResponse | None:
        if request.method not in ("POST", "PUT", "PATCH"):
            return None
        try:
            raw = request.body.decode(constants.ENCODING).strip()
            body = json.loads(raw) if raw else {}
        except (UnicodeDecodeError, ValueError, RecursionError):
            body = None
        if isinstance(body, dict):
            return None
        return error_response(
            bad(gettext("The request's body is not a JSON object."), scim_type="invalidSyntax")
        )


# -- the house's scope -------------------------------------------------------------------------


def house_filter_kwargs(model):
    """GET_EXTRA_MODEL_FILTER_KWARGS_GETTER: what every lookup and list is narrowed to.  With an
    id (a single resource's lookup), an id that cannot be one answers 404 before the query."""

    def get_extra_filter_kwargs(request, *args, **kwargs):
        house_id = house_token(request).house_id
        if args:
            check_id(model, str(args[0]))
        if model is User:
            return {"house_id": house_id, "is_superuser": False}
        # a group, or either kind in a .search request (django-scim2 names its model "search")
        return {"house_id": house_id}

    return get_extra_filter_kwargs


def house_exclude_kwargs(model):
    """GET_EXTRA_MODEL_EXCLUDE_KWARGS_GETTER: superusers are never listed."""

    def get_extra_exclude_kwargs(request, *args, **kwargs):
        house_token(request)
        if model is DirectoryGroup:
            return {}
        return {"is_superuser": True}

    return get_extra_exclude_kwargs


def check_id(model, value: str) -> None:
    if model is User and not PERSON_ID.fullmatch(value):
        raise exceptions.NotFoundError(value[:40])
    if model is DirectoryGroup:
        try:
            uuid.UUID(value)
        except ValueError:
            raise exceptions.NotFoundError(value[:40]) from None


def base_location(request=None, *args, **kwargs) -> str:
    """Where the SCIM resources' `location` addresses start: the site as the request reached it
    (its scheme and host, which Django has checked against ALLOWED_HOSTS), so a house behind
    any of the site's names reads addresses it can follow; without a request, NETLOC's."""
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return default_base_scim_location_getter(request, *args, **kwargs)
