from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SiteConfig(AppConfig):
    """The top of the site: the home and landing pages, the account pages, the docs pages, the
    URL configuration, the deploy checks and `manage.py seed_demo`.  It may import every app;
    none imports it (pyproject.toml's import-linter contract)."""

    name = "trainer.site"
    verbose_name = _("Dealer trainer site")

    def ready(self):
        # the deploy checks register on import
        from . import checks  # noqa: F401
