"""Who may use the audit pages: supervisors and games managers of the house, superusers;
trainees are refused (403), anonymous visitors sent to sign in, and another house's report is
answered as one that does not exist (404), for reading, exporting and deleting alike."""

import pytest

from trainer.audits.models import AuditReport

PAGES = [
    "/audits/{pk}/",
    "/audits/{pk}/lines/1/",
    "/audits/{pk}/discrepancies.csv",
    "/audits/{pk}/delete/",
]


@pytest.mark.parametrize("url", ["/audits/", *PAGES])
def test_a_trainee_is_refused(client, trainee, report, url):
    client.force_login(trainee)
    assert client.get(url.format(pk=report.pk)).status_code == 403


@pytest.mark.parametrize("url", ["/audits/", *PAGES])
def test_an_anonymous_visitor_is_sent_to_sign_in(client, report, url):
    url = url.format(pk=report.pk)
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("who", ["other_supervisor_of_riverboat", "other_manager"])
def test_another_houses_staff_get_not_found(client, report, url, who, request):
    client.force_login(request.getfixturevalue(who))
    assert client.get(url.format(pk=report.pk)).status_code == 404


def test_another_houses_staff_cannot_delete_or_run_again(client, report, other_manager):
    client.force_login(other_manager)
    assert client.post(f"/audits/{report.pk}/delete/").status_code == 404
    assert client.post(f"/audits/{report.pk}/run-again/").status_code == 404
    assert AuditReport.objects.filter(pk=report.pk, attempt=report.attempt).exists()


def test_another_houses_reports_are_not_listed(client, report, other_manager):
    client.force_login(other_manager)
    response = client.get("/audits/")
    assert list(response.context["reports"]) == []
    assert report.name not in response.content.decode()


@pytest.mark.parametrize("who", ["supervisor", "manager", "superuser"])
def test_the_houses_staff_and_superusers_read_the_report(client, report, who, request):
    client.force_login(request.getfixturevalue(who))
    for url in PAGES:
        assert client.get(url.format(pk=report.pk)).status_code == 200


def test_the_nav_offers_audits_to_staff_only(client, supervisor, trainee):
    client.force_login(supervisor)
    assert 'href="/audits/"' in client.get("/").content.decode()
    client.force_login(trainee)
    assert 'href="/audits/"' not in client.get("/").content.decode()


def test_deleting_needs_the_csrf_token(report, supervisor):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(supervisor)
    assert strict.post(f"/audits/{report.pk}/delete/").status_code == 403
    assert AuditReport.objects.filter(pk=report.pk).exists()
