"""Who reads which language: a signed-in user's own choice, else their house's, else the
browser's (Accept-Language, or the header's switch kept in its cookie), else English; the
switch, the account settings page, the house's default on the desk, the roster import's
language column and the password-reset email.

Which language a page is in is read from its `<html lang>` and Content-Language, which need no
catalogue; that its words are Spanish needs the committed catalogue (compiled by make install),
and that test skips in a checkout without one."""

from __future__ import annotations

import re

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import TraineeFactory
from trainer.desk.forms import HouseForm
from trainer.houses.models import House, User
from trainer.roster.models import RosterImport

from .catalogue import NO_CATALOGUE, SPANISH

HOME = "/"


def language_of(response) -> str:
    """The language a page says it is in: its <html lang>, which must agree with its
    Content-Language."""
    found = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert found, "the page has no <html lang>"
    assert response["Content-Language"] == found.group(1)
    return found.group(1)


def signed_in(user, **headers) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


# -- who reads which ----------------------------------------------------------------------------


def test_a_user_who_chose_spanish_reads_spanish(trainee):
    trainee.language = "es"
    trainee.save()
    assert language_of(signed_in(trainee).get(HOME)) == "es"
    # over the browser's English
    english_browser = signed_in(trainee, HTTP_ACCEPT_LANGUAGE="en")
    assert language_of(english_browser.get(HOME)) == "es"


def test_a_user_who_chose_none_reads_the_language_of_their_house(trainee, demo):
    House.objects.filter(pk=demo.pk).update(language="es")
    assert language_of(signed_in(trainee, HTTP_ACCEPT_LANGUAGE="en").get(HOME)) == "es"


def test_a_users_own_choice_is_read_over_the_houses(trainee, demo):
    House.objects.filter(pk=demo.pk).update(language="es")
    trainee.language = "en"
    trainee.save()
    assert language_of(signed_in(trainee, HTTP_ACCEPT_LANGUAGE="es").get(HOME)) == "en"


def test_with_no_choice_anywhere_the_browsers_language_is_read(trainee):
    assert language_of(signed_in(trainee, HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9").get(HOME)) == "es"
    assert language_of(signed_in(trainee, HTTP_ACCEPT_LANGUAGE="en").get(HOME)) == "en"


def test_a_visitor_reads_their_browsers_language_else_english(db):
    assert language_of(Client(HTTP_ACCEPT_LANGUAGE="es").get(reverse("login"))) == "es"
    assert language_of(Client(HTTP_ACCEPT_LANGUAGE="fr, de").get(reverse("login"))) == "en"
    response = Client().get(reverse("login"))
    assert language_of(response) == "en"
    assert "Accept-Language" in response["Vary"]


# -- the header's switch ------------------------------------------------------------------------


def test_the_switch_is_in_the_header_of_every_page_and_works_without_script(db):
    page = Client().get(reverse("login")).content.decode()
    form = re.search(r'<form method="post" action="/i18n/setlang/".*?</form>', page, re.S)
    assert form, "no language switch in the header"
    assert 'name="csrfmiddlewaretoken"' in form.group()
    assert '<option value="es" lang="es">Español</option>' in form.group()
    assert '<option value="en" lang="en" selected>English</option>' in form.group()
    assert 'type="submit"' in form.group()


def test_the_switch_changes_a_visitors_language_and_returns_to_the_page(db):
    visitor = Client(enforce_csrf_checks=False)
    login = reverse("login")
    response = visitor.post(
        reverse("set_language"), {"language": "es"}, HTTP_REFERER=f"http://testserver{login}"
    )
    assert response.status_code == 302 and response["Location"].endswith(login)
    assert language_of(visitor.get(login)) == "es"


def test_the_switch_keeps_a_signed_in_users_choice_on_their_account(trainee):
    client = signed_in(trainee)
    client.post(reverse("set_language"), {"language": "es"}, HTTP_REFERER="http://testserver/")
    assert User.objects.get(pk=trainee.pk).language == "es"
    # on another device, with another browser, too
    assert language_of(signed_in(trainee, HTTP_ACCEPT_LANGUAGE="en").get(HOME)) == "es"
    client.post(reverse("set_language"), {"language": "en"})
    assert User.objects.get(pk=trainee.pk).language == "en"


def test_the_switch_refuses_a_language_the_site_does_not_speak(trainee):
    client = signed_in(trainee)
    client.post(reverse("set_language"), {"language": "xx"})
    assert User.objects.get(pk=trainee.pk).language == ""
    assert language_of(client.get(HOME)) == "en"


def test_a_get_of_the_switch_changes_nothing(trainee):
    response = signed_in(trainee).get(reverse("set_language"), {"language": "es"})
    assert response.status_code == 405
    assert User.objects.get(pk=trainee.pk).language == ""


# -- the account settings page ------------------------------------------------------------------


def test_the_users_name_in_the_header_leads_to_their_settings(trainee):
    client = signed_in(trainee)
    assert f'href="{reverse("account-settings")}"' in client.get(HOME).content.decode()
    page = client.get(reverse("account-settings")).content.decode()
    assert 'name="language"' in page and reverse("password_change") in page
    assert "Your browser&#x27;s language" in page or "Your browser's language" in page


def test_a_user_chooses_their_language_on_their_settings_page(trainee, demo):
    House.objects.filter(pk=demo.pk).update(language="es")
    client = signed_in(trainee)
    page = client.get(reverse("account-settings")).content.decode()
    assert "(Español)" in page  # the unchosen choice names the house's language
    response = client.post(reverse("account-settings"), {"language": "en"})
    assert response.status_code == 302
    assert User.objects.get(pk=trainee.pk).language == "en"
    assert language_of(client.get(HOME)) == "en"
    client.post(reverse("account-settings"), {"language": ""})
    assert User.objects.get(pk=trainee.pk).language == ""
    assert language_of(client.get(HOME)) == "es"


def test_a_language_the_site_does_not_speak_is_refused_on_the_settings_page(trainee):
    response = signed_in(trainee).post(reverse("account-settings"), {"language": "tl"})
    assert response.status_code == 400
    assert "tl is not one of the available choices" in response.content.decode()
    assert User.objects.get(pk=trainee.pk).language == ""


def test_the_settings_page_is_for_signed_in_users(db):
    response = Client().get(reverse("account-settings"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


# -- the house's default ------------------------------------------------------------------------


def test_a_games_manager_sets_the_houses_language_on_the_desk(client, manager, demo):
    client.force_login(manager)
    page = client.get(reverse("desk:house")).content.decode()
    assert 'name="language"' in page
    data = {"name": demo.name, "time_zone": demo.time_zone, "day_starts": "04:00",
            "desired_retention": "0.90", "language": "es", "reaudit_days": "10",
            "shifts": demo.shifts, "certificate_months": "24", "renewal_days": "60"}  # fmt: skip
    assert client.post(reverse("desk:house"), data).status_code == 302
    assert House.objects.get(pk=demo.pk).language == "es"


def test_the_house_form_refuses_a_language_the_site_does_not_speak(demo):
    data = {"name": demo.name, "time_zone": demo.time_zone, "day_starts": "04:00",
            "desired_retention": "0.90", "language": "klingon"}  # fmt: skip
    form = HouseForm(data, instance=demo)
    assert not form.is_valid() and "language" in form.errors


# -- the roster import's language column --------------------------------------------------------


def upload(client, text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    file = SimpleUploadedFile("intake.csv", text.encode(), "text/csv")
    return client.post(reverse("people-import"), {"file": file})


def test_an_import_gives_each_trainee_the_language_of_their_row(client, supervisor, demo):
    from trainer.roster import imports

    client.force_login(supervisor)
    upload(client, "username,language\nnew-ana,es\nnew-bea,Español\nnew-cal,\nnew-dan,EN\n")
    staged = RosterImport.objects.get()
    preview = client.get(reverse("people-import-confirm", args=[staged.pk])).content.decode()
    assert preview.count("✔ will be created") == 4 and "Español" in preview
    client.post(reverse("people-import-confirm", args=[staged.pk]))
    imports.run_import(staged.pk, RosterImport.objects.get().attempt)
    languages = dict(
        User.objects.filter(username__startswith="new-").values_list("username", "language")
    )
    assert languages == {"new-ana": "es", "new-bea": "es", "new-cal": "", "new-dan": "en"}


def test_an_import_refuses_a_language_the_site_does_not_speak(client, supervisor):
    client.force_login(supervisor)
    response = upload(client, "username,Language\nnew-eva,Klingon\nnew-fay,es\n")
    assert response.status_code == 400
    page = response.content.decode()
    assert "“Klingon” is not a language of this site: write en (English) or es (Español)" in page
    assert page.count('class="wrong-cell"') == 1
    assert not RosterImport.objects.exists()
    assert not User.objects.filter(username__startswith="new-").exists()


# -- email ------------------------------------------------------------------------------------


def test_the_password_reset_email_is_written_in_its_readers_language(db, settings):
    settings.PASSWORD_RESET_BY_EMAIL = True
    TraineeFactory(username="tina", email="tina@example.com", language="es")
    # asked from an English page: the email is still in Tina's Spanish (Django's own words)
    response = Client(HTTP_ACCEPT_LANGUAGE="en").post(
        reverse("password_reset"), {"email": "tina@example.com"}
    )
    assert response.status_code == 302
    [sent] = mail.outbox
    assert "Ha recibido este correo" in sent.body and "/accounts/reset/" in sent.body


# -- the words, with the committed catalogue ---------------------------------------------------


@pytest.mark.skipif(not SPANISH.exists(), reason=NO_CATALOGUE)
def test_a_spanish_user_reads_the_header_and_footer_in_spanish(trainee):
    mo = SPANISH.with_suffix(".mo")
    assert mo.exists() and mo.stat().st_mtime >= SPANISH.stat().st_mtime, (
        "the Spanish catalogue is not compiled, or is older than django.po: run make install"
    )
    trainee.language = "es"
    trainee.save()
    page = signed_in(trainee).get(HOME).content.decode()
    for spanish in ("Ir al contenido", "Cerrar sesión", "Idioma", "Documentación"):
        assert spanish in page
    for english in ("Skip to the content", "Sign out", "Documentation"):
        assert english not in page
    assert django_settings.LANGUAGE_CODE.startswith("en")  # the others still read English
    assert "Sign out" in signed_in(TraineeFactory()).get(HOME).content.decode()
