from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class TrainerConfig(AppConfig):
    """The site itself: home page, shared static files and templates tags."""

    name = "trainer"
    verbose_name = "Dealer trainer"


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin on the site's AdminSite (trainer.admin_site); named in INSTALLED_APPS."""

    default = False
    default_site = "trainer.admin_site.AdminSite"
