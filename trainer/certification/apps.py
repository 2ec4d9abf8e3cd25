from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CertificationConfig(AppConfig):
    """A dealer's certification in a game: what a house asks per game (its written
    test, practice hours, a table test), the table tests supervisors judge and sign, and the
    game's certificate issued when every part is met (an assessments certificate naming the
    game and its parts).  It reads the tests beneath it and the rounds for the dealer's
    figures; it adds its own part to the class page and to Today's practice."""

    name = "trainer.certification"
    verbose_name = _("Certification")

    def ready(self):
        from trainer.drills.practice import today
        from trainer.progress import sections

        from . import class_section, leaders, signals  # noqa: F401  (the receivers)

        if leaders.leading_skills not in today.LEADERS:
            today.LEADERS.append(leaders.leading_skills)
        sections.register(class_section.at_risk)
