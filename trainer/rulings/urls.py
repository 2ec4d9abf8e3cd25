from django.urls import path

from . import views

urlpatterns = [
    path("api/rulings", views.api_rulings, name="api-rulings"),
    path("rule-check/", views.rule_check, name="rule-check"),
]
