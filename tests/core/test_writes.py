"""`insert` and `update_if`: the answer cycle's writes, each value prepared by its field."""

from django.db.models.signals import post_save
from django.utils import timezone

from trainer.core.writes import insert, update_if
from trainer.drills.models import PracticeSession
from trainer.drills.practice.models import SkillCard


def test_a_row_still_as_read_is_updated_once_and_a_moved_one_not(trainee):
    session = PracticeSession.objects.create(trainee=trainee, kind="ms-pay", dealt=1)
    read = {"ended_at": None, "dealt": 1, "answered": 0}
    assert update_if(PracticeSession, session.pk, read, {"answered": 1, "right": 1}) == 1
    # the counters moved: the same compare and set changes nothing
    assert update_if(PracticeSession, session.pk, read, {"answered": 2, "right": 2}) == 0
    session.refresh_from_db()
    assert (session.answered, session.right) == (1, 1)
    # an ended session is no longer "ended_at is null"
    PracticeSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    assert update_if(PracticeSession, session.pk, {**read, "answered": 1}, {"right": 0}) == 0


def test_json_instants_and_foreign_keys_are_stored_as_the_orm_reads_them(trainee):
    card = SkillCard.objects.create(
        trainee=trainee, kind="ms-pay", situation="s", state={}, due=timezone.now()
    )
    due = timezone.now()
    written = {"state": {"reps": 1, "step": None}, "due": due, "stability": 1.5, "reviews": 1}
    assert update_if(SkillCard, card.pk, {"reviews": 0}, written) == 1
    card.refresh_from_db()
    assert (card.state, card.due, card.stability, card.reviews) == (
        {"reps": 1, "step": None},
        due,
        1.5,
        1,
    )
    assert update_if(SkillCard, card.pk, {"reviews": 1}, {"last_attempt": None}) == 1


def test_a_new_row_is_stored_as_save_stores_it_and_a_listened_model_through_save(trainee):
    session = PracticeSession(trainee=trainee, kind="ms-pay")
    insert(session)  # its own instant stamped (auto_now_add), its key read back
    stored = PracticeSession.objects.get(pk=session.pk)
    assert stored.started_at == session.started_at is not None
    assert not session._state.adding and stored.kind == "ms-pay"
    heard = []

    def hear(sender, instance, created, **kwargs):
        heard.append(created)

    post_save.connect(hear, sender=PracticeSession)
    try:
        insert(PracticeSession(trainee=trainee, kind="ms-pay"))
    finally:
        post_save.disconnect(hear, sender=PracticeSession)
    assert heard == [True]  # a receiver of its saving: saved through save(), which it hears
