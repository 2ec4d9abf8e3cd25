from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Supervisors judge table tests; games managers say what certifies a dealer
    (trainer.houses.roles)."""

    dependencies = [("certification", "0001_initial")]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
