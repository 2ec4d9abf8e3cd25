from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RosterConfig(AppConfig):
    name = "trainer.roster"
    verbose_name = _("Roster and classes")

    def ready(self):
        from . import signals  # noqa: F401
