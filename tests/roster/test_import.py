"""Trainees from a CSV file: a preview shows what will be created and every row's problem
before anything is saved; the confirmation has the task worker create every trainee or none,
once (tests/roster/test_import_worker.py: the worker, its progress and its recovery)."""

import csv
import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from trainer.houses.models import User
from trainer.roster import imports, services
from trainer.roster.models import PersonAction, RosterImport, TemporaryPassword

GOOD = "username,first_name,last_name,email\nnew-ann,Ann,Archer,ann@example.com\nnew-ben,,,\n"


def upload(client, text: str | bytes, name="intake.csv"):
    data = text.encode() if isinstance(text, str) else text
    return client.post(
        reverse("people-import"), {"file": SimpleUploadedFile(name, data, "text/csv")}
    )


def new_users():
    # any case: PostgreSQL's LIKE, unlike SQLite's, tells "NEW-" from "new-"
    return User.objects.filter(username__istartswith="new-")


def run_worker():
    """What the task worker does with the imports queued (`imports.import_trainees`)."""
    for staged in RosterImport.objects.filter(status=RosterImport.Status.QUEUED):
        imports.run_import(staged.pk, staged.attempt)


def confirm(client, staged_id: int):
    """Confirm, as the supervisor's button does, and let the worker make the accounts; then
    the page the supervisor comes back to."""
    url = reverse("people-import-confirm", args=[staged_id])
    response = client.post(url)
    if response.status_code != 302:
        return response
    run_worker()
    return client.get(url)


def test_a_good_file_is_previewed_then_created_on_confirmation(client, supervisor, demo):
    client.force_login(supervisor)
    response = upload(client, GOOD)
    staged = RosterImport.objects.get()
    assert response["Location"] == reverse("people-import-confirm", args=[staged.pk])
    preview = client.get(response["Location"]).content.decode()
    assert preview.count("✔ will be created") == 2 and "new-ann" in preview
    assert not new_users().exists()  # nothing yet
    done = confirm(client, staged.pk)
    assert done.status_code == 200
    assert sorted(new_users().values_list("username", flat=True)) == ["new-ann", "new-ben"]
    ann = User.objects.get(username="new-ann")
    assert (ann.first_name, ann.email, ann.house) == ("Ann", "ann@example.com", demo)
    assert ann.has_perm("houses.practise_drills")
    assert TemporaryPassword.objects.filter(user__in=new_users()).count() == 2
    passwords = {e.user.username: e.password for e in done.context["enrolled"]}
    assert ann.check_password(passwords["new-ann"])
    assert PersonAction.objects.filter(kind=PersonAction.Kind.IMPORTED).count() == 2


def test_a_replayed_confirmation_creates_nothing_twice(client, supervisor):
    client.force_login(supervisor)
    upload(client, GOOD)
    url = reverse("people-import-confirm", args=[RosterImport.objects.get().pk])
    confirm(client, RosterImport.objects.get().pk)
    again = client.post(url, follow=True)
    assert "imported already" in again.content.decode()
    assert new_users().count() == 2
    assert PersonAction.objects.count() == 2


def test_every_problem_is_shown_by_row_and_nothing_is_staged(client, supervisor, trainee):
    client.force_login(supervisor)
    text = (
        "username,email\n"
        "new-cy,cy@example.com\n"
        "NEW-CY,\n"  # twice, as a reader sees it
        "trainee-tina,\n"  # taken
        "bad name!,\n"
        ",nobody@example.com\n"
        "new-dee,not-an-address\n"
    )
    response = upload(client, text)
    assert response.status_code == 400
    page = response.content.decode()
    assert "also on line 2" in page
    assert "“trainee-tina” is taken" in page
    assert "“bad name!” is not a username" in page
    assert "a username is needed" in page
    assert "“not-an-address” is not an email address" in page
    assert "5 rows cannot be imported" in page
    assert not RosterImport.objects.exists() and not new_users().exists()


def test_the_preview_marks_the_cell_in_error_not_a_fixed_column(client, supervisor, trainee):
    # the preview once reddened the fourth column of every wrong row (the
    # last name), whatever was wrong; now the cell a problem is about
    client.force_login(supervisor)
    text = "username,first_name,last_name,email\nnew-cy,Cy,Ng,not-an-address\ntrainee-tina,Ti,Na,\n"
    page = upload(client, text).content.decode()
    rows = {
        line: re.findall(r'<t[dh](?: scope="row")?( class="wrong-cell")?>([^<]*)</t[dh]>', tr)
        for line, tr in re.findall(r'data-line="(\d+)">(.*?)</tr>', page, re.S)
    }
    marked = {line: [text for wrong, text in cells if wrong] for line, cells in rows.items()}
    assert marked == {"2": ["not-an-address"], "3": ["trainee-tina"]}


def test_files_that_are_not_a_roster_are_refused_in_words(client, supervisor):
    client.force_login(supervisor)
    cases = {
        b"": "The submitted file is empty",
        b"\xff\xfe\x00b": "not UTF-8",
        "name,email\nann,\n": "no “username” column",
        "username,shoe_size\nann,9\n": "Unknown column: shoe_size",
        "username\n": "no trainee",
    }
    for data, words in cases.items():
        response = upload(client, data)
        assert response.status_code == 400
        assert words in response.content.decode(), words
    assert not RosterImport.objects.exists()


def test_a_username_taken_between_preview_and_confirmation_creates_nobody(client, supervisor):
    client.force_login(supervisor)
    upload(client, GOOD)
    staged = RosterImport.objects.get()
    services.add_trainee(actor=supervisor, house=supervisor.house, username="new-ben")
    response = confirm(client, staged.pk)
    assert response.status_code == 409
    assert "“new-ben” is taken" in response.content.decode()
    assert not User.objects.filter(username="new-ann").exists()  # not half-imported
    staged.refresh_from_db()
    assert staged.done_at is None


def test_a_byte_order_mark_and_blank_lines_are_fine(client, supervisor):
    client.force_login(supervisor)
    upload(client, "\ufeffusername\r\nnew-eve\r\n\r\n")
    preview = imports.Preview([imports.Row(**r) for r in RosterImport.objects.get().rows], [])
    assert [r.username for r in preview.rows] == ["new-eve"]


def test_a_spreadsheets_headings_are_read_and_the_template_is_one(client, supervisor):
    client.force_login(supervisor)
    template = client.get(reverse("people-import-template"))
    assert template["Content-Type"].startswith("text/csv")
    assert "attachment" in template["Content-Disposition"]
    header = template.content.decode()
    headings = ["Username", "First name", "Last name", "E-mail", "Language", "Employee number"]
    assert next(csv.reader([header])) == headings
    # the template filled in, as a spreadsheet saves it (a byte order mark, CRLF line ends)
    upload(client, "\ufeff" + header.strip() + "\r\nnew-fay,Fay,Fisher,fay@example.com,,4417\r\n")
    (row,) = RosterImport.objects.get().rows
    assert (row["username"], row["first_name"], row["last_name"], row["email"]) == (
        "new-fay",
        "Fay",
        "Fisher",
        "fay@example.com",
    )
    assert row["employee_number"] == "4417"
    page = client.get(reverse("people-import")).content.decode()
    assert reverse("people-import-template") in page


def test_a_column_headed_twice_is_refused_in_words(client, supervisor):
    client.force_login(supervisor)
    response = upload(client, "username,email,E-mail\nnew-gus,g@example.com,h@example.com\n")
    assert "names the “email” column twice" in response.content.decode()
    assert not RosterImport.objects.exists()


def test_an_email_longer_than_the_account_keeps_is_refused_in_words(client, supervisor):
    # a valid address (validate_email takes up to 320 characters) longer than User.email holds
    longest = User._meta.get_field("email").max_length
    address = "a" * 64 + "@" + ".".join(["b" * 60] * 3) + ".example.com"
    assert len(address) > longest
    client.force_login(supervisor)
    response = upload(client, f"username,email\nnew-long,{address}\n")
    assert response.status_code == 400
    assert f"longer than {longest} characters" in response.content.decode()
    assert not RosterImport.objects.exists() and not new_users().exists()
    one = client.post(reverse("person-add"), {"username": "new-long", "email": address})
    assert one.status_code == 400
    assert f"longer than {longest} characters" in one.content.decode()
    assert not new_users().exists()


def test_a_username_taken_in_another_case_since_the_preview_creates_nobody(client, supervisor):
    client.force_login(supervisor)
    upload(client, GOOD)
    staged = RosterImport.objects.get()
    services.add_trainee(actor=supervisor, house=supervisor.house, username="NEW-BEN")
    response = confirm(client, staged.pk)
    assert response.status_code == 409 and "“new-ben” is taken" in response.content.decode()
    assert list(new_users().values_list("username", flat=True)) == ["NEW-BEN"]


def test_a_username_taken_between_the_check_and_the_insert_creates_nobody(
    client, supervisor, monkeypatch
):
    """Someone not waiting on the house's lock creates "new-ben" after the worker's last
    check found it free (here, while the worker makes "new-ann")."""
    client.force_login(supervisor)
    upload(client, GOOD)
    staged = RosterImport.objects.get()
    make = imports.make_trainee

    def make_then_race(house, username, *args, **kwargs):
        if username == "new-ann":
            User.objects.create(username="new-ben", house=supervisor.house)
        return make(house, username, *args, **kwargs)

    monkeypatch.setattr(imports, "make_trainee", make_then_race)
    page = confirm(client, staged.pk)
    assert page.status_code == 200 and imports.TAKEN_MEANWHILE in page.content.decode()
    assert "Nothing was created" in page.content.decode()
    assert not User.objects.filter(username="new-ann").exists()  # not half-imported
    staged.refresh_from_db()
    assert staged.status == "refused" and staged.done_at is None
    assert not PersonAction.objects.exists()


def test_a_file_too_large_is_refused_before_its_body_is_read(client, supervisor, monkeypatch):
    from django.http.multipartparser import MultiPartParser

    def never(self):
        raise AssertionError("the upload was parsed")

    monkeypatch.setattr(MultiPartParser, "parse", never)
    client.force_login(supervisor)
    big = "username\n" + "new-x\n" * (imports.MAX_BYTES // 6 + 20_000)
    response = upload(client, big)
    assert response.status_code == 413
    assert imports.TOO_LARGE in response.content.decode()
    assert not RosterImport.objects.exists()


def test_the_upload_still_needs_its_csrf_token(supervisor):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(supervisor)
    assert upload(strict, GOOD).status_code == 403
    assert not RosterImport.objects.exists()


def test_a_header_of_half_a_million_empty_columns_is_not_echoed(client, supervisor):
    # the reported case: `username` then 500,000 empty headings (a 500 KB file), whose
    # refusal echoed every one of them, a megabyte of ", "
    client.force_login(supervisor)
    response = upload(client, "username" + "," * 500_000 + "\nnew-ann\n")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Unknown columns: 500,000 with no heading. The columns are username," in page
    assert len(page) < 20_000  # the page, not the file


def test_unknown_columns_are_named_up_to_five_each_cut_short(client, supervisor):
    client.force_login(supervisor)
    header = ["username", *(f"extra{n}" for n in range(7)), "x" * 1000, ""]
    page = upload(client, ",".join(header) + "\nnew-ann\n").content.decode()
    named = ", ".join(f"extra{n}" for n in range(5))
    assert f"Unknown columns: {named}, 3 more and 1 with no heading." in page
    assert "x" * 100 not in page


def test_a_long_cell_is_quoted_cut_short_in_its_rows_problem(client, supervisor):
    client.force_login(supervisor)
    cell = ("bad name " * 10_000).strip()
    page = upload(client, f"username\n{cell}\n").content.decode()
    assert f"“{cell[:39]}…” is not a username" in page  # 40 characters quoted
    assert page.count(cell) == 1  # the row's cell, shown once, not echoed again
