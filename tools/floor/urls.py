"""The product's URLs, with the drill cycle's two posts answered by the floor's views."""

from django.urls import path

from trainer.site.urls import urlpatterns as product

from . import views

urlpatterns = [
    path("drills/q/<int:question_id>/answer", views.answer),
    path("drills/s/<int:session_id>/next", views.next_question),
    *product,
]
