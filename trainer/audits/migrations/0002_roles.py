from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Supervisors and games managers may audit their house's hand logs (roles.py)."""

    dependencies = [
        ("audits", "0001_initial"),
        ("houses", "0011_close_legacy_running_sheets"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
