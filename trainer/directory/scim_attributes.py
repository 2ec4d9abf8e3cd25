"""SCIM's attribute names and how a request's body and PATCH operations are read, for the
adapters (trainer.directory.scim): which attribute a name or path targets (without regard to
case, as SCIM's names are), the attributes the site keeps nothing of, each value's checks
(text, a username, an email address, `active`), and PATCH with a malformed operation or path
answered 400 (`PatchOperations`)."""

from __future__ import annotations

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.utils.translation import gettext
from django_scim import constants, exceptions

from trainer.houses.models import User
from trainer.roster.services import as_signed_in

from .scim_auth import bad

CORE_USER = constants.SchemaURI.USER
ENTERPRISE = constants.SchemaURI.ENTERPRISE_USER


def fold(text: str | None) -> str | None:
    return text.casefold() if text else None


#: the User schema's attributes the site keeps nothing of: taken, and left unread
USER_UNREAD = frozenset(
    {
        "displayname",
        "nickname",
        "profileurl",
        "title",
        "usertype",
        "preferredlanguage",
        "locale",
        "timezone",
        "phonenumbers",
        "ims",
        "photos",
        "addresses",
        "entitlements",
        "roles",
        "x509certificates",
    }
)
NAME_UNREAD = frozenset({"formatted", "middlename", "honorificprefix", "honorificsuffix"})
ENTERPRISE_UNREAD = frozenset({"costcenter", "organization", "division", "department", "manager"})
#: what a resource says of itself (the server's to write): left unread in a body
ENVELOPE = frozenset({"schemas", "id", "meta"})


def target(name: str, sub: str | None, uri: str | None) -> tuple[str, str, str | None]:
    """(schema, attribute, sub-attribute) of an attribute path, casefolded: schema "" for the
    core schemas, "enterprise" for the enterprise User extension (attribute "" for the whole
    extension), "?" for any other."""
    uri = fold(uri) or ""
    name = fold(name) or ""
    sub = fold(sub)
    if uri in ("", fold(CORE_USER), fold(constants.SchemaURI.GROUP)):
        return ("", name, sub)
    if uri == fold(ENTERPRISE):
        return ("enterprise", name, sub)
    if f"{uri}:{name}" == fold(ENTERPRISE):
        return ("enterprise", "", sub)
    return ("?", name, sub)


def key_target(key: str) -> tuple[str, str, str | None]:
    """The target of a body's key: `userName`, `name`, a schema's URN (the whole extension)
    or a URN and an attribute."""
    uri, _, name = key.rpartition(":")
    return target(name, None, uri or None)


def unknown(path) -> exceptions.BadRequestError:
    name = ".".join(part for part in path[1:3] if part)
    return bad(
        gettext("This site keeps no attribute “%(name)s”.") % {"name": name[:80]},
        scim_type="invalidPath",
    )


def text(value, field, *, longest: int) -> str:
    """A text attribute's new value; None or a removal: empty."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise bad(gettext("“%(name)s” is text.") % {"name": field})
    value = value.strip()
    if len(value) > longest:
        raise bad(
            gettext("“%(name)s” is at most %(longest)d characters.")
            % {"name": field, "longest": longest}
        )
    return value


def longest(model, name: str) -> int:
    return model._meta.get_field(name).max_length


def username_value(value: str) -> str:
    name = as_signed_in(value)
    try:
        if not name or len(name) > longest(User, "username"):
            raise ValidationError("length")
        UnicodeUsernameValidator()(name)
    except ValidationError:
        raise bad(
            gettext(
                "“%(name)s” cannot be a username here: letters, digits and @ . + - _ only, "
                "at most %(longest)d characters."
            )
            % {"name": value[:40], "longest": longest(User, "username")}
        ) from None
    return name


def email_value(value) -> str:
    """The primary address of `emails` (else the first), or an address alone."""
    if isinstance(value, list):
        if not all(isinstance(item, dict) for item in value):
            raise bad(gettext("“emails” is a list of objects."))
        chosen = sorted(value, key=lambda item: not item.get("primary"))
        value = chosen[0].get("value") if chosen else None
    elif isinstance(value, dict):
        value = value.get("value")
    address = text(value, "emails", longest=longest(User, "email"))
    if address:
        try:
            EmailValidator()(address)
        except ValidationError:
            raise bad(
                gettext("“%(address)s” is not an email address.") % {"address": address[:60]}
            ) from None
    return address


def active_value(value) -> bool:
    # some clients (Entra ID) send "True" and "False" as text
    if isinstance(value, str) and value.casefold() in ("true", "false"):
        return value.casefold() == "true"
    if not isinstance(value, bool):
        raise bad(gettext("“active” is true or false."))
    return value


class PatchOperations:
    """PATCH as django-scim2 reads it (each operation's path parsed by scim2-filter-parser and
    handed to `handle_add`, `handle_replace` or `handle_remove`), with a malformed operation or
    path answered 400 rather than failing, each value checked as the adapter reads it, and
    what the operations ask written at once, at the end (`save`)."""

    def handle_operations(self, operations):
        if not isinstance(operations, list) or not all(
            isinstance(operation, dict) and isinstance(operation.get("op"), str)
            for operation in operations
        ):
            raise bad(gettext("Each operation is an object with an “op”."), "invalidSyntax")
        super().handle_operations(operations)
        self.save()

    def parse_path_and_values(self, path, value):
        if path is not None and not isinstance(path, str):
            raise bad(gettext("An operation's path is text."), "invalidPath")
        if not path and not isinstance(value, dict):
            raise bad(gettext("An operation without a path has an object as its value."))
        try:
            return super().parse_path_and_values(path, value)
        except exceptions.SCIMException:
            raise
        except Exception:  # scim2-filter-parser's errors: a path it cannot read
            raise bad(gettext("This path cannot be read."), "invalidPath") from None

    def validate_op_add(self, path, value, operation):
        """Each value is checked as it is read (`put`)."""

    validate_op_replace = validate_op_remove = validate_op_add
