"""classes/: the Classes pages (trainer.progress.classes), their URL names still in the
`roster` namespace."""

from django.urls import path

from . import classes as views

app_name = "roster"
urlpatterns = [
    path("", views.classes, name="classes"),
    path("new", views.new_class, name="new-class"),
    path("<int:class_id>/", views.class_page, name="class"),
    path("<int:class_id>/members", views.add_members, name="add-members"),
    path("<int:class_id>/assign", views.assign, name="assign"),
    path("<int:class_id>/tests/<int:test_id>/give", views.give_to_latecomers, name="give"),
]
