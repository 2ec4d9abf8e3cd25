"""The directory's forms: the house's settings, its group map, a SCIM token's name, and the
sign-in form that passes the house (its own sign-in page) and says a directory's refusal."""

from __future__ import annotations

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy

from trainer.roster.services import EXPIRED, temporary_password_expired

from .models import ROLE_CHOICES, Directory, GroupRole, ScimToken

SECRET_HELP = gettext_lazy("Kept sealed; never shown again. Leave empty to keep the current one.")


class DirectoryForm(forms.ModelForm):
    oidc_issuer = forms.URLField(
        label=Directory._meta.get_field("oidc_issuer").verbose_name,
        help_text=Directory._meta.get_field("oidc_issuer").help_text,
        max_length=300,
        required=False,
        assume_scheme="https",
    )
    oidc_client_secret = forms.CharField(
        label=gettext_lazy("client secret"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=SECRET_HELP,
    )
    ldap_bind_password = forms.CharField(
        label=gettext_lazy("bind password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=SECRET_HELP,
    )

    class Meta:
        model = Directory
        fields = [
            "site_passwords",
            "oidc_enabled",
            "oidc_name",
            "oidc_issuer",
            "oidc_client_id",
            "oidc_client_secret",
            "oidc_username_claim",
            "oidc_username_is_employee_number",
            "oidc_groups_claim",
            "ldap_enabled",
            "ldap_uri",
            "ldap_start_tls",
            "ldap_bind_dn",
            "ldap_bind_password",
            "ldap_user_base",
            "ldap_user_filter",
            "ldap_group_base",
        ]

    def clean_ldap_uri(self):
        uri = self.cleaned_data["ldap_uri"].strip()
        if uri and not uri.lower().startswith(("ldap://", "ldaps://")):
            raise ValidationError(
                gettext("Write the address as ldap://host:389 or ldaps://host:636.")
            )
        return uri

    def clean_ldap_user_filter(self):
        text = self.cleaned_data["ldap_user_filter"].strip()
        if "%(user)s" not in text or not (text.startswith("(") and text.endswith(")")):
            raise ValidationError(
                gettext("The filter must be in parentheses and hold %(user)s, e.g. (uid=%(user)s).")
                % {"user": "%(user)s"}
            )
        return text

    def clean(self):
        data = super().clean()
        directory = self.instance
        if data.get("oidc_enabled"):
            for name in ("oidc_name", "oidc_issuer", "oidc_client_id"):
                if not data.get(name):
                    self.add_error(name, gettext("Needed to sign in with the provider."))
            if not (data.get("oidc_client_secret") or directory.oidc_client_secret):
                self.add_error(
                    "oidc_client_secret", gettext("Needed to sign in with the provider.")
                )
        if data.get("ldap_enabled"):
            for name in ("ldap_uri", "ldap_user_base"):
                if not data.get(name):
                    self.add_error(name, gettext("Needed to check passwords against LDAP."))
        has_other_way = data.get("oidc_enabled") or data.get("ldap_enabled")
        if not data.get("site_passwords") and not has_other_way:
            self.add_error(
                "site_passwords",
                gettext(
                    "Turn on the identity provider or LDAP first: otherwise nobody of the house "
                    "could sign in."
                ),
            )
        # a new secret goes on the (unsaved) instance now, so the server can be tried with it
        for name in ("oidc_client_secret", "ldap_bind_password"):
            if data.get(name):
                setattr(directory, name, data[name])
        return data

    def save(self, commit=True):
        directory = super().save(commit=False)
        if commit:
            directory.save()
        return directory


class GroupRoleForm(forms.ModelForm):
    class Meta:
        model = GroupRole
        fields = ["group", "role"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = [("", gettext_lazy("Choose a role")), *ROLE_CHOICES]


GroupRoleFormSet = forms.inlineformset_factory(
    Directory.house.field.related_model,
    GroupRole,
    form=GroupRoleForm,
    extra=2,
    can_delete=True,
)


class TokenForm(forms.ModelForm):
    class Meta:
        model = ScimToken
        fields = ["name"]
        help_texts = {"name": gettext_lazy("Which client holds it, e.g. Okta provisioning.")}


class HouseSignInForm(AuthenticationForm):
    """Django's sign-in form, telling `authenticate` the house whose page it is on (its LDAP
    directory may then know a person the site has not met yet), saying a directory's refusal
    in its own words, and refusing a temporary password past its lifetime."""

    def __init__(self, request=None, *args, house=None, **kwargs):
        self.house = house
        super().__init__(request, *args, **kwargs)

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            extra = {"house": self.house} if self.house is not None else {}
            self.user_cache = authenticate(
                self.request, username=username, password=password, **extra
            )
            if self.user_cache is None:
                refusal = getattr(self.request, "directory_refusal", "")
                if refusal:
                    raise ValidationError(refusal, code="directory_refused")
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        if temporary_password_expired(user):
            raise ValidationError(EXPIRED, code="temporary_password_expired")
