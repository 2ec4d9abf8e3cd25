"""The history an audit reads (trainer.houses.timeline): each table's activations and each
house's rules over time, backfilled from what is known today: every version's last
`activated_at` (an earlier activation of a version activated again is not known), and each
house's current rules, in force from now on (before that, the audit falls back to them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone


def backfill(apps, schema_editor):
    PaytableVersion = apps.get_model("houses", "PaytableVersion")
    TableActivation = apps.get_model("houses", "TableActivation")
    HouseRulesSettings = apps.get_model("houses", "HouseRulesSettings")
    HouseRulesRecord = apps.get_model("houses", "HouseRulesRecord")
    TableActivation.objects.bulk_create(
        TableActivation(house_id=v.house_id, game=v.game, version=v, at=v.activated_at)
        for v in PaytableVersion.objects.exclude(activated_at=None)
    )
    # the house rules as they were when this migration was written (a later rule added to the
    # engine must not be read off this historical model)
    names = [
        "chip_unit",
        "split_pot_odd_chip",
        "mississippi_payout_cap",
        "call_multiple",
        "call_payout_cap",
        "stand_pat_allowed",
        "reuse_discards",
        "stud_stock_shortage",
    ]
    now = timezone.now()
    HouseRulesRecord.objects.bulk_create(
        HouseRulesRecord(house_id=r.house_id, at=now, rules={n: getattr(r, n) for n in names})
        for r in HouseRulesSettings.objects.all()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("houses", "0011_close_legacy_running_sheets"),
    ]

    operations = [
        migrations.CreateModel(
            name="HouseRulesRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("at", models.DateTimeField(db_index=True)),
                ("rules", models.JSONField()),
                (
                    "house",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="houses.house",
                    ),
                ),
            ],
            options={
                "ordering": ["house", "at", "pk"],
            },
        ),
        migrations.CreateModel(
            name="TableActivation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(max_length=30)),
                ("at", models.DateTimeField(db_index=True)),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "house",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="houses.house",
                    ),
                ),
                (
                    "version",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="activations",
                        to="houses.paytableversion",
                    ),
                ),
            ],
            options={
                "ordering": ["house", "game", "at", "pk"],
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
