"""Passwords checked against a house's LDAP or Active Directory (django-auth-ldap).

Each house has its own server, so django-auth-ldap's settings are not Django settings here:
every sign-in makes a `HouseLDAPBackend` holding that house's `Directory` as its
`default_settings` (its `settings_prefix` is one no setting uses, so nothing global leaks
in).  The backend searches for the person under the house's "where people are" with the
house's filter (bound as the house's bind DN, or anonymously), binds as the entry found with
the password typed, and reads the person's groups (groupOfNames, or Active Directory's group,
by `member`) under "where groups are" (or, left empty, where people are).  The person is then
taken in through trainer.directory.people (`get_or_build_user`, django-auth-ldap's hook): the
house's group map gives the roles, the link to the entry's DN says who signs in, and a
person of another house with the same username is never reached.  django-auth-ldap itself
creates, populates and mirrors nothing.

A wrong password, or a name the directory does not know, is None (a failed sign-in, which
django-axes counts).  An empty password never binds (an empty simple bind is an anonymous
one, which most servers accept).  A server that cannot be reached, or a setting it rejects
(the address, StartTLS, the bind DN or password, a base, the filter), is never a 500: it is
logged as a warning naming the setting (never the bind password), and the person is told in
words that the directory could not be reached (`Refused`: trying other passwords would only
count against them), except where the house keeps the site's own passwords and the name is an
account of the house holding one; then None, so that the site's password is tried next (the
games manager who mistyped the server's address can still sign in and correct it).
"""

from __future__ import annotations

import logging
import re

import ldap
from django.utils.translation import gettext
from django_auth_ldap.backend import LDAPBackend, ldap_error
from django_auth_ldap.config import GroupOfNamesType, LDAPSearch

from trainer.houses.models import User

from .models import Identity
from .people import Claim, Refused, take_in

logger = logging.getLogger(__name__)

#: seconds to open a connection to the server (a host that drops packets), and for any one
#: answer of an open connection (a server that accepts and never answers)
CONNECT_SECONDS = 5
ANSWER_SECONDS = 10

#: the person's entry attributes read into the claim: the claim's field -> the attribute
ATTRIBUTES = {
    "first_name": "givenName",
    "last_name": "sn",
    "email": "mail",
    "employee_number": "employeeNumber",
}
#: the groups read: groupOfNames (OpenLDAP and others) and Active Directory's group, both
#: listing their members' DNs in `member`; the site's group map names them by their cn
GROUP_FILTER = "(|(objectClass=groupOfNames)(objectClass=group))"

#: the attribute a filter such as (uid=%(user)s) or (sAMAccountName=%(user)s) compares
_NAMED_ATTRIBUTE = re.compile(r"\(\s*([A-Za-z][\w;-]*)\s*=\s*%\(user\)s\s*\)")

#: a bind refused for its credentials: as the house's account, its bind DN or password; as the
#: person, a failed sign-in (a locked or expired account, an entry without a password)
BIND_REFUSED = (
    ldap.INVALID_CREDENTIALS,
    ldap.INAPPROPRIATE_AUTH,
    ldap.UNWILLING_TO_PERFORM,
    ldap.INSUFFICIENT_ACCESS,
)
#: (the errors, the directory's setting to check) for the operators' log; any other error of
#: the server or the connection points at the server's address
_SETTING_OF_ERROR = (
    (BIND_REFUSED, "ldap_bind_dn / bind password"),
    (
        (
            ldap.CONNECT_ERROR,
            ldap.PROTOCOL_ERROR,
            ldap.STRONG_AUTH_REQUIRED,
            ldap.CONFIDENTIALITY_REQUIRED,
        ),
        "ldap_uri / ldap_start_tls",
    ),
    ((ldap.NO_SUCH_OBJECT, ldap.INVALID_DN_SYNTAX), "ldap_user_base / ldap_group_base"),
    ((ldap.FILTER_ERROR,), "ldap_user_filter"),
)


class DirectoryUnavailable(Exception):
    """The house's server could not be reached, or rejected one of its settings.  `setting`
    names the setting to check; the message never holds a password."""

    def __init__(self, setting: str, problem: str):
        super().__init__(f"{setting}: {problem}")
        self.setting = setting
        self.problem = problem


def unreachable_message() -> str:
    return gettext(
        "The house's directory could not be reached; try again or ask your IT department."
    )


def _setting_of(error: Exception) -> str:
    for errors, setting in _SETTING_OF_ERROR:
        if isinstance(error, errors):
            return setting
    return "ldap_uri"


def _problem(error: Exception) -> str:
    """The server's words for an LDAPError (its description and diagnostic), for the log."""
    details = error.args[0] if error.args and isinstance(error.args[0], dict) else {}
    words = [str(details.get(key)) for key in ("desc", "info") if details.get(key)]
    return "; ".join(words) or type(error).__name__


def _on_ldap_error(sender, context, exception, **kwargs):
    """django-auth-ldap's `ldap_error` signal, sent for an error it would otherwise only log
    (searching for the person, binding as the house's account, binding as the person): raised
    on, so the sign-in says the directory could not be reached instead of "wrong password".
    Except the person's own bind refused for a reason other than a wrong password (a locked
    or expired account, an entry without a password): a failed sign-in like a wrong password,
    counted as one."""
    if context == "authenticate" and isinstance(exception, BIND_REFUSED):
        logger.info("LDAP bind refused for a person: %s", _problem(exception))
        return
    raise DirectoryUnavailable(_setting_of(exception), _problem(exception)) from exception


def _check_filter(user_filter: str) -> None:
    """A filter without %(user)s would find the same entry whoever signs in."""
    try:
        usable = "%(user)s" in user_filter and bool(user_filter % {"user": "x"})
    except (KeyError, ValueError, TypeError):
        usable = False
    if not usable:
        raise DirectoryUnavailable(
            "ldap_user_filter", "the filter must hold %(user)s, as in (uid=%(user)s)"
        )


def ldap_settings(directory) -> dict:
    """django-auth-ldap's settings (without their prefix) for the house's directory."""
    return {
        "SERVER_URI": directory.ldap_uri.strip(),
        "START_TLS": directory.ldap_start_tls,
        "BIND_DN": directory.ldap_bind_dn,
        "BIND_PASSWORD": directory.ldap_bind_password,
        "USER_SEARCH": LDAPSearch(
            directory.ldap_user_base,
            ldap.SCOPE_SUBTREE,
            directory.ldap_user_filter,
            # what the claim reads, and nothing else (not userPassword, say)
            attrlist=[*_named_attributes(directory.ldap_user_filter), *ATTRIBUTES.values()],
        ),
        "GROUP_SEARCH": LDAPSearch(
            directory.ldap_group_base or directory.ldap_user_base,
            ldap.SCOPE_SUBTREE,
            GROUP_FILTER,
            attrlist=["cn"],
        ),
        "GROUP_TYPE": GroupOfNamesType(name_attr="cn"),
        # (read by django-auth-ldap only when it builds or updates a user itself, which it never
        # does here: get_or_build_user hands it the person already taken in)
        "USER_ATTR_MAP": {"first_name": "givenName", "last_name": "sn", "email": "mail"},
        "CONNECTION_OPTIONS": {
            ldap.OPT_NETWORK_TIMEOUT: CONNECT_SECONDS,
            ldap.OPT_TIMEOUT: ANSWER_SECONDS,
            # Active Directory answers a search of the domain's root with referrals to
            # partitions the bind DN cannot follow anonymously
            ldap.OPT_REFERRALS: 0,
        },
        # the person is taken in by people.take_in, which also updates them
        "ALWAYS_UPDATE_USER": False,
        "MIRROR_GROUPS": None,
        "NO_NEW_USERS": False,
        "PERMIT_EMPTY_PASSWORD": False,
        # never cached: django-auth-ldap's cache keys do not name the house
        "CACHE_TIMEOUT": 0,
        "FIND_GROUP_PERMS": False,
    }


def _named_attributes(user_filter: str) -> list[str]:
    return _NAMED_ATTRIBUTE.findall(user_filter)


def _first(attrs, attribute: str) -> str:
    values = attrs.get(attribute) or ()
    return str(values[0]) if values else ""


class HouseLDAPBackend(LDAPBackend):
    """django-auth-ldap's backend for one sign-in against one house's directory.  Never listed
    in AUTHENTICATION_BACKENDS: trainer.directory.backends calls it through `sign_in`."""

    #: no setting has this prefix: every setting comes from the house (default_settings)
    settings_prefix = "DIRECTORY_LDAP_UNUSED_"

    def __init__(self, directory):
        self.directory = directory
        self.default_settings = ldap_settings(directory)

    def get_or_build_user(self, username, ldap_user):
        """The person the entry is in this house, taken in as the directory describes them
        (never a new, unsaved user: django-auth-ldap then saves and populates nothing)."""
        attrs = ldap_user.attrs or {}
        named = [_first(attrs, a) for a in _named_attributes(self.directory.ldap_user_filter)]
        try:
            groups = tuple(sorted(name for name in ldap_user.group_names if name))
        except ldap.LDAPError as error:
            raise DirectoryUnavailable(
                "ldap_group_base (or the bind DN's rights to read groups)", _problem(error)
            ) from error
        claim = Claim(
            source=Identity.Source.LDAP,
            subject=ldap_user.dn,
            username=next((name for name in named if name), username),
            groups=groups,
            **{field: _first(attrs, attribute) for field, attribute in ATTRIBUTES.items()},
        )
        return take_in(self.directory.house, claim), False


ldap_error.connect(
    _on_ldap_error, sender=HouseLDAPBackend, dispatch_uid="trainer.directory.ldap.unavailable"
)


def _directory_name(directory, username: str) -> str:
    """The name to look for in the directory: the one typed, or, for an account this site
    named `<name>@<house>` (its name was taken elsewhere: trainer.directory.people) and linked
    to this directory, `<name>`."""
    name, at, slug = username.rpartition("@")
    if at and name and slug.casefold() == directory.house.slug.casefold():
        renamed = User.objects.filter(
            username__iexact=username,
            house=directory.house,
            identities__source=Identity.Source.LDAP,
        )
        if renamed.exists():
            return name
    return username


def _keeps_own_password(directory, username: str) -> bool:
    """Whether the site's own password may be tried for this name once the directory failed:
    the house keeps site passwords, and the name is an account of the house holding one."""
    if not directory.site_passwords:
        return False
    person = User.objects.filter(
        username__iexact=username, house=directory.house, is_superuser=False
    ).first()
    return person is not None and person.has_usable_password()


def sign_in(request, directory, username: str, password: str):
    """The person the house's LDAP directory signs in with this password (taken in through
    trainer.directory.people), None for a wrong password or an unknown name; raises
    people.Refused with the reason in words."""
    username = (username or "").strip()
    if not username or not password:
        return None  # an empty password would be an anonymous bind, which servers accept
    backend = HouseLDAPBackend(directory)
    try:
        _check_filter(directory.ldap_user_filter)
        return backend.authenticate(
            request, username=_directory_name(directory, username), password=password
        )
    except DirectoryUnavailable as failure:
        logger.warning(
            "LDAP sign-in for house %s failed at %s: %s; check the directory's %s",
            directory.house.slug,
            directory.ldap_uri,
            failure.problem,
            failure.setting,
        )
        if _keeps_own_password(directory, username):
            return None
        raise Refused(unreachable_message()) from None


#: the form field each setting's problem is shown on
FIELD_OF_SETTING = {
    "ldap_bind_dn / bind password": "ldap_bind_dn",
    "ldap_uri / ldap_start_tls": "ldap_uri",
    "ldap_user_base / ldap_group_base": "ldap_user_base",
    "ldap_user_filter": "ldap_user_filter",
    "ldap_uri": "ldap_uri",
}


def check(directory) -> tuple[str, str]:
    """(the form field, what is wrong in a manager's words) for the house's LDAP settings, or
    ("", "") when the server answers: it is reached (with StartTLS if asked), the house's
    account binds, and where people and groups are exists.  Never a password in the words."""
    try:
        _check_filter(directory.ldap_user_filter)
        connection = ldap.initialize(directory.ldap_uri.strip())
        for option, value in ldap_settings(directory)["CONNECTION_OPTIONS"].items():
            connection.set_option(option, value)
        try:
            if directory.ldap_start_tls:
                connection.start_tls_s()
            connection.simple_bind_s(directory.ldap_bind_dn, directory.ldap_bind_password)
            for base in {directory.ldap_user_base, directory.ldap_group_base} - {""}:
                connection.search_s(base, ldap.SCOPE_BASE, attrlist=["1.1"])
        finally:
            connection.unbind_s()
    except DirectoryUnavailable as failure:
        return FIELD_OF_SETTING.get(failure.setting, "ldap_uri"), failure.problem
    except ldap.LDAPError as error:
        setting = _setting_of(error)
        return FIELD_OF_SETTING.get(setting, "ldap_uri"), gettext(
            "The LDAP server answered: %(problem)s. Check this setting."
        ) % {"problem": _problem(error)}
    return "", ""
