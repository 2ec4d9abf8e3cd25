"""A log the site cannot take is refused with a message saying why, and nothing is stored or
queued; a log it takes is stored in chunks that end at a line's end."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from trainer.audits import services
from trainer.audits.models import AuditChunk, AuditReport

from .conftest import log_text, upload


def post(client, data: bytes, name="shift.jsonl", **fields):
    return client.post("/audits/", {"log": SimpleUploadedFile(name, data), **fields})


def refused(response, message: str) -> None:
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not AuditReport.objects.exists() and not AuditChunk.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The submitted file is empty."),  # Django's own word for a file of no bytes
        (b"\n  \n\n", "The file is empty: there is no hand in it to audit."),
        (b'{"game": "caribbean-stud"}\n\xff\xfe oops\n', "The file is not UTF-8 text (line 2"),
        (b'{"game": "casino-stud"}\n\xc3', "The file is not UTF-8 text (line 2"),  # cut short
        (b'{"game":\x00 "casino-stud"}\n', "Line 1 holds a NUL character"),
        # an old Mac export: every line ends with CR alone, so the file was one line
        (b"game,dealer,paid\rcasino-stud,Ann,1\r", "lines end with a carriage return alone"),
    ],
    ids=["no bytes", "blank lines", "latin-1 bytes", "a character cut short", "NUL", "CR ends"],
)
def test_a_bad_log_is_refused_and_nothing_is_stored(
    staff_client, data, message, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        refused(post(staff_client, data), message)
    assert queued == []


def test_a_line_longer_than_any_hand_is_refused_naming_it(staff_client, monkeypatch):
    # a log exported without line ends is one line of the whole file (34 MB read "0 of 0
    # lines"); here a limit of 100 characters stands in for the 100,000 of the site
    monkeypatch.setattr(services, "LINE_MAX_CHARS", 100)
    data = b'{"game": "casino-stud"}\n' + b'{"game": "casino-stud"} ' * 5  # 24 + 120 bytes
    refused(post(staff_client, data), "Line 2 is longer than 100 characters")


def test_a_last_line_without_its_end_is_counted_wherever_the_chunks_are_cut(
    demo, supervisor, monkeypatch
):
    # one line with no line end, exactly one chunk long: the count missed it ("0 of 0")
    line = log_text().splitlines()[0]
    monkeypatch.setattr(services, "CHUNK_CHARS", len(line))
    report = services.store_log(house=demo, user=supervisor, upload=upload(line), format="jsonl")
    assert report.total == 1 and list(services.log_lines(report)) == [line]


def test_a_file_that_is_not_a_log_by_its_name_is_refused(staff_client):
    refused(
        post(staff_client, b"\x89PNG...", name="photo.png"), "“photo.png” is neither a hand log"
    )


def test_a_file_named_otherwise_is_read_as_the_format_chosen(staff_client):
    response = post(staff_client, log_text().encode(), name="shift.txt", format="jsonl")
    assert response.status_code == 302
    assert AuditReport.objects.get().format == "jsonl"


def test_a_file_too_large_is_refused_with_the_limit(staff_client, settings):
    settings.AUDIT_UPLOAD_MAX_BYTES = 1024
    refused(post(staff_client, b"x" * 1025), "the largest log the site takes is 1.0\xa0KB")


def test_a_log_at_the_limit_is_taken(staff_client, settings):
    data = log_text().encode()
    settings.AUDIT_UPLOAD_MAX_BYTES = len(data)
    assert post(staff_client, data).status_code == 302


def test_an_upload_without_the_csrf_token_is_refused(supervisor, demo):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(supervisor)
    assert post(strict, log_text().encode()).status_code == 403
    assert not AuditReport.objects.exists()


def test_the_log_is_stored_in_chunks_cut_at_line_ends(demo, supervisor, monkeypatch):
    monkeypatch.setattr(services, "CHUNK_CHARS", 100)
    text = log_text()
    report = services.store_log(house=demo, user=supervisor, upload=upload(text), format="jsonl")
    chunks = list(report.chunks.order_by("index").values_list("text", flat=True))
    assert len(chunks) > 1
    assert "".join(chunks) == text
    assert report.total == text.count("\n")
    # a chunk ends at a line's end unless one line alone is longer than a chunk
    assert all(c.endswith("\n") or len(c) == 100 for c in chunks)
    assert list(services.log_lines(report)) == text.splitlines(keepends=True)


def test_a_byte_order_mark_and_a_last_line_without_its_end_are_read(demo, supervisor):
    text = log_text().rstrip("\n")
    report = services.store_log(
        house=demo, user=supervisor, upload=upload(b"\xef\xbb\xbf" + text.encode()), format="jsonl"
    )
    assert list(services.log_lines(report)) == text.splitlines(keepends=True)
    assert report.total == len(text.splitlines())
