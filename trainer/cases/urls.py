from django.urls import path

from . import views

app_name = "cases"
urlpatterns = [
    path("", views.index, name="index"),
    path("save/", views.save, name="save"),
    path("<slug:house>/<int:number>/", views.detail, name="detail"),
    path("<slug:house>/<int:number>/notes/", views.add_note, name="add-note"),
]
