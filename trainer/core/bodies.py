"""Request bodies refused by their size before anything reads them.

Django reads a request's body the first time something asks for `request.POST` or
`request.FILES`, and the CSRF check asks for it on every POST before any view has run: a
sign-in page posted a gigabyte was read in full, by an anonymous client, before the site
could say no.  `DATA_UPLOAD_MAX_MEMORY_SIZE` does not prevent it: Django checks it against the
form's plain fields only, while reading, and streams a file part to a temporary file whatever
its size, so a 1 GB upload is written to disk before a form sees its size.

`RequestBodyLimit` (first in `MIDDLEWARE`) answers before any of that: a body whose
`Content-Length` is over the limit of the page it is posted to gets 413 in words, and a body
sent without a length (`Transfer-Encoding: chunked`) gets 411, in both cases without a byte of
it read.  A body without a length is refused rather than counted as it streams because Django
reads such a body as empty (`WSGIRequest` reads at most `CONTENT_LENGTH` bytes, none without
it): counting it would only read what nobody uses, and the view would then see a form without
its file.  Behind nginx, which sends a buffered body with its length, no browser meets this.
For the same reason no counting stream is needed for a body with a length: Django never reads
past `CONTENT_LENGTH`, so a body cannot be longer than the length checked here.

The limit is `settings.REQUEST_BODY_MAX_BYTES` for every page, and a view that takes an upload
states its own with `body_limit` (the view is found with Django's `resolve`, only for a body
longer than `ALWAYS_TAKEN`, so an ordinary form costs nothing).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.template.defaultfilters import filesizeformat
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import gettext

#: a body this long is taken on every page: no limit is set below it (64 KiB, far above any
#: form but an upload's, and a few hundred times a drill's answer)
ALWAYS_TAKEN = 64 * 1024

Limit = int | Callable[[], int]
Words = str | Callable[[], str]


def body_limit(limit: Limit, *, message: Words = "") -> Callable:
    """Let a view take a body of up to `limit` bytes instead of the site's
    `REQUEST_BODY_MAX_BYTES` (at least `ALWAYS_TAKEN`); `message` says on the refusal what to
    do instead.  Either may be a function of no arguments, read at each request (a setting)."""

    def decorate(view):
        view.body_limit = limit
        view.body_limit_message = message
        return view

    return decorate


def _value(setting: Limit | Words):
    return setting() if callable(setting) else setting


class RequestBodyLimit:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.refusal(request) or self.get_response(request)

    def refusal(self, request) -> HttpResponse | None:
        length = request.META.get("CONTENT_LENGTH")
        if not length:
            if request.META.get("HTTP_TRANSFER_ENCODING"):
                return _refuse(
                    request,
                    411,
                    lambda: gettext(
                        "This request sent its body without saying how long it is (no "
                        "Content-Length), and the site takes a body only with its length. Send "
                        "it again with its length: a browser always does."
                    ),
                )
            return None
        try:
            size = int(length)
        except ValueError:
            return None  # Django reads a body of no readable length as empty
        if size <= ALWAYS_TAKEN:
            return None
        limit, message = self.limit_of(request.path_info)
        if size <= limit:
            return None

        def words() -> str:
            said = gettext(
                "This request is %(size)s, and this page takes at most %(limit)s: nothing of it "
                "was read or saved."
            ) % {"size": filesizeformat(size), "limit": filesizeformat(limit)}
            return f"{said} {_value(message)}".strip()

        return _refuse(request, 413, words)

    @staticmethod
    def limit_of(path: str) -> tuple[int, Words]:
        """The most this path's view takes, and what to say on refusing more (read in the
        reader's language, when the refusal is made)."""
        try:
            view = resolve(path).func
        except Resolver404:
            view = None
        limit = getattr(view, "body_limit", None)
        if limit is None:
            return settings.REQUEST_BODY_MAX_BYTES, ""
        return max(_value(limit), ALWAYS_TAKEN), view.body_limit_message


def _refuse(request, status: int, message: Callable[[], str]) -> HttpResponse:
    """The refusal, in the language the request asks for (its language cookie or
    Accept-Language: this runs before the middleware that reads the user's choice)."""
    with translation.override(translation.get_language_from_request(request)):
        return _refusal(request, status, message())


def _refusal(request, status: int, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        # the API's error object, as every other refusal of the API (docs/api.md)
        return JsonResponse({"error": {"field": None, "message": message}}, status=status)
    # rendered without the request: the middleware that would make its user, session and
    # CSRF cookie has not run (the layout shows the signed-out header, as on the 500 page)
    page = render_to_string("core/body_refused.html", {"message": message, "status": status})
    return HttpResponse(page, status=status)
