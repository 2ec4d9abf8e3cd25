from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """The site itself: home page, shared static files and templates tags."""

    name = "trainer"
    verbose_name = "Dealer trainer"
