"""accounts/: Django's sign-in and password pages, the reset by email only where mail is
configured (trainer.core.accounts), and the People page for setting a password on the site."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import accounts
from .accounts import email_only

urlpatterns = [
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password_reset/",
        email_only(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "password_reset/done/",
        email_only(auth_views.PasswordResetDoneView.as_view()),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        email_only(auth_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        email_only(auth_views.PasswordResetCompleteView.as_view()),
        name="password_reset_complete",
    ),
    path("people/", accounts.people, name="people"),
    path("people/<int:user_id>/password", accounts.set_password, name="set-password"),
]
