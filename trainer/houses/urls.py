from django.urls import path

from . import views

urlpatterns = [
    path("house-card/<slug:game>/", views.house_card_page, name="house-card"),
]
