"""house-card/<game>/: the printable house card (at the top of the site, no namespace)."""

from django.urls import path

from . import card_views as views

urlpatterns = [
    path("house-card/<slug:game>/", views.house_card_page, name="house-card"),
]
