from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """The ruling desk: the engine's rulings by command line, HTTP API and page."""

    name = "trainer.rulings"
    verbose_name = "Ruling desk"
