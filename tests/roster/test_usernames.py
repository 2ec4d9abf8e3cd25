"""A username is kept as Django's sign-in reads it (NFKC, `AbstractBaseUser.normalize_username`)
on every path that makes an account, and one that reads as an existing one is taken (issue
31): a full-width `ｔｉｎａ` was created beside `tina`, and could never sign in, since the
sign-in form turns what is typed into `tina`."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from trainer.houses.models import User
from trainer.roster import services
from trainer.roster.models import RosterImport

from .test_people import sign_in


def full_width(text: str) -> str:
    """`text` in the full-width forms of ASCII (U+FF01 to U+FF5E, 0xFEE0 above each), which
    NFKC turns back into ASCII."""
    return "".join(chr(ord(c) + 0xFEE0) for c in text)


def upload(client, text: str):
    data = SimpleUploadedFile("intake.csv", text.encode(), "text/csv")
    return client.post(reverse("people-import"), {"file": data})


def test_an_imported_full_width_username_is_the_one_signed_in_with(client, supervisor, trainee):
    client.force_login(supervisor)
    taken = upload(client, f"username\n{full_width('trainee-tina')}\n")
    assert taken.status_code == 400 and "“trainee-tina” is taken" in taken.content.decode()
    assert not RosterImport.objects.exists()
    upload(client, f"username\n{full_width('new-ann')}\n")
    assert [row["username"] for row in RosterImport.objects.get().rows] == ["new-ann"]


def test_a_full_width_username_in_a_file_twice_is_found_twice(client, supervisor):
    client.force_login(supervisor)
    page = upload(client, f"username\nnew-ann\n{full_width('NEW-ANN')}\n").content.decode()
    assert "also on line 2" in page


def test_a_trainee_added_with_a_full_width_username_signs_in_with_it(client, supervisor, trainee):
    client.force_login(supervisor)
    taken = client.post(reverse("person-add"), {"username": full_width("Trainee-Tina")})
    assert taken.status_code == 400 and "is taken" in taken.content.decode()
    added = client.post(reverse("person-add"), {"username": full_width("new-ben")})
    assert added.status_code == 200
    password = added.context["enrolled"][0].password
    assert User.objects.filter(username="new-ben").exists()
    client.logout()
    assert sign_in(client, full_width("new-ben"), password)  # typed as it was given


def test_the_service_keeps_the_username_as_sign_in_reads_it(supervisor):
    enrolled = services.add_trainee(
        actor=supervisor, house=supervisor.house, username=full_width("new-cy")
    )
    assert enrolled.user.username == "new-cy"


def test_the_admin_refuses_a_username_that_reads_as_a_taken_one(client, superuser, trainee):
    # Django's own creation form (UsernameField, and UserCreationForm's check in any case)
    client.force_login(superuser)
    response = client.post(
        "/admin/houses/user/add/",
        {
            "username": full_width("TRAINEE-TINA"),
            "usable_password": "false",
            "password1": "",
            "password2": "",
        },
    )
    assert response.status_code == 200 and "already exists" in response.content.decode()
    assert User.objects.filter(username__iexact="trainee-tina").count() == 1
