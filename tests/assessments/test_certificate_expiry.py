"""A certificate stands for the house's validity (24 months unless it sets another; 0: for
ever), counted from its issue and kept with it; in the renewal window before (60 days unless
the house sets another) it shows as due for renewal, and once expired the public check, its
page, its PDF and the holder's progress say so, with the day.  The
clock is moved by patching Django's `timezone.now`, as the practice schedule's tests do."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tests.assessments.test_certificates import certified  # noqa: F401  (the fixture)
from trainer.core.times import add_months


def test_a_certificate_stands_then_is_due_for_renewal_then_expires(
    client,
    certified,  # noqa: F811  (the fixture of test_certificates)
    trainee,
    later,
):
    # the demo house's validity: 24 months from the day of issue, the same time of day
    assert certified.expires_at == add_months(certified.issued_at, 24)
    url = reverse("assessments:verify", args=[certified.code])
    assert certified.status == "valid" and "✔ Valid" in client.get(url).content.decode()
    # 60 days before it expires (the house's renewal window): due, and still valid
    later(certified.expires_at - certified.issued_at - timedelta(days=59))
    assert certified.status == "renewal due"
    assert "✔ Valid" in client.get(url).content.decode()
    client.force_login(trainee)
    assert "(renewal due: expires" in client.get("/progress/").content.decode()
    # the day after it expires: expired everywhere, with the day
    later(certified.expires_at - certified.issued_at + timedelta(days=1))
    assert certified.status == "expired"
    page = client.get(url).content.decode()
    assert "✘ Expired on" in page and "<dt>Expired</dt>" in page
    assert "(expired" in client.get("/progress/").content.decode()
    # the supervisors' export says it too, with the day
    supervisor = certified.signed_by
    client.force_login(supervisor)
    exported = client.get("/progress/trainees.csv").content.decode()
    day = certified.expires_at.date().isoformat()
    assert f"Table games certificate (expired, {day})" in exported
    client.force_login(trainee)
    shown = client.get(reverse("assessments:certificate", args=[certified.pk])).content.decode()
    assert "Certificate (expired)" in shown
    pdf = client.get(reverse("assessments:certificate-pdf", args=[certified.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    # a revoked one stays revoked, expired or not
    certified.revoked_at = timezone.now()
    certified.save()
    assert certified.status == "revoked"
    assert "✘ Revoked" in client.get(url).content.decode()


def test_a_house_whose_certificates_never_expire(demo, trainee, supervisor):
    from tests.assessments.test_retakes_and_sections import build, take
    from tests.factories import AssignmentFactory

    demo.certificate_months = 0
    demo.save()
    test = build(demo, title="For ever", certification=True, created_by=supervisor)
    sitting = take(trainee, AssignmentFactory(test=test, trainee=trainee), right=True)
    assert sitting.certificate.expires_at is None
    assert sitting.certificate.status == "valid"


def test_certificates_issued_before_expiry_get_their_houses_validity(certified):  # noqa: F811
    """The migration that brought validity in gives the certificates already issued their
    house's validity, from their issue (`assessments.0008`)."""
    from importlib import import_module

    from django.apps import apps

    certified.expires_at = None
    certified.save()
    import_module("trainer.assessments.migrations.0008_certificate_validity").validity(apps, None)
    certified.refresh_from_db()
    assert certified.expires_at == add_months(certified.issued_at, 24)


def test_a_certificate_downloads_as_an_open_badges_credential(client, certified, trainee):  # noqa: F811
    """An OpenBadgeCredential (Open Badges 3.0): the house as issuer, "Certified dealer: "
    and the games of the test's sections, issue and expiry, the verify page as its id; no
    score.  The holder and their house's supervisors may download it, nobody else."""
    import json

    client.force_login(trainee)
    url = reverse("assessments:certificate-badge", args=[certified.pk])
    response = client.get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    badge = json.loads(response.content)
    assert badge["type"] == ["VerifiableCredential", "OpenBadgeCredential"]
    assert "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json" in badge["@context"]
    assert badge["issuer"]["name"] == certified.test.house.name
    assert badge["name"].startswith("Certified dealer: ")
    assert badge["id"].endswith(reverse("assessments:verify", args=[certified.code]))
    assert badge["validUntil"].startswith(certified.expires_at.date().isoformat())
    assert badge["credentialSubject"]["name"] == "Tina Turner"
    assert "100%" not in response.content.decode()
    page = client.get(reverse("assessments:certificate", args=[certified.pk])).content.decode()
    assert url in page
    from tests.factories import TraineeFactory

    client.force_login(TraineeFactory(house=certified.test.house, username="trainee-other"))
    assert client.get(url).status_code == 404
