from django.urls import path

from . import views

app_name = "watch"
urlpatterns = [
    path("", views.index, name="index"),
    path("today/start", views.start_today, name="start-today"),
    path("sets/<int:set_id>/start", views.start_set, name="start-set"),
]
