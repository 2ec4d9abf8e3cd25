from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoundsConfig(AppConfig):
    """Dealing the round: a whole hand at the table, step by step in the dealer's
    order, against the game's pace; each step an attempt of its drill's skill.  A test's
    section may deal rounds: the app registers those sections with trainer.assessments,
    which stands beneath it and never imports it; likewise it tells the par sheets' figures
    (trainer.houses.sheet_figures) each house's pace."""

    name = "trainer.rounds"
    verbose_name = _("Rounds dealt")

    def ready(self):
        from trainer.houses import sheet_figures

        from . import sections, services

        sections.register_all()
        if services.own_pace not in sheet_figures.PACES:
            sheet_figures.PACES.append(services.own_pace)
