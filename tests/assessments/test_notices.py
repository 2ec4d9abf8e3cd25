"""Notices: a test assigned, a certificate entering its renewal window,
a certificate expired; each recorded on the site and mailed once, in the dealer's language,
through a real SMTP server started here (aiosmtpd), whatever how often the worker's sweep
runs.  The clock is moved by patching Django's `timezone.now`."""

from __future__ import annotations

import email
import socket
from datetime import timedelta
from email.header import decode_header, make_header

import pytest
from aiosmtpd.controller import Controller

from tests.assessments.test_certificates import certified  # noqa: F401  (the fixture)
from trainer.assessments.models import Notice
from trainer.assessments.notices import send_due_notices
from trainer.core.signals import worker_sweep


class Inbox:
    """An SMTP server's handler that keeps every message it is sent."""

    def __init__(self) -> None:
        self.messages: list[email.message.Message] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def inbox(settings):
    """A real SMTP server on this machine, and the site's mail sent to it."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = controller.hostname, controller.port
    settings.EMAIL_USE_TLS, settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = False, "", ""
    yield handler
    controller.stop()


def subjects(inbox) -> list[str]:
    return [str(make_header(decode_header(m["Subject"]))) for m in inbox.messages]


def test_each_notice_is_mailed_once_as_the_clock_moves(inbox, certified, trainee, later):  # noqa: F811
    trainee.email = "tina@example.com"
    trainee.save()
    # the certification test was assigned to her just now: one notice, whatever the sweeps
    worker_sweep.send(sender=None)
    worker_sweep.send(sender=None)
    assert subjects(inbox) == ["A test for you: Table games certificate"]
    assert inbox.messages[0]["To"] == "tina@example.com"
    # 59 days before her certificate expires: due for renewal, noticed once
    # (the clock moved from now, which is the certificate's issue)
    later(certified.expires_at - certified.issued_at - timedelta(days=59))
    send_due_notices()
    send_due_notices()
    assert subjects(inbox)[1:] == ["Renew your certificate: Table games certificate"]
    # the day after it expired: expired, noticed once
    later(certified.expires_at - certified.issued_at + timedelta(days=1))
    send_due_notices()
    send_due_notices()
    assert subjects(inbox)[2:] == ["Your certificate has expired: Table games certificate"]
    body = inbox.messages[2].get_payload(decode=True).decode()
    assert "expired on" in body and "certified again" in body
    # every notice is on the site too, marked mailed
    kinds = sorted(n.key.split(":")[0] for n in Notice.objects.filter(recipient=trainee))
    assert kinds == ["assigned", "expired", "renewal"]
    # her supervisor's weekly digests: one in the renewal window's week, one in the expiry's
    supervisor = certified.signed_by
    digests = Notice.objects.filter(recipient=supervisor, key__startswith="digest:")
    assert digests.count() == 2
    assert "Tina Turner: “Table games certificate” expired on" in digests.first().body
    # (she has an address, he has none: his are on the site only, never mailed)
    assert not digests.exclude(emailed_at__isnull=True).exists()
    assert not Notice.objects.filter(recipient=trainee, emailed_at__isnull=True).exists()


def test_a_notice_reads_in_the_dealers_language_and_waits_for_a_mail_server(
    settings,
    client,
    certified,  # noqa: F811  (the fixture of test_certificates)
    trainee,
):
    trainee.language, trainee.email = "es", "tina@example.com"
    trainee.save()
    # no mail server listening: the notice is kept, not marked mailed, and tried again later
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = (
        "127.0.0.1",
        _free_port(),
        False,
    )
    settings.EMAIL_TIMEOUT = 5
    send_due_notices()
    notice = Notice.objects.get(recipient=trainee)
    assert notice.subject == "Una prueba para usted: Table games certificate"
    assert notice.emailed_at is None
    client.force_login(trainee)
    page = client.get("/tests/notices/").content.decode()
    assert "Una prueba para usted" in page
