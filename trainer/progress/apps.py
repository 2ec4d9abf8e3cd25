from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProgressConfig(AppConfig):
    """Progress for trainees and review for supervisors, built from attempts."""

    name = "trainer.progress"
    verbose_name = _("Progress and review")
