"""SCIM 2.0 provisioning (django-scim2), each house behind its own bearer tokens: the house's
directory creates, updates and deactivates its people, and keeps its groups, whose names give
roles through the house's group map (`GroupRole`).

Here are the adapters (`ScimUser`, `ScimGroup`) and the service provider's description
(`ServiceProviderConfig`), django-scim2's extension points named in
trainer.directory.scim_config with the others: the bearer-token check and the house's scope
(trainer.directory.scim_auth), the filters (trainer.directory.scim_filters).  How a body's
attributes and PATCH's paths are read is trainer.directory.scim_attributes.

- A token's house is the only house its requests see (trainer.directory.scim_auth).
- A person's SCIM id is their account's number (`User.pk`): every person of the house has one
  from the start, those the site made before the house's directory came included (a client
  finds them by `userName` and takes them over with PUT or PATCH), it never changes with a
  rename, and group members are named by it.  The link to the directory is the person's
  `Identity` with source "scim" (its subject the same number, its `external_id` SCIM's
  `externalId`), made at creation or when the client first updates a person made on the site.
- POST makes the person through `people.take_in`, with no roles yet (their groups come
  after).  A `userName` already a person's of this house is a 409 (`uniqueness`); one taken
  in another house never reaches that account: the new person is `<name>@<house>`.
- `active: false` and DELETE both deactivate: the person can no longer sign in, every session
  of theirs ends at once (their sessions serial moves on, so reactivation brings none back),
  and nothing of theirs is deleted.  A deactivated person stays listed, `active: false`, so
  the directory can find them again and reactivate them with their history (RFC 7644 would
  have a deleted resource answer 404; a leaver's records are kept instead).
- PUT changes what its body names and leaves what it omits (RFC 7644 allows either): a client
  that does not send the enterprise extension does not wipe an employee number.
- Every change is logged as a `ProvisioningEvent` (and the person's own account log for
  creation, deactivation and reactivation, as the People pages show them).  A request is one
  transaction: refused, it writes nothing (but a refusal's log line).
- Unknown attributes, malformed bodies and bad ids answer SCIM's error document (400 or 404),
  never a 500.  The token is never logged, and this module logs nothing.
"""

from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django_scim import constants, exceptions
from django_scim.adapters import SCIMGroup, SCIMUser
from django_scim.models import SCIMServiceProviderConfig

from trainer.houses.models import User
from trainer.roster.models import PersonAction
from trainer.roster.services import log_action, set_employee_number

from .models import DirectoryGroup, Identity, ProvisioningEvent, ScimToken
from .people import Claim, Refused, event, mapped_roles, roles_from, set_roles, take_in
from .scim_attributes import (
    CORE_USER,
    ENTERPRISE,
    ENTERPRISE_UNREAD,
    ENVELOPE,
    NAME_UNREAD,
    USER_UNREAD,
    PatchOperations,
    active_value,
    email_value,
    fold,
    key_target,
    longest,
    target,
    text,
    unknown,
    username_value,
)
from .scim_auth import PERSON_ID, bad, house_token

Action = ProvisioningEvent.Action
SCIM = Identity.Source.SCIM


def taken(message: str) -> exceptions.IntegrityError:
    return exceptions.IntegrityError(message, scim_type="uniqueness")


class ServiceProviderConfig(SCIMServiceProviderConfig):
    """What this service provider does: filters, no passwords, PATCH, no bulk."""

    def to_dict(self):
        described = super().to_dict()
        described["filter"] = {"supported": True, "maxResults": 50}
        described["changePassword"] = {"supported": False}
        return described


# -- people ----------------------------------------------------------------------------------------


class ScimUser(PatchOperations, SCIMUser):
    """A person of the token's house as SCIM's User (with the enterprise extension's
    employeeNumber).  What a request asks is gathered first (`pending`, checked as it is
    read) and written by `save`, in one transaction."""

    id_field = "pk"

    def __init__(self, obj, request=None):
        super().__init__(obj, request=request)
        self.pending: dict = {}

    # -- reading ---------------------------------------------------------------------------

    def identity(self) -> Identity | None:
        if self.obj.pk is None:
            return None
        return Identity.objects.filter(user=self.obj, source=SCIM).first()

    @property
    def groups(self):
        groups = DirectoryGroup.objects.filter(house_id=self.obj.house_id, members=self.obj)
        return [
            {
                "value": str(group.scim_id),
                "$ref": ScimGroup(group, self.request).location,
                "display": group.display_name,
            }
            for group in groups
        ]

    def to_dict(self):
        person = self.obj
        identity = self.identity()
        described = {
            "schemas": [CORE_USER],
            "id": self.id,
            "userName": person.username,
            "name": {
                "givenName": person.first_name,
                "familyName": person.last_name,
                "formatted": self.name_formatted,
            },
            "displayName": self.display_name,
            "emails": (
                [{"value": person.email, "primary": True, "type": "work"}] if person.email else []
            ),
            "active": person.is_active,
            "groups": self.groups,
            "meta": self.meta,
        }
        if identity is not None and identity.external_id:
            described["externalId"] = identity.external_id
        if person.employee_number:
            described["schemas"].append(ENTERPRISE)
            described[ENTERPRISE] = {"employeeNumber": person.employee_number}
        return described

    # -- a body (POST, PUT) ----------------------------------------------------------------

    def validate_dict(self, d):
        if not isinstance(d, dict):
            raise bad(gettext("The request's body is not a JSON object."), "invalidSyntax")

    def from_dict(self, d):
        self.validate_dict(d)
        for key, value in d.items():
            self.put(key_target(key), value, in_body=True)
        if self.obj.pk is None and not self.pending.get("username"):
            raise bad(gettext("A new person needs a userName."))

    # -- PATCH -----------------------------------------------------------------------------

    def handle_add(self, path, value, operation):
        self.put(target(*list(path)[-1]), value)

    handle_replace = handle_add

    def handle_remove(self, path, value, operation):
        self.put(target(*list(path)[-1]), None, removing=True)

    # -- what a request asks ---------------------------------------------------------------

    def put(self, where, value, *, removing=False, in_body=False):
        schema, name, sub = where
        if schema == "enterprise":
            self.put_enterprise(name, sub, value, removing=removing)
        elif schema != "":
            raise unknown(where)
        elif name == "username" and sub is None:
            if removing or not isinstance(value, str):
                raise bad(gettext("“userName” is text, and cannot be removed."))
            self.pending["username"] = username_value(value)
        elif name == "name":
            self.put_name(sub, value, removing=removing)
        elif name == "emails" and sub in (None, "value"):
            self.pending["email"] = "" if removing else email_value(value)
        elif name == "emails" and sub in ("type", "primary", "display"):
            pass
        elif name == "active" and sub is None:
            if removing:
                raise bad(gettext("“active” cannot be removed."))
            self.pending["active"] = active_value(value)
        elif name == "externalid" and sub is None:
            self.pending["external_id"] = text(
                None if removing else value, "externalId", longest=longest(Identity, "external_id")
            )
        elif name in USER_UNREAD or name in ENVELOPE:
            pass
        elif name == "groups" and in_body:
            pass  # read-only: the house's groups say who is in them
        elif name == "groups":
            raise bad(gettext("A person's groups are changed through the groups."), "mutability")
        elif name == "password":
            raise bad(gettext("This site takes no passwords from the directory."))
        else:
            raise unknown(where)

    def put_name(self, sub, value, *, removing):
        if sub is None:
            if removing or value is None:
                self.pending["first_name"] = self.pending["last_name"] = ""
            elif isinstance(value, dict):
                for key, item in value.items():
                    self.put_name(fold(key), item, removing=False)
            else:
                raise bad(gettext("“name” is an object."))
        elif sub in ("givenname", "familyname"):
            field = "first_name" if sub == "givenname" else "last_name"
            self.pending[field] = text(
                None if removing else value, f"name.{sub}", longest=longest(User, field)
            )
        elif sub not in NAME_UNREAD:
            raise unknown(("", "name", sub))

    def put_enterprise(self, name, sub, value, *, removing):
        if name == "":
            if removing or value is None:
                self.pending["employee_number"] = ""
            elif isinstance(value, dict):
                for key, item in value.items():
                    self.put_enterprise(fold(key), None, item, removing=False)
            else:
                raise bad(gettext("The enterprise extension is an object."))
        elif name == "employeenumber" and sub is None:
            self.pending["employee_number"] = text(
                None if removing else value,
                "employeeNumber",
                longest=longest(User, "employee_number"),
            )
        elif name not in ENTERPRISE_UNREAD:
            raise unknown(("enterprise", name, sub))

    # -- writing ---------------------------------------------------------------------------

    def save(self):
        token = house_token(self.request)
        if self.obj.pk is None:
            self.create(token)
        else:
            with transaction.atomic():
                self.update(token)

    def delete(self):
        with transaction.atomic():
            leave(self.obj, house_token(self.request), deleted=True)

    def create(self, token: ScimToken) -> None:
        house = token.house
        name = self.pending["username"]
        number = self.pending.get("employee_number", "")
        same = Q(username__iexact=name) | Q(username__iexact=f"{name}@{house.slug}")
        if number:
            same |= Q(employee_number=number)
        holder = User.objects.filter(same, house=house).first()
        if holder is not None:
            raise taken(
                gettext(
                    "“%(name)s” is already a person of this house (id %(id)s, username "
                    "“%(username)s”): find them by userName and update them instead."
                )
                % {"name": name, "id": holder.pk, "username": holder.username}
            )
        claim = Claim(
            source=SCIM,
            # the Identity's subject is the person's id, known once they exist (below)
            subject=f"new-{uuid.uuid4()}",
            username=name,
            first_name=self.pending.get("first_name", ""),
            last_name=self.pending.get("last_name", ""),
            email=self.pending.get("email", ""),
            employee_number=number,
        )
        refusal = None
        with transaction.atomic():
            try:
                person = take_in(house, claim, token=token, refuse_without_roles=False)
            except Refused as refused:
                refusal = refused  # its log line stays: raised once this block is left
            else:
                Identity.objects.filter(user=person, source=SCIM).update(
                    subject=str(person.pk), external_id=self.pending.get("external_id", "")
                )
                if self.pending.get("active") is False:
                    leave(person, token)
                self.obj = person
        if refusal is not None:
            raise taken(refusal.message)

    def update(self, token: ScimToken) -> None:
        person, house, pending = self.obj, token.house, self.pending
        changes = []
        if "username" in pending:
            name = self.free_username(pending["username"], person, house)
            if name != person.username:
                person.username = name
                changes.append("username")
        for field in ("first_name", "last_name", "email"):
            if field in pending and pending[field] != getattr(person, field):
                setattr(person, field, pending[field])
                changes.append(field)
        if changes:
            person.save(update_fields=changes)
        if "employee_number" in pending:
            try:
                if set_employee_number(
                    actor=None, person=person, number=pending["employee_number"]
                ):
                    changes.append("employee_number")
            except ValidationError as refusal:
                raise taken(" ".join(refusal.messages)) from None
        identity = self.identity()
        if identity is None:
            Identity.objects.create(
                house=house,
                user=person,
                source=SCIM,
                subject=str(person.pk),
                external_id=pending.get("external_id", ""),
                last_seen_at=timezone.now(),
            )
            event(house, Action.LINKED, source=SCIM, person=person, token=token)
        else:
            identity.last_seen_at = timezone.now()
            fields = ["last_seen_at"]
            if "external_id" in pending and pending["external_id"] != identity.external_id:
                identity.external_id = pending["external_id"]
                fields.append("external_id")
                changes.append("external_id")
            identity.save(update_fields=fields)
        if changes:
            event(
                house,
                Action.UPDATED,
                source=SCIM,
                person=person,
                token=token,
                detail=", ".join(changes),
            )
        if pending.get("active") is False:
            leave(person, token)
        elif pending.get("active") is True:
            come_back(person, token)

    @staticmethod
    def free_username(name: str, person: User, house) -> str:
        """`name`, or `<name>@<house>` when `name` is someone's of another house; a name
        another person of this house holds is refused."""
        for candidate in (name, f"{name}@{house.slug}"):
            if len(candidate) > longest(User, "username"):
                continue
            if candidate.casefold() == person.username.casefold():
                return candidate
            holder = User.objects.filter(username__iexact=candidate).exclude(pk=person.pk).first()
            if holder is None:
                return candidate
            if holder.house_id == house.pk:
                break
        raise taken(gettext("The username “%(name)s” is already someone else's.") % {"name": name})


def leave(person: User, token: ScimToken, *, deleted: bool = False) -> None:
    """The directory says `person` has left: they cannot sign in, and every session of theirs
    ends now (for good: reactivated, they sign in again).  Nothing of theirs is deleted."""
    if not person.is_active:
        return
    person.is_active = False
    person.save(update_fields=["is_active"])
    User.bump_serial("sessions_serial", pk=person.pk)
    log_action(
        actor=None,
        subject=person,
        action=PersonAction.Kind.DEACTIVATED,
        detail=gettext("by the house's directory"),
    )
    event(
        token.house,
        Action.DEACTIVATED,
        source=SCIM,
        person=person,
        token=token,
        detail=gettext("deleted in the directory") if deleted else "",
    )


def come_back(person: User, token: ScimToken) -> None:
    """The directory has the person back: they sign in again, with all they had."""
    if person.is_active:
        return
    person.is_active = True
    person.save(update_fields=["is_active"])
    log_action(
        actor=None,
        subject=person,
        action=PersonAction.Kind.REACTIVATED,
        detail=gettext("by the house's directory"),
    )
    event(token.house, Action.REACTIVATED, source=SCIM, person=person, token=token)


# -- groups ------------------------------------------------------------------------------------


def roles_words(given, taken_away) -> str:
    return "; ".join(
        part
        for part in (
            given and gettext("given: %(roles)s") % {"roles": ", ".join(sorted(given))},
            taken_away and gettext("taken: %(roles)s") % {"roles": ", ".join(sorted(taken_away))},
        )
        if part
    )


def recompute_roles(token: ScimToken, person_ids) -> None:
    """Each person's roles as the house's group map gives them from their groups now."""
    if not person_ids:
        return
    house = token.house
    mapping = mapped_roles(house)
    for person in User.objects.filter(pk__in=list(person_ids), house=house):
        names = DirectoryGroup.objects.filter(house=house, members=person).values_list(
            "display_name", flat=True
        )
        given, taken_away = set_roles(person, roles_from(mapping, names), mapping)
        if given or taken_away:
            event(
                house,
                Action.ROLES,
                source=SCIM,
                person=person,
                token=token,
                detail=roles_words(given, taken_away),
            )


class ScimGroup(PatchOperations, SCIMGroup):
    """One of the house's directory groups as SCIM's Group; its members are people of the
    house, by their ids.  After any change to who is in it, or to its name, each person it
    touches has their roles given and taken as the house's group map says."""

    id_field = "scim_id"
    #: how a PATCH path's filter is read (SCIMMixin.split_path): the member it names
    ATTR_MAP = {("members", "value", None): "value", ("members", None, None): "members"}

    def __init__(self, obj, request=None):
        super().__init__(obj, request=request)
        self.pending: dict = {}
        #: who the group should hold (ids), None: as it is
        self.member_ids: set[int] | None = None

    @property
    def display_name(self):
        return self.obj.display_name

    def people(self):
        return self.obj.members.filter(house_id=self.obj.house_id, is_superuser=False)

    @property
    def members(self):
        return [
            {
                "value": str(person.pk),
                "$ref": ScimUser(person, self.request).location,
                "display": person.get_username(),
            }
            for person in self.people().order_by("pk")
        ]

    def to_dict(self):
        described = {
            "schemas": [constants.SchemaURI.GROUP],
            "id": self.id,
            "displayName": self.obj.display_name,
            "members": self.members,
            "meta": self.meta,
        }
        if self.obj.external_id:
            described["externalId"] = self.obj.external_id
        return described

    # -- a body ----------------------------------------------------------------------------

    def validate_dict(self, d):
        if not isinstance(d, dict):
            raise bad(gettext("The request's body is not a JSON object."), "invalidSyntax")

    def from_dict(self, d):
        self.validate_dict(d)
        for key, value in d.items():
            self.put(key_target(key), value, "replace", None)
        if self.obj.pk is None and not self.pending.get("display_name"):
            raise bad(gettext("A new group needs a displayName."))

    # -- PATCH -----------------------------------------------------------------------------

    def handle_add(self, path, value, operation):
        self.put(target(*list(path)[-1]), value, "add", path)

    def handle_replace(self, path, value, operation):
        self.put(target(*list(path)[-1]), value, "replace", path)

    def handle_remove(self, path, value, operation):
        self.put(target(*list(path)[-1]), value, "remove", path)

    def put(self, where, value, op, path):
        schema, name, sub = where
        if schema == "" and name == "displayname" and sub is None:
            if op == "remove":
                raise bad(gettext("“displayName” cannot be removed."))
            name_given = text(value, "displayName", longest=longest(DirectoryGroup, "display_name"))
            if not name_given:
                raise bad(gettext("“displayName” cannot be empty."))
            self.pending["display_name"] = name_given
        elif schema == "" and name == "externalid" and sub is None:
            self.pending["external_id"] = text(
                None if op == "remove" else value,
                "externalId",
                longest=longest(DirectoryGroup, "external_id"),
            )
        elif schema == "" and name == "members":
            self.put_members(value, op, path)
        elif schema == "" and name in ENVELOPE:
            pass
        else:
            raise unknown(where)

    def put_members(self, value, op, path):
        if path is not None and path.is_complex:
            # members[value eq "12"]: the filter names one member
            named = [
                member
                for (name, sub, _uri), member in path.params_by_attr_paths.items()
                if fold(name) == "members" and fold(sub) == "value" and member is not None
            ]
            if op != "remove" or len(named) != 1:
                raise bad(gettext("Only removal selects members by value."), "invalidPath")
            ids = self.house_people([{"value": named[0]}])
        elif op == "remove" and value is None:
            ids = None  # all of them
        else:
            ids = self.house_people(value)
        if self.member_ids is None:
            self.member_ids = (
                set(self.people().values_list("pk", flat=True)) if self.obj.pk else set()
            )
        if op == "add":
            self.member_ids |= ids
        elif op == "remove":
            self.member_ids = set() if ids is None else self.member_ids - ids
        else:
            self.member_ids = ids

    def house_people(self, value) -> set[int]:
        """The ids of `members` (a list of {"value": id}), each a person of the house."""
        if value is None:
            return set()
        if not isinstance(value, list) or not all(
            isinstance(member, dict) and isinstance(member.get("value"), (str, int))
            for member in value
        ):
            raise bad(gettext("“members” is a list of objects, each with a “value”."))
        wanted = {str(member["value"]) for member in value}
        if not all(PERSON_ID.fullmatch(member) for member in wanted):
            raise bad(gettext("A member's value is a person's id."))
        found = set(
            User.objects.filter(
                pk__in=[int(member) for member in wanted],
                house_id=house_token(self.request).house_id,
                is_superuser=False,
            ).values_list("pk", flat=True)
        )
        missing = sorted(wanted - {str(pk) for pk in found})
        if missing:
            raise bad(
                gettext("No person of this house has the id %(ids)s.")
                % {"ids": ", ".join(missing[:10])}
            )
        return found

    # -- writing ---------------------------------------------------------------------------

    def save(self):
        token = house_token(self.request)
        house = token.house
        with transaction.atomic():
            group = self.obj
            creating = group.pk is None
            before = set() if creating else set(self.people().values_list("pk", flat=True))
            old_name = group.display_name
            name = self.pending.get("display_name")
            if name and (creating or name != old_name):
                clash = DirectoryGroup.objects.filter(house=house, display_name__iexact=name)
                if group.pk:
                    clash = clash.exclude(pk=group.pk)
                if clash.exists():
                    raise taken(
                        gettext("The house has a group named “%(name)s” already.") % {"name": name}
                    )
                group.display_name = name
            if creating:
                group.house = house
            external_changed = (
                "external_id" in self.pending and self.pending["external_id"] != group.external_id
            )
            if external_changed:
                group.external_id = self.pending["external_id"]
            group.save()
            after = before if self.member_ids is None else self.member_ids
            added, removed = after - before, before - after
            if added:
                group.members.add(*added)
            if removed:
                group.members.remove(*removed)
            renamed = not creating and group.display_name != old_name
            if creating:
                event(
                    house,
                    Action.GROUP_CREATED,
                    source=SCIM,
                    token=token,
                    about=group.display_name,
                    detail=self.who(gettext("members: %(people)s"), added),
                )
            elif renamed or external_changed or added or removed:
                parts = [
                    renamed and gettext("renamed from “%(old)s”") % {"old": old_name},
                    external_changed and gettext("externalId changed"),
                    added and self.who(gettext("added: %(people)s"), added),
                    removed and self.who(gettext("removed: %(people)s"), removed),
                ]
                event(
                    house,
                    Action.GROUP_CHANGED,
                    source=SCIM,
                    token=token,
                    about=group.display_name,
                    detail="; ".join(part for part in parts if part),
                )
            recompute_roles(token, (before | after) if renamed else (added | removed))

    @staticmethod
    def who(words: str, ids) -> str:
        if not ids:
            return ""
        names = User.objects.filter(pk__in=list(ids)).order_by("username")
        return words % {"people": ", ".join(names.values_list("username", flat=True))}

    def delete(self):
        token = house_token(self.request)
        with transaction.atomic():
            members = set(self.people().values_list("pk", flat=True))
            name = self.obj.display_name
            self.obj.delete()
            event(
                token.house,
                Action.GROUP_DELETED,
                source=SCIM,
                token=token,
                about=name,
                detail=self.who(gettext("members: %(people)s"), members),
            )
            recompute_roles(token, members)
