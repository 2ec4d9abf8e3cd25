from django.urls import path

from . import views

app_name = "assessments"
urlpatterns = [
    # trainees
    path("", views.index, name="index"),
    path("a/<int:assignment_id>/start", views.start, name="start"),
    path("s/<int:sitting_id>/", views.sitting_page, name="sitting"),
    path("s/<int:sitting_id>/q/<int:question_id>/answer", views.answer, name="answer"),
    path("s/<int:sitting_id>/finish", views.finish, name="finish"),
    path("s/<int:sitting_id>/result", views.result, name="result"),
    # supervisors
    path("manage/", views.manage, name="manage"),
    path("manage/new", views.build, name="build"),
    path("manage/<int:test_id>/", views.test_page, name="test"),
    path("manage/<int:test_id>/assign", views.assign, name="assign"),
    path("manage/trainees/<int:user_id>/", views.trainee_page, name="trainee"),
    path(
        "manage/assignments/<int:assignment_id>/allow-attempt",
        views.allow_attempt,
        name="allow-attempt",
    ),
    path("manage/sittings/<int:sitting_id>/", views.sitting_review, name="review"),
    # certificates: the holder and their house's staff; the check is public
    path("certificates/<int:certificate_id>/", views.certificate_page, name="certificate"),
    path("certificates/<int:certificate_id>.pdf", views.certificate_pdf, name="certificate-pdf"),
    # the certificate as an Open Badges 3.0 credential (trainer.assessments.badges)
    path(
        "certificates/<int:certificate_id>/badge.json",
        views.certificate_badge,
        name="certificate-badge",
    ),
    path("certificates/<int:certificate_id>/revoke", views.revoke, name="revoke"),
    path("notices/", views.notices, name="notices"),
    path("verify/", views.verify, name="verify-form"),
    path("verify/<str:code>/", views.verify, name="verify"),
]
