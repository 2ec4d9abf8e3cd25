from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Games managers set their own house's rounds an hour (trainer.houses.roles)."""

    dependencies = [("rounds", "0001_initial"), ("practice", "0001_initial")]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
