from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    """Practice that adapts: each trainee's skills scheduled with FSRS, the games they are
    enrolled in, and the house's speed standards.  Its modes (Today's practice, Practise my
    mistakes) deal drills sessions, so it lives inside trainer.drills, beside PracticeSession;
    its app label stays `practice` (its tables and migrations are unchanged)."""

    name = "trainer.drills.practice"
    label = "practice"
    verbose_name = _("Adaptive practice and pace")

    def ready(self):
        from . import mistakes, signals, today  # noqa: F401  (signals connects the receivers)

        today.register_modes()
        mistakes.register_mode()
