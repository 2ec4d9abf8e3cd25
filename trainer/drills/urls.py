from django.urls import path
from django.views.generic import RedirectView

from . import views

app_name = "drills"
urlpatterns = [
    path("", views.index, name="index"),
    path("start", views.start, name="start"),
    path("s/<int:session_id>/", views.session_page, name="session"),
    path("s/<int:session_id>/next", views.next_question, name="next"),
    path("s/<int:session_id>/end", views.end, name="end"),
    path("s/<int:session_id>/summary", views.summary, name="summary"),
    path("q/<int:question_id>/answer", views.answer, name="answer"),
    path("q/<int:question_id>/placard", views.placard_page, name="placard"),
    # the placard's old address, for links and bookmarks that still use it
    path(
        "q/<int:question_id>/house-card",
        RedirectView.as_view(pattern_name="drills:placard", permanent=True),
    ),
]
