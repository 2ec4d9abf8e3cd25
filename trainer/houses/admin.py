"""The admin for games managers: their house's paytable versions and house rules.

Games managers see and change only their own house; superusers see every house.  A version
that anything has used is shown read-only; "new version from this one" copies it, and
activating a version is its own explicit action.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext, gettext_lazy
from django_htmx.http import HttpResponseClientRefresh

from trainer.core.numbers import localized
from trainer.engine import EngineError
from trainer.engine.figures import edge_words
from trainer.engine.paytables import BANKED_STUD_ROWS

from . import activation, services, tasks
from .config import house_rules_of, paytable_of
from .forms import HouseRulesForm
from .models import House, HouseRulesSettings, PaytableRow, PaytableVersion, User
from .preview import preview

#: what "Compute par sheet" says of each version, by the state its sheet is in
PARSHEET_REQUESTED = {
    "done": gettext_lazy("%(version)s: par sheet already computed (an identical table's)."),
    "queued": gettext_lazy("%(version)s: par sheet queued."),
    "running": gettext_lazy("%(version)s: par sheet being computed."),
}


def _now_active(version) -> str:
    return gettext("%(version)s is now the active table.") % {"version": version}


class HouseScopedAdmin(admin.ModelAdmin):
    """Rows of the user's own house only, unless the user is a superuser."""

    house_field = "house"

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(**{f"{self.house_field}_id": request.user.house_id or -1})

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "house" and not request.user.is_superuser:
            kwargs["queryset"] = House.objects.filter(pk=request.user.house_id or -1)
            kwargs["initial"] = request.user.house_id
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def _own(self, request, obj) -> bool:
        if obj is None or request.user.is_superuser:
            return True
        return getattr(obj, f"{self.house_field}_id") == request.user.house_id

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._own(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._own(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._own(request, obj)


@admin.register(House)
class HouseAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "time_zone"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request):
        return super().get_queryset(request).visible_to(request.user)

    def has_view_permission(self, request, obj=None):
        own = obj is None or request.user.is_superuser or obj.pk == request.user.house_id
        return super().has_view_permission(request, obj) and own

    def has_change_permission(self, request, obj=None):
        own = obj is None or request.user.is_superuser or obj.pk == request.user.house_id
        return super().has_change_permission(request, obj) and own

    def get_readonly_fields(self, request, obj=None):
        # the slug names the house in rulings and hand logs: only a superuser renames it
        return [] if request.user.is_superuser else ["slug"]

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if request.user.is_superuser else {}


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = [
        *DjangoUserAdmin.fieldsets,
        (gettext_lazy("House"), {"fields": ["house", "language"]}),
    ]
    add_fieldsets = [
        *DjangoUserAdmin.add_fieldsets,
        (gettext_lazy("House"), {"fields": ["house"]}),
    ]
    list_display = ["username", "first_name", "last_name", "house", "is_staff"]
    list_filter = ["house", "groups", "is_staff", "is_superuser", "is_active"]


class PaytableRowFormSet(BaseInlineFormSet):
    """The rows checked together, as the engine will use them."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        version: PaytableVersion = self.instance
        if version.pk is not None:
            # every saved row must be on the page: a stale or tampered form that leaves some
            # out would add a second row of a category (an IntegrityError on saving)
            shown = {form.instance.pk for form in self.initial_forms}
            if version.rows.exclude(pk__in=shown).exists():
                raise ValidationError(
                    gettext(
                        "The rows of this table have changed since the page was loaded: reload it."
                    )
                )
        rows, seen = [], set()
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE"):
                continue
            category = data.get("category")
            if category in seen:
                raise ValidationError(
                    gettext("Each category has one row: %(c)s is given twice."),
                    params={"c": form.instance.get_category_display()},
                )
            seen.add(category)
            rows.append(PaytableRow(category=category, win=data["win"], to=data["to"]))
        if not version.game:
            return
        table = paytable_of(version, rows)
        chip_unit = services.chip_unit_of(version.house_id)
        problems = table.problems(services.required_rows(version))
        problems += table.fraction_problems(chip_unit)
        if problems:
            raise ValidationError(problems)
        inversions = table.inversions()
        if inversions and not version.inversions_confirmed:
            listed = "; ".join(
                gettext("%(high)s pays %(high_odds)s but %(low)s pays %(low_odds)s")
                % {
                    "high": high.label,
                    "high_odds": table.odds_for(high).words(),
                    "low": low.label,
                    "low_odds": table.odds_for(low).words(),
                }
                for high, low in inversions
            )
            raise ValidationError(
                gettext(
                    "A stronger hand pays less than a weaker one: %(listed)s. If this is what "
                    "the house means, tick “inversions confirmed” and save again."
                )
                % {"listed": listed}
            )


class PaytableRowInline(admin.TabularInline):
    model = PaytableRow
    formset = PaytableRowFormSet
    fields = ["category", "win", "to"]
    ordering = ["-category"]
    extra = 0
    min_num = 1

    def get_extra(self, request, obj=None, **kwargs):
        # a new version offers one row per category, in rank order (see get_formset_kwargs)
        return 0 if obj else len(BANKED_STUD_ROWS) - 1

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and obj.is_in_use())

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not (obj and obj.is_in_use())

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.is_in_use())


@admin.register(PaytableVersion)
class PaytableVersionAdmin(HouseScopedAdmin):
    inlines = [PaytableRowInline]
    list_display = [
        "__str__",
        "house",
        "game",
        "number",
        "is_active",
        "house_edge",
        "created_by",
        "created_at",
    ]
    # only the houses in this user's own list, so no other house is named
    list_filter = [("house", admin.RelatedOnlyFieldListFilter), "game", "is_active"]
    search_fields = ["label", "house__name", "house__slug"]
    readonly_fields = [
        "number",
        "is_active",
        "activated_at",
        "first_used_at",
        "created_by",
        "created_at",
        "in_use",
        "example_payouts",
        "par_sheet",
        "activation",
    ]
    actions = ["activate", "new_version_from_this_one", "compute_par_sheet"]
    fieldsets = [
        (None, {"fields": ["house", "game", "label", "bet_unit"]}),
        (
            gettext_lazy("Mississippi Stud pair bands"),
            {"fields": ["pair_band_low", "push_band_low", "push_band_high"]},
        ),
        (None, {"fields": ["inversions_confirmed"]}),
        (
            gettext_lazy("Status"),
            {
                "fields": [
                    "number",
                    "is_active",
                    "activated_at",
                    "first_used_at",
                    "created_by",
                    "created_at",
                    "in_use",
                    "activation",
                ]
            },
        ),
        (gettext_lazy("How this table pays"), {"fields": ["example_payouts"]}),
        (
            gettext_lazy("Par sheet (exact house edge under optimal play)"),
            {"fields": ["par_sheet"]},
        ),
    ]

    @admin.display(description=gettext_lazy("house edge"))
    def house_edge(self, obj):
        sheet = services.parsheet_of(obj)
        if sheet is None or sheet.status != sheet.Status.DONE:
            return "—" if sheet is None else sheet.get_status_display()
        edge = localized(edge_words(sheet.figures["house_edge_exact"]))
        if sheet.player_edge:
            return render_to_string("houses/admin/player_edge.html", {"edge": edge})
        return edge

    @admin.display(boolean=True, description=gettext_lazy("in use (read-only)"))
    def in_use(self, obj):
        return obj.is_in_use() if obj else False

    @admin.display(description=gettext_lazy("example hands"))
    def example_payouts(self, obj):
        if obj is None or obj.pk is None:
            return gettext("Save the version to see how it pays.")
        try:
            rows = preview(
                obj.game, paytable_of(obj), house_rules_of(getattr(obj.house, "rules", None))
            )
        except EngineError as exc:
            return gettext("No preview yet: %(reason)s") % {"reason": exc}
        has_dealer = any(row.dealer for row in rows)
        return render_to_string("houses/preview.html", {"rows": rows, "has_dealer": has_dealer})

    def get_urls(self):
        return [
            path(
                "<int:object_id>/activate/",
                self.admin_site.admin_view(self.activate_view),
                name="houses_paytableversion_activate",
            ),
            path(
                "<int:object_id>/parsheet/",
                self.admin_site.admin_view(self.parsheet_view),
                name="houses_paytableversion_parsheet",
            ),
            *super().get_urls(),
        ]

    def parsheet_view(self, request, object_id):
        """The par-sheet block of a version's page, for htmx to poll (GET); POST retries a
        failed or stale sheet.  Both for whoever may view the version (its house's games
        managers), and retrying also needs the right to change versions, as activating does."""
        version = self.get_object(request, str(object_id))
        if version is None or not self.has_view_permission(request, version):
            raise PermissionDenied
        sheet = services.parsheet_of(version)
        if request.method == "POST":
            if not request.user.has_perm("houses.change_paytableversion"):
                raise PermissionDenied
            again = tasks.retry_parsheet(sheet, version) if sheet is not None else None
            if again is None:
                self.message_user(
                    request,
                    gettext("The par sheet is not failed or stopped: nothing to retry."),
                    messages.WARNING,
                )
            else:
                self.message_user(
                    request,
                    gettext("%(version)s: par sheet queued again.") % {"version": version},
                    messages.SUCCESS,
                )
            return HttpResponseRedirect(
                reverse("admin:houses_paytableversion_change", args=[version.pk])
            )
        reload_when_done = request.GET.get("then") == "reload"
        if reload_when_done and sheet is not None and not sheet.under_way:
            # the activation page: its button depends on the finished sheet, so load it anew
            return HttpResponseClientRefresh()
        context = {
            "result": sheet,
            "version": version,
            "polled": True,
            "in_form": request.GET.get("in_form") == "1",
            "reload_when_done": reload_when_done,
        }
        return TemplateResponse(request, "houses/parsheet.html", context)

    def activate_view(self, request, object_id):
        """The explicit activation step: the table, its par sheet (queued if it is not there
        yet: activation waits for it), a player edge in red, and one button."""
        version = self.get_object(request, str(object_id))
        if version is None or not self.has_view_permission(request, version):
            raise PermissionDenied
        if not request.user.has_perm("houses.change_paytableversion"):
            raise PermissionDenied
        here = reverse("admin:houses_paytableversion_activate", args=[version.pk])
        if request.method == "POST":
            confirmed = request.POST.get("player_edge_confirmed") == "1"
            try:
                activation.activate_checked(
                    version, by=request.user, player_edge_confirmed=confirmed
                )
            except ValidationError as exc:
                self.message_user(request, " ".join(exc.messages), messages.ERROR)
                return HttpResponseRedirect(here)
            self.message_user(request, _now_active(version), messages.SUCCESS)
            return HttpResponseRedirect(
                reverse("admin:houses_paytableversion_change", args=[version.pk])
            )
        problems = services.table_problems(version)
        # queues the sheet if it is missing or failed; the edge is confirmed by the button
        waiting = (
            [] if problems else activation.activation_problems(version, player_edge_confirmed=True)
        )
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Activate %(version)s") % {"version": version},
            "version": version,
            "result": services.parsheet_of(version),
            "problems": problems,
            "waiting": waiting,
            "reload_when_done": True,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "houses/activate.html", context)

    @admin.display(description=gettext_lazy("activation"))
    def activation(self, obj):
        if obj is None or obj.pk is None:
            return gettext("Save the version first.")
        if obj.is_active:
            return gettext("This is the house's active table for this game.")
        url = reverse("admin:houses_paytableversion_activate", args=[obj.pk])
        return render_to_string("houses/admin/activate_link.html", {"url": url})

    @admin.display(description=gettext_lazy("par sheet"))
    def par_sheet(self, obj):
        if obj is None or obj.pk is None:
            return gettext(
                "Save the version, then choose “Compute par sheet” in the list's actions."
            )
        return render_to_string(
            "houses/parsheet.html",
            {"result": services.parsheet_of(obj), "version": obj, "in_form": True},
        )

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and obj.is_in_use())

    def has_delete_permission(self, request, obj=None):
        # superseded versions are kept for the regulator; nothing is deleted
        return False

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def get_formset_kwargs(self, request, obj, inline, prefix):
        kwargs = super().get_formset_kwargs(request, obj, inline, prefix)
        if obj is None or obj.pk is None:
            kwargs["initial"] = [{"category": c.order} for c in BANKED_STUD_ROWS]
        return kwargs

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        if not request.user.is_superuser and request.user.house_id:
            initial.setdefault("house", request.user.house_id)
        return initial

    @admin.action(
        description=gettext_lazy("Activate the selected version (replaces the active one)"),
        permissions=["change"],
    )
    def activate(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(
                request, gettext("Select exactly one version to activate."), messages.ERROR
            )
            return None
        version = queryset.get()
        if not self.has_view_permission(request, version):
            raise PermissionDenied
        sheet = services.parsheet_of(version)
        if version.engine_game.has_parsheet and (
            sheet is None or sheet.status != sheet.Status.DONE or sheet.player_edge
        ):
            # its par sheet is still to come, or it is flagged in red: the activation page
            # computes it, shows it and asks
            return HttpResponseRedirect(
                reverse("admin:houses_paytableversion_activate", args=[version.pk])
            )
        try:
            activation.activate_checked(version, by=request.user)
        except ValidationError as exc:
            self.message_user(request, " ".join(exc.messages), messages.ERROR)
            return None
        self.message_user(request, _now_active(version), messages.SUCCESS)
        return None

    @admin.action(
        description=gettext_lazy("Compute par sheet (runs in the background)"),
        permissions=["change"],
    )
    def compute_par_sheet(self, request, queryset):
        for version in queryset:
            if not self.has_view_permission(request, version):
                raise PermissionDenied
            try:
                result = tasks.request_parsheet(version)
            except ValidationError as exc:
                self.message_user(request, f"{version}: {' '.join(exc.messages)}", messages.ERROR)
                continue
            said = PARSHEET_REQUESTED.get(result.status)
            if said is None:
                said = gettext("%(version)s: par sheet %(state)s.") % {
                    "version": version,
                    "state": result.get_status_display(),
                }
            else:
                said = str(said) % {"version": version}
            self.message_user(request, said, messages.SUCCESS)

    @admin.action(description=gettext_lazy("New version from this one"))
    def new_version_from_this_one(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(
                request, gettext("Select exactly one version to copy."), messages.ERROR
            )
            return None
        copy = services.copy_version(queryset.get(), by=request.user)
        self.message_user(
            request,
            gettext("Saved %(version)s: edit it, then activate it.") % {"version": copy},
            messages.SUCCESS,
        )
        return HttpResponseRedirect(reverse("admin:houses_paytableversion_change", args=[copy.pk]))


@admin.register(HouseRulesSettings)
class HouseRulesAdmin(HouseScopedAdmin):
    form = HouseRulesForm
    list_display = [
        "house",
        "chip_unit",
        "call_multiple",
        "stand_pat_allowed",
        "reuse_discards",
        "stud_stock_shortage",
        "settle_order",
    ]

    def get_readonly_fields(self, request, obj=None):
        # the checks compare a house's rules with its own tables: the house stays put
        return ["house"] if obj is not None else []

    def has_add_permission(self, request):
        # a house has one set of rules: a games manager adds them to their own house while it
        # has none (the house field offers only theirs), and changes them from then on
        if not super().has_add_permission(request):
            return False
        if request.user.is_superuser:
            return True
        house_id = request.user.house_id
        return (
            house_id is not None
            and not HouseRulesSettings.objects.filter(house_id=house_id).exists()
        )

    def has_delete_permission(self, request, obj=None):
        return False
