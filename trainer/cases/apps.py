from django.apps import AppConfig


class CasesConfig(AppConfig):
    """Dispute cases: a ruling kept by a house as a record, numbered, with notes added later."""

    name = "trainer.cases"
    verbose_name = "Dispute cases"
