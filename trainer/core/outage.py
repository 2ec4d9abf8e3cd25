"""The database going away (a restarted or failed-over server, a connection cut by a proxy or
by `pg_terminate_backend`): the requests it catches answer 503 with a page in words, asking
the reader to try again in a moment, instead of the site's "something went wrong" 500.

Two ways in, because a query can fail in a view or before it: `DatabaseUnavailable` (a
middleware's `process_exception`) answers for an error raised by a view or its template, and
`server_error` (the site's `handler500`) for one raised by a middleware, such as the first
read of the signed-in user.  Nothing else is needed to recover: Django closes a connection
that failed as the request ends (`close_old_connections`), and with `CONN_HEALTH_CHECKS` a
kept connection (`CONN_MAX_AGE`) that died between requests is tested and reopened before
the next request uses it (docs/operations.md, "The database going away").
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from django.views import defaults

logger = logging.getLogger(__name__)

#: what a lost or unreachable database raises through Django: OperationalError (refused,
#: terminated, timed out, server restarting), InterfaceError (the connection closed already)
DATABASE_ERRORS = (OperationalError, InterfaceError)
#: seconds a client is asked to wait before trying again (Retry-After)
RETRY_AFTER_SECONDS = 5


def unavailable() -> HttpResponse:
    """The 503 page.  Drawn with no request, so that nothing on it reads the database (the
    layout shows the signed-out header, as the 500 page does)."""
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    add_never_cache_headers(response)
    return response


class DatabaseUnavailable:
    """A view (or its template) that lost the database answers the 503 page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DATABASE_ERRORS):
            logger.warning(
                "%s %s: the database could not be reached: %s",
                request.method,
                request.path,
                exception,
            )
            return unavailable()
        return None


def server_error(request):
    """The site's handler500: the 503 page when the error in hand is the database's (raised
    outside a view, where `DatabaseUnavailable` does not see it), Django's 500 page
    (templates/500.html) otherwise.  Django calls it while handling the exception."""
    if isinstance(sys.exc_info()[1], DATABASE_ERRORS):
        return unavailable()
    return defaults.server_error(request)
