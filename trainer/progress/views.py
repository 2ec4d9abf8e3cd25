"""My progress (trainees), Trainees and error analysis (supervisors), CSV exports.

Every page checks who may see it: a trainee sees only their own attempts; a supervisor only the
trainees of their own house; superusers every house.  Figures come from trainer.progress.stats
in a bounded number of queries.

Practice and tests are kept apart: every practice figure (answers, accuracy, times, streaks,
trend, slips, recent mistakes, skills) counts practice answers only
(`Attempt.objects.practice()`), so taking a test never moves them; test results come from the
sittings, shown in their own section, and the list and CSV of a trainee's attempts say which
answers were given in a test.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict

from django import forms
from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.db.models import Count, Max, Q
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET

from trainer.assessments.finishing import shown_finished
from trainer.assessments.models import Certificate, Sitting
from trainer.core import csvsafe
from trainer.core.charts import SIZE
from trainer.core.i18n import render as said_text
from trainer.drills.models import Attempt
from trainer.drills.presenting import review
from trainer.engine.drills import REGISTRY
from trainer.houses.models import User
from trainer.roster.models import Cohort

from . import skills, stats
from .charts import trend_panels

#: where an answer was given, as the attempts list and CSV say it
PRACTICE, TEST = "practice", "test"

reviewer_only = permission_required("houses.review_trainees", raise_exception=True)
trainee_only = permission_required("houses.practise_drills", raise_exception=True)


class FilterForm(forms.Form):
    """Filters shared by the supervisor's pages (all optional; bad values are ignored with a
    message beside the field)."""

    cohort = forms.ModelChoiceField(
        required=False,
        queryset=Cohort.objects.none(),
        label=gettext_lazy("class"),
        empty_label=gettext_lazy("every class"),
    )
    game = forms.ChoiceField(
        required=False,
        label=gettext_lazy("game"),
    )
    kind = forms.ChoiceField(required=False, label=gettext_lazy("kind"))
    since = forms.DateField(
        required=False, label=gettext_lazy("from"), widget=forms.DateInput({"type": "date"})
    )
    until = forms.DateField(
        required=False, label=gettext_lazy("to"), widget=forms.DateInput({"type": "date"})
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        # the games' and drills' names in the reader's language, said when the form is made
        self.fields["game"].choices = [("", gettext("every game")), *stats.game_choices()]
        self.fields["kind"].choices = [("", gettext("every drill"))] + [
            (k.slug, said_text(k.title)) for k in REGISTRY.values()
        ]
        if user is None:
            del self.fields["cohort"]
        else:
            # the classes of the supervisor's own house: another house's class is not a choice
            self.fields["cohort"].queryset = Cohort.objects.visible_to(user)

    def values(self) -> dict:
        if not self.is_valid():
            return {}
        return {k: v for k, v in self.cleaned_data.items() if v}

    def attempt_filters(self) -> tuple[dict, Cohort | None]:
        """The filters on answers, and the class whose members are shown (or None)."""
        values = self.values()
        return values, values.pop("cohort", None)


def reviewable_trainees(user, cohort: Cohort | None = None):
    """The trainees a supervisor may review: their own house's (superusers: everyone's);
    with `cohort`, only its members."""
    if user.is_superuser:
        trainees = User.objects.trainees()
    else:
        trainees = User.objects.trainees_of(user.house_id)
    if cohort is not None:
        trainees = trainees.filter(memberships__cohort=cohort)
    return trainees.select_related("house")


def _mistake_rows(attempts: list[Attempt]) -> list[dict]:
    return [
        {"attempt": a, "question": a.question, "review": review(a.question, a)} for a in attempts
    ]


#: test sittings the summary lists, newest first (the trainee's tests page has them all)
SUMMARY_SITTINGS = 5


def progress_context(trainee) -> dict:
    """The summary of one trainee: practice at a glance (overall and today), their tests and
    certificates, and the skills grid; every detail is a page of its own (`detail_links`)."""
    attempts = Attempt.objects.for_trainee(trainee).practice()
    sittings = Sitting.objects.filter(trainee=trainee)
    recent = list(
        sittings.select_related("assignment__test").order_by("-started_at")[:SUMMARY_SITTINGS]
    )
    # a sitting whose time ran out shows finished, scored as it will be recorded
    shown_finished(recent)
    return {
        "subject": trainee,
        "overall": stats.overall(attempts),
        "today": stats.today(attempts),
        "skill_games": skills.for_trainee(trainee),
        "strengths": skills.STRENGTHS,
        "sittings": recent,
        "sittings_count": sittings.count(),
        "certificates": Certificate.objects.filter(trainee=trainee).select_related(
            "sitting__assignment__test"
        ),
    }


class Subject:
    """Whose progress a page shows, and the addresses of its pages: the trainee's own (My
    progress) or, for a supervisor, one trainee of their house."""

    def __init__(self, trainee, *, mine: bool) -> None:
        self.trainee = trainee
        self.mine = mine

    def url(self, page: str, *args) -> str:
        if self.mine:
            return reverse(f"progress:mine-{page}" if page else "progress:mine", args=args)
        name = f"progress:trainee-{page}" if page else "progress:trainee"
        return reverse(name, args=[self.trainee.pk, *args])

    @property
    def home(self) -> str:
        return self.url("")

    def links(self) -> list[tuple[str, str, str]]:
        """The detail pages: (address, title, what it holds)."""
        pages = [
            (
                self.url("drills"),
                gettext("Practice by drill"),
                gettext(
                    "each drill's answers, accuracy and times, the trend over twelve weeks, and "
                    "where the slips are (by hand category and by situation)"
                ),
            ),
            (
                self.url("mistakes"),
                gettext("Recent mistakes"),
                gettext(
                    "the last hands answered wrong in practice, each with the right answer and why"
                ),
            ),
        ]
        pages.append(
            (
                reverse("rounds:index")
                if self.mine
                else reverse("rounds:trainee", args=[self.trainee.pk]),
                gettext("Rounds dealt"),
                gettext(
                    "each whole round dealt, step by step: the slips named and the time against "
                    "the game's pace"
                ),
            )
        )
        if not self.mine:
            pages.append(
                (
                    self.url("answers"),
                    gettext("Every answer"),
                    gettext("practice and tests, filtered, page by page, and as CSV"),
                )
            )
        return pages


def _summary(request, subject: Subject, template: str):
    context = progress_context(subject.trainee)
    for g in context["skill_games"]:
        g.url = subject.url("skills", g.game)  # each square leads to its row on that page
    context.update({"who": subject, "mine": subject.mine})
    return render(request, template, context)


@login_required
@trainee_only
@require_GET
def my_progress(request):
    return _summary(request, Subject(request.user, mine=True), "progress/mine.html")


def _skills_page(request, subject: Subject, game: str):
    games = [g for g in skills.for_trainee(subject.trainee) if g.game == game]
    if not games:
        raise Http404(gettext("There are no skills of that game to show."))
    return render(
        request,
        "progress/skills.html",
        {"who": subject, "mine": subject.mine, "g": games[0], "strengths": skills.STRENGTHS},
    )


def _drills_page(request, subject: Subject):
    attempts = Attempt.objects.for_trainee(subject.trainee).practice()
    by_category, by_situation = stats.slips(attempts)
    context = {
        "who": subject,
        "mine": subject.mine,
        "kinds": stats.by_kind(attempts),
        "panels": trend_panels(stats.trend(attempts)),
        "size": SIZE,
        "by_category": by_category,
        "by_situation": by_situation,
    }
    if not subject.mine:
        context["test_kinds"] = stats.by_kind(
            Attempt.objects.for_trainee(subject.trainee).in_tests()
        )
    return render(request, "progress/drills.html", context)


def _mistakes_page(request, subject: Subject):
    attempts = Attempt.objects.for_trainee(subject.trainee).practice()
    return render(
        request,
        "progress/mistakes.html",
        {
            "who": subject,
            "mine": subject.mine,
            "mistakes": _mistake_rows(stats.recent_mistakes(attempts)),
        },
    )


@login_required
@trainee_only
@require_GET
def my_skills(request, game):
    return _skills_page(request, Subject(request.user, mine=True), game)


@login_required
@trainee_only
@require_GET
def my_drills(request):
    return _drills_page(request, Subject(request.user, mine=True))


@login_required
@trainee_only
@require_GET
def my_mistakes(request):
    return _mistakes_page(request, Subject(request.user, mine=True))


# --- supervisors ------------------------------------------------------------------------

SORTS = {
    "name": lambda r: r["trainee"].username.lower(),
    "attempts": lambda r: r["attempts"],
    "accuracy": lambda r: (r["accuracy"] is None, r["accuracy"] or 0),
    "median": lambda r: (r["median"] is None, r["median"] or 0),
    "last": lambda r: (r["last"] is None, r["last"] or dt.datetime.min.replace(tzinfo=dt.UTC)),
    "tests": lambda r: r["tests_passed"],
}


def trainee_rows(user, filters: dict, cohort: Cohort | None = None) -> list[dict]:
    """One row per trainee (of `cohort` when given): practice answers, accuracy, median
    time, last practised; tests taken and passed (five queries, whatever the number of
    trainees and attempts).  The filters apply to practice; the test columns count every
    finished sitting."""
    trainees = list(reviewable_trainees(user, cohort))
    ids = [t.pk for t in trainees]
    attempts = stats.filter_attempts(
        Attempt.objects.filter(trainee_id__in=ids).practice(), **filters
    )
    totals = {
        row["trainee"]: row
        for row in attempts.values("trainee").annotate(
            n=Count("pk"), right=Count("pk", filter=Q(is_correct=True)), last=Max("answered_at")
        )
    }
    times: dict[int, list[int]] = defaultdict(list)
    for trainee_id, ms in attempts.values_list("trainee", "response_ms"):
        times[trainee_id].append(ms)
    sittings = Sitting.objects.filter(trainee_id__in=ids)
    tests: dict[int, dict] = defaultdict(lambda: {"taken": 0, "passed": 0})
    for row in (
        sittings.finished()
        .values("trainee")
        .annotate(taken=Count("pk"), passed=Count("pk", filter=Q(passed=True)))
    ):
        tests[row["trainee"]] = {"taken": row["taken"], "passed": row["passed"]}
    # a sitting whose time ran out counts as taken, scored as it will be recorded
    overdue = list(sittings.overdue().select_related("assignment__test"))
    shown_finished(overdue)
    for sitting in overdue:
        tests[sitting.trainee_id]["taken"] += 1
        tests[sitting.trainee_id]["passed"] += bool(sitting.passed)
    rows = []
    for trainee in trainees:
        total = totals.get(trainee.pk, {"n": 0, "right": 0, "last": None})
        rows.append(
            {
                "trainee": trainee,
                "attempts": total["n"],
                "right": total["right"],
                "accuracy": total["right"] / total["n"] if total["n"] else None,
                "median": statistics.median(times[trainee.pk]) / 1000
                if times[trainee.pk]
                else None,
                "last": total["last"],
                "tests_taken": tests[trainee.pk]["taken"],
                "tests_passed": tests[trainee.pk]["passed"],
            }
        )
    return rows


COLUMNS = [
    ("name", gettext_lazy("Trainee")),
    ("attempts", gettext_lazy("Practice answers")),
    ("accuracy", gettext_lazy("Practice accuracy")),
    ("median", gettext_lazy("Median time (practice)")),
    ("last", gettext_lazy("Last practised")),
    ("tests", gettext_lazy("Tests passed (of taken)")),
]


def _sorted(rows, sort: str):
    key = sort.lstrip("-")
    if key not in SORTS:
        key, sort = "name", "name"
    return sorted(rows, key=SORTS[key], reverse=sort.startswith("-")), sort


@login_required
@reviewer_only
@require_GET
def trainees(request):
    form = FilterForm(request.GET or None, user=request.user)
    filters, cohort = form.attempt_filters()
    rows, sort = _sorted(trainee_rows(request.user, filters, cohort), request.GET.get("sort", ""))
    query = request.GET.copy()
    query.pop("sort", None)
    return render(
        request,
        "progress/trainees.html",
        {
            "rows": rows,
            "form": form,
            "sort": sort,
            "query": query.urlencode(),
            "columns": COLUMNS,
        },
    )


def _reviewable(request, user_id) -> User:
    trainee = reviewable_trainees(request.user).filter(pk=user_id).first()
    if trainee is None:
        raise Http404(gettext("There is no such trainee in your house."))
    return trainee


class AttemptFilterForm(FilterForm):
    result = forms.ChoiceField(
        required=False,
        label=gettext_lazy("result"),
        choices=[
            ("", gettext_lazy("right and wrong")),
            ("right", gettext_lazy("right")),
            ("wrong", gettext_lazy("wrong")),
        ],
    )
    source = forms.ChoiceField(
        required=False,
        label=gettext_lazy("source"),
        choices=[
            ("", gettext_lazy("practice and tests")),
            (PRACTICE, gettext_lazy("practice")),
            (TEST, gettext_lazy("tests")),
        ],
    )


def _filtered_attempts(trainee, form: AttemptFilterForm):
    """Every answer of the trainee the filters keep, practice and test alike, each with the
    test it was given in (`test_title`, `sitting_id`: empty for practice)."""
    values = form.values()
    result = values.pop("result", "")
    source = values.pop("source", "")
    attempts = Attempt.objects.for_trainee(trainee)
    if source == PRACTICE:
        attempts = attempts.practice()
    elif source == TEST:
        attempts = attempts.in_tests()
    attempts = stats.filter_attempts(attempts, **values)
    if result:
        attempts = attempts.filter(is_correct=result == "right")
    return stats.with_test(attempts)


@login_required
@reviewer_only
@require_GET
def trainee_detail(request, user_id):
    return _summary(
        request, Subject(_reviewable(request, user_id), mine=False), "progress/trainee.html"
    )


@login_required
@reviewer_only
@require_GET
def trainee_skills(request, user_id, game):
    return _skills_page(request, Subject(_reviewable(request, user_id), mine=False), game)


@login_required
@reviewer_only
@require_GET
def trainee_drills(request, user_id):
    return _drills_page(request, Subject(_reviewable(request, user_id), mine=False))


@login_required
@reviewer_only
@require_GET
def trainee_mistakes(request, user_id):
    return _mistakes_page(request, Subject(_reviewable(request, user_id), mine=False))


@login_required
@reviewer_only
@require_GET
def trainee_answers(request, user_id):
    """Every answer of one trainee, practice and tests, filtered, fifty a page."""
    trainee = _reviewable(request, user_id)
    form = AttemptFilterForm(request.GET or None)
    attempts = _filtered_attempts(trainee, form).select_related("question")
    page = Paginator(attempts.order_by("-answered_at", "-pk"), 50).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "progress/answers.html",
        {
            "who": Subject(trainee, mine=False),
            "subject": trainee,
            "form": form,
            "page": page,
            "query": query.urlencode(),
        },
    )


@login_required
@reviewer_only
@require_GET
def analysis(request):
    form = FilterForm(request.GET or None, user=request.user)
    filters, cohort = form.attempt_filters()
    ids = reviewable_trainees(request.user, cohort).values("pk")
    attempts = stats.filter_attempts(
        Attempt.objects.filter(trainee_id__in=ids).practice(), **filters
    )
    by_category, by_situation = stats.slips(attempts)
    kinds = stats.by_kind(attempts)
    kinds.sort(key=lambda ln: (ln.accuracy, -ln.attempts))
    return render(
        request,
        "progress/analysis.html",
        {
            "form": form,
            "cohort": cohort,
            "kinds": kinds,
            "skills": stats.skills(attempts)[:15],
            "by_category": by_category,
            "by_situation": by_situation,
        },
    )


# --- CSV ----------------------------------------------------------------------------------

# Every cell goes through trainer.core.csvsafe: text that a spreadsheet would read as a
# formula (a trainee named "=HYPERLINK(...)") is written as text.

TRAINEE_COLUMNS = [
    "username", "name", "house", "attempts", "right", "accuracy_percent",
    "median_seconds", "last_active", "tests_passed", "tests_taken", "certificates",
]  # fmt: skip
ATTEMPT_COLUMNS = [
    "answered_at", "game", "drill", "level", "in_chips", "situation", "category", "right",
    "response_seconds", "answer", "correct_answer", "question_id", "seed",
    "paytable_version", "source", "test",
]  # fmt: skip


def _csv(filename: str) -> tuple[HttpResponse, csvsafe.SafeWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response, csvsafe.writer(response)


@login_required
@reviewer_only
@require_GET
def trainees_csv(request):
    form = FilterForm(request.GET or None, user=request.user)
    filters, cohort = form.attempt_filters()
    rows, _ = _sorted(trainee_rows(request.user, filters, cohort), request.GET.get("sort", ""))
    response, writer = _csv("trainees.csv")
    writer.writerow(TRAINEE_COLUMNS)
    held = certificates_held([r["trainee"] for r in rows])
    for r in rows:
        t = r["trainee"]
        writer.writerow(
            [
                t.username,
                t.get_full_name(),
                t.house.slug if t.house else "",
                r["attempts"],
                r["right"],
                "" if r["accuracy"] is None else round(r["accuracy"] * 100, 1),
                "" if r["median"] is None else round(r["median"], 2),
                r["last"].isoformat() if r["last"] else "",
                r["tests_passed"],
                r["tests_taken"],
                "; ".join(held.get(t.pk, ())),
            ]
        )
    return response


def certificates_held(trainees) -> dict[int, list[str]]:
    """Each trainee's certificates as the export writes them, newest first: the test, its
    status (valid, renewal due, expired, revoked) and the day it expires or expired
    ("Table games (expired 2028-11-05)")."""
    held: dict[int, list[str]] = {}
    certificates = Certificate.objects.filter(trainee__in=trainees).select_related(
        "sitting__assignment__test__house"
    )
    for c in certificates:
        until = c.expires_at.date().isoformat() if c.expires_at else "no expiry"
        words = f"{c.title} ({c.status}, {until})"
        held.setdefault(c.trainee_id, []).append(words)
    return held


@login_required
@reviewer_only
@require_GET
def attempts_csv(request, user_id):
    trainee = _reviewable(request, user_id)
    form = AttemptFilterForm(request.GET or None)
    attempts = _filtered_attempts(trainee, form).select_related("question")
    response, writer = _csv(f"attempts-{trainee.username}.csv")
    writer.writerow(ATTEMPT_COLUMNS)
    for a in attempts.order_by("answered_at", "pk").iterator(chunk_size=2000):
        q = a.question
        writer.writerow(
            [
                a.answered_at.isoformat(),
                a.game,
                a.kind,
                q.level,
                "yes" if q.in_chips else "no",
                q.situation,
                q.category,
                "yes" if a.is_correct else "no",
                round(a.response_ms / 1000, 2),
                _flat(a.answer),
                _flat(q.expected),
                q.pk,
                q.seed,
                q.paytable_version_id or "",
                TEST if a.sitting_id else PRACTICE,
                a.test_title or "",
            ]
        )
    return response


def _flat(answer: dict) -> str:
    return "; ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in sorted(answer.items())
    )
