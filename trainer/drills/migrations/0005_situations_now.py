"""Stored questions get the situations their drills give them now (trainer.drills.retagging)."""

from django.db import migrations


def forwards(apps, schema_editor):
    from trainer.drills.retagging import retag

    retag(apps.get_model("drills", "Question"))


class Migration(migrations.Migration):
    dependencies = [("drills", "0004_adaptive")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
