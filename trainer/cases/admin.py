from django.contrib import admin

from .models import Case, CaseNote


class ReadOnly(admin.ModelAdmin):
    """Cases and notes are never changed: the admin shows them and nothing more."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class NoteInline(admin.TabularInline):
    model = CaseNote
    fields = ("written_at", "author_name", "text")
    readonly_fields = fields
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Case)
class CaseAdmin(ReadOnly):
    list_display = ("__str__", "game", "saved_by_name", "saved_at")
    list_filter = ("house",)
    search_fields = ("=number", "game")
    inlines = [NoteInline]
