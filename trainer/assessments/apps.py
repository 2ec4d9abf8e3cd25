from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AssessmentsConfig(AppConfig):
    """Assigned tests: a fixed mix of drill questions with a pass mark and a time limit."""

    name = "trainer.assessments"
    verbose_name = _("Assigned tests")

    def ready(self):
        from . import signals  # noqa: F401  (connects the worker sweep's receiver)
