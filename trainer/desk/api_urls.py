"""The desk's API, at the site's root beside the ruling API (`/api/...`)."""

from django.urls import path

from . import api

urlpatterns = [
    path("api/parsheets/<int:version_id>", api.parsheet, name="api-parsheet"),
]
