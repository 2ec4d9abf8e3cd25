"""Who the trainees of a house are: whoever holds houses.practise_drills, through the Trainee
role or given alone, is active and belongs to the house.  Assessments and progress both ask
`User.objects.trainees_of(house)`."""

import pytest
from django.contrib.auth.models import Group, Permission

from tests.factories import HouseFactory, SupervisorFactory, TraineeFactory, UserFactory
from trainer.houses.models import User
from trainer.houses.roles import TRAINEE

pytestmark = pytest.mark.django_db


@pytest.fixture
def house():
    return HouseFactory(slug="riverboat")


def practise_drills():
    return Permission.objects.get(codename="practise_drills", content_type__app_label="houses")


def test_a_member_of_the_trainee_group_is_a_trainee(house):
    tina = TraineeFactory(house=house)
    assert list(User.objects.trainees_of(house)) == [tina]


def test_a_user_given_the_permission_alone_is_a_trainee(house):
    dora = UserFactory(house=house)
    dora.user_permissions.add(practise_drills())
    assert list(User.objects.trainees_of(house)) == [dora]


def test_any_group_holding_the_permission_makes_trainees(house):
    night_school = Group.objects.create(name="Night school")
    night_school.permissions.add(practise_drills())
    nina = UserFactory(house=house)
    nina.groups.add(night_school)
    assert list(User.objects.trainees_of(house)) == [nina]


def test_an_inactive_trainee_is_not_listed(house):
    TraineeFactory(house=house, is_active=False)
    assert not User.objects.trainees_of(house).exists()


def test_a_trainee_of_another_house_is_not_listed(house):
    TraineeFactory(house=HouseFactory(slug="lakeside"))
    assert not User.objects.trainees_of(house).exists()
    assert User.objects.trainees().count() == 1


def test_a_supervisor_is_not_a_trainee(house):
    SupervisorFactory(house=house)
    assert not User.objects.trainees_of(house).exists()


def test_a_superuser_is_a_trainee_only_when_given_the_role(house):
    UserFactory(username="boss", house=house, is_superuser=True)
    assert not User.objects.trainees_of(house).exists()
    trying_it = UserFactory(username="tester", house=house, is_superuser=True, role=TRAINEE)
    assert list(User.objects.trainees_of(house)) == [trying_it]


def test_each_trainee_comes_once_in_username_order(house):
    both = TraineeFactory(username="bob", house=house)
    both.user_permissions.add(practise_drills())
    alice = TraineeFactory(username="alice", house=house)
    assert list(User.objects.trainees_of(house)) == [alice, both]
    assert list(User.objects.trainees_of(house.pk)) == [alice, both]


def test_no_house_has_no_trainees(house):
    TraineeFactory(house=None)
    assert not User.objects.trainees_of(None).exists()
