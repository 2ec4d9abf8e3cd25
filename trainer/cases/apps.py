from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CasesConfig(AppConfig):
    """Dispute cases: a ruling kept by a house as a record, numbered, with notes added later."""

    name = "trainer.cases"
    verbose_name = gettext_lazy("Dispute cases")

    def ready(self):
        # "Save as a case" under a ruling on the Rule check page (the desk imports no app
        # above it: it asks its registered keepers)
        from trainer.rulings import views as desk

        from .views import save_as_case

        if save_as_case not in desk.KEEPERS:
            desk.KEEPERS.append(save_as_case)
