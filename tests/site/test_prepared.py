"""trainer.prepared: a read compiled once gives what QuerySet.get gives, for every id a request
can carry, in one query."""

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from tests.factories import TraineeFactory
from trainer.drills import services as drills
from trainer.drills.models import PracticeSession, Question
from trainer.houses.models import User
from trainer.prepared import PreparedGet, PreparedSQL

USER = PreparedGet(lambda: User.objects.select_related("house"))
QUESTION_LOCKED = PreparedGet(
    lambda: Question.objects.select_for_update(of=("self",)).select_related("session", "attempt")
)

pytestmark = pytest.mark.django_db


def field_values(obj):
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_a_user_and_its_house_come_back_as_queryset_get_gives_them_in_one_query(demo):  # noqa: F811
    trainee = TraineeFactory(house=demo)
    expected = User.objects.select_related("house").get(pk=trainee.pk)
    for _ in range(2):  # compiled on the first call, reused on the second
        with CaptureQueriesContext(connection) as queries:
            user = USER.get(trainee.pk)
            house = user.house  # with the user, no query of its own
        assert len(queries) == 1
        assert field_values(user) == field_values(expected)
        assert field_values(house) == field_values(expected.house)
        assert not user._state.adding and user._state.db == "default"
    # an id given as text, as a session holds it
    assert USER.get(str(trainee.pk)).pk == trainee.pk


@pytest.mark.parametrize("pk", [0, -1, 10**30, -(10**30), 2**63, None])
def test_ids_no_row_has_are_does_not_exist(pk):
    with pytest.raises(User.DoesNotExist):
        USER.get(pk)
    with pytest.raises(User.DoesNotExist):
        User.objects.get(pk=pk)  # the same answer as Django's own


@pytest.mark.parametrize("pk", ["abc", "1.5", [], {}])
def test_an_id_that_is_not_a_number_raises_as_queryset_get_does(pk):
    with pytest.raises((ValueError, TypeError)) as prepared:
        USER.get(pk)
    with pytest.raises((ValueError, TypeError)) as django:
        User.objects.get(pk=pk)
    assert prepared.type is django.type


def test_a_locked_question_with_its_session_and_json_fields(demo):  # noqa: F811
    trainee = TraineeFactory(house=demo)
    session = drills.start_session(trainee=trainee, kind="cs-qualify", level=1)
    dealt = drills.current_question(session)
    with transaction.atomic():
        question = QUESTION_LOCKED.get(dealt.pk)
    # JSON columns are Python values (the backend's converters ran), the session came along
    assert question.table == dealt.table and isinstance(question.table, dict)
    assert question.expected == dealt.expected and question.fields == dealt.fields
    assert question.session.pk == session.pk and question.session.dealt == 1
    assert getattr(question, "attempt", None) is None


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_where_django_refuses_it(demo):  # noqa: F811
    from django.apps import apps

    from trainer.houses.roles import sync_roles

    sync_roles(apps)  # a transactional test's flush removed the roles the migration made
    trainee = TraineeFactory(house=demo)
    dealt = drills.current_question(drills.start_session(trainee=trainee, kind="ms-pay", level=1))
    if not connection.features.has_select_for_update:  # SQLite: no row locks, no refusal
        assert QUESTION_LOCKED.get(dealt.pk).pk == dealt.pk
        return
    with pytest.raises(TransactionManagementError):
        Question.objects.select_for_update().get(pk=dealt.pk)
    with pytest.raises(TransactionManagementError):
        QUESTION_LOCKED.get(dealt.pk)


def test_a_prepared_statement_names_the_columns_quoted_and_changes_one_row(demo):  # noqa: F811
    trainee = TraineeFactory(house=demo)
    session = drills.start_session(trainee=trainee, kind="ms-pay", level=1)
    other = drills.start_session(trainee=trainee, kind="ms-pay", level=1)
    count = PreparedSQL(
        PracticeSession, "UPDATE {table} SET {right} = {right} + %s WHERE {id} = %s"
    )
    # "right" is a word of SQL: only quoted does it name the column
    assert '"right" = "right" + %s' in count.sql(connection)
    assert count.execute([2, session.pk]) == 1
    assert count.execute([1, -5]) == 0
    session.refresh_from_db()
    other.refresh_from_db()
    assert (session.right, other.right) == (2, 0)
