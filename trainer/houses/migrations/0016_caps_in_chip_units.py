"""A payout cap is a whole number of chip units (so a capped payout can be paid in chips):
a cap saved before that rule is rounded down to one, the most it can pay in chips."""

from django.db import migrations


def round_caps_down(apps, schema_editor):
    HouseRulesSettings = apps.get_model("houses", "HouseRulesSettings")
    for rules in HouseRulesSettings.objects.all():
        changed = []
        for name in ("mississippi_payout_cap", "call_payout_cap"):
            cap = getattr(rules, name)
            if cap is not None and rules.chip_unit > 0 and cap % rules.chip_unit:
                setattr(rules, name, cap - cap % rules.chip_unit)
                changed.append(name)
        if changed:
            rules.save(update_fields=changed)


class Migration(migrations.Migration):
    dependencies = [("houses", "0015_chips")]

    operations = [migrations.RunPython(round_caps_down, migrations.RunPython.noop)]
