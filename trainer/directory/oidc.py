"""Signing in with a house's OpenID Connect provider: the authorization code flow with PKCE
(S256), state and nonce, through Authlib's Django client.  Authlib keeps the state, the nonce
and the code verifier in the session, checks the state on return, and verifies the ID token's
signature against the provider's published keys, its audience (this site's client id), its
expiry and its nonce; the issuer is checked against the one the house configured.

Each house has its own provider, so the client is made per request from the house's
`Directory` (a client registry per call: nothing of one house is kept where another's request
could read it)."""

from __future__ import annotations

import logging

import requests
from authlib.integrations.django_client import OAuth, OAuthError
from django.utils.translation import gettext
from joserfc.errors import JoseError

from .models import Identity
from .people import Claim

logger = logging.getLogger(__name__)

#: what a provider's answer may take before the sign-in is refused in words
TIMEOUT_SECONDS = 10

#: what can go wrong between the site and a provider, each answered as a refusal in words
PROVIDER_ERRORS = (
    OAuthError,
    JoseError,
    requests.RequestException,
    ValueError,
    KeyError,
    RuntimeError,
)


def discovery_url(issuer: str) -> str:
    return issuer.rstrip("/") + "/.well-known/openid-configuration"


def client(directory):
    """Authlib's client for the house's provider."""
    return OAuth().register(
        name=f"house{directory.house_id}",
        client_id=directory.oidc_client_id,
        client_secret=directory.oidc_client_secret,
        server_metadata_url=discovery_url(directory.oidc_issuer),
        client_kwargs={
            "scope": "openid profile email",
            "code_challenge_method": "S256",
            "timeout": TIMEOUT_SECONDS,
        },
    )


def start(request, directory, redirect_uri: str):
    """The redirect to the provider's sign-in page."""
    return client(directory).authorize_redirect(request, redirect_uri)


def finish(request, directory) -> Claim:
    """The claim of the person the provider signed in, from its verified ID token (and its
    userinfo endpoint, for a groups claim the ID token does not carry).  Raises one of
    PROVIDER_ERRORS when the provider's answer is not one the site accepts."""
    app = client(directory)
    token = app.authorize_access_token(
        request, claims_options={"iss": {"essential": True, "values": [directory.oidc_issuer]}}
    )
    claims = dict(token.get("userinfo") or {})
    if not claims.get("sub"):
        raise OAuthError(description="the provider's answer carried no ID token")
    lacking = not {directory.oidc_groups_claim, directory.oidc_username_claim} <= set(claims)
    if lacking and app.load_server_metadata().get("userinfo_endpoint"):
        extra = dict(app.userinfo(token=token))
        if extra.get("sub") == claims["sub"]:
            claims = {**extra, **claims}
    groups = claims.get(directory.oidc_groups_claim) or ()
    if isinstance(groups, str):
        groups = (groups,)
    username = str(claims.get(directory.oidc_username_claim) or "")
    return Claim(
        source=Identity.Source.OIDC,
        subject=str(claims["sub"]),
        username=username,
        first_name=str(claims.get("given_name") or ""),
        last_name=str(claims.get("family_name") or ""),
        email=str(claims.get("email") or ""),
        employee_number=username if directory.oidc_username_is_employee_number else "",
        groups=tuple(str(g) for g in groups),
    )


def setting_at_fault(error: Exception) -> str:
    """The house's setting a failed round trip points at, in a manager's words (for the
    provisioning log: the person is told only that the sign-in did not complete)."""
    if isinstance(error, requests.RequestException):
        return gettext("Issuer: the provider could not be reached.")
    if isinstance(error, JoseError):
        return gettext(
            "Client ID or issuer: the provider's ID token was not one for this site (its "
            "signature, issuer, audience or expiry did not check out)."
        )
    code = getattr(error, "error", "")
    if code == "invalid_client":
        return gettext("Client ID or client secret: the provider refused them.")
    if code in {"mismatching_state", "invalid_grant"}:
        return gettext(
            "The provider's answer did not match a sign-in started here (an old, replayed or "
            "forged answer)."
        )
    if code:
        return gettext("The provider answered “%(code)s”.") % {"code": str(code)[:60]}
    return gettext("The provider's answer was not one the site accepts.")


def check(directory) -> str:
    """What is wrong with the house's provider settings, in a manager's words naming the
    setting, or "" when its discovery document answers and names the same issuer."""
    url = discovery_url(directory.oidc_issuer)
    try:
        response = requests.get(url, timeout=TIMEOUT_SECONDS)
        response.raise_for_status()
        metadata = response.json()
    except (requests.RequestException, ValueError) as error:
        logger.warning("OpenID configuration not read from %s: %s", url, type(error).__name__)
        return gettext(
            "Issuer: no OpenID Connect configuration could be read from %(url)s. Check the "
            "address (it is the provider's issuer, without /.well-known/…)."
        ) % {"url": url}
    issuer = metadata.get("issuer") if isinstance(metadata, dict) else None
    if issuer != directory.oidc_issuer:
        return gettext(
            "Issuer: the provider calls itself %(theirs)s, not %(ours)s; enter its issuer "
            "exactly as it writes it."
        ) % {"theirs": issuer or "?", "ours": directory.oidc_issuer}
    missing = [
        key
        for key in ("authorization_endpoint", "token_endpoint", "jwks_uri")
        if key not in metadata
    ]
    if missing:
        return gettext("Issuer: the provider's configuration lacks %(keys)s.") % {
            "keys": ", ".join(missing)
        }
    return ""
