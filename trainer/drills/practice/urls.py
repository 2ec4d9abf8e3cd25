from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("<slug:mode>/start", views.start, name="start"),
]
