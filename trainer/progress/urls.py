from django.urls import path

from . import views

app_name = "progress"
urlpatterns = [
    path("", views.my_progress, name="mine"),
    path("trainees/", views.trainees, name="trainees"),
    path("trainees.csv", views.trainees_csv, name="trainees-csv"),
    path("trainees/<int:user_id>/", views.trainee_detail, name="trainee"),
    path("trainees/<int:user_id>/attempts.csv", views.attempts_csv, name="attempts-csv"),
    path("analysis/", views.analysis, name="analysis"),
]
