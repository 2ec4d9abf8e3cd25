"""Trainees from a CSV file: read and previewed (nothing stored but the rows, and only when
every row is good), confirmed, then made by the task worker, every one or none.

Making an account hashes its temporary password (about half a second each with Django's
hasher, more under load), so a file of a few dozen held the confirming request past
gunicorn's timeout and nobody was made.  Confirming now checks the rows again and
queues the import; the worker (`manage.py parsheet_worker`, `import_trainees` below) hashes the
passwords one by one, reporting its progress, then makes every account in one transaction,
under the house's lock, checking the rows a last time.  The import holds a lease as an audit
does (`trainer.core.leases`): a worker that dies before its transaction commits leaves nobody
made, and the import is queued again as its next attempt; one that dies after leaves it done,
and nothing runs it twice.  The temporary passwords are kept on the import from that
transaction until the page shows them, once, to whoever confirmed.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import time
from dataclasses import dataclass, field

from django.contrib.auth.hashers import make_password
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from django_tasks import task
from django_tasks_db import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from trainer.core.languages import language_named, site_languages
from trainer.core.leases import close_lost_tasks, enqueue_lost_queued
from trainer.houses.models import House, User

from .models import PersonAction, RosterImport
from .services import (
    Enrolled,
    as_signed_in,
    column_problems,
    log_action,
    make_trainee,
    mark_temporary,
    new_temporary_password,
    person_problems,
    quoted,
)

logger = logging.getLogger(__name__)

Status = RosterImport.Status

COLUMNS = ("username", "first_name", "last_name", "email", "language", "employee_number")
#: the headings a spreadsheet or another system may write for each column, as `column_of`
#: reads a heading (lower case; spaces, hyphens and underscores alike)
HEADINGS = {
    "username": ("username", "user name", "user", "login"),
    "first_name": ("first name", "firstname", "given name", "forename"),
    "last_name": ("last name", "lastname", "surname", "family name"),
    "email": ("email", "e mail", "email address", "e mail address", "mail"),
    "language": ("language", "lang"),
    "employee_number": ("employee number", "employee no", "employee id", "staff number"),
}
_BY_HEADING = {heading: column for column, headings in HEADINGS.items() for heading in headings}
#: the header row of the downloadable template, in a spreadsheet's words
TEMPLATE_HEADINGS = (
    "Username",
    "First name",
    "Last name",
    "E-mail",
    "Language",
    "Employee number",
)
MAX_ROWS = 500
MAX_BYTES = 512 * 1024
_TOO_LARGE = gettext_noop("The file is larger than %(kb)s KB: split it.")
#: the refusal in English (the default language), as the pages say it to an English reader
TOO_LARGE = _TOO_LARGE % {"kb": MAX_BYTES // 1024}


def too_large() -> str:
    """The refusal of a file over MAX_BYTES, in the reader's language."""
    return gettext(_TOO_LARGE) % {"kb": MAX_BYTES // 1024}


#: how many unknown columns a refusal names
NAMED = 5


@dataclass
class Row:
    line: int
    username: str
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    #: a code of settings.LANGUAGES (or the language's own name, `language_named`); empty: none
    language: str = ""
    #: the house's number for the person, as its hand logs write a dealer; empty: none
    employee_number: str = ""
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("line", *COLUMNS)}

    @property
    def language_name(self) -> str:
        """The row's language in its own name, as the preview shows it (as written if none)."""
        return site_languages().get(self.language, self.language)

    @property
    def wrong_cells(self) -> frozenset[str]:
        """The columns this row's problems are about, for the preview to mark those cells
        (a username given twice or taken is the username's)."""
        if not self.problems:
            return frozenset()
        found = column_problems(self.username, self.first_name, self.last_name, self.email)
        cells = {column for columns, _ in found for column in columns}
        if any(_about_the_username(p) for p in self.problems):
            cells.add("username")
        if language_problems(self.language):
            cells.add("language")
        if any(_about_the_number(p) for p in self.problems):
            cells.add("employee_number")
        return frozenset(cells)


def _about_the_username(problem: str) -> bool:
    """A problem that opens with the words for "the username" (a name given twice in the file,
    or taken), in the reader's language or in English, as a refusal the worker stored is."""
    return problem.startswith(
        ("the username", pgettext("how a problem about the username opens", "the username"))
    )


@dataclass
class Preview:
    rows: list[Row]
    problems: list[str]  # of the file as a whole

    @property
    def ok(self) -> bool:
        return not self.problems and not any(r.problems for r in self.rows)

    @property
    def row_problems(self) -> int:
        return sum(1 for r in self.rows if r.problems)


def _about_the_number(problem: str) -> bool:
    """A problem about the employee number (given twice, taken or too long), as
    `_about_the_username` tells one about the username."""
    return problem.startswith(
        (
            "the employee number",
            pgettext("how a problem about the employee number opens", "the employee number"),
        )
    )


#: the longest employee number kept (the person's field)
NUMBER_CHARS = User._meta.get_field("employee_number").max_length


def _mark_numbers(rows: list[Row], house) -> None:
    """Employee numbers too long, given twice in the file, or already one of the house's
    people's (numbers are compared exactly, as a hand log's dealer is matched)."""
    first: dict[str, int] = {}
    for row in rows:
        number = row.employee_number
        if not number:
            continue
        if len(number) > NUMBER_CHARS:
            row.problems.append(
                gettext("the employee number is longer than %(most)d characters")
                % {"most": NUMBER_CHARS}
            )
        elif number in first:
            row.problems.append(
                gettext("the employee number is also on line %(line)d") % {"line": first[number]}
            )
        else:
            first[number] = row.line
    taken = set(
        User.objects.filter(house=house, employee_number__in=list(first)).values_list(
            "employee_number", flat=True
        )
    )
    for row in rows:
        if row.employee_number in taken:
            row.problems.append(
                gettext("the employee number “%(number)s” is already someone's in the house")
                % {"number": row.employee_number}
            )


def column_of(heading: str) -> str:
    """The column a header cell names: `first_name` as written, or as a spreadsheet heads it;
    a heading that names no column comes back as written (lower case), for the refusal.

    >>> [column_of(h) for h in ("First Name", " E-mail ", "last_name", "Surname", "Notes")]
    ['first_name', 'email', 'last_name', 'last_name', 'notes']
    """
    written = heading.strip().lower()
    return _BY_HEADING.get(re.sub(r"[\s_-]+", " ", written), written)


def read_roster(data: bytes) -> Preview:
    """Read a CSV file of trainees (header row naming the columns: `username` required;
    `first_name`, `last_name`, `email` optional, each as written or as a spreadsheet heads it,
    `HEADINGS`) and say what is wrong with each row, without storing anything."""
    if len(data) > MAX_BYTES:
        return Preview([], [too_large()])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return Preview(
            [], [gettext("The file is not UTF-8 text: save it as “CSV UTF-8” and try again.")]
        )
    if "\x00" in text:
        return Preview([], [gettext("The file holds a NUL character: it is not a CSV text file.")])
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        # a heading read once however often the row repeats it (a reported file held 500,000
        # empty headings)
        headings = next(reader)
        columns = {heading: column_of(heading) for heading in set(headings)}
        header = [columns[heading] for heading in headings]
    except StopIteration:
        return Preview(
            [], [gettext("The file is empty: it needs a header row and a row per trainee.")]
        )
    except csv.Error as exc:
        return Preview([], [_unreadable(1, exc)])
    if "username" not in header:
        return Preview(
            [], [gettext("The header row has no “username” column (see the columns below).")]
        )
    unknown = [h for h in header if h not in COLUMNS]
    if unknown:
        return Preview([], [_unknown_columns(unknown)])
    twice = [c for c in COLUMNS if header.count(c) > 1]
    if twice:
        return Preview(
            [],
            [
                gettext("The header row names the “%(column)s” column twice: keep one of them.")
                % {"column": twice[0]}
            ],
        )
    rows: list[Row] = []
    try:
        for values in reader:
            if not any(v.strip() for v in values):
                continue
            if len(rows) >= MAX_ROWS:
                return Preview(
                    rows,
                    [gettext("More than %(max)d trainees: split the file.") % {"max": MAX_ROWS}],
                )
            line = reader.line_num
            cells = dict(zip(header, (v.strip() for v in values), strict=False))
            row = Row(line=line, **{c: cells.get(c, "") for c in COLUMNS})
            row.username = as_signed_in(row.username)
            if len(values) > len(header):
                row.problems.append(
                    ngettext(
                        "%(cells)d cells for %(count)d column",
                        "%(cells)d cells for %(count)d columns",
                        len(header),
                    )
                    % {"cells": len(values), "count": len(header)}
                )
            row.problems += person_problems(row.username, row.first_name, row.last_name, row.email)
            row.problems += language_problems(row.language)
            row.language = language_named(row.language) or row.language
            rows.append(row)
    except csv.Error as exc:
        return Preview(rows, [_unreadable(reader.line_num, exc)])
    if not rows:
        return Preview([], [gettext("The file has a header row but no trainee.")])
    _mark_clashes(rows)
    return Preview(rows, [])


def _unreadable(line: int, exc: csv.Error) -> str:
    return gettext("Line %(line)d cannot be read as CSV (%(error)s).") % {
        "line": line,
        "error": exc,
    }


def language_problems(written: str) -> list[str]:
    """What is wrong with a row's language: nothing when it is empty (the house's language
    then) or names one of the site's languages, by its code or its own name.

    >>> language_problems("es"), language_problems("Español"), language_problems("")
    ([], [], [])
    >>> print(*language_problems("Klingon"))  # doctest: +NORMALIZE_WHITESPACE
    “Klingon” is not a language of this site: write en (English) or es (Español), or leave it
    empty for the house’s language
    """
    if not written or language_named(written):
        return []
    languages = [f"{code} ({name})" for code, name in site_languages().items()]
    return [
        gettext(
            "“%(language)s” is not a language of this site: write %(languages)s, or leave it "
            "empty for the house’s language"
        )
        % {"language": quoted(written), "languages": _or(languages)}
    ]


def _or(items: list[str]) -> str:
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _unknown_columns(unknown: list[str]) -> str:
    """Which columns are not a roster's, in a sentence of bounded length however many there
    are: the first NAMED names (each `quoted`), how many more, and how many have no heading
    (a header row of half a million empty cells was echoed whole, a megabyte of commas)."""
    named = list(dict.fromkeys(h for h in unknown if h))
    blank = len(unknown) - sum(1 for h in unknown if h)
    parts = [quoted(h) for h in named[:NAMED]]
    if len(named) > NAMED:
        more = len(named) - NAMED
        parts.append(ngettext("%(count)s more", "%(count)s more", more) % {"count": _n(more)})
    if blank:
        parts.append(
            ngettext("%(count)s with no heading", "%(count)s with no heading", blank)
            % {"count": _n(blank)}
        )
    if len(parts) > 1:
        listed = gettext("%(first)s and %(last)s") % {
            "first": ", ".join(parts[:-1]),
            "last": parts[-1],
        }
    else:
        listed = parts[0]
    # the column names are the file's, never translated
    return ngettext(
        "Unknown column: %(listed)s. The columns are %(columns)s.",
        "Unknown columns: %(listed)s. The columns are %(columns)s.",
        len(named) + blank,
    ) % {"listed": listed, "columns": ", ".join(COLUMNS)}


def _n(count: int) -> str:
    """A count with its thousands grouped, as the reader's language groups them."""
    return number_format(count, force_grouping=True)


def _mark_clashes(rows: list[Row]) -> None:
    """Usernames given twice in the file, or already taken (compared ignoring case, as
    people read them; each already as sign-in reads it, `as_signed_in`)."""
    first: dict[str, int] = {}
    for row in rows:
        key = row.username.lower()
        if not key:
            continue
        if key in first:
            row.problems.append(
                gettext("the username is also on line %(line)d") % {"line": first[key]}
            )
        else:
            first[key] = row.line
    taken = set(
        User.objects.annotate(lowered=Lower("username"))
        .filter(lowered__in=list(first))
        .values_list("lowered", flat=True)
    )
    for row in rows:
        if row.username.lower() in taken:
            row.problems.append(
                gettext("the username “%(name)s” is taken") % {"name": row.username}
            )


def stage_import(
    *, actor, house, filename: str, data: bytes
) -> tuple[Preview, RosterImport | None]:
    """Read the file; when every row is good, keep it waiting for confirmation."""
    preview = read_roster(data)
    _mark_numbers(preview.rows, house)
    if not preview.ok:
        return preview, None
    staged = RosterImport.objects.create(
        house=house,
        created_by=actor,
        filename=filename[:200],
        rows=[r.as_dict() for r in preview.rows],
    )
    return preview, staged


# -- confirming: the request ------------------------------------------------------------------


class AlreadyImported(Exception):
    """The import's accounts are made already: nothing is made twice."""


class UnderWay(Exception):
    """The import is queued or being made already: nothing is queued twice."""


def confirm_import(*, actor, staged_id: int, house) -> Preview | None:
    """Queue the making of a staged import's accounts for the task worker, once its rows are
    checked again (a username may have been taken since the preview, in any case): None when
    queued, or the preview with the problems found now (nothing queued).  An import that
    failed, or whose worker stopped, is queued again the same way, as its next attempt.
    AlreadyImported for one made already, UnderWay for one queued or being made."""
    staged = RosterImport.objects.filter(pk=staged_id, house=house).first()
    if staged is None:
        raise RosterImport.DoesNotExist
    if staged.status == Status.DONE:
        raise AlreadyImported
    if staged.under_way:
        raise UnderWay
    preview = _recheck(staged)
    if not preview.ok:
        return preview
    with transaction.atomic():
        # compare-and-set on the attempt: of two confirmations at once, one queues
        queued = RosterImport.objects.filter(
            pk=staged.pk, attempt=staged.attempt, status=staged.status
        ).update(
            status=Status.QUEUED,
            attempt=F("attempt") + 1,
            confirmed_by=actor,
            heartbeat_at=timezone.now(),
            prepared=0,
            refusal={},
            error="",
        )
        if not queued:
            raise UnderWay
        attempt = staged.attempt + 1
        transaction.on_commit(lambda: import_trainees.enqueue(staged.pk, attempt))
    return None


def _recheck(staged: RosterImport) -> Preview:
    rows = [Row(**r) for r in staged.rows]
    for row in rows:
        row.username = as_signed_in(row.username)  # staged before names were kept so
        row.problems = person_problems(row.username, row.first_name, row.last_name, row.email)
        row.problems += language_problems(row.language)
    _mark_clashes(rows)
    _mark_numbers(rows, staged.house)
    return Preview(rows, [])


# -- making the accounts: the worker -----------------------------------------------------------


class LeaseLost(Exception):
    """The import was queued again while this attempt was making it."""


#: stored on the refused import in English, and shown in the reader's language
#: (`refused_preview`)
TAKEN_MEANWHILE = gettext_noop(
    "A username of this file was taken meanwhile (another import, or a trainee added at the "
    "same moment): nothing was created."
)


def run_import(import_id: int, attempt: int) -> None:
    """Make the accounts of import `import_id` as attempt `attempt` (the task worker's entry
    point): nothing unless the import is queued at that attempt; every account or none.  A
    database error goes up to the worker (its connection is reopened, and the import, left
    running with no heartbeat, is queued again by a sweep); any other failure is recorded on
    the import, whose page offers to try again."""
    claimed = RosterImport.objects.filter(
        pk=import_id, attempt=attempt, status=Status.QUEUED
    ).update(status=Status.RUNNING, heartbeat_at=timezone.now(), prepared=0)
    if not claimed:
        return
    mine = RosterImport.objects.filter(pk=import_id, attempt=attempt, status=Status.RUNNING)
    try:
        staged = RosterImport.objects.select_related("house", "confirmed_by").get(pk=import_id)
        _make_accounts(staged, mine)
    except (LeaseLost, RosterImport.DoesNotExist):
        return
    except DatabaseError:
        raise
    except Exception as exc:
        logger.exception("Import %s failed", import_id)
        mine.update(
            status=Status.FAILED,
            error=gettext("the import stopped unexpectedly (%(error)s); nobody was created")
            % {"error": type(exc).__name__},
            heartbeat_at=timezone.now(),
        )


@task()
def import_trainees(import_id: int, attempt: int) -> None:
    """The task worker's entry point (`manage.py parsheet_worker` runs every task): `run_import`.
    It lives beside the work it queues and runs, so nothing here looks a task module up."""
    run_import(import_id, attempt)


def _make_accounts(staged: RosterImport, mine) -> None:
    preview = _recheck(staged)
    if not preview.ok:
        _refuse(mine, preview)
        return
    # the slow part, outside the transaction so that its progress is seen: a password each
    hashed = []
    beat = time.monotonic()
    for done, row in enumerate(preview.rows, 1):
        password = new_temporary_password()
        hashed.append((row, password, make_password(password)))
        if time.monotonic() - beat >= staged.HEARTBEAT_SECONDS:
            _beat(mine, prepared=done)
            beat = time.monotonic()
    _beat(mine, prepared=len(hashed))
    try:
        with transaction.atomic():
            # one import at a time per house: a second import of the same file (or one with
            # "Ann" where this has "ann") waits, then finds the usernames taken in its check
            House.objects.select_for_update().filter(pk=staged.house_id).first()
            if not list(mine.select_for_update().values_list("pk", flat=True)):
                raise LeaseLost
            preview = _recheck(staged)
            if not preview.ok:
                _refuse(mine, preview)
                return
            made = [
                (_make(staged, row, password_hash), password)
                for row, password, password_hash in hashed
            ]
            mine.update(
                status=Status.DONE,
                done_at=timezone.now(),
                heartbeat_at=timezone.now(),
                created_users=[user.pk for user, _ in made],
                passwords=[[user.pk, password] for user, password in made],
            )
    except IntegrityError:
        # taken between the check and the insert, by someone not waiting on the house's lock
        # (the transaction is rolled back: read the rows again, outside it)
        preview = _recheck(staged)
        preview.problems.append(TAKEN_MEANWHILE)
        _refuse(mine, preview)


def _make(staged: RosterImport, row: Row, password_hash: str) -> User:
    actor = staged.confirmed_by
    user = make_trainee(
        staged.house,
        row.username,
        row.first_name,
        row.last_name,
        row.email,
        password_hash=password_hash,
        language=language_named(row.language) or "",
        employee_number=row.employee_number,
    )
    mark_temporary(actor=actor, person=user)
    log_action(
        actor=actor,
        subject=user,
        action=PersonAction.Kind.IMPORTED,
        detail=(
            gettext("line %(line)d of %(file)s") % {"line": row.line, "file": staged.filename}
            if staged.filename
            else gettext("line %(line)d of the file") % {"line": row.line}
        ),
    )
    return user


def _beat(mine, **fields) -> None:
    """Record progress, renewing the lease; LeaseLost if the import is no longer this
    attempt's."""
    if not mine.update(heartbeat_at=timezone.now(), **fields):
        raise LeaseLost


def _refuse(mine, preview: Preview) -> None:
    """Nobody made: why, kept for the page (the file's problems, each row's by its line)."""
    mine.update(
        status=Status.REFUSED,
        heartbeat_at=timezone.now(),
        refusal={
            "problems": preview.problems,
            "rows": {str(row.line): row.problems for row in preview.rows if row.problems},
        },
    )


def refused_preview(staged: RosterImport) -> Preview:
    """The rows of a refused import with the problems the worker found (stored in the
    worker's language; a problem of the file that the catalogue knows as it was stored, such
    as TAKEN_MEANWHILE, is shown in the reader's)."""
    found = staged.refusal.get("rows", {})
    rows = [Row(**r, problems=found.get(str(r["line"]), [])) for r in staged.rows]
    return Preview(rows, [gettext(p) if p else p for p in staged.refusal.get("problems", [])])


#: an import whose worker has died this many times is marked failed rather than run again
MAX_ATTEMPTS = 3


def requeue_stale_imports() -> list[RosterImport]:
    """The task worker's sweep: each import whose worker stopped (running, no heartbeat for
    `RosterImport.STALE_AFTER_SECONDS`) queued again as its next attempt, which starts over;
    one that has lost its worker `MAX_ATTEMPTS` times is marked failed instead (its page
    offers to try again).  The task rows dead workers left running are closed, and an import
    whose worker was killed after taking its task but before taking the import is queued
    again: it read "queued" for ever, and could not be confirmed again.  Temporary passwords
    never shown are erased on the way."""
    erase_uncollected_passwords()
    requeued = []
    for staged in RosterImport.objects.filter(status=Status.RUNNING):
        if not staged.is_stale:
            continue
        if staged.attempt >= MAX_ATTEMPTS:
            fields = {
                "status": Status.FAILED,
                "error": gettext("its worker stopped %(count)d times; nobody was created")
                % {"count": staged.attempt},
            }
        else:
            fields = {"status": Status.QUEUED, "attempt": F("attempt") + 1, "prepared": 0}
        with transaction.atomic():
            again = RosterImport.objects.filter(
                pk=staged.pk, attempt=staged.attempt, status=Status.RUNNING
            ).update(heartbeat_at=timezone.now(), **fields)
            if again and fields["status"] == Status.QUEUED:
                attempt = staged.attempt + 1
                transaction.on_commit(
                    lambda pk=staged.pk, attempt=attempt: import_trainees.enqueue(pk, attempt)
                )
                requeued.append(staged)
    if isinstance(import_trainees.get_backend(), DatabaseBackend):
        close_lost_tasks(import_trainees, RosterImport, _import_of_task)
        requeued += enqueue_lost_queued(
            import_trainees, RosterImport, _enqueue_again, _import_of_task
        )
    return requeued


def _import_of_task(row: DBTaskResult) -> tuple[int | None, int | None]:
    """The import a task row makes and its attempt: `import_trainees(import_id, attempt)`."""
    args, kwargs = row.args_kwargs["args"], row.args_kwargs["kwargs"]
    import_id = args[0] if args else kwargs.get("import_id")
    attempt = args[1] if len(args) > 1 else kwargs.get("attempt")
    return import_id, attempt


def _enqueue_again(staged: RosterImport) -> None:
    transaction.on_commit(lambda: import_trainees.enqueue(staged.pk, staged.attempt))


# -- the temporary passwords, shown once -------------------------------------------------------


def take_passwords(staged: RosterImport, user) -> list[Enrolled]:
    """The temporary passwords of an import just made, for whoever confirmed it, once: taken
    off the import as they are shown (of two pages asking at once, one gets them)."""
    if staged.status != Status.DONE or staged.confirmed_by_id != user.pk or not staged.passwords:
        return []
    taken = RosterImport.objects.filter(
        pk=staged.pk, passwords_shown_at__isnull=True, passwords__isnull=False
    ).update(passwords=None, passwords_shown_at=timezone.now())
    if not taken:
        return []
    users = User.objects.in_bulk([pk for pk, _ in staged.passwords])
    return [Enrolled(users[pk], password) for pk, password in staged.passwords if pk in users]


def erase_uncollected_passwords() -> int:
    """Temporary passwords not shown within `RosterImport.PASSWORDS_KEPT` of the accounts
    being made are erased (each trainee is then given a new one from their page)."""
    before = timezone.now() - RosterImport.PASSWORDS_KEPT
    return RosterImport.objects.filter(
        status=Status.DONE, done_at__lt=before, passwords__isnull=False
    ).update(passwords=None)
