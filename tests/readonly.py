"""A GET never writes: every GET or HEAD the tests send is watched for a write to the database.

A test middleware (listed in `tests/settings.py`) wraps each GET and HEAD in
`connection.execute_wrapper` and fails the request on any INSERT, UPDATE or DELETE, naming the
page and the table, so a page that writes when it is only read fails the test that reads it.
A GET is something a browser may prefetch, a crawler may follow and a reload repeats: what it
does belongs to a POST or to the task worker.

Writes that are not the page's own are allowed: the cache (a database table, filled on a
read) and the session (Django saves it as a request ends).  A page that must write when it is
shown is listed in `WRITES_ON_GET` with the statement, the table and why.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db import connection

#: the first words of a statement that changes rows, and the table it changes
WRITE = re.compile(
    r'\s*(INSERT|UPDATE|DELETE)\s+(?:OR\s+\w+\s+)?(?:INTO\s+|FROM\s+)?["`]?(\w+)', re.IGNORECASE
)

#: tables any page may write: Django's, written on a read by design
ANY_PAGE_WRITES = frozenset(
    {
        # the cache (CACHES: a database table) is filled, touched and culled as pages read it
        *(
            c["LOCATION"]
            for c in settings.CACHES.values()
            if c["BACKEND"].endswith(".db.DatabaseCache")
        ),
        # the session is saved as the request ends, whatever the method
        "django_session",
    }
)

#: (view name, statement, table): what a page writes when it is shown, and why it must
WRITES_ON_GET: dict[tuple[str, str, str], str] = {
    # an answer is timed from when its question is first shown (`mark_sent`): only the page
    # that shows it knows when that is
    ("drills:session", "UPDATE", "drills_question"): "the question's time starts as it shows",
    ("rounds:round", "UPDATE", "drills_question"): "the step's time starts as it shows",
    ("assessments:sitting", "UPDATE", "drills_question"): "the question's time starts as it shows",
    ("rounds:sitting", "UPDATE", "drills_question"): "the step's time starts as it shows",
    # the connection's round trip is the time from a redirect to the page it leads to, so the
    # page records its arrival (`assessments.services.showing`)
    ("assessments:sitting", "UPDATE", "assessments_sitting"): "the round trip ends as it shows",
    ("rounds:sitting", "UPDATE", "assessments_sitting"): "the round trip ends as it shows",
    # temporary passwords are shown once: the page that shows them forgets them as it does
    ("people-import-confirm", "UPDATE", "roster_rosterimport"): "passwords shown once, forgotten",
    # a temporary password's session that expired is signed out by the next page it asks for,
    # before any view (trainer.roster.middleware); django-axes records the sign-out's time
    ("", "UPDATE", "axes_accesslog"): "an expired session signed out",
    ("", "UPDATE", "houses_user"): "an expired session signed out (the user's sessions serial)",
    # the admin's activation page asks for the table's sheet under the house's rules as it
    # opens (a row per table and rules, idempotent; the worker computes it)
    ("admin:houses_paytableversion_activate", "INSERT", "houses_parsheetresult"): "sheet asked",
    ("admin:houses_paytableversion_activate", "UPDATE", "houses_parsheetresult"): "asked again",
    ("admin:houses_paytableversion_activate", "INSERT", "django_tasks_database_dbtaskresult"): (
        "its task, queued"
    ),
    # the identity provider sends the browser back with a GET, as OAuth 2.0 has it (RFC 6749,
    # 4.1.2): its answer signs the person in, made or updated as the directory says; the
    # answer's state and code are single-use, so a reload or a replay writes nothing
    **{
        ("directory:oidc-callback", verb, table): "the provider's answer signs in"
        for verb, table in [
            ("INSERT", "houses_user"),
            ("UPDATE", "houses_user"),
            ("INSERT", "houses_user_groups"),
            ("DELETE", "houses_user_groups"),
            ("INSERT", "directory_identity"),
            ("UPDATE", "directory_identity"),
            ("INSERT", "directory_provisioningevent"),
            ("INSERT", "roster_personaction"),
            ("INSERT", "axes_accesslog"),
            ("UPDATE", "axes_accesslog"),
            ("INSERT", "axes_accessattempt"),
            ("UPDATE", "axes_accessattempt"),
            ("INSERT", "axes_accessfailurelog"),
        ]
    },
    # each SCIM request marks its token's last use (at most once a minute), a GET too: the
    # manager sees a client that only reads (a connection test) reach the site
    **{
        (view, "UPDATE", "directory_scimtoken"): "the token's last use"
        for view in (
            "scim:users",
            "scim:groups",
            "scim:service-provider-config",
            "scim:resource-types",
            "scim:schemas",
        )
    },
}


class WriteOnGet(AssertionError):
    """A GET or HEAD wrote to the database."""


class GetsNeverWrite:
    """Fails any GET or HEAD that inserts, updates or deletes a row outside the allowed tables."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request):  # type: ignore[no-untyped-def]
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)

        def refuse_writes(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            write = WRITE.match(sql)
            if write is not None:
                verb, table = write.group(1).upper(), write.group(2)
                match = getattr(request, "resolver_match", None)
                view = match.view_name if match is not None else ""
                if table not in ANY_PAGE_WRITES and (view, verb, table) not in WRITES_ON_GET:
                    raise WriteOnGet(
                        f"{request.method} {request.path} ({view}) writes to {table}: {sql[:120]}"
                    )
            return execute(sql, params, many, context)

        with connection.execute_wrapper(refuse_writes):
            return self.get_response(request)
