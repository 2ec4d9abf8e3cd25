"""The whole life of a game's certification: a trainee passes the
written test, a supervisor judges and signs the table test in the browser, the trainee is
certified; the clock moves (never a sleep) until the certification is at risk, then in its
renewal window, then expired, each notice received once through a real SMTP server; the
register, the personnel file and the public check say each state."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.assessments.conftest import later  # noqa: F401  (the clock-moving fixture)
from tests.assessments.test_notices import inbox, subjects  # noqa: F401  (the SMTP server)
from tests.assessments.test_retakes_and_sections import build, take
from tests.browser.conftest import sign_in
from tests.certification.test_risk import strengthen
from tests.factories import PASSWORD, AssignmentFactory, SupervisorFactory, TraineeFactory
from trainer.assessments.models import Certificate
from trainer.certification.models import Requirement
from trainer.core.signals import worker_sweep

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def status_in(client, dealer) -> tuple[str, str]:
    """The dealer's Caribbean Stud status in the register and in their personnel file."""
    register = client.get(reverse("certification:register-file", args=["csv"]))
    rows = list(csv.DictReader(io.StringIO(register.content.decode())))
    listed = next(r["status"] for r in rows if r["username"] == dealer.username)
    file = client.get(reverse("certification:personnel-file", args=[dealer.pk, "csv"]))
    status = next(r for r in csv.DictReader(io.StringIO(file.content.decode())))["status"]
    return listed, status


def sweep_twice(inbox) -> list[str]:  # noqa: F811
    """Two sweeps of the task worker; the subjects mailed by them."""
    before = len(inbox.messages)
    worker_sweep.send(sender=None)
    worker_sweep.send(sender=None)
    return subjects(inbox)[before:]


def test_a_dealer_is_certified_falls_at_risk_renews_and_expires(
    page,
    demo,
    client,
    inbox,  # noqa: F811  (the fixture of test_notices)
    later,  # noqa: F811  (the fixture of tests/assessments/conftest.py)
):
    supervisor = SupervisorFactory(house=demo, username="super-sue")
    dealer = TraineeFactory(house=demo, username="trainee-tina", email="tina@example.com")
    dealer.first_name, dealer.last_name = "Tina", "Turner"
    dealer.save()
    written = build(demo, title="Caribbean written", created_by=supervisor)
    refresher = build(demo, title="Caribbean refresher", created_by=supervisor)
    Requirement.objects.create(
        house=demo, game="caribbean-stud", test=written, renewal_test=refresher,
        practice_hours=0, house_points="Checks the shoe",
    )  # fmt: skip
    take(dealer, AssignmentFactory(test=written, trainee=dealer, assigned_by=supervisor),
         right=True)  # fmt: skip
    assert sweep_twice(inbox) == ["A test for you: Caribbean written"]

    # the supervisor judges the table test beside the table and signs it with their password
    sign_in(page, "super-sue", PASSWORD)
    page.goto(reverse("certification:dealer", args=[dealer.pk]))
    page.click("text=Run a table test")
    page.fill("#id_table", "CS 3")
    for radio in page.locator("fieldset.point input[value=yes]").all():
        radio.check()
    page.check("input[name=verdict][value=pass]")
    page.fill("#id_password", PASSWORD)
    page.click("text=Sign the table test")
    page.wait_for_selector("#table-test-facts")
    assert "Table test signed" in page.inner_text("main")
    certificate = Certificate.objects.get(game="caribbean-stud", trainee=dealer)
    client.force_login(supervisor)

    # certified on a few answers minutes old: at risk at once, told once
    assert status_in(client, dealer) == ("at risk", "at risk")
    assert sweep_twice(inbox) == ["Practise now to keep your certificate: Caribbean Stud"]
    # practice that makes the cards strong clears it
    strengthen(dealer, 400)
    assert status_in(client, dealer) == ("certified", "certified")

    # in the renewal window: due, told once
    life = certificate.expires_at - certificate.issued_at
    later(life - timedelta(days=30))
    strengthen(dealer, 400)
    assert status_in(client, dealer) == ("renewal due", "renewal due")
    assert "Renew your certificate: Certified dealer: Caribbean Stud" in sweep_twice(inbox)
    # past its expiry: expired everywhere, the public check with the day, told once
    later(life + timedelta(days=1))
    assert status_in(client, dealer) == ("expired", "expired")
    assert sweep_twice(inbox) == ["Your certificate has expired: Certified dealer: Caribbean Stud"]
    page.goto(reverse("assessments:verify", args=[certificate.code]))
    verdict = page.inner_text("#verdict")
    year = str(timezone.localtime(certificate.expires_at).year)
    assert "Expired on" in verdict and year in verdict, verdict
    assert "Certified dealer: Caribbean Stud" in page.inner_text("#certificate-facts")
