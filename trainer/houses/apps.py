from django.apps import AppConfig


class HousesConfig(AppConfig):
    """Houses, their staff, their versioned paytables and their house rules."""

    name = "trainer.houses"
    verbose_name = "Houses and paytables"

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)
