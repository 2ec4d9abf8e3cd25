"""A house's directory: how its people sign in (its OpenID Connect provider, its LDAP
directory, the site's own passwords), which directory groups give which of the site's roles,
the people the directory has linked or provisioned, SCIM's bearer tokens and groups, and the
log of every provisioning change."""

from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from trainer.houses.models import House
from trainer.houses.roles import TITLES

from .sealed import seal, unseal

USER = settings.AUTH_USER_MODEL

#: the site's roles a directory group may give, by the groups' (English) names
ROLE_CHOICES = [(role, title) for role, title in TITLES.items()]


class Directory(models.Model):
    """One house's directory settings.  Secrets are stored sealed (trainer.directory.sealed)."""

    house = models.OneToOneField(House, on_delete=models.CASCADE, related_name="directory")
    site_passwords = models.BooleanField(
        _("people may sign in with a password kept by this site"),
        default=True,
        help_text=_(
            "Turn off when every person of the house signs in through the directory: the "
            "site's own passwords then stop working for them (superusers excepted)."
        ),
    )

    oidc_enabled = models.BooleanField(
        _("sign in with the house's identity provider"), default=False
    )
    oidc_name = models.CharField(
        _("provider's name on the sign-in page"),
        max_length=80,
        blank=True,
        help_text=_("As your people know it, e.g. Okta or Riverboat staff login."),
    )
    oidc_issuer = models.URLField(
        _("issuer"),
        max_length=300,
        blank=True,
        help_text=_(
            "The provider's issuer address; the site reads its settings from "
            "<issuer>/.well-known/openid-configuration."
        ),
    )
    oidc_client_id = models.CharField(_("client ID"), max_length=200, blank=True)
    oidc_client_secret_sealed = models.TextField(blank=True, editable=False)
    oidc_username_claim = models.CharField(
        _("claim with the username"),
        max_length=60,
        default="preferred_username",
        help_text=_("preferred_username, email, or the claim holding the employee number."),
    )
    oidc_username_is_employee_number = models.BooleanField(
        _("that claim is the employee number"),
        default=False,
        help_text=_("Also match and record it as the person's employee number."),
    )
    oidc_groups_claim = models.CharField(
        _("claim with the groups"), max_length=60, default="groups"
    )

    ldap_enabled = models.BooleanField(
        _("check passwords against the house's LDAP directory"), default=False
    )
    ldap_uri = models.CharField(
        _("server address"),
        max_length=300,
        blank=True,
        help_text=_("ldap://host:389 or ldaps://host:636"),
    )
    ldap_start_tls = models.BooleanField(
        _("use StartTLS"), default=False, help_text=_("For an ldap:// address.")
    )
    ldap_bind_dn = models.CharField(
        _("bind DN"),
        max_length=300,
        blank=True,
        help_text=_("The account the site searches with; empty: search anonymously."),
    )
    ldap_bind_password_sealed = models.TextField(blank=True, editable=False)
    ldap_user_base = models.CharField(_("where people are"), max_length=300, blank=True)
    ldap_user_filter = models.CharField(
        _("filter finding a person by username"),
        max_length=300,
        default="(uid=%(user)s)",
        help_text=_("Active Directory: (sAMAccountName=%(user)s)"),
    )
    ldap_group_base = models.CharField(_("where groups are"), max_length=300, blank=True)

    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("directory")
        verbose_name_plural = _("directories")
        permissions = [
            ("manage_directory", "Can configure their house's directory, sign-in and provisioning"),
        ]

    def __str__(self) -> str:
        return str(self.house)

    @property
    def oidc_client_secret(self) -> str:
        return unseal(self.oidc_client_secret_sealed)

    @oidc_client_secret.setter
    def oidc_client_secret(self, value: str) -> None:
        self.oidc_client_secret_sealed = seal(value)

    @property
    def ldap_bind_password(self) -> str:
        return unseal(self.ldap_bind_password_sealed)

    @ldap_bind_password.setter
    def ldap_bind_password(self, value: str) -> None:
        self.ldap_bind_password_sealed = seal(value)

    @property
    def oidc_ready(self) -> bool:
        return bool(self.oidc_enabled and self.oidc_issuer and self.oidc_client_id)

    @property
    def ldap_ready(self) -> bool:
        return bool(self.ldap_enabled and self.ldap_uri and self.ldap_user_base)


class GroupRole(models.Model):
    """A directory group (its name as the provider's groups claim, the LDAP group's common name
    or the SCIM group's display name writes it) and the site's role it gives."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="group_roles")
    group = models.CharField(_("directory group"), max_length=200)
    role = models.CharField(_("role on this site"), max_length=40, choices=ROLE_CHOICES)

    class Meta:
        ordering = ["group", "role"]
        constraints = [
            models.UniqueConstraint(
                fields=["house", "group", "role"], name="one_role_per_group_row"
            )
        ]

    def __str__(self) -> str:
        return f"{self.group} → {self.role}"


class Identity(models.Model):
    """A person as a directory knows them: the provider's subject, the LDAP entry's DN, or the
    SCIM resource's id.  The link, not the username, says who signs in: a name alone never
    reaches an account of another house."""

    class Source(models.TextChoices):
        OIDC = "oidc", _("identity provider")
        LDAP = "ldap", _("LDAP directory")
        SCIM = "scim", _("provisioning (SCIM)")

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="identities")
    source = models.CharField(max_length=8, choices=Source.choices)
    subject = models.CharField(max_length=300)
    #: the directory's own id for the person (SCIM's externalId)
    external_id = models.CharField(max_length=300, blank=True)
    linked_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["house", "source", "subject"], name="one_person_per_subject"
            ),
            models.UniqueConstraint(fields=["user", "source"], name="one_subject_per_source"),
        ]

    def __str__(self) -> str:
        return f"{self.get_source_display()}: {self.subject}"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ScimTokenQuerySet(models.QuerySet):
    def live(self):
        return self.filter(revoked_at__isnull=True)

    def holding(self, token: str):
        """The live token whose secret this is (compared by digest: the secret is not kept)."""
        return self.live().select_related("house").filter(digest=_digest(token)).first()


class ScimToken(models.Model):
    """A bearer token a games manager issued for the house's SCIM client.  Only its digest is
    kept; the secret is shown once, when it is issued."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="scim_tokens")
    name = models.CharField(_("name"), max_length=80)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    #: the first characters of the secret, so a manager can tell tokens apart
    hint = models.CharField(max_length=8, editable=False)
    issued_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = ScimTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-issued_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @classmethod
    def issue(cls, *, house, name: str, by) -> tuple[ScimToken, str]:
        """A new token and its secret (the only time the secret exists outside the client)."""
        secret = "scim_" + secrets.token_urlsafe(32)
        token = cls.objects.create(
            house=house, name=name, digest=_digest(secret), hint=secret[5:11], issued_by=by
        )
        return token, secret


class DirectoryGroup(models.Model):
    """A group the house's SCIM client keeps here; its name gives roles through GroupRole."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="directory_groups")
    scim_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    external_id = models.CharField(max_length=300, blank=True)
    display_name = models.CharField(_("name"), max_length=200)
    members = models.ManyToManyField(USER, related_name="directory_groups", blank=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["house", "display_name"], name="one_group_per_name")
        ]

    def __str__(self) -> str:
        return self.display_name


class ProvisioningEvent(models.Model):
    """One change the directory made, or a manager made to the directory: who, what, when.
    Never edited."""

    class Action(models.TextChoices):
        CREATED = "created", _("person created")
        LINKED = "linked", _("existing account linked")
        UPDATED = "updated", _("person updated")
        ROLES = "roles", _("roles changed")
        DEACTIVATED = "deactivated", _("person deactivated (left)")
        REACTIVATED = "reactivated", _("person reactivated")
        REFUSED = "refused", _("sign-in refused")
        GROUP_CREATED = "group-created", _("group created")
        GROUP_CHANGED = "group-changed", _("group changed")
        GROUP_DELETED = "group-deleted", _("group deleted")
        TOKEN_ISSUED = "token-issued", _("provisioning token issued")
        TOKEN_REVOKED = "token-revoked", _("provisioning token revoked")
        SETTINGS = "settings", _("directory settings changed")

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    source = models.CharField(
        max_length=8, choices=[*Identity.Source.choices, ("site", _("this site"))]
    )
    #: the manager who acted on the site, or empty when the directory did
    actor = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: the SCIM token the change came through
    token = models.ForeignKey(
        ScimToken, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    person = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: what the change is about as the directory named it (a username, a group's name)
    about = models.CharField(max_length=300, blank=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    detail = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["house", "-at"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}: {self.about}"
