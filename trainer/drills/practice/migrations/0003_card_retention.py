"""Each stored card records the desired retention its due time was worked out for: every card
so far was scheduled for FSRS's default, 0.9 (`scheduling.review` records it from now on)."""

from django.db import migrations

RETENTION = 0.9


def forwards(apps, schema_editor):
    SkillCard = apps.get_model("practice", "SkillCard")
    for card in SkillCard.objects.all().iterator():
        if "retention" not in card.state:
            card.state = {**card.state, "retention": RETENTION}
            card.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("practice", "0002_pace_target_roles")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
