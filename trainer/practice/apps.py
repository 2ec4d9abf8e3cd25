from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """Practice that adapts: each trainee's skills scheduled with FSRS, the games they are
    enrolled in, and the house's speed standards."""

    name = "trainer.practice"
    verbose_name = "Adaptive practice and pace"
