"""The database going away under a live request: the request answers the 503 page in words,
and the site recovers by itself, on the next request, with its connection kept between
requests (CONN_MAX_AGE) and health-checked (CONN_HEALTH_CHECKS).

The requests go through Django's WSGI handler as a WSGI server sends them, in a thread of
their own (with its own connection, as a server's worker has), because the test client
leaves out what recovery rests on: it stops Django closing a broken connection as a request
ends.  The connection is cut with pg_terminate_backend while the request waits on a lock the
test holds, so it is cut in the middle of the request, not before or after; the server itself
is never stopped (other people use it)."""

from __future__ import annotations

import io
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection, connections, transaction
from django.test import Client

from trainer.houses.models import User

from .test_error_pages import in_words

pytestmark = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="pg_terminate_backend is PostgreSQL's; SQLite has no server connection to drop",
)

#: long enough for a loaded 2-core machine; a failure, not a duration
WAIT = 60


class Served:
    """The answer as a WSGI server would send it: status code, headers, body."""

    def __init__(self, status_code: int, headers: list[tuple[str, str]], body: bytes):
        self.status_code = status_code
        self.headers = dict(headers)
        self.content = body

    def __getitem__(self, name: str) -> str:
        return self.headers[name]


def serve(handler: WSGIHandler, path: str, cookie: str) -> Served:
    """GET `path` through `handler`, then close the answer as a server does (which sends
    request_finished: Django closes a connection that failed there)."""
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "HTTP_COOKIE": cookie,
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": io.StringIO(),
    }
    started = []
    response = handler(environ, lambda status, headers, exc_info=None: started.append(headers))
    try:
        body = b"".join(response)
    finally:
        response.close()
    return Served(response.status_code, started[0], body)


def backend_waiting_on_a_lock(cursor) -> int | None:
    cursor.execute(
        "select pid from pg_stat_activity where datname = current_database() "
        "and wait_event_type = 'Lock' and pid <> pg_backend_pid()"
    )
    row = cursor.fetchone()
    return row[0] if row else None


def terminate(cursor, pid: int) -> None:
    cursor.execute("select pg_terminate_backend(%s)", [pid])
    assert cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_request_whose_connection_is_terminated_answers_503_and_the_next_succeeds(
    monkeypatch,
):
    # kept between requests and checked before use, as in production (trainer/settings.py)
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)
    monkeypatch.setitem(connection.settings_dict, "CONN_HEALTH_CHECKS", True)
    handler = WSGIHandler()
    # the server thread's own connection (autocommit, outside the test's transaction): the
    # person it serves is committed there, so that its requests read them, and deleted after
    pool = ThreadPoolExecutor(max_workers=1)

    def in_server(call, *args):
        return pool.submit(call, *args)

    def sign_in() -> tuple[int, str]:
        user = User.objects.create_user("outage-olga", password=None)
        client = Client()
        client.force_login(user)
        cookie = "; ".join(f"{c.key}={c.value}" for c in client.cookies.values())
        return user.pk, cookie

    def pid_of_server() -> int:
        with connection.cursor() as cursor:
            cursor.execute("select pg_backend_pid()")
            return cursor.fetchone()[0]

    def clean_up(pk: int) -> None:
        User.objects.filter(pk=pk).delete()
        connections.close_all()

    pk, cookie = in_server(sign_in).result(WAIT)
    try:
        first = in_server(serve, handler, "/", cookie).result(WAIT)
        assert first.status_code == 200 and b"outage-olga" in first.content
        kept = in_server(pid_of_server).result(WAIT)

        # the server's connection is cut while its request waits, mid-request, on a lock
        held = transaction.savepoint()
        with connection.cursor() as test_cursor:
            test_cursor.execute("lock table houses_user in access exclusive mode")
            cut = in_server(serve, handler, "/", cookie)
            deadline = time.monotonic() + WAIT
            while (pid := backend_waiting_on_a_lock(test_cursor)) is None:
                assert time.monotonic() < deadline, "the request never reached the lock"
                time.sleep(0.05)
            assert pid == kept  # the kept connection, in the middle of a request
            terminate(test_cursor, pid)
            answer = cut.result(WAIT)
        transaction.savepoint_rollback(held)  # the lock, let go
        assert in_words(answer), answer.content.decode()

        # the next request reconnects by itself and is answered
        after = in_server(serve, handler, "/", cookie).result(WAIT)
        assert after.status_code == 200 and b"outage-olga" in after.content
        again = in_server(pid_of_server).result(WAIT)
        assert again != kept

        # a kept connection cut while idle, between requests, is found dead by the health
        # check and replaced before the next request uses it: that request never sees it
        with connection.cursor() as test_cursor:
            terminate(test_cursor, again)
        idle_cut = in_server(serve, handler, "/", cookie).result(WAIT)
        assert idle_cut.status_code == 200 and b"outage-olga" in idle_cut.content
    finally:
        in_server(clean_up, pk).result(WAIT)
        pool.shutdown()
