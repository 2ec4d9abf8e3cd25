from django.urls import path

from . import views

app_name = "desk"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:game_slug>/design/", views.design, name="design-game"),
    path(
        "games/<slug:game_slug>/design/preview/",
        views.design_preview,
        name="design-game-preview",
    ),
    path("versions/<int:version_id>/", views.version, name="version"),
    path("versions/<int:version_id>/design/", views.design, name="design"),
    path(
        "versions/<int:version_id>/design/preview/",
        views.design_preview,
        name="design-preview",
    ),
    path("versions/<int:version_id>/activate/", views.activate, name="activate"),
    path("versions/<int:version_id>/sheet/", views.sheet, name="sheet"),
    path("versions/<int:version_id>/compute/", views.compute, name="compute"),
    path("rules/", views.rules, {"page": "rules"}, name="rules"),
    path("chips/", views.rules, {"page": "chips"}, name="chips"),
    path("rules/waiting/", views.pending, name="pending"),
    path("pace/", views.pace, name="pace"),
]
