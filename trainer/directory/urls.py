from django.urls import path

from . import views

app_name = "directory"

urlpatterns = [
    path("", views.manage, name="manage"),
    path("tokens/new", views.issue_token, name="issue-token"),
    path("tokens/<int:token_id>/revoke", views.revoke_token, name="revoke-token"),
    path("log/", views.log, name="log"),
    path("sign-in/", views.find_house, name="find-house"),
    path("<slug:house>/sign-in/", views.sign_in, name="sign-in"),
    path("<slug:house>/sign-in/provider", views.oidc_start, name="oidc-start"),
    path("<slug:house>/sign-in/callback", views.oidc_callback, name="oidc-callback"),
]
