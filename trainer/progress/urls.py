from django.urls import path

from . import views

app_name = "progress"
urlpatterns = [
    # My progress: the summary, and a page for each detail
    path("", views.my_progress, name="mine"),
    path("skills/<slug:game>/", views.my_skills, name="mine-skills"),
    path("drills/", views.my_drills, name="mine-drills"),
    path("mistakes/", views.my_mistakes, name="mine-mistakes"),
    # supervisors: the trainees of their house, one trainee's summary and its details
    path("trainees/", views.trainees, name="trainees"),
    path("trainees.csv", views.trainees_csv, name="trainees-csv"),
    path("trainees/<int:user_id>/", views.trainee_detail, name="trainee"),
    path("trainees/<int:user_id>/skills/<slug:game>/", views.trainee_skills, name="trainee-skills"),
    path("trainees/<int:user_id>/drills/", views.trainee_drills, name="trainee-drills"),
    path("trainees/<int:user_id>/mistakes/", views.trainee_mistakes, name="trainee-mistakes"),
    path("trainees/<int:user_id>/answers/", views.trainee_answers, name="trainee-answers"),
    path("trainees/<int:user_id>/attempts.csv", views.attempts_csv, name="attempts-csv"),
    path("analysis/", views.analysis, name="analysis"),
]
