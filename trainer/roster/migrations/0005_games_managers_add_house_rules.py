from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Games managers add their house's rules when it has none (roles.py).  Here
    rather than in houses: any app's migration may sync the roles, and this keeps the houses'
    own migrations to the houses' tables."""

    dependencies = [
        ("roster", "0004_games_enrolled"),
        ("houses", "0017_house_day_starts_house_desired_retention"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
