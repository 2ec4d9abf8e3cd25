from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Games managers set their own house's pace targets in the admin (roles.py)."""

    dependencies = [
        ("practice", "0001_initial"),
        ("roster", "0003_allow_more_attempts"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
