from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class HousesConfig(AppConfig):
    """Houses, their staff, their versioned paytables and their house rules."""

    name = "trainer.houses"
    verbose_name = gettext_lazy("Houses and paytables")

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)
