from django.apps import AppConfig


class ProgressConfig(AppConfig):
    """Progress for trainees and review for supervisors, built from attempts."""

    name = "trainer.progress"
    verbose_name = "Progress and review"
