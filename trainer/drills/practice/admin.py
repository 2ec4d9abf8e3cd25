"""Pace targets in the admin: games managers set their own house's speed standards, as they
set its paytables and house rules.  A games manager sees and changes only their own house's
targets; a superuser every house's; anyone else none (the permissions are the games
manager's role, trainer.houses.roles).  Every form shows the targets in force, drill by drill
and level by level, so a manager sees the defaults they override."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_lazy

from trainer.engine.drills import REGISTRY
from trainer.houses.admin import HouseScopedAdmin

from .models import PaceTarget
from .targets import in_force, kind_choices, seconds_words


class PaceTargetForm(forms.ModelForm):
    kind = forms.ChoiceField(label=gettext_lazy("Drill"), choices=())

    class Meta:
        model = PaceTarget
        fields = ["house", "kind", "level", "seconds"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", "---------"), *kind_choices()]
        self.fields["level"].help_text = gettext("A level the drill has (most have 1 to 3).")

    def clean(self):
        data = super().clean()
        kind, level, house = data.get("kind"), data.get("level"), data.get("house")
        drill = REGISTRY.get(kind) if kind else None
        if drill is not None and level is not None:
            numbers = [lv.number for lv in drill.levels]
            if level not in numbers:
                self.add_error(
                    "level",
                    gettext("%(drill)s has levels %(levels)s: there is no level %(level)s.")
                    % {
                        "drill": drill.title,
                        "levels": ", ".join(map(str, numbers)),
                        "level": level,
                    },
                )
        if drill is not None and level is not None and house is not None:
            taken = PaceTarget.objects.filter(house=house, kind=kind, level=level)
            if self.instance.pk is not None:
                taken = taken.exclude(pk=self.instance.pk)
            existing = taken.first()
            if existing is not None:
                raise forms.ValidationError(
                    gettext(
                        "%(house)s already has a target for %(drill)s at level %(level)s "
                        "(%(target)s): change that one instead."
                    )
                    % {
                        "house": house,
                        "drill": drill.title,
                        "level": level,
                        "target": seconds_words(existing.seconds),
                    }
                )
        return data

    def validate_unique(self):
        # the clean above says it in the manager's words; the constraint stays the backstop
        pass


@admin.register(PaceTarget)
class PaceTargetAdmin(HouseScopedAdmin):
    form = PaceTargetForm
    list_display = ["drill", "level", "seconds", "default", "house"]
    list_filter = [("house", admin.RelatedOnlyFieldListFilter), "kind", "level"]
    ordering = ["house", "kind", "level"]

    @admin.display(description=gettext_lazy("drill"), ordering="kind")
    def drill(self, obj):
        kind = REGISTRY.get(obj.kind)
        return kind.title if kind else obj.kind

    @admin.display(description=gettext_lazy("the drill's default"))
    def default(self, obj):
        kind = REGISTRY.get(obj.kind)
        if kind is None or obj.level not in [lv.number for lv in kind.levels]:
            return "—"
        return seconds_words(kind.target_seconds(obj.level))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._tables: dict[int | None, object] = {}

    def _table_of(self, house_id: int | None):
        """The read-only field that draws the house's targets in force: one callable per
        house, so the fieldsets and the read-only fields of a page name the same one."""

        def targets_in_force(_obj):
            return render_to_string(
                "houses/_pace_targets.html", {"drills": in_force(house_id), "admin": True}
            )

        targets_in_force.short_description = gettext_lazy("targets in force")
        return self._tables.setdefault(house_id, targets_in_force)

    def get_readonly_fields(self, request, obj=None):
        house_id = obj.house_id if obj is not None else request.user.house_id
        return [self._table_of(house_id)]

    def get_fieldsets(self, request, obj=None):
        return [
            (None, {"fields": ["house", "kind", "level", "seconds"]}),
            (
                gettext(
                    "Targets in force (the house's own marked “house”, else the drill's default)"
                ),
                {"fields": self.get_readonly_fields(request, obj)},
            ),
        ]

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        if not request.user.is_superuser and request.user.house_id:
            initial.setdefault("house", request.user.house_id)
        return initial
