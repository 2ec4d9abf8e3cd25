"""A request body over its page's limit is refused before anything reads it: by its
Content-Length, anonymous or not, on the sign-in page as on the uploads; a body sent without a
length is refused too.  The body here is a stream that fails the test if
anything reads it, so "refused" means "refused unread"."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from trainer.audits.models import AuditReport
from trainer.core.bodies import ALWAYS_TAKEN
from trainer.roster import imports as roster
from trainer.roster.models import RosterImport

GIGABYTE = 1024**3


class Unread:
    """A WSGI input that must not be read."""

    def read(self, *args):
        raise AssertionError("the body was read")

    readline = read


def post_unread(client, path: str, **environ):
    """POST to `path` a body announced by `environ` (its length, or none) that nobody reads."""
    return client.generic(
        "POST",
        path,
        content_type="multipart/form-data; boundary=x",
        **{"wsgi.input": Unread(), **environ},
    )


def refused(response, status: int, words: str) -> str:
    assert response.status_code == status
    page = response.content.decode()
    assert words in page and "Traceback" not in page
    return page


def test_an_anonymous_gigabyte_posted_to_the_sign_in_page_is_refused_unread(client):
    # before: the CSRF check read the whole body to find its token
    page = refused(
        post_unread(client, "/accounts/login/", CONTENT_LENGTH=str(GIGABYTE)),
        413,
        "This request is 1.0\xa0GB, and this page takes at most 3.0\xa0MB",
    )
    assert "nothing of it was read or saved" in page


def test_a_gigabyte_audit_upload_is_refused_unread_with_the_logs_limit(
    client, supervisor, settings
):
    client.force_login(supervisor)
    settings.AUDIT_UPLOAD_MAX_BYTES = 1024 * 1024
    page = refused(
        post_unread(client, "/audits/", CONTENT_LENGTH=str(GIGABYTE)),
        413,
        "The largest log the site takes is 1.0\xa0MB: split the log",
    )
    assert "at most 1.1\xa0MB" in page  # the log and the form around it (64 KiB)
    assert not AuditReport.objects.exists()


def test_the_audit_upload_takes_what_the_setting_allows(client, supervisor, settings):
    client.force_login(supervisor)
    # a log of 4 MiB, over the 3 MiB of every other page, within the 64 MiB of the audit's
    line = b'{"game": "mississippi-stud", "hole": "Qh Qs", "board": "2c 7d 9s", "paid": 0}\n'
    log = line * (4 * 1024 * 1024 // len(line) + 1)
    assert len(log) > settings.REQUEST_BODY_MAX_BYTES
    response = client.post("/audits/", {"log": SimpleUploadedFile("big.jsonl", log)})
    assert response.status_code == 302 and AuditReport.objects.get().size == len(log)


def test_a_trainee_import_over_its_limit_is_refused_unread(client, supervisor):
    client.force_login(supervisor)
    refused(
        post_unread(client, "/accounts/people/import", CONTENT_LENGTH=str(roster.MAX_BYTES * 2)),
        413,
        roster.TOO_LARGE,
    )
    assert not RosterImport.objects.exists()


def test_a_body_without_its_length_is_refused_unread(client):
    # chunked, of any size: Django would read it as empty, so it is not counted but refused
    refused(
        post_unread(client, "/accounts/login/", HTTP_TRANSFER_ENCODING="chunked"),
        411,
        "without saying how long it is",
    )


def test_the_api_is_refused_with_its_json_error(client):
    response = post_unread(client, "/api/rulings", CONTENT_LENGTH=str(GIGABYTE))
    assert response.status_code == 413
    assert "nothing of it was read" in response.json()["error"]["message"]


@pytest.mark.parametrize("length", ["", "0", "not a number", str(ALWAYS_TAKEN)])
def test_a_small_or_unreadable_length_is_left_to_the_page(client, length):
    # Django reads a body of no readable length as empty; a small one is every page's to take
    response = client.generic("POST", "/accounts/login/", b"", CONTENT_LENGTH=length)
    assert response.status_code == 200  # the sign-in page, asking again: not refused here
