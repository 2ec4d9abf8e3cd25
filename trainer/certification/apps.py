from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CertificationConfig(AppConfig):
    """A dealer's certification in a game (issue 42): what a house asks per game (its written
    test, practice hours, a table test), the table tests supervisors judge and sign, and the
    game's certificate issued when every part is met (an assessments certificate naming the
    game and its parts).  It reads the tests beneath it and the rounds for the dealer's
    figures; progress, above it, shows it."""

    name = "trainer.certification"
    verbose_name = _("Certification")

    def ready(self):
        from . import signals  # noqa: F401  (the sweep's and the sittings' receivers)
