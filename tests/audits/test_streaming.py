"""The audit streams the log: it reads one chunk at a time, and its memory does not grow with
the file."""

import json
import tracemalloc

import pytest

from trainer.audits import services
from trainer.audits.models import AuditLine

from .conftest import MS, audited, upload

#: the chunk size these tests store logs with (the site's is a megabyte: the same code, more
#: chunks here, so that a log of a few megabytes is many chunks)
CHUNK = 64 * 1024
#: a hand paid right (pair of queens, net +7), so that the audit keeps no row for it
RIGHT = {**MS, "hole": "Qh Qs", "board": "2c 7d 9s", "bets": [1, 1, 2, 3], "paid": 7}
HANDS = 4_000
#: each line carries a long id, so that a log of a few megabytes is a few thousand hands
PAD = "x" * 1_000


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(services, "CHUNK_CHARS", CHUNK)


def shift(hands: int) -> str:
    return "".join(json.dumps({**RIGHT, "id": f"{n} {PAD}"}) + "\n" for n in range(hands))


def test_the_log_is_read_one_chunk_at_a_time(
    demo, supervisor, small_chunks, django_assert_num_queries
):
    text = shift(2_000)
    report = services.store_log(house=demo, user=supervisor, upload=upload(text), format="jsonl")
    assert report.chunks.count() > 2
    lines = services.log_lines(report)
    with django_assert_num_queries(2):  # the chunks' ids, then the first chunk alone
        first = next(lines)
    assert first == text[: text.index("\n") + 1]


@pytest.mark.slow  # a migration replayed, a subprocess or a big log: the slow tier
def test_the_audits_memory_stays_far_below_the_size_of_the_log(demo, supervisor, small_chunks):
    audited(demo, supervisor, shift(50))  # the engine's and Django's caches, made once
    text = shift(HANDS)
    report = services.store_log(house=demo, user=supervisor, upload=upload(text), format="jsonl")
    del text
    tracemalloc.start()
    try:
        services.run_audit(report.pk, report.attempt)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    report.refresh_from_db()
    assert report.status == "done" and report.summary["correct"] == HANDS
    assert not AuditLine.objects.filter(report=report).exists()
    print(f"log {report.size} bytes, peak {peak} bytes")
    # Held at once: one chunk's text (CHUNK characters), the line in hand, one hand's ruling
    # and the queries' working memory; measured at about 0.6 MB here for a 4.6 MB log.  A
    # quarter of the log (1.15 MB) leaves room for that and fails as soon as the lines, or
    # even a quarter of them, are held at once.
    assert peak < report.size / 4
