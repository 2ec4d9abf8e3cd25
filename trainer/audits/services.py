"""Storing an uploaded hand log and auditing it, chunk by chunk.

The log is stored in the database (`AuditChunk`, about a megabyte of text each) as it is
received, so the task worker on any machine can read it; the audit streams it back one chunk
and one line at a time through the engine (`trainer.engine.audit`), with the house's
configuration in force at each hand's `at` (`trainer.houses.timeline`).  What it keeps is
the summary and the lines that matter (mispays and lines it could not rule), never the
audited log, so its memory does not grow with the file.
"""

from __future__ import annotations

import codecs
import dataclasses
import logging
import math
import time
from collections.abc import Iterator, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext
from django_tasks import task

from trainer.engine.audit import (
    CR_LINE_ENDS,
    Audited,
    Summary,
    audit_line,
    ends_lines_with_cr,
    fields_read,
    read_at,
    read_csv,
    read_jsonl,
)
from trainer.engine.errors import RulingError
from trainer.engine.messages import Message
from trainer.houses.timeline import HouseTimeline

from . import findings
from .models import AuditChunk, AuditLine, AuditReport, on_house_clock

logger = logging.getLogger(__name__)

#: the most text one chunk holds (characters; cut at a line's end when a line allows)
CHUNK_CHARS = 1_000_000
#: the largest log taken by default, in bytes (settings.AUDIT_UPLOAD_MAX_BYTES overrides it):
#: 64 MiB is about 400,000 hands at 160 bytes a line, several busy shifts of a whole floor
DEFAULT_MAX_UPLOAD_BYTES = 64 * 1024 * 1024
#: the longest line a log may hold (characters): a hand's line is a few hundred, and the audit
#: reads a line whole, so a longer one is a file whose lines are not separated (a shift's log
#: exported without line ends), which would be read as one line held in memory
LINE_MAX_CHARS = 100_000
#: rows of mispaid lines written together at most (besides every heartbeat)
ROWS_PER_WRITE = 500
#: how much of an unreadable line the report keeps, to show what was written
RAW_KEPT = 500

AUDITED = (AuditReport.Status.QUEUED, AuditReport.Status.RUNNING)


def max_upload_bytes() -> int:
    return getattr(settings, "AUDIT_UPLOAD_MAX_BYTES", DEFAULT_MAX_UPLOAD_BYTES)


# --- the upload --------------------------------------------------------------------------------


def store_log(*, house, user, upload, format: str) -> AuditReport:
    """Store `upload` (a Django UploadedFile) chunk by chunk as the log of a new report for
    `house`, and queue its audit once stored.  ValidationError, with nothing stored, for a
    log that is empty, not UTF-8 text, or holds a NUL character."""
    with transaction.atomic():
        report = AuditReport.objects.create(
            house=house, uploaded_by=user, name=upload.name[-255:], format=format, size=upload.size
        )
        report.total = _store_chunks(report, upload.chunks())
        report.save(update_fields=["total"])
        transaction.on_commit(lambda: audit_report.enqueue(report.pk, report.attempt))
    return report


def _store_chunks(report: AuditReport, pieces) -> int:
    """Write the text of `pieces` (bytes) as the report's chunks; the number of lines.
    ValidationError, in words, for what no audit could read one hand a line at a time."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()  # strict; a spreadsheet's BOM goes
    pending, index, has_text = "", 0, False
    # line ends so far, the length of the line not yet ended, the first line until it ends
    newlines, open_line = 0, 0
    first: str | None = ""
    for piece in pieces:
        try:
            text = decoder.decode(piece)
        except UnicodeDecodeError as exc:
            raise _not_utf8(newlines + piece.count(b"\n", 0, exc.start) + 1) from exc
        if "\0" in text:
            line = newlines + text[: text.index("\0")].count("\n") + 1
            raise ValidationError(
                gettext(
                    "Line %(line)s holds a NUL character: this is not a text hand log. Upload "
                    "the hand log (.jsonl) or the spreadsheet (.csv) itself."
                )
                % {"line": line}
            )
        if first is not None:
            first = _first_line(first, text)
        open_line = _lines_checked(text, newlines, open_line)
        newlines += text.count("\n")
        has_text = has_text or bool(text.strip())
        pending += text
        while len(pending) >= CHUNK_CHARS:
            cut = pending.rfind("\n", 0, CHUNK_CHARS) + 1 or CHUNK_CHARS
            AuditChunk.objects.create(report=report, index=index, text=pending[:cut])
            pending, index = pending[cut:], index + 1
    try:
        pending += decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        raise _not_utf8(newlines + 1) from exc
    if not has_text:
        raise ValidationError(gettext("The file is empty: there is no hand in it to audit."))
    if pending:
        AuditChunk.objects.create(report=report, index=index, text=pending)
    # a last line without its end is a line too (wherever the chunks were cut)
    return newlines + (open_line > 0)


def _first_line(first: str, text: str) -> str | None:
    """The log's first line so far, with `text` read (None once it has ended); a first line
    holding a carriage return that ends no line is a file with CR line ends, refused in words
    (else the whole file would be read as one line)."""
    end = text.find("\n")
    first += text if end == -1 else text[: end + 1]
    # a CR last in what has come so far may be followed by the line feed still to come
    if ends_lines_with_cr(first if end != -1 else first[:-1]):
        raise ValidationError(CR_LINE_ENDS)
    return first if end == -1 else None


def _lines_checked(text: str, newlines: int, open_line: int) -> int:
    """The length of the line left open after `text` (which follows `newlines` line ends and
    `open_line` characters of the line they leave open); ValidationError, naming the line,
    for a line longer than `LINE_MAX_CHARS`."""
    start = 0
    while True:
        end = text.find("\n", start)
        length = open_line + (len(text) if end == -1 else end) - start
        if length > LINE_MAX_CHARS:
            raise ValidationError(
                gettext(
                    "Line %(line)s is longer than %(most)s characters, and a hand log holds "
                    "one hand a line, a few hundred characters each: this file's lines do not "
                    "end with line ends. Export the log again with one hand a line (.jsonl or "
                    ".csv), and upload that file."
                )
                % {
                    "line": newlines + 1,
                    "most": number_format(LINE_MAX_CHARS, force_grouping=True),
                }
            )
        if end == -1:
            return length
        open_line, start, newlines = 0, end + 1, newlines + 1


def _not_utf8(line: int) -> ValidationError:
    return ValidationError(
        gettext(
            "The file is not UTF-8 text (line %(line)s has bytes that are not). Save or export "
            "the log as UTF-8 (in a spreadsheet: CSV UTF-8) and upload it again."
        )
        % {"line": line}
    )


def log_lines(report: AuditReport) -> Iterator[str]:
    """The log's lines, each with its line end, read one chunk at a time: at most one chunk
    and one line are held at once, whatever the size of the log."""
    carry = ""
    ids = list(report.chunks.order_by("index").values_list("pk", flat=True))
    for pk in ids:
        text = AuditChunk.objects.values_list("text", flat=True).get(pk=pk)
        start = 0
        while (end := text.find("\n", start)) != -1:
            if carry:
                yield carry + text[start : end + 1]
                carry = ""
            else:
                yield text[start : end + 1]
            start = end + 1
        carry += text[start:]
        del text
    if carry:
        yield carry


# --- the audit ---------------------------------------------------------------------------------


class LeaseLost(Exception):
    """The report was deleted or queued again while this attempt was running it."""


class _Source:
    """The log's lines, remembering the last one handed out (shown for an unreadable line)."""

    def __init__(self, lines: Iterator[str]) -> None:
        self._lines = lines
        self.last = ""

    def __iter__(self) -> Iterator[str]:
        for line in self._lines:
            self.last = line
            yield line

    def as_bytes(self) -> Iterator[bytes]:
        for line in self:
            yield line.encode()


def run_audit(report_id: int, attempt: int) -> None:
    """Audit report `report_id` as attempt `attempt` (the task worker's entry point): does
    nothing unless the report is queued at that attempt; starts over from the first line
    (rows of an earlier attempt are deleted first, so a report run again never counts a line
    twice); stops if the report is deleted or queued again meanwhile.  A database error goes
    up to the worker when it is the connection's (a dropped connection, a database restarting:
    the report goes stale and the worker's sweep queues it again); any other failure, the
    database refusing what was written among them, would fail the same way every time, so it
    is recorded on the report as what it is, which offers "Run again"."""
    claimed = AuditReport.objects.filter(
        pk=report_id, attempt=attempt, status=AuditReport.Status.QUEUED
    ).update(
        status=AuditReport.Status.RUNNING,
        heartbeat_at=timezone.now(),
        done=0,
        summary=None,
        versions={},
        error="",
    )
    if not claimed:
        return
    AuditLine.objects.filter(report_id=report_id).delete()
    mine = AuditReport.objects.filter(
        pk=report_id, attempt=attempt, status=AuditReport.Status.RUNNING
    )
    try:
        _audit(AuditReport.objects.select_related("house").get(pk=report_id), mine)
    except (LeaseLost, AuditReport.DoesNotExist):
        return
    except (OperationalError, InterfaceError):
        raise
    except DatabaseError as exc:
        logger.exception("Audit %s failed", report_id)
        first = (str(exc).strip().splitlines() or [""])[0][:200]
        _failed(
            mine, f"the database refused to store what it found ({type(exc).__name__}: {first})"
        )
    except Exception as exc:
        logger.exception("Audit %s failed", report_id)
        _failed(mine, f"the audit stopped unexpectedly ({type(exc).__name__})")


@task()
def audit_report(report_id: int, attempt: int) -> None:
    """The task worker's entry point (`manage.py parsheet_worker` runs every task): `run_audit`.
    It lives beside the work it queues and runs, so nothing here looks a task module up."""
    run_audit(report_id, attempt)


def _failed(mine, error: str) -> None:
    mine.update(
        status=AuditReport.Status.FAILED, error=_storable(error), finished_at=timezone.now()
    )


def _audit(report: AuditReport, mine) -> None:
    timeline = HouseTimeline(report.house)
    zone = timezone.get_default_timezone()
    house_zone = ZoneInfo(report.house.time_zone)
    summary = Summary()
    versions: dict[str, set[str]] = {}
    rows: list[AuditLine] = []
    source = _Source(log_lines(report))
    if report.format == AuditReport.Format.CSV:
        numbered = read_csv(source)
    else:
        numbered = read_jsonl(source.as_bytes())
    beat = time.monotonic()
    for number, line in numbered:
        dealt = _when(line, zone)
        config, labels = timeline.at(dealt)
        audited = _named_as_stored(audit_line(line, config, house=report.house.slug))
        summary.add(audited)
        version = labels.get(audited.game, "") if audited.game else ""
        if version:
            versions.setdefault(audited.game, set()).add(version)
        if audited.verdict != "correct":
            row = _row(report, number, line, audited, version, source.last)
            row.at = dealt or report.uploaded_at
            for name, value in on_house_clock(row.at, house_zone).items():
                setattr(row, name, value)
            rows.append(row)
        if len(rows) >= ROWS_PER_WRITE or time.monotonic() - beat >= report.HEARTBEAT_SECONDS:
            _write(mine, rows, done=number)
            rows, beat = [], time.monotonic()
    _write(
        mine,
        rows,
        status=AuditReport.Status.DONE,
        done=F("total"),
        summary=_storable({**summary.as_json(), "by_situation": summary.situations_json()}),
        versions={game: sorted(labels) for game, labels in sorted(versions.items())},
        finished_at=timezone.now(),
    )
    # the log's dealers as the house's people, and their mispays on their cards
    findings.link_report(report)


#: the longest dealer or table name a row keeps (and so a group of the summary)
NAME_CHARS = AuditLine._meta.get_field("dealer").max_length


def _named_as_stored(audited: Audited) -> Audited:
    """`audited` with its dealer and table named as a row stores them (`_clip`): the summary's
    groups are then the rows' own names, which the report's filters match, and hold nothing a
    database refuses (a log's name may hold NUL, which PostgreSQL text cannot)."""
    return dataclasses.replace(
        audited,
        dealer=_clip(audited.dealer, NAME_CHARS) or None,
        table=_clip(audited.table, NAME_CHARS) or None,
    )


def _when(line: Mapping[str, Any] | RulingError, zone):
    """When the hand was dealt (None: unknown, so the active configuration); a time without
    a zone is the site's time zone.  An unreadable `at` is the engine's to report."""
    if isinstance(line, RulingError):
        return None
    try:
        when = read_at(line)
    except RulingError:
        return None
    if when is not None and timezone.is_naive(when):
        when = timezone.make_aware(when, zone)
    return when


def _write(mine, rows: list[AuditLine], **fields) -> None:
    """Record progress (renewing the lease) and the rows found since the last write, together;
    LeaseLost, writing nothing, if the report is no longer this attempt's."""
    with transaction.atomic():
        if not mine.update(heartbeat_at=timezone.now(), **fields):
            raise LeaseLost
        AuditLine.objects.bulk_create(rows)


def _row(report, number: int, line, audited: Audited, version: str, raw: str) -> AuditLine:
    if isinstance(line, RulingError):
        request = None
    elif audited.verdict == "error":
        request = _storable(line)  # as written, to show what is wrong (as text, never drawn)
    else:
        # a mispaid hand keeps what it was audited on: a field the log carries that the audit
        # does not read (a shoe, a note, a field of another game) is left out
        request = _storable(fields_read(line))
    return AuditLine(
        report=report,
        number=number,
        verdict=audited.verdict,
        game=audited.game or "",
        dealer=_clip(audited.dealer, NAME_CHARS),
        table=_clip(audited.table, NAME_CHARS),
        situation=_clip(audited.situation, 300),
        difference=audited.difference,
        overpaid=audited.overpaid,
        underpaid=audited.underpaid,
        version=_clip(version, 300),
        request=request,
        result=_storable(audited.as_json()),
        raw=_storable(raw.rstrip("\r\n")[:RAW_KEPT]) if isinstance(line, RulingError) else "",
    )


def _clip(text: str | None, size: int) -> str:
    return _storable(text or "")[:size]


def _storable(value: Any) -> Any:
    """`value` as every database stores it: a line the audit refused may hold what JSON
    cannot carry (NaN, a lone surrogate) or what PostgreSQL text cannot (NUL), kept for
    showing only, so each is replaced by a stand-in."""
    if isinstance(value, Message):  # an engine reason: its parameters cleaned, still a message
        return Message.from_json(_storable(value.to_json()))
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8").replace("\0", "\ufffd")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, Mapping):
        return {_storable(str(k)): _storable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_storable(v) for v in value]
    return value


# --- running again, deleting --------------------------------------------------------------------


def run_again(report: AuditReport) -> bool:
    """Queue a failed report, or one whose worker stopped, as its next attempt (which starts
    over); False if it is neither (done meanwhile, or queued again by someone else)."""
    if not report.can_run_again:
        return False
    with transaction.atomic():
        again = AuditReport.objects.filter(
            pk=report.pk, attempt=report.attempt, status=report.status
        ).update(status=AuditReport.Status.QUEUED, attempt=F("attempt") + 1, error="")
        if not again:
            return False
        attempt = report.attempt + 1
        transaction.on_commit(lambda: audit_report.enqueue(report.pk, attempt))
    return True


#: a report whose worker has died this many times is marked failed rather than run again
MAX_ATTEMPTS = 3


def requeue_stale_audits() -> list[AuditReport]:
    """The task worker's sweep: each report whose worker stopped (running, no heartbeat for
    `AuditReport.STALE_AFTER_SECONDS`) queued again as its next attempt, which starts over;
    one that has lost its worker `MAX_ATTEMPTS` times is marked failed instead, with "Run
    again" still offered.  Compare-and-set on the attempt, as `run_again`."""
    requeued = []
    for report in AuditReport.objects.filter(status=AuditReport.Status.RUNNING):
        if not report.is_stale:
            continue
        if report.attempt >= MAX_ATTEMPTS:
            AuditReport.objects.filter(
                pk=report.pk, attempt=report.attempt, status=report.status
            ).update(
                status=AuditReport.Status.FAILED,
                error=f"its worker stopped {report.attempt} times without finishing it",
                finished_at=timezone.now(),
            )
        elif run_again(report):
            requeued.append(report)
    return requeued


def delete_report(report: AuditReport) -> bool:
    """Delete a report with its log and rows, stopping its audit if one is under way; True
    when it was (queued or running).  The report's row is locked first: a worker's write in
    hand (its progress and the rows found since the last, one transaction holding that row)
    is waited for, so the rows it adds are deleted with the rest, and its next write finds
    the report gone and stops (`LeaseLost`).  Without the lock the rows were deleted before
    the worker's last ones were committed, and deleting the report broke their foreign key."""
    with transaction.atomic():
        locked = AuditReport.objects.select_for_update().filter(pk=report.pk).first()
        if locked is None:
            return False  # deleted meanwhile (a second click)
        was_under_way = locked.under_way
        locked.delete()
    return was_under_way
