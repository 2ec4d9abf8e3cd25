"""Questions dealt to trainees and their attempts.

A question is stored when it is dealt, with everything needed to grade it again later: the
drill kind, seed and level, the cards and stakes (`table`, `request`), the paytable version
and a snapshot of the house rules used, and the engine's expected answer and steps.  In
practice the next question is dealt with the answer before it and sent hidden in the same
response (the browser shows it on Next); `sent_at` says when a page first showed it.  An
attempt is stored once per question, atomically.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.db import models
from django.db.models import Avg, Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from trainer.core.i18n import MessagesField, MessageTextField
from trainer.engine import scheduling
from trainer.engine.drills import AnswerField
from trainer.engine.house import HouseRules
from trainer.houses.models import PaytableVersion


class PracticeSession(models.Model):
    """A run of questions of one drill kind, with a running score and a summary at the end."""

    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="practice_sessions",
        verbose_name=_("trainee"),
    )
    kind = models.CharField(max_length=30, blank=True, verbose_name=_("kind"))
    level = models.PositiveSmallIntegerField(default=1, verbose_name=_("level"))
    natural = models.BooleanField(_("natural odds"), default=False)
    in_chips = models.BooleanField(
        _("in chips"), default=False, help_text=_("Amounts paid are built from the house's chips.")
    )
    #: what deals the questions: one drill at one level, the trainee's due skills, the hands
    #: they missed, the due skills of the watch drills, or a set of a real audit's
    #: mispaid hands (`kind` is empty but for one drill: each question has its own)
    mode = models.CharField(
        max_length=10,
        choices=[
            ("drill", _("One drill")),
            ("today", _("Today's practice")),
            ("mistakes", _("Practise my mistakes")),
            ("watch", _("Today's watch")),
            ("set", _("A watch set")),
        ],
        default="drill",
        verbose_name=_("mode"),
    )
    started_at = models.DateTimeField(auto_now_add=True, verbose_name=_("started at"))
    ended_at = models.DateTimeField(null=True, blank=True, verbose_name=_("ended at"))
    # Kept by trainer.drills.services in the same transactions that deal and answer: the
    # question on the table, how many were dealt, and the running score.  Only the newest
    # question of a session can be answered, so it is unanswered exactly when dealt > answered.
    last_question = models.ForeignKey(
        "Question",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("last question"),
    )
    dealt = models.PositiveIntegerField(default=0, editable=False, verbose_name=_("dealt"))
    answered = models.PositiveIntegerField(default=0, editable=False, verbose_name=_("answered"))
    right = models.PositiveIntegerField(default=0, editable=False, verbose_name=_("right"))

    class Meta:
        verbose_name = _("practice session")
        verbose_name_plural = _("practice sessions")
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"{self.trainee} · {self.kind} level {self.level} · {self.started_at:%Y-%m-%d %H:%M}"

    @property
    def is_open(self) -> bool:
        return self.ended_at is None

    @property
    def waiting_for_answer(self) -> bool:
        return self.dealt > self.answered

    @property
    def score(self) -> dict:
        return {"right": self.right, "attempts": self.answered}


class QuestionQuerySet(models.QuerySet):
    def for_trainee(self, trainee) -> QuestionQuerySet:
        return self.filter(trainee=trainee)

    def unanswered(self) -> QuestionQuerySet:
        return self.filter(attempt__isnull=True)


class Question(models.Model):
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="questions",
        verbose_name=_("trainee"),
    )
    session = models.ForeignKey(
        PracticeSession,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="questions",
        verbose_name=_("session"),
    )
    kind = models.CharField(max_length=30, verbose_name=_("kind"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    level = models.PositiveSmallIntegerField(verbose_name=_("level"))
    seed = models.BigIntegerField(verbose_name=_("seed"))
    natural = models.BooleanField(default=False, verbose_name=_("natural"))
    in_chips = models.BooleanField(
        default=False,
        help_text=_(
            "Its amounts were asked in the house's chips (re-grading asks "
            "them so again, with the chips in its house rules snapshot)."
        ),
        verbose_name=_("in chips"),
    )
    #: the question as the engine asked it (a message, or English text stored before messages)
    prompt = MessageTextField(verbose_name=_("prompt"))
    #: the table shown, its words (a folded position's street) kept as the engine's messages
    table = MessagesField(verbose_name=_("table"))
    request = models.JSONField(verbose_name=_("request"))
    #: the answer fields, their labels kept as the engine's messages
    fields = MessagesField(verbose_name=_("fields"))
    expected = models.JSONField(verbose_name=_("expected"))
    #: the engine's reasons, each kept with its pattern and parameters (plain English strings
    #: in questions stored before messages)
    steps = MessagesField(verbose_name=_("steps"))
    situation = models.CharField(max_length=100, blank=True, verbose_name=_("situation"))
    category = models.CharField(max_length=30, blank=True, verbose_name=_("category"))
    paytable_version = models.ForeignKey(
        PaytableVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="questions",
        help_text=_(
            "The house's table this question was graded with; empty for the source "
            "texts' table or a game without a paytable."
        ),
        verbose_name=_("paytable version"),
    )
    house_rules = models.JSONField(
        help_text=_("The house rules in force when it was dealt."), verbose_name=_("house rules")
    )
    #: a missed hand dealt again ("Practise my mistakes"): the question first missed
    replay_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="replays",
        verbose_name=_("replay of"),
    )
    #: when it was dealt and stored (the response that deals it may carry it hidden)
    shown_at = models.DateTimeField(auto_now_add=True, verbose_name=_("shown at"))
    sent_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_(
            "When a page first showed it.  Empty while no page has: a test's question "
            "not reached yet; in practice, the first question before its page loads, and the next "
            "question, sent hidden with the feedback of the answer before it (the browser shows it "
            "on Next without asking the server again).  An answer's time is bounded by the time "
            "since then (since it was dealt, while empty)."
        ),
        verbose_name=_("sent at"),
    )

    objects = QuestionQuerySet.as_manager()

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        ordering = ["-shown_at", "-pk"]
        indexes = [models.Index(fields=["trainee", "-shown_at"])]

    def __str__(self) -> str:
        return f"Question {self.pk} ({self.kind}) for {self.trainee}"

    def answer_fields(self) -> tuple[AnswerField, ...]:
        """The engine's answer fields of this question, as stored (read once per instance:
        grading, the form and the review each ask)."""
        return self._read_once("fields", _answer_fields)

    def rules(self) -> HouseRules:
        """The house rules it was dealt under, as stored."""
        return self._read_once("house_rules", _rules_of)

    def _read_once(self, field: str, read):
        # kept beside the stored value it was read from: a new value is read afresh
        stored = getattr(self, field)
        kept = self.__dict__.get(f"_read_{field}")
        if kept is None or kept[0] is not stored:
            kept = (stored, read(stored))
            self.__dict__[f"_read_{field}"] = kept
        return kept[1]


def _rules_of(stored: dict) -> HouseRules:
    # a house deals all its questions under a few sets of rules: each set is checked and
    # built once per app server (its values and their types are the key: JSON's 1 is no True)
    key = tuple((name, type(value), value) for name, value in stored.items())
    try:
        return _rules_kept(key)
    except TypeError:  # a value that is no scalar (none hashes): built as it always was
        return HouseRules(**stored)


@lru_cache(maxsize=256)
def _rules_kept(key: tuple) -> HouseRules:
    return HouseRules(**{name: value for name, _, value in key})


def _answer_fields(fields: list[dict]) -> tuple[AnswerField, ...]:
    return tuple(
        AnswerField(
            name=f["name"],
            label=f["label"],
            kind=f["kind"],
            choices=tuple(tuple(c) for c in f.get("choices", ())),
            keys=tuple(f.get("keys", ())),
            seats=tuple(f.get("seats", ())),
        )
        for f in fields
    )


class AttemptQuerySet(models.QuerySet):
    def for_trainee(self, trainee) -> AttemptQuerySet:
        return self.filter(trainee=trainee)

    # A test's questions are ordinary questions dealt with no practice session and linked to
    # their sitting by `assessments.SittingQuestion` (reverse name `sitting_item`).  Practice
    # is everything else, so a history stored without a session (seeded, or from before
    # sessions were kept) still counts as practice.

    def practice(self) -> AttemptQuerySet:
        """Answers given in practice: every answer that was not to a test's question."""
        return self.filter(question__sitting_item__isnull=True)

    def in_tests(self) -> AttemptQuerySet:
        """Answers given in assigned tests (sittings), never counted in practice figures."""
        return self.filter(question__sitting_item__isnull=False)

    def score(self) -> dict:
        return self.aggregate(
            attempts=Count("pk"),
            right=Count("pk", filter=Q(is_correct=True)),
            average_ms=Avg("response_ms"),
        )


class Attempt(models.Model):
    question = models.OneToOneField(
        Question, on_delete=models.PROTECT, related_name="attempt", verbose_name=_("question")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="attempts",
        verbose_name=_("trainee"),
    )
    kind = models.CharField(max_length=30, verbose_name=_("kind"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    answer = models.JSONField(verbose_name=_("answer"))
    marks = models.JSONField(
        help_text=_("Field name to right (true) or wrong (false)."), verbose_name=_("marks")
    )
    is_correct = models.BooleanField(verbose_name=_("is correct"))
    # 64-bit: a question answered weeks after it was dealt (2**31 ms is under 25 days) is
    # stored, not refused by the database
    response_ms = models.PositiveBigIntegerField(
        help_text=_(
            "In practice, from the question appearing to the answer being sent, as the "
            "browser measured it, if at least 0 and at most the server's time since it sent the "
            "question, else the server's time; in a test, the server's time, less the sitting's "
            "round trip (at most half a second).  See the rulebook's Speed standards."
        ),
        verbose_name=_("response ms"),
    )
    target_ms = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "The house's pace target for this question when it was answered (empty for "
            "answers from before pace targets)."
        ),
        verbose_name=_("target ms"),
    )
    grade = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        choices=[(number, name.capitalize()) for name, number in scheduling.GRADES.items()],
        help_text=_(
            "The grade FSRS was given for this answer (1 Again, 2 Hard, 3 Good, 4 Easy); "
            "empty for an answer that was no review of its skill (a later right answer the same "
            "day, staff trying out, a question of no skill)."
        ),
        verbose_name=_("grade"),
    )
    # set by the service that stores it (the same instant grades the review of its skill, in
    # the same INSERT); now for an attempt stored any other way
    answered_at = models.DateTimeField(default=timezone.now, verbose_name=_("answered at"))

    objects = AttemptQuerySet.as_manager()

    class Meta:
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        ordering = ["-answered_at", "-pk"]
        indexes = [models.Index(fields=["trainee", "kind", "-answered_at"])]

    def __str__(self) -> str:
        return f"Attempt at question {self.question_id}: {'right' if self.is_correct else 'wrong'}"

    @property
    def rating(self) -> str:
        """The grade in the scheduler's words ("again" ... "easy"; "" for no review)."""
        return scheduling.RATINGS[self.grade - 1] if self.grade else ""
