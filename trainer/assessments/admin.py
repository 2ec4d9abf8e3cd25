"""Tests in the admin: for looking, not for changing.  Tests are built and assigned on the
site, where the services check them; results are a matter of record, so nothing here edits or
deletes a sitting."""

from __future__ import annotations

from django.contrib import admin

from .models import Assessment, Assignment, Certificate, Part, Sitting, SittingQuestion


class ReadOnlyMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class HouseScoped:
    """Rows of the user's own house only, unless the user is a superuser."""

    def get_queryset(self, request):
        return super().get_queryset(request).visible_to(request.user)


class PartInline(ReadOnlyMixin, admin.TabularInline):
    model = Part
    fields = ["position", "kind", "level", "count", "pass_mark"]
    readonly_fields = fields
    extra = 0


@admin.register(Assessment)
class AssessmentAdmin(ReadOnlyMixin, HouseScoped, admin.ModelAdmin):
    list_display = [
        "title",
        "house",
        "pass_mark",
        "attempts_allowed",
        "certification",
        "pace_required",
        "time_limit_minutes",
        "due_at",
    ]
    list_filter = ["house"]
    search_fields = ["title"]
    inlines = [PartInline]


@admin.register(Assignment)
class AssignmentAdmin(ReadOnlyMixin, HouseScoped, admin.ModelAdmin):
    list_display = ["test", "trainee", "assigned_by", "assigned_at"]
    list_filter = ["test__house"]
    search_fields = ["trainee__username", "test__title"]


class SittingQuestionInline(ReadOnlyMixin, admin.TabularInline):
    model = SittingQuestion
    fields = ["position", "question"]
    readonly_fields = fields
    extra = 0


@admin.register(Sitting)
class SittingAdmin(ReadOnlyMixin, HouseScoped, admin.ModelAdmin):
    list_display = [
        "assignment",
        "trainee",
        "started_at",
        "finished_at",
        "number",
        "right",
        "total",
        "pace",
        "passed",
    ]
    list_filter = ["passed", "ending", "assignment__test__house"]
    search_fields = ["trainee__username", "assignment__test__title"]
    inlines = [SittingQuestionInline]


@admin.register(Certificate)
class CertificateAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Revoked on the site (logged); here for looking."""

    list_display = ["code", "trainee", "issued_at", "revoked_at"]
    search_fields = ["trainee__username", "code"]

    def get_queryset(self, request):
        return super().get_queryset(request).visible_to(request.user)
