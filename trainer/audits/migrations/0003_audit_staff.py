from django.db import migrations

from trainer.houses.roles import sync_roles


class Migration(migrations.Migration):
    """The Audit staff role (roles.py): the audits and the cases of their house, nothing else.
    After every app whose permissions the roles hold, so each group is given all of its own."""

    dependencies = [
        ("audits", "0002_roles"),
        ("houses", "0019_paytable_form_token"),
        ("roster", "0007_promoted_to_watch"),
        ("rounds", "0002_roles"),
        ("watch", "0002_roles"),
        ("practice", "0004_fewer_card_indexes"),
        ("assessments", "0005_round_trip"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
