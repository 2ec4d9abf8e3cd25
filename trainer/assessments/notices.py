"""Notices to dealers, kept on the site and mailed, each at most once:
a test assigned to them, a certificate of theirs entering its renewal window, a certificate of
theirs expired; and to each supervisor a weekly digest of the house's dealers whose
certificates are due for renewal or expired.  The task worker looks for them at every sweep
(`signals.py`), so a notice goes out within a sweep of its moment; each is recorded before it
is mailed (a `Notice` per person and thing, unique), so a worker that starts again sends
nothing twice.  Mail is Django's (the console when no `EMAIL_HOST` is set), in the
recipient's language.

A house that turns this on does not mail what is long past: only tests assigned in the last
`RECENT`, and certificates in their renewal window now or expired within `RECENT`.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from trainer.core.languages import language_of
from trainer.core.times import when
from trainer.houses.models import User

from .models import Assignment, Certificate, Notice

log = logging.getLogger(__name__)

#: the backend whose with_perm answers "who holds this permission" (axes' holds none)
PERMISSIONS_BACKEND = "trainer.core.auth.HouseModelBackend"

#: how far back a sweep looks for what to notice
RECENT = dt.timedelta(days=7)


def record(recipient, key: str, subject, body, now) -> Notice | None:
    """The notice, recorded in the recipient's language at the sweep's `now`; None when it
    was recorded before."""
    with translation.override(language_of(recipient) or settings.LANGUAGE_CODE):
        try:
            with transaction.atomic():
                return Notice.objects.create(
                    recipient=recipient, key=key, subject=subject(), body=body(), created_at=now
                )
        except IntegrityError:  # noticed already, by this sweep's predecessor
            return None


def _mail(notice: Notice) -> None:
    """Mail `notice` to its recipient (if they have an address), and mark it mailed; a mail
    that fails is tried again at the next sweep."""
    address = notice.recipient.email
    if not address:
        return
    try:
        send_mail(notice.subject, notice.body, None, [address])
    except OSError as exc:  # the mail server refused or is away: the next sweep tries again
        log.warning("notice %s not mailed: %s", notice.pk, exc)
        return
    Notice.objects.filter(pk=notice.pk).update(emailed_at=timezone.now())  # (the sweep's clock)


def _assigned(now) -> list[Notice]:
    made = []
    recent = Assignment.objects.filter(
        assigned_at__gte=now - RECENT, trainee__is_active=True
    ).select_related("test", "trainee__house")
    for assignment in recent:
        test = assignment.test

        def body(test=test):
            due = (
                gettext(" It is due by %(day)s.") % {"day": when(test.due_at, "day")}
                if test.due_at
                else ""
            )
            return (
                gettext("You have been given the test “%(title)s”: take it from Tests on the site.")
                % {"title": test.title}
                + due
            )

        notice = record(
            assignment.trainee,
            f"assigned:{assignment.pk}",
            lambda test=test: gettext("A test for you: %(title)s") % {"title": test.title},
            body,
            now,
        )
        if notice is not None:
            made.append(notice)
    return made


def _certificates(now) -> list[Notice]:
    made = []
    standing = Certificate.objects.filter(
        revoked_at__isnull=True,
        expires_at__isnull=False,
        expires_at__gte=now - RECENT,
        trainee__is_active=True,
    ).select_related("trainee__house", "sitting__assignment__test__house")
    for certificate in standing:
        title, day = certificate.title, certificate.expires_at
        if certificate.is_expired:
            key = f"expired:{certificate.pk}"

            def subject(title=title):
                return gettext("Your certificate has expired: %(title)s") % {"title": title}

            def body(title=title, day=day):
                return gettext(
                    "Your certificate “%(title)s” expired on %(day)s: you must be certified "
                    "again before you deal the game."
                ) % {"title": title, "day": when(day, "day")}

        elif certificate.renewal_due:
            key = f"renewal:{certificate.pk}"

            def subject(title=title):
                return gettext("Renew your certificate: %(title)s") % {"title": title}

            def body(title=title, day=day):
                return gettext(
                    "Your certificate “%(title)s” expires on %(day)s: ask your supervisor for "
                    "the renewal test before then."
                ) % {"title": title, "day": when(day, "day")}

        else:
            continue
        notice = record(certificate.trainee, key, subject, body, now)
        if notice is not None:
            made.append(notice)
    return made


def _digests(now) -> list[Notice]:
    """Once a week (from Monday), to each active supervisor of a house: the house's dealers
    whose certificates are due for renewal or expired, one line each."""
    made = []
    year, week, _ = timezone.localdate(now).isocalendar()
    supervisors = User.objects.with_perm(
        "houses.review_trainees", include_superusers=False, backend=PERMISSIONS_BACKEND
    ).filter(house__isnull=False)
    for supervisor in supervisors.select_related("house"):
        certificates = Certificate.objects.filter(
            sitting__assignment__test__house=supervisor.house,
            revoked_at__isnull=True,
            expires_at__isnull=False,
            trainee__is_active=True,
        ).select_related("trainee", "sitting__assignment__test__house")
        listed = [c for c in certificates if c.status in ("renewal due", "expired")]
        if not listed:
            continue

        def body(listed=listed):
            lines = [
                (
                    gettext("%(name)s: “%(title)s” expired on %(day)s")
                    if c.is_expired
                    else gettext("%(name)s: “%(title)s” expires on %(day)s")
                )
                % {
                    "name": c.trainee.get_full_name() or c.trainee.get_username(),
                    "title": c.title,
                    "day": when(c.expires_at, "day"),
                }
                for c in sorted(listed, key=lambda c: c.expires_at)
            ]
            return "\n".join(
                [gettext("Your dealers' certificates due for renewal or expired:"), *lines]
            )

        notice = record(
            supervisor,
            f"digest:{year}-{week}",
            lambda: gettext("This week's certificates to renew"),
            body,
            now,
        )
        if notice is not None:
            made.append(notice)
    return made


def send_due_notices(now: dt.datetime | None = None) -> list[Notice]:
    """Record and mail every notice now due (each once); the notices made.  Notices recorded
    by an earlier sweep whose mail failed are mailed again."""
    now = now or timezone.now()
    made = _assigned(now) + _certificates(now) + _digests(now)
    mail_unsent(now)
    return made


def mail_unsent(now: dt.datetime) -> None:
    """Mail each notice of the last `RECENT` not mailed yet (an app above records its own
    notices with `record`, then calls this)."""
    unsent = Notice.objects.filter(
        emailed_at__isnull=True, created_at__gte=now - RECENT
    ).select_related("recipient")
    for notice in unsent.exclude(recipient__email=""):
        _mail(notice)
