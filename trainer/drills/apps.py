from django.apps import AppConfig


class DrillsConfig(AppConfig):
    """Practice: questions dealt from the engine's drills, and every attempt at them."""

    name = "trainer.drills"
    verbose_name = "Drills and attempts"
