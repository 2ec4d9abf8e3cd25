from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Supervisors and games managers may watch the game, and the Floor supervisor
    role lets a house promote a trainee to it (roles.py)."""

    dependencies = [("watch", "0001_initial")]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
