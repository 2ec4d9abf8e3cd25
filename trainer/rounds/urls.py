from django.urls import path

from . import views

app_name = "rounds"
urlpatterns = [
    path("", views.index, name="index"),
    path("start", views.start, name="start"),
    path("<int:round_id>/", views.round_page, name="round"),
    path("<int:round_id>/step/<int:number>", views.answer, name="answer"),
    path("<int:round_id>/stop", views.stop, name="stop"),
    path("<int:round_id>/summary", views.summary, name="summary"),
    path("trainee/<int:user_id>/", views.trainee_rounds, name="trainee"),
    path("test/<int:sitting_id>/", views.sitting_page, name="sitting"),
    path("test/<int:sitting_id>/step/<int:step_id>", views.sitting_answer, name="sitting-answer"),
]
