from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Supervisors enrol trainees, run classes and revoke certificates (roles.py)."""

    dependencies = [
        ("roster", "0001_initial"),
        ("assessments", "0002_sections_retakes_certificates"),
        ("audits", "0002_roles"),
        ("houses", "0013_time_zone"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
