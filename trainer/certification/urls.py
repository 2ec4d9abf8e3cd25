from django.urls import path

from . import views

app_name = "certification"

urlpatterns = [
    path("", views.index, name="index"),
    path("define/", views.define, name="define"),
    path("define/<slug:game>/", views.define_game, name="define-game"),
    path("dealers/<int:user_id>/", views.dealer, name="dealer"),
    path("dealers/<int:user_id>/<slug:game>/table-test", views.judge, name="judge"),
    path("table-tests/<int:test_id>/", views.table_test, name="table-test"),
    path("dealers/<int:user_id>/file.<str:fmt>", views.personnel_file, name="personnel-file"),
    path("register/", views.register, name="register"),
    path("register.<str:fmt>", views.register, name="register-file"),
]
