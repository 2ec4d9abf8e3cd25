"""accounts/: Django's sign-in and password pages, the reset by email only where mail is
configured (trainer.site.accounts), the People pages (a person's account and what was done to
it, adding trainees, CSV imports: trainer.roster) and the first-sign-in password page."""

from django.contrib.auth import views as auth_views
from django.urls import path

from trainer.roster import views as roster

from . import accounts, languages
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
        # the email in its reader's language
        email_only(
            auth_views.PasswordResetView.as_view(form_class=languages.LanguagePasswordResetForm)
        ),
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
    # the signed-in user's own settings: their language, the way to their password
    path("settings/", languages.account_settings, name="account-settings"),
    path("people/", accounts.people, name="people"),
    path("people/<int:user_id>/password", accounts.set_password, name="set-password"),
    path("people/<int:user_id>/", roster.person, name="person"),
    path("people/<int:user_id>/act", roster.person_act, name="person-act"),
    path("people/new", roster.add_trainee, name="person-add"),
    # a supervisor or audit staff member, added by the house's games manager
    path("people/staff", roster.add_staff, name="person-add-staff"),
    path("people/import", roster.upload, name="people-import"),
    path("people/import/trainees.csv", roster.import_template, name="people-import-template"),
    path("people/import/<int:import_id>/", roster.confirm_import, name="people-import-confirm"),
    path("people/import/<int:import_id>/status", roster.import_status, name="people-import-status"),
    path("first-password/", roster.first_password, name="first-password"),
]
