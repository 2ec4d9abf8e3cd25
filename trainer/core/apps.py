from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """What the whole site shares: the admin site, the sign-in backend, the shared static files,
    the `cards` template tag and house times.  It imports no feature app (the home page and the
    other site pages are trainer.site)."""

    name = "trainer.core"
    verbose_name = _("Dealer trainer")

    def ready(self):
        # the sign-in throttle's receiver registers on import
        from . import throttle  # noqa: F401


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin on the site's AdminSite (trainer.core.admin_site); named in
    INSTALLED_APPS."""

    default = False
    default_site = "trainer.core.admin_site.AdminSite"
