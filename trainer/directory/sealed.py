"""Secrets kept out of the database's plain text: a house's OpenID Connect client secret and
its LDAP bind password are stored sealed (Fernet: AES-128-CBC with an HMAC) under a key
derived from SECRET_KEY, and opened only where the site talks to the directory.  A key of
SECRET_KEY_FALLBACKS still opens what it sealed, so rotating SECRET_KEY loses nothing; the
next save seals under the new key.  A value that no key opens reads as empty: the directory
page then asks for the secret again (never a 500)."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

_PURPOSE = b"trainer.directory.sealed"


def _fernet(secret: str) -> Fernet:
    digest = hashlib.sha256(_PURPOSE + b"\0" + secret.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def _keys() -> MultiFernet:
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return MultiFernet([_fernet(s) for s in secrets])


def seal(text: str) -> str:
    """The text sealed; empty stays empty."""
    return _keys().encrypt(text.encode()).decode() if text else ""


def unseal(sealed: str) -> str:
    """The text a seal holds; empty for empty or for a seal no key of this site opens."""
    if not sealed:
        return ""
    try:
        return _keys().decrypt(sealed.encode()).decode()
    except (InvalidToken, ValueError):
        return ""
