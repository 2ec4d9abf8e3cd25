"""practice/<mode>/start: starting Today's practice or Practise my mistakes (namespace
"practice").  The view is a drills page (`views.start_mode`), so its URL sits beside the
drills' own rather than in trainer.drills.practice, which the drills' views stand on."""

from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("<slug:mode>/start", views.start_mode, name="start"),
]
