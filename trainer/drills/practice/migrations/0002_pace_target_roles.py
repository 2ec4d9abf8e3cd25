from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """Games managers set their own house's pace targets in the admin (roles.py)."""

    # no later app's migration needed: whichever sync_roles runs last gives each role every
    # permission of roles.py that exists by then (a dependency on roster here would pull the
    # assessments app forward, where its own migration tests need it held back)
    dependencies = [("practice", "0001_initial")]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
