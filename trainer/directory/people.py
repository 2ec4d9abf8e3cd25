"""A person as the house's directory asserts them, made or found here: the one path by which
an identity provider's sign-in, an LDAP bind and a SCIM request reach an account.

Who a claim reaches, in order:
1. the account already linked to that directory subject (`Identity`), in this house;
2. an account of this house with that username (or that employee number, where the house's
   claim is the employee number), which is then linked: the house's directory owns its people;
3. otherwise a new account in this house, named as the directory names the person, or, if
   that username is taken by someone anywhere else, `<name>@<house>`.
A claim never reaches an account of another house, whatever its name.

Roles: the roles the house's group map names are the directory's to give; each is held
exactly when one of the person's groups maps to it.  A role the map never names (a
promotion to floor supervisor given on the site, say) stays as the site gave it.  Someone left
with no role at all is refused in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.models import Group
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from trainer.core.signals import employee_number_changed
from trainer.houses.models import User
from trainer.houses.roles import ROLES
from trainer.roster.models import PersonAction
from trainer.roster.services import as_signed_in, log_action

from .models import GroupRole, Identity, ProvisioningEvent

Action = ProvisioningEvent.Action


class Refused(Exception):
    """The directory's person may not sign in here; the message says why, in the user's terms."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Claim:
    """What a directory says about one person."""

    source: str  # an Identity.Source
    subject: str
    username: str
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    employee_number: str = ""
    groups: tuple[str, ...] = field(default_factory=tuple)


def mapped_roles(house) -> dict[str, set[str]]:
    """The house's group map: directory group -> the site's roles it gives."""
    mapping: dict[str, set[str]] = {}
    for group, role in GroupRole.objects.filter(house=house).values_list("group", "role"):
        mapping.setdefault(group.casefold(), set()).add(role)
    return mapping


def roles_from(mapping: dict[str, set[str]], groups: Iterable[str]) -> set[str]:
    return set().union(*(mapping.get(g.casefold(), set()) for g in groups))


def event(house, action, *, source, person=None, about="", detail="", actor=None, token=None):
    return ProvisioningEvent.objects.create(
        house=house,
        action=action,
        source=source,
        person=person,
        about=(about or (person.get_username() if person else ""))[:300],
        detail=detail[:500],
        actor=actor,
        token=token,
    )


def _free_username(claimed: str, house) -> str:
    for name in (claimed, f"{claimed}@{house.slug}"):
        if len(name) <= 150 and not User.objects.filter(username__iexact=name).exists():
            return name
    raise Refused(
        gettext(
            "The username “%(name)s” is taken on this site by someone outside your house; "
            "ask your games manager to rename one of the two accounts."
        )
        % {"name": claimed}
    )


def _valid_username(claim: Claim) -> str:
    username = as_signed_in(claim.username or "")
    try:
        if not username:
            raise ValidationError("empty")
        UnicodeUsernameValidator()(username)
    except ValidationError:
        raise Refused(
            gettext(
                "Your directory gave no username this site can use (“%(name)s”); ask your IT "
                "department."
            )
            % {"name": (claim.username or "")[:40]}
        ) from None
    return username


def find(house, claim: Claim) -> tuple[User | None, Identity | None]:
    """The account this claim reaches in `house` (and its link), or none yet."""
    identity = (
        Identity.objects.select_related("user")
        .filter(house=house, source=claim.source, subject=claim.subject)
        .first()
    )
    if identity is not None:
        return identity.user, identity
    username = _valid_username(claim)
    match = Q(username__iexact=username)
    if claim.employee_number:
        match |= Q(employee_number=claim.employee_number)
    candidates = list(
        User.objects.filter(match, house=house, is_superuser=False).exclude(
            identities__source=claim.source
        )[:2]
    )
    return (candidates[0] if len(candidates) == 1 else None), None


def set_roles(person: User, wanted: set[str], mapping: dict[str, set[str]]) -> tuple[set, set]:
    """Give and take the roles the house's map governs; returns (given, taken)."""
    governed = set().union(*mapping.values()) & set(ROLES)
    held = set(person.groups.values_list("name", flat=True))
    given = (wanted & governed) - held
    taken = (held & governed) - wanted
    if given:
        person.groups.add(*Group.objects.filter(name__in=given))
    if taken:
        person.groups.remove(*Group.objects.filter(name__in=taken))
    return given, taken


def _roles_words(roles: Iterable[str]) -> str:
    return ", ".join(sorted(roles))


def take_in(house, claim: Claim, *, token=None, refuse_without_roles: bool = True) -> User:
    """The account `claim` reaches in `house`, made, linked and updated as the directory says
    (names, email, employee number, governed roles), every change logged.  Raises Refused,
    and then writes nothing but the refusal's log line."""
    try:
        with transaction.atomic():
            return _take_in(house, claim, token, refuse_without_roles)
    except Refused as refusal:
        event(
            house,
            Action.REFUSED,
            source=claim.source,
            about=claim.username or claim.subject,
            detail=refusal.message,
            token=token,
        )
        raise


def _take_in(house, claim: Claim, token, refuse_without_roles: bool) -> User:
    person, identity = find(house, claim)
    if person is not None and not person.is_active:
        raise Refused(
            gettext(
                "Your account on this site has been deactivated; ask your supervisor or your "
                "IT department."
            )
        )
    mapping = mapped_roles(house)
    wanted = roles_from(mapping, claim.groups)
    created = person is None
    if created:
        username = _free_username(_valid_username(claim), house)
        person = User(username=username, house=house)
        person.set_unusable_password()
    changes = []
    old_number = person.employee_number
    for name in ("first_name", "last_name", "email", "employee_number"):
        value = (getattr(claim, name) or "").strip()[: User._meta.get_field(name).max_length]
        if value and getattr(person, name) != value:
            changes.append(name)
            setattr(person, name, value)
    person.save()
    if person.employee_number != old_number:
        # the audits link a hand log's dealer to the person by it
        employee_number_changed.send(
            User, person=person, old=old_number, new=person.employee_number
        )
    given, taken = set_roles(person, wanted, mapping)
    if refuse_without_roles and not person.groups.filter(name__in=list(ROLES)).exists():
        raise Refused(
            gettext(
                "Your directory groups give you no access to this site. If you should have "
                "it, ask your IT department to add you to the right group."
            )
        )
    now = timezone.now()
    if identity is None:
        Identity.objects.create(
            house=house, user=person, source=claim.source, subject=claim.subject, last_seen_at=now
        )
        if created:
            event(
                house,
                Action.CREATED,
                source=claim.source,
                person=person,
                token=token,
                detail=_roles_words(given),
            )
            log_action(
                actor=None,
                subject=person,
                action=PersonAction.Kind.CREATED,
                detail=gettext("by the house's directory"),
            )
        else:
            event(house, Action.LINKED, source=claim.source, person=person, token=token)
    else:
        identity.last_seen_at = now
        identity.save(update_fields=["last_seen_at"])
        if changes:
            event(
                house,
                Action.UPDATED,
                source=claim.source,
                person=person,
                token=token,
                detail=", ".join(changes),
            )
    if not created and (given or taken):
        detail = "; ".join(
            part
            for part in (
                given and gettext("given: %(roles)s") % {"roles": _roles_words(given)},
                taken and gettext("taken: %(roles)s") % {"roles": _roles_words(taken)},
            )
            if part
        )
        event(house, Action.ROLES, source=claim.source, person=person, token=token, detail=detail)
    return person
