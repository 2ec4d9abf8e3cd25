from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The games manager's desk: their house's tables, the paytable designer with its exact
    house edge, activation, house rules, chips and pace targets, in the site's own pages."""

    name = "trainer.desk"
    verbose_name = "Games manager's desk"
