"""What a passed certification test issues: the `Certificate`, with its public code, expiry
and renewal; and the `Notice`s the site keeps and mails to dealers."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.core.i18n import render
from trainer.engine.kit import registry

from .sittings import Assessment, Sitting

#: Crockford's base 32: digits and capitals without I, L, O and U, so that nothing read
#: off paper is mistaken for another character
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: a code's characters (100 random bits) and the size of the groups it is printed in
CODE_CHARACTERS, CODE_GROUP = 20, 4
#: what a reader may type for a character that looks like one of the code's
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A verification code nobody can guess (100 random bits) and anyone can read off paper
    and type: Crockford's base 32 in groups of four, such as "7K3Q-9ZXM-B4TD-1WPA-6HRC"."""
    characters = "".join(secrets.choice(CROCKFORD) for _ in range(CODE_CHARACTERS))
    return "-".join(characters[i : i + CODE_GROUP] for i in range(0, CODE_CHARACTERS, CODE_GROUP))


def code_as_typed(typed: str) -> str | None:
    """The code `typed` stands for, however it was typed (any case, with or without the
    hyphens, spaces between groups, O for 0 and I or L for 1); None when it is not one.

    >>> code_as_typed(" 7k3q 9zxm-b4td 1wpa-6hrc ")
    '7K3Q-9ZXM-B4TD-1WPA-6HRC'
    >>> code_as_typed("7K3Q-9ZXM-B4TD-IWPA-6HRC"), code_as_typed("7K3Q-9ZXM")
    ('7K3Q-9ZXM-B4TD-1WPA-6HRC', None)
    """
    characters = "".join(typed.upper().replace("-", " ").split()).translate(_LOOKALIKES)
    if len(characters) != CODE_CHARACTERS or any(c not in CROCKFORD for c in characters):
        return None
    return "-".join(characters[i : i + CODE_GROUP] for i in range(0, CODE_CHARACTERS, CODE_GROUP))


class CertificateQuerySet(models.QuerySet):
    def visible_to(self, user) -> CertificateQuerySet:
        """Staff of the certificate's house (superusers: all); a trainee, their own."""
        if user.is_superuser:
            return self
        if not user.is_authenticated or user.house_id is None:
            return self.none()
        if user.has_perm("houses.review_trainees"):
            return self.filter(sitting__assignment__test__house_id=user.house_id)
        return self.filter(trainee_id=user.pk)


class Certificate(models.Model):
    """Issued once, when a sitting of a certification test is passed (`game` empty), or when a
    dealer meets every part of a game's certification (`game` the game's slug, `parts` what
    was met and when, the sitting that of its written test: trainer.certification); revoked,
    never deleted; a renewal is a new certificate that names the one it renews."""

    sitting = models.ForeignKey(
        Sitting, on_delete=models.PROTECT, related_name="certificates", verbose_name=_("sitting")
    )
    #: the game a dealer is certified in; empty for a test's own certificate
    game = models.CharField(max_length=30, blank=True, default="", verbose_name=_("game"))
    #: each part of the game's certification as met when issued: [{"part": "test" | "hours" |
    #: "table", "at": ISO time, ...its figures}] (trainer.certification.standing)
    parts = models.JSONField(default=list, blank=True, verbose_name=_("parts"))
    renews = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="renewals",
        help_text=_("The certificate this one renews."),
        verbose_name=_("renews"),
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="certificates",
        verbose_name=_("trainee"),
    )
    code = models.CharField(
        max_length=40, unique=True, default=new_code, editable=False, verbose_name=_("code")
    )
    issued_at = models.DateTimeField(default=timezone.now, verbose_name=_("issued at"))
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The supervisor who assigned the test."),
        verbose_name=_("signed by"),
    )
    revoked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked at"))
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("revoked by"),
    )
    revoked_because = models.CharField(_("reason"), max_length=300, blank=True)
    #: when it stops standing: its issue plus the house's validity when it was issued (the
    #: house's `certificate_months`); None: it never expires
    expires_at = models.DateTimeField(null=True, blank=True, verbose_name=_("expires at"))

    objects = CertificateQuerySet.as_manager()

    class Meta:
        verbose_name = _("certificate")
        verbose_name_plural = _("certificates")
        ordering = ["-issued_at", "-pk"]
        permissions = [("revoke_certificates", _("Can revoke the certificates of their house"))]
        constraints = [
            models.UniqueConstraint(
                fields=["sitting", "game"], name="one_certificate_per_sitting_and_game"
            )
        ]

    def __str__(self) -> str:
        about = self.game or self.sitting.assignment.test
        return f"Certificate {self.pk}: {about} for {self.trainee}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()

    @property
    def renewal_due(self) -> bool:
        """Within the house's renewal window before it expires (and neither expired nor
        revoked)."""
        if self.expires_at is None or self.is_expired or self.is_revoked:
            return False
        window = timedelta(days=self.sitting.assignment.test.house.renewal_days)
        return timezone.now() >= self.expires_at - window

    @property
    def status(self) -> str:
        """ "revoked", "expired", "renewal due" or "valid" (docs/rulebook.md, *Certificates*)."""
        if self.is_revoked:
            return "revoked"
        if self.is_expired:
            return "expired"
        return "renewal due" if self.renewal_due else "valid"

    @property
    def test(self) -> Assessment:
        return self.sitting.assignment.test

    @property
    def title(self) -> str:
        """What it certifies, in the reader's language: "Certified dealer: <game>" for a game's
        certification, else the test's title."""
        if self.game:
            return gettext("Certified dealer: %(game)s") % {"game": self.game_title}
        return self.test.title

    @property
    def house(self):
        return self.test.house

    @property
    def game_title(self) -> str:
        return render(registry.title_of(self.game)) if self.game else ""

    @property
    def part_rows(self) -> list[dict]:
        """`parts` with each date read back as a time (they are stored as ISO text)."""
        return [{**p, "at": datetime.fromisoformat(p["at"])} for p in self.parts]


class Notice(models.Model):
    """A notice to a person (a test assigned, a certificate due for renewal or expired): kept
    on the site and mailed, each once (`key` names what it is about, unique per recipient, so
    a worker that starts again sends nothing twice).  `trainer.assessments.notices`."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notices",
        verbose_name=_("recipient"),
    )
    key = models.CharField(max_length=100, verbose_name=_("about"))
    subject = models.CharField(max_length=200, verbose_name=_("subject"))
    body = models.TextField(verbose_name=_("body"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created at"))
    #: when it was mailed (None: not yet, or the person has no address)
    emailed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("emailed at"))

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["recipient", "key"], name="one_notice_per_thing")
        ]

    def __str__(self) -> str:
        return f"{self.recipient}: {self.subject}"
