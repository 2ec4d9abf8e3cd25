"""django-scim2's settings (settings.SCIM_SERVICE_PROVIDER), kept beside the code they name.
Plain data: trainer.settings imports it before Django is set up."""

from __future__ import annotations

#: where the house's own SCIM code is: the adapters (trainer/directory/scim.py), the bearer
#: token and the house's scope (scim_auth.py), the filters (scim_filters.py)
SCIM = "trainer.directory.scim"
SCIM_AUTH = "trainer.directory.scim_auth"
SCIM_FILTERS = "trainer.directory.scim_filters"


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
        # resources' addresses as the request reached the site (NETLOC only without one)
        "BASE_LOCATION_GETTER": f"{SCIM_AUTH}.base_location",
        # the house's bearer token, found before any of django-scim2's views runs; the house
        # it belongs to is the only one its requests see
        "AUTH_CHECK_MIDDLEWARE": f"{SCIM_AUTH}.BearerTokenCheck",
        "GET_EXTRA_MODEL_FILTER_KWARGS_GETTER": f"{SCIM_AUTH}.house_filter_kwargs",
        "GET_EXTRA_MODEL_EXCLUDE_KWARGS_GETTER": f"{SCIM_AUTH}.house_exclude_kwargs",
        # the house's people (trainer.houses.models.User, the default USER_MODEL_GETTER) and
        # its directory groups, as SCIM's Users and Groups
        "USER_ADAPTER": f"{SCIM}.ScimUser",
        "GROUP_MODEL": "trainer.directory.models.DirectoryGroup",
        "GROUP_ADAPTER": f"{SCIM}.ScimGroup",
        "USER_FILTER_PARSER": f"{SCIM_FILTERS}.UserFilter",
        "GROUP_FILTER_PARSER": f"{SCIM_FILTERS}.GroupFilter",
        "SERVICE_PROVIDER_CONFIG_MODEL": f"{SCIM}.ServiceProviderConfig",
        # a failure's own words stay in the log: the client reads a general message
        "EXPOSE_SCIM_EXCEPTIONS": False,
    }
