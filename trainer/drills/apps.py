from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrillsConfig(AppConfig):
    """Practice: questions dealt from the engine's drills, and every attempt at them."""

    name = "trainer.drills"
    verbose_name = _("Drills and attempts")
