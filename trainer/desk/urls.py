from django.urls import path

from . import designer, house_rules, views

app_name = "desk"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:game_slug>/design/", designer.design, name="design-game"),
    path(
        "games/<slug:game_slug>/design/preview/",
        designer.design_preview,
        name="design-game-preview",
    ),
    path("versions/<int:version_id>/", views.version, name="version"),
    path("versions/<int:version_id>/par-sheet.pdf", views.version_pdf, name="version-pdf"),
    path("versions/<int:version_id>/design/", designer.design, name="design"),
    path(
        "versions/<int:version_id>/design/preview/",
        designer.design_preview,
        name="design-preview",
    ),
    path("versions/<int:version_id>/activate/", views.activate, name="activate"),
    path("activations/<int:pending_id>/decide/", views.decide, name="decide"),
    path("versions/<int:version_id>/sheet/", views.sheet, name="sheet"),
    path("versions/<int:version_id>/compute/", views.compute, name="compute"),
    path("rules/", house_rules.rules, {"page": "rules"}, name="rules"),
    path("chips/", house_rules.rules, {"page": "chips"}, name="chips"),
    path("rules/waiting/", house_rules.pending, name="pending"),
    path("pace/", house_rules.pace, name="pace"),
    path("house/", house_rules.house, name="house"),
]
