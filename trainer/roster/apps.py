from django.apps import AppConfig


class RosterConfig(AppConfig):
    name = "trainer.roster"
    verbose_name = "Roster and classes"

    def ready(self):
        from . import signals  # noqa: F401
