"""`python manage.py queue_parsheets`: ask for the par sheet of every house's active table
that has none under the way sheets are computed now (`tasks.request_missing_parsheets`).

When an upgrade adds figures to the par sheets, their keys change and the stored sheets are
no longer found: `make serve` runs this after migrating, so the tables in use get their new
sheets from the task worker without a games manager asking table by table."""

from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from trainer.houses import tasks


class Command(BaseCommand):
    help = "Queue the par sheet of every active table that has none of the current kind."

    def handle(self, *args, **options):
        asked = tasks.request_missing_parsheets()
        self.stdout.write(
            ngettext(
                "%(count)d active table's par sheet asked for.",
                "%(count)d active tables' par sheets asked for.",
                len(asked),
            )
            % {"count": len(asked)}
        )
