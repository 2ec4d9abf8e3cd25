"""Employee numbers: the house's number for a person, as its hand logs write a
dealer, read from a roster CSV's `employee_number` column and set on the person's page; one
person a number in a house, any refusal in words with nothing changed."""

import pytest
from django.urls import reverse

from tests.factories import TraineeFactory
from tests.roster.test_import import confirm, upload
from trainer.houses.models import User
from trainer.roster.models import PersonAction, RosterImport

pytestmark = pytest.mark.django_db


def test_a_roster_gives_its_trainees_their_employee_numbers(client, supervisor):
    client.force_login(supervisor)
    upload(client, "username,Employee number\nnew-ann,4417\nnew-ben,\n")
    confirm(client, RosterImport.objects.get().pk)
    numbers = dict(
        User.objects.filter(username__in=["new-ann", "new-ben"]).values_list(
            "username", "employee_number"
        )
    )
    assert numbers == {"new-ann": "4417", "new-ben": ""}


def test_a_number_twice_in_the_file_or_already_the_houses_is_refused_by_row(
    client, supervisor, demo
):
    TraineeFactory(house=demo, username="old-cy", employee_number="9001")
    client.force_login(supervisor)
    page = upload(client, "username,employee_number\nnew-ann,12\nnew-ben,12\nnew-cy,9001\n")
    text = page.content.decode()
    assert "the employee number is also on line 2" in text
    assert "the employee number “9001” is already someone&#x27;s in the house" in text
    assert text.count('class="wrong-cell">12<') == 1 and 'class="wrong-cell">9001<' in text
    assert not RosterImport.objects.exists()


def test_the_same_number_in_another_house_is_fine(client, supervisor, riverboat):
    TraineeFactory(house=riverboat, username="river-cy", employee_number="4417")
    client.force_login(supervisor)
    upload(client, "username,employee_number\nnew-ann,4417\n")
    confirm(client, RosterImport.objects.get().pk)
    assert User.objects.get(username="new-ann").employee_number == "4417"


def _set(client, person, number):
    url = reverse("person-act", args=[person.pk])
    return client.post(url, {"action": "employee-number", "employee_number": number}, follow=True)


def test_the_persons_page_sets_the_number_and_logs_it(client, supervisor, trainee):
    client.force_login(supervisor)
    page = _set(client, trainee, " 4417 ").content.decode()
    trainee.refresh_from_db()
    assert trainee.employee_number == "4417"
    assert 'id="employee-number">4417<' in page
    assert reverse("audits:record", args=[trainee.pk]) in page
    action = PersonAction.objects.get(subject=trainee, kind=PersonAction.Kind.EMPLOYEE_NUMBER)
    assert (action.actor, action.detail) == (supervisor, "4417")


def test_anothers_number_is_refused_in_words(client, supervisor, trainee, demo):
    TraineeFactory(house=demo, username="old-cy", employee_number="4417")
    client.force_login(supervisor)
    page = _set(client, trainee, "4417").content.decode()
    assert "“4417” is already the employee number of someone in the house." in page
    trainee.refresh_from_db()
    assert trainee.employee_number == ""
