from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AuditsConfig(AppConfig):
    """Shift audits: a hand log uploaded, checked by the task worker, kept as a report."""

    name = "trainer.audits"
    verbose_name = gettext_lazy("Audits")

    def ready(self):
        from . import signals  # noqa: F401  (connects the worker sweep's receiver)
