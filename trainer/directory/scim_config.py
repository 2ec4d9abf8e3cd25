"""django-scim2's settings (settings.SCIM_SERVICE_PROVIDER), kept beside the code they name.
Plain data: trainer.settings imports it before Django is set up."""

from __future__ import annotations


def scim_service_provider(*, netloc: str) -> dict:
    return {
        "NETLOC": netloc,
        "AUTHENTICATION_SCHEMES": [
            {
                "type": "oauthbearertoken",
                "name": "Bearer token",
                "description": "A token the house's games manager issues on the Directory page.",
                "primary": True,
            }
        ],
        "WWW_AUTHENTICATE_HEADER": 'Bearer realm="scim"',
    }
