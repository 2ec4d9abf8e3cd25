"""placard/<game>/: the printable placard (at the top of the site, no namespace), and its old
address, house-card/<game>/, sent there for the links and bookmarks that still use it."""

from django.urls import path
from django.views.generic import RedirectView

from . import placard_views as views

urlpatterns = [
    path("placard/<slug:game>/", views.placard_page, name="placard"),
    path("house-card/<slug:game>/", RedirectView.as_view(pattern_name="placard", permanent=True)),
]
