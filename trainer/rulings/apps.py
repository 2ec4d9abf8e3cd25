from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class RulingsConfig(AppConfig):
    """The ruling desk: the engine's rulings by command line, HTTP API and page."""

    name = "trainer.rulings"
    verbose_name = gettext_lazy("Ruling desk")
