from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class CoreConfig(AppConfig):
    """What the whole site shares: the admin site, the home page, the shared static files and
    the `cards` template tag."""

    name = "trainer.core"
    verbose_name = "Dealer trainer"

    def ready(self):
        # the sign-in throttle's receiver and the deploy checks register on import
        from . import checks, throttle  # noqa: F401


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin on the site's AdminSite (trainer.core.admin_site); named in
    INSTALLED_APPS."""

    default = False
    default_site = "trainer.core.admin_site.AdminSite"
