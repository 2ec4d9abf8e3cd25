from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AuditsConfig(AppConfig):
    """Shift audits: a hand log uploaded, checked by the task worker, kept as a report."""

    name = "trainer.audits"
    verbose_name = gettext_lazy("Audits")

    def ready(self):
        from trainer.drills.practice import notes
        from trainer.progress import sections

        from . import class_section, findings, signals  # noqa: F401  (signals: the sweep's receiver)

        # Today's practice says where a lapse the audit found came from
        notes.register(findings.note)
        # a class page lists its dealers due a re-audit, and floor mispays beside drill accuracy
        sections.register(class_section.class_section)
