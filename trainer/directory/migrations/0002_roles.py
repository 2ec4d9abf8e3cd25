from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Games managers configure their house's directory (trainer.houses.roles)."""

    dependencies = [("directory", "0001_initial")]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
