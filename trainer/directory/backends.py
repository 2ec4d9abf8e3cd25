"""The directory's part of `django.contrib.auth.authenticate`, one backend between django-axes
(first: a locked-out name is refused by every method) and the site's own passwords (last):

- a claim the identity-provider sign-in has verified (`claim=`, passed only by
  trainer.directory.oidc's callback, never from a form) takes its person in;
- a username and password of a house that checks passwords against its LDAP directory are
  checked there (trainer.directory.ldap), for a person already linked to it or, on the
  house's own sign-in page (`house=`), for anyone its directory knows;
- a username of a house that turned the site's own passwords off is stopped here, so the site's
  password is never tried for it.

A session this backend signed in is read back as the site's own are (HouseModelBackend: an
account deactivated, say by the directory, ends its sessions at once)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from trainer.core.auth import HouseModelBackend

from . import ldap
from .models import Directory
from .people import Claim, Refused, take_in


def refuse(request, message: str):
    """Stop `authenticate` (django-axes and Django count it as a failed sign-in) and leave the
    reason where the sign-in page shows it."""
    if request is not None:
        request.directory_refusal = message
    raise PermissionDenied(message)


def directory_of_username(username: str):
    """The directory of the house of the account with this username, if any."""
    return (
        Directory.objects.select_related("house")
        .filter(house__members__username__iexact=username, house__members__is_superuser=False)
        .first()
    )


class DirectoryBackend:
    def authenticate(
        self, request, username=None, password=None, *, house=None, claim=None, **kwargs
    ):
        if isinstance(claim, Claim) and house is not None:
            try:
                return take_in(house, claim)
            except Refused as refusal:
                refuse(request, refusal.message)
        if not username or password is None:
            return None
        if house is not None:
            directory = Directory.objects.filter(house=house).select_related("house").first()
        else:
            directory = directory_of_username(username)
        if directory is None:
            return None
        if directory.ldap_ready:
            try:
                person = ldap.sign_in(request, directory, username, password)
            except Refused as refusal:
                refuse(request, refusal.message)
            if person is not None:
                return person
        if not directory.site_passwords:
            # the site's own password is never tried for this house's people
            raise PermissionDenied("site passwords are off for this house")
        return None

    def get_user(self, user_id):
        return HouseModelBackend().get_user(user_id)

    # No permission methods: Django skips a backend without them, and the site's own backend
    # answers for every role (Django groups), on every request.
