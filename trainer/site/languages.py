"""Choosing the language: the header's switch (Django's `set_language`, which also keeps a
signed-in user's choice on their account), the account settings page, and the password-reset
email written in its reader's language (trainer.core.languages says who reads which)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST

from trainer.core.languages import language_of, site_languages


@require_POST
def set_language(request):
    """Django's `set_language` (the language kept in its cookie, back to `next`); a signed-in
    user's choice is also kept on their account, so it follows them to every device."""
    response = i18n.set_language(request)
    code = request.POST.get("language", "")
    if request.user.is_authenticated and code in site_languages():
        request.user.language = code
        request.user.save(update_fields=["language"])
    return response


class LanguageForm(forms.Form):
    """A user's own language, or none: their house's (else their browser's)."""

    language = forms.ChoiceField(label=gettext_lazy("Language"), required=False)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        house = getattr(user, "house", None)
        shared = site_languages().get(getattr(house, "language", "") if house else "")
        if shared:
            unchosen = gettext("The house's language (%(language)s)") % {"language": shared}
        else:
            unchosen = gettext("Your browser's language")
        self.fields["language"].choices = [("", unchosen), *site_languages().items()]


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request):
    """The signed-in user's own settings: their language, and the way to their password."""
    user = request.user
    form = LanguageForm(request.POST or None, user=user, initial={"language": user.language})
    if request.method == "POST":
        if not form.is_valid():
            return render(request, "registration/account_settings.html", {"form": form}, status=400)
        user.language = form.cleaned_data["language"]
        user.save(update_fields=["language"])
        # the confirmation in the language just chosen
        with translation.override(language_of(user) or translation.get_language()):
            messages.success(request, gettext("Your settings are saved."))
        return redirect("account-settings")
    return render(request, "registration/account_settings.html", {"form": form})


class LanguagePasswordResetForm(PasswordResetForm):
    """Django's password-reset form, its email written in the reader's language (their own,
    else their house's; else the language of the page that asked)."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        reader = language_of(context.get("user")) or translation.get_language()
        with translation.override(reader):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)
