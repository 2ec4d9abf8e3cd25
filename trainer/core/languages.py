"""The language a page is read in: the signed-in user's own (their account settings), else
their house's default, else what Django's `LocaleMiddleware` found for the request (the header's
switch, kept in a cookie, else the browser's Accept-Language), else English (LANGUAGE_CODE).

The languages are settings.LANGUAGES; a user's or a house's language is one of its codes, or
empty for "none chosen".  A third language is a catalogue and a line in LANGUAGES: nothing
here names a language.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext


def site_languages() -> dict[str, str]:
    """The site's languages, code -> its own name (settings.LANGUAGES)."""
    return dict(settings.LANGUAGES)


def validate_language(value: str) -> None:
    """An empty value (none chosen) or one of the site's languages."""
    if value and value not in site_languages():
        raise ValidationError(
            gettext("%(value)s is not a language of this site: choose one of %(languages)s."),
            code="unknown_language",
            params={"value": value, "languages": ", ".join(site_languages())},
        )


def language_named(written: str) -> str | None:
    """The code of the language `written` names, as its code or its own name, in any case
    and spacing, or None.

    >>> [language_named(w) for w in ("es", " ES ", "Español", "english", "tl", "")]
    ['es', 'es', 'es', 'en', None, None]
    """
    wanted = " ".join(written.split()).casefold()
    for code, name in site_languages().items():
        if wanted in (code.casefold(), name.casefold()):
            return code
    return None


def language_of(user) -> str | None:
    """The language chosen for `user`: their own, else their house's; None when neither chose
    (or `user` is anonymous), and the request's own then stands."""
    if not getattr(user, "is_authenticated", False):
        return None
    own = getattr(user, "language", "")
    if own in site_languages():
        return own
    house = getattr(user, "house", None)
    shared = getattr(house, "language", "") if house is not None else ""
    return shared if shared in site_languages() else None


class UserLanguage:
    """After sign-in is known (AuthenticationMiddleware): the signed-in user's language
    (`language_of`) is activated for the request; with none chosen, `LocaleMiddleware`'s
    choice stands.  LocaleMiddleware, earlier in the list, names the language in the
    response's Content-Language as it leaves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = language_of(getattr(request, "user", None))
        if chosen is not None:
            translation.activate(chosen)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
