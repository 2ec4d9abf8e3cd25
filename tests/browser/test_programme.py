"""The class programme from end to end, in a real browser: a supervisor takes a new class from a CSV
upload to certificates without the Django admin.

The supervisor uploads a CSV file of trainees, reads the preview, confirms it, makes a class of
them, builds a certification test and assigns it to the class; a trainee signs in with the
temporary password, is made to choose their own, takes the test answering right (the answers
the engine stored with each question), passes; the supervisor sees the certificate, and the
public verification page says it is valid."""

from datetime import date

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.browser.conftest import WAIT_MS, sign_in
from tests.browser.test_drills import fill
from tests.factories import PASSWORD, right_answer
from trainer.assessments.models import Assignment, Certificate
from trainer.drills.models import Question
from trainer.roster.models import Cohort, RosterImport, TemporaryPassword

pytestmark = pytest.mark.django_db(transaction=True)

ROSTER = (
    "username,first_name,last_name,email\n"
    "intake-ann,Ann,Archer,ann@example.com\n"
    "intake-ben,Ben,Baker,\n"
)


def test_a_supervisor_takes_a_class_from_csv_to_certificates(
    browser, live_server, page, supervisor
):
    sign_in(page, "super-sue", PASSWORD)

    # upload, preview (nothing created yet), confirm
    page.goto("/accounts/people/")
    page.click("text=Add trainees from a CSV file")
    page.set_input_files(
        "#id_file",
        files=[{"name": "intake.csv", "mimeType": "text/csv", "buffer": ROSTER.encode()}],
    )
    page.click("#upload button[type=submit]")
    page.wait_for_selector("#confirm-import")
    assert page.locator("#preview tbody tr").count() == 2
    assert "will be created" in page.locator("#preview").inner_text()
    assert not Cohort.objects.exists()
    from trainer.houses.models import User

    assert not User.objects.filter(username__startswith="intake-").exists()
    page.click("#confirm-import button[type=submit]")
    # the accounts are made by the task worker, as `make run` starts it; the page follows it
    page.wait_for_selector("#import-status >> text=Queued")
    call_command("parsheet_worker", "--once", verbosity=0)
    page.wait_for_selector("#passwords")
    password = page.locator('tr[data-username="intake-ann"] code.password').inner_text()
    assert User.objects.filter(username__startswith="intake-").count() == 2

    # a class of them
    page.click("text=Make a class of them")
    page.fill("#id_name", "November intake")
    page.click("#new-class button[type=submit]")
    page.wait_for_selector("#members")
    cohort = Cohort.objects.get(name="November intake")
    assert sorted(cohort.members.values_list("username", flat=True)) == [
        "intake-ann",
        "intake-ben",
    ]

    # a certification test, two sections at two levels, assigned to the class
    page.goto("/tests/manage/new")
    page.fill("#id_title", "Dealer certificate")
    page.fill("#id_pass_mark", "80")
    page.check("#id_certification")
    page.fill('[name="count-cs-qualify"]', "2")
    page.fill('[name="count-hand-five"]', "1")
    page.select_option('[name="level-hand-five"]', "2")
    page.click("form.build-form button[type=submit]")
    page.wait_for_selector("form.assign-form")
    page.goto(f"/classes/{cohort.pk}/")
    page.select_option("#id_test", label="Dealer certificate")
    page.click("#assign-class button[type=submit]")
    page.wait_for_selector(".messages >> text=assigned to 2 members")
    assert Assignment.objects.filter(test__title="Dealer certificate").count() == 2

    # Ann signs in with the temporary password and must choose her own first
    context = browser.new_context(base_url=live_server.url)
    ann = context.new_page()
    ann.set_default_timeout(WAIT_MS)
    sign_in(ann, "intake-ann", password)
    ann.wait_for_selector("#first-password")
    ann.goto("/tests/")
    assert "/accounts/first-password/" in ann.url  # nothing else until she has
    ann.fill("#id_new_password1", "my-own-dealing-password-7")
    ann.fill("#id_new_password2", "my-own-dealing-password-7")
    ann.click("#first-password button[type=submit]")
    ann.wait_for_url(lambda url: "first-password" not in url)
    assert not TemporaryPassword.objects.filter(user__username="intake-ann").exists()

    # the test waits on her Tests page; she takes it, answering right
    ann.goto("/tests/")
    assert "Dealer certificate" in ann.locator("ul.due").inner_text()
    ann.locator("ul.due button.start").click()
    for _ in range(3):
        ann.wait_for_selector("form.answer-form")
        ann.wait_for_load_state("load")
        question = Question.objects.get(pk=ann.locator("#drill").get_attribute("data-question"))
        fill(ann, question, right_answer(question))
        ann.click("form.answer-form button[type=submit]")
        ann.wait_for_load_state("load")
    ann.wait_for_url("**/result")
    assert ann.locator(".verdict").inner_text().startswith("Passed")
    assert ann.locator(".certificate-issued").is_visible()
    context.close()

    # the supervisor sees the certificate; the public page says it is valid
    certificate = Certificate.objects.get(trainee__username="intake-ann")
    page.goto(f"/classes/{cohort.pk}/")
    page.click("text=Dealer certificate")
    page.click('tr[data-trainee="intake-ann"] >> text=certificate')
    page.wait_for_selector(".certificate")
    text = page.locator(".certificate").inner_text()
    assert "Ann Archer" in text and "Dealer certificate" in text and certificate.code in text
    assert page.locator("#certificate-sections tbody tr").count() == 2
    pdf = page.request.get(f"/tests/certificates/{certificate.pk}.pdf")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")

    stranger = browser.new_context(base_url=live_server.url)  # signed in as nobody
    public = stranger.new_page()
    public.goto(page.locator("dd a[href*='/tests/verify/']").get_attribute("href"))
    verdict = public.locator("#verdict").inner_text()
    assert verdict.startswith("✔ Valid")
    # whose it is, to match the paper: the holder, the test; never the score
    facts = public.locator("#certificate-facts").inner_text()
    assert "Ann Archer" in facts and "Dealer certificate" in facts
    assert "%" not in public.content() and " of " not in facts
    stranger.close()


def axe_problems(page) -> list[str]:
    """Serious or critical axe-core findings on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{page.url}: {v['id']} ({v['impact']}) "
        + "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.slow
def test_the_programme_pages_pass_axe(browser, live_server, page, supervisor, trainee, demo):
    pytest.importorskip("axe_playwright_python")
    from tests.assessments.test_retakes_and_sections import build, take
    from tests.factories import AssignmentFactory
    from trainer.assessments.services import assign_to_class
    from trainer.roster import imports as roster_imports
    from trainer.roster import services as roster

    test = build(demo, title="Axe check", certification=True, attempts_allowed=2)
    failed_first = build(demo, title="Second go", attempts_allowed=2, pass_by_section=True)
    take(trainee, AssignmentFactory(test=failed_first, trainee=trainee), right=False)
    # every attempt used: the supervisor's "Allow one more attempt" button shows
    last_go = build(demo, title="Last go", attempts_allowed=1)
    take(trainee, AssignmentFactory(test=last_go, trainee=trainee), right=False)
    sitting = take(
        trainee, AssignmentFactory(test=test, trainee=trainee, assigned_by=supervisor), right=True
    )
    cohort = roster.create_class(
        actor=supervisor, house=demo, name="Axe class", starts_on=date(2026, 9, 1),
        trainees=[trainee],
    )  # fmt: skip
    assign_to_class(actor=supervisor, cohort=cohort, test=test)
    gone = roster.add_trainee(actor=supervisor, house=demo, username="axe-gone", classes=[cohort])
    roster.deactivate(actor=supervisor, person=gone.user)  # named as left out of class tests
    _, staged = roster_imports.stage_import(
        actor=supervisor, house=demo, filename="a.csv", data=b"username\naxe-ada\n"
    )
    # one being made by the worker, a third of its accounts ready: the progress block
    _, making = roster_imports.stage_import(
        actor=supervisor, house=demo, filename="b.csv", data=b"username\naxe-bo\naxe-cy\naxe-di\n"
    )
    RosterImport.objects.filter(pk=making.pk).update(
        status="running", attempt=1, prepared=1, heartbeat_at=timezone.now()
    )
    fresh = roster.add_trainee(actor=supervisor, house=demo, username="axe-fresh")
    certificate = sitting.certificate

    problems = []
    sign_in(page, "super-sue", PASSWORD)
    # the pages in the states the accessibility walk (test_accessibility.py) does not reach:
    # an import being made (its progress), a class with a member left out of its tests, a
    # trainee's tests with every attempt used, a section-by-section result, the analysis of a
    # class; the plain pages (people, a person, new, import, classes, a test, a certificate)
    # are that walk's
    for url in (
        f"/accounts/people/import/{making.pk}/",
        f"/classes/{cohort.pk}/",
        f"/tests/manage/trainees/{trainee.pk}/",
        f"/tests/manage/sittings/{sitting.pk}/",
        f"/progress/analysis/?cohort={cohort.pk}",
    ):
        page.goto(url)
        problems += axe_problems(page)
    page.goto(f"/classes/{cohort.pk}/")
    assert "axe-gone (deactivated)" in page.locator("#left-out").inner_text()
    page.goto(f"/tests/manage/trainees/{trainee.pk}/")
    page.click("form.allow-attempt button")
    page.wait_for_selector(".messages >> text=once more")
    problems += axe_problems(page)
    # a preview with problems, and the passwords page after a confirmation
    page.goto("/accounts/people/import")
    page.set_input_files(
        "#id_file",
        files=[{"name": "b.csv", "mimeType": "text/csv", "buffer": b"username\nbad name!\n"}],
    )
    page.click("#upload button[type=submit]")
    page.wait_for_selector("#preview")
    problems += axe_problems(page)
    page.goto(f"/accounts/people/import/{staged.pk}/")
    page.click("#confirm-import button[type=submit]")
    # the accounts are made by the task worker, as `make run` starts it; the page follows it
    page.wait_for_selector("#import-status >> text=Queued")
    call_command("parsheet_worker", "--once", verbosity=0)
    page.wait_for_selector("#passwords")
    problems += axe_problems(page)

    page.context.clear_cookies()
    sign_in(page, "trainee-tina", PASSWORD)
    for url in (
        "/tests/",
        f"/tests/s/{sitting.pk}/result",
        f"/tests/certificates/{certificate.pk}/",
    ):
        page.goto(url)
        problems += axe_problems(page)
    page.context.clear_cookies()
    sign_in(page, "axe-fresh", fresh.password)
    page.wait_for_selector("#first-password")
    problems += axe_problems(page)
    page.context.clear_cookies()
    page.goto(f"/tests/verify/{certificate.code}/")
    problems += axe_problems(page)
    assert not problems, "\n".join(problems)
