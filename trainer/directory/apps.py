from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DirectoryConfig(AppConfig):
    """The house's own directory owning its people's identities: sign-in through its OpenID
    Connect provider or its LDAP directory, people provisioned and removed by SCIM 2.0, each
    change logged.  A house that configures none of them signs in with the site's own
    passwords, as before."""

    name = "trainer.directory"
    verbose_name = _("Directory")
