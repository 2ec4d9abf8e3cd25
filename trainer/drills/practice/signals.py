"""A house's pace targets are kept in each app server's memory with its setup, under the
house's `config_serial` (`services.house_targets`): a target saved or deleted moves the serial
on, as a paytable or a house rule does (trainer.houses.signals)."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from trainer.houses.signals import bump_config

from .models import PaceTarget


@receiver(post_save, sender=PaceTarget)
@receiver(post_delete, sender=PaceTarget)
def pace_target_changed(sender, instance, **kwargs):
    bump_config(instance.house_id)
