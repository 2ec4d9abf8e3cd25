"""The pages each role walks: every named URL of the site, with the ids of things made here
as the site makes them (drill sessions at level 3, a test's sitting and result, a case, an
audit report), the docs, the admin index for the manager and the error pages; and the check
that no named URL is forgotten (`assert_every_page_is_walked`).  The accessibility walk
(tests/browser/test_accessibility.py) runs axe on them; the Spanish pages test
(tests/i18n/test_spanish_pages.py) reads them as a Spanish reader.

A new named URL is listed here: as a `Page` of the roles that see it, or in `NOT_PAGES` with
why it is not one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.audits.conftest import audited, log_text
from tests.desk.conftest import SMALL_DECK, store_sheet
from tests.factories import (
    AssessmentFactory,
    AssignmentFactory,
    right_answer,
)
from trainer.assessments import services as tests_services
from trainer.cases import services as cases_services
from trainer.drills import services as drill_services
from trainer.drills.watch import services as watch_services
from trainer.engine.catalog import paid_games
from trainer.houses.models import PaytableVersion
from trainer.roster import imports as roster_imports
from trainer.roster import services as roster
from trainer.rounds import services as round_services
from trainer.site.docs import DOCS

#: the roles whose walks cover the site
ROLES = ("anonymous", "trainee", "supervisor", "manager")

#: named URLs that are not pages a person visits: form posts, htmx fragments, downloads, the
#: JSON API, Django's password pages that only work with mail configured, and signing out
NOT_PAGES = {
    "api-rulings",  # JSON API
    "api-parsheet",  # JSON API
    "favicon",  # a redirect to the site's icon
    "people-import-template",  # a CSV file to download (tests/roster/test_import.py)
    "audits:example",  # an example log to download (tests/audits)
    "logout",  # POST only
    "set_language",  # POST only: the header's language switch, on every page
    "drills:start",
    "practice:start",  # POST only: Today's practice, Practise my mistakes
    "drills:next",
    "drills:end",
    "drills:answer",
    "assessments:start",
    "assessments:answer",
    "assessments:assign",
    "cases:save",
    "cases:add-note",
    "audits:status",  # the htmx fragment of the report page's status
    "people-import-status",  # the htmx fragment of an import's progress
    "audits:csv",
    "audits:costs-csv",  # a CSV file to download (tests/audits/test_costs.py)
    "audits:run-again",
    "audits:delete",  # its confirmation is the report page's form
    "audits:name-dealer",  # POST: the report's "this is …" form
    "audits:remove-name",  # POST: the log names page's form
    "progress:trainees-csv",
    "progress:attempts-csv",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "assessments:certificate-pdf",  # a PDF download
    "assessments:certificate-badge",  # an Open Badges credential to download
    "certification:personnel-file",  # CSV and PDF downloads (tests/certification)
    "certification:register-file",
    "desk:version-pdf",  # a PDF download (tests/desk/test_parsheet_page.py)
    "assessments:revoke",  # POST: its form is on the certificate page
    "assessments:allow-attempt",  # POST: its button is on the trainee's tests page
    "person-act",  # POST: the person page's buttons
    "roster:add-members",  # POST: the class page's forms
    "roster:assign",
    "roster:give",
    # the desk's POSTs and htmx fragments: the designer's panel (its states are checked in
    # tests/browser/test_desk.py), a sheet's state, Compute, a change of rules waiting
    "desk:design-game-preview",
    "desk:design-preview",
    "desk:sheet",
    "desk:compute",
    "desk:pending",
    "desk:decide",  # POST: the desk's buttons on an activation waiting
    "rounds:start",  # POST only: the rounds page's form
    "rounds:answer",
    "rounds:stop",
    "rounds:sitting-answer",
    "watch:start-today",  # POST: the watch page's buttons
    "watch:start-set",
    "audits:watch-set",  # POST: the audit report's form
    # the house's directory: the sign-in page's house form and the provider's round trip are
    # redirects (tests/browser/test_directory.py follows them); a token's issue and revoke
    # are the directory page's forms (its answer with the token: tests/directory)
    "directory:find-house",
    "directory:oidc-start",
    "directory:oidc-callback",
    "directory:issue-token",
    "directory:revoke-token",
    # SCIM 2.0: a JSON API for the directory's provisioning client (tests/directory)
    *(
        f"scim:{name}"
        for name in (
            "root",
            "search",
            "users-search",
            "users",
            "groups-search",
            "groups",
            "me",
            "service-provider-config",
            "resource-types",
            "schemas",
            "bulk",
        )
    ),
}


@dataclass(frozen=True)
class Page:
    label: str
    url_name: str  # the URL conf's name, for the coverage check ("" for none: 404)
    url: str
    shot: bool = False  # a layout the phone changes: walked and photographed at both sizes
    status: int = 200


def world(trainee, other_trainee, supervisor):
    """Things of the demo house made as the site makes them, for the pages with ids."""
    sessions = {
        kind: drill_services.start_session(trainee=trainee, kind=kind, level=3) for kind in ANSWERED
    }
    ended = drill_services.start_session(trainee=trainee, kind="cs-qualify", level=1)
    drill_services.end_session(trainee=trainee, session_id=ended.pk)
    test = AssessmentFactory(house=trainee.house, title="Qualify check", parts=[("cs-qualify", 2)])
    running = tests_services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=test, trainee=trainee).pk
    )
    other = AssessmentFactory(house=trainee.house, title="Hands", parts=[("hand-five", 1)])
    finished = tests_services.stop(
        trainee=other_trainee,
        sitting_id=tests_services.start_sitting(
            trainee=other_trainee,
            assignment_id=AssignmentFactory(test=other, trainee=other_trainee).pk,
        ).pk,
    )
    AssignmentFactory(test=other, trainee=trainee)  # waiting to be started
    case = cases_services.save_case(
        user=supervisor,
        request_text='{"game": "caribbean-stud", "house": "demo", "player": "2h 5h 9h Jh Kh",'
        ' "dealer": "Kc 9d 7s 4c 2s", "ante": 10, "action": "call"}',
        note="Player asked about the flush.",
        token="accessibility",
    ).case
    report = audited(trainee.house, supervisor, log_text())
    # the programme: a certification test the other trainee passed (so a certificate), a
    # class, a CSV import waiting for confirmation, a new trainee who has not yet chosen a password
    from tests.assessments.test_retakes_and_sections import build, take

    house = trainee.house
    certified = build(house, title="CS-101", certification=True)
    passed = take(
        other_trainee,
        AssignmentFactory(test=certified, trainee=other_trainee, assigned_by=supervisor),
        right=True,
    )
    # the certification: Caribbean Stud asks that test and a table test, which the supervisor
    # has signed for the other trainee (so a certificate of the game)
    from trainer.certification.models import Requirement
    from trainer.certification.services import sign_table_test

    requirement = Requirement.objects.create(
        house=house, game="caribbean-stud", test=certified, practice_hours=0,
        renewal_test=build(house, title="Refresher"), house_points="Checks the shoe",
    )  # fmt: skip
    table_test = sign_table_test(
        requirement=requirement, dealer=other_trainee, supervisor=supervisor, table="CS 3",
        judged=[{"met": True, "comment": "Clean"}] * len(requirement.points()), passed=True,
    )  # fmt: skip
    cohort = roster.create_class(
        actor=supervisor, house=house, name="Autumn intake", starts_on=date(2026, 9, 1),
        trainees=[trainee, other_trainee],
    )  # fmt: skip
    _, staged = roster_imports.stage_import(
        actor=supervisor, house=house, filename="intake.csv", data=b"username\nnew-ada\n"
    )
    fresh = roster.add_trainee(actor=supervisor, house=house, username="new-fred")
    tried = drill_services.start_session(trainee=supervisor, kind="ms-pay", level=3)
    # the rounds: a round with its first step missed (its feedback beside the next step), one
    # stopped (its summary), and a test's round on the table
    from tests.rounds.conftest import answer as answer_step
    from tests.rounds.conftest import deal, steps

    dealt = deal(trainee, "caribbean-stud", players=5, level=3)
    first = steps(dealt)[0]
    answer_step(trainee, first, {**right_answer(first.question), "where": "dealer"})
    done = deal(trainee, "mississippi-gonorrhea", players=4, level=2)
    for row in steps(done)[:2]:
        answer_step(trainee, row)
    round_services.stop_round(trainee=trainee, round_id=done.pk)
    rounds_test = AssessmentFactory(
        house=trainee.house, title="Deal the round", parts=[("round:english-stud", 1)]
    )
    round_sitting = tests_services.start_sitting(
        trainee=trainee, assignment_id=AssignmentFactory(test=rounds_test, trainee=trainee).pk
    )
    # the watch drills: the supervisor watches the game, a full table in colour and a split pot, and
    # the house has a watch set of the audit's mispaid hands
    watched = {
        kind: drill_services.start_session(trainee=supervisor, kind=kind, level=level)
        for kind, level in WATCHED.items()
    }
    watch_services.make_set(
        house=house,
        by=supervisor,
        title="Last shift's mispays",
        lines=[line.request for line in report.lines.all()],
    )
    # the active Caribbean Stud table's par sheet, over a reduced deck: its version page then
    # shows the whole sheet (every outcome, the money form) as the phone must lay it out
    sheet = store_sheet(
        PaytableVersion.objects.get(house=house, game="caribbean-stud", is_active=True),
        deck=SMALL_DECK,
    )
    return {
        "sheet": sheet,
        "round": dealt,
        "round_done": done,
        "round_sitting": round_sitting,
        "watched": watched,
        "certificate": passed.certificate,
        "table_test": table_test,
        "cohort": cohort,
        "staged": staged,
        "fresh": fresh,
        "tried": tried,
        "sessions": sessions,
        "ended": ended,
        "test": test,
        "running": running,
        "finished": finished,
        "case": case,
        "report": report,
        "trainee": trainee,
        "other_trainee": other_trainee,
        "supervisor": supervisor,
    }


def docs(role: str) -> list[Page]:
    readable = [d for d in DOCS.values() if role != "trainee" or d.for_trainees]
    return [Page("docs", "docs:index", reverse("docs:index"))] + [
        Page(f"doc {d.slug}", "docs:page", reverse("docs:page", args=[d.slug])) for d in readable
    ]


def placards() -> list[Page]:
    return [
        Page(
            f"placard {g.slug}",
            "placard",
            reverse("placard", args=[g.slug]),
            shot=n == 0,  # the house rules' grid, which the phone stacks
        )
        for n, g in enumerate(paid_games())
    ]


def staff_pages(w) -> list[Page]:
    case, report = w["case"], w["report"]
    return [
        Page("drills (trying out)", "drills:index", reverse("drills:index")),
        Page("rule check", "rule-check", reverse("rule-check"), shot=True),
        Page("cases", "cases:index", reverse("cases:index"), shot=True),
        Page(
            "case",
            "cases:detail",
            reverse("cases:detail", args=[case.house.slug, case.number]),
            shot=True,
        ),
        Page("audits", "audits:index", reverse("audits:index")),
        Page("audit report", "audits:report", reverse("audits:report", args=[report.pk]), True),
        Page("audit line", "audits:line", reverse("audits:line", args=[report.pk, 1])),
        Page("log names", "audits:names", reverse("audits:names")),
        Page("audit record", "audits:record", reverse("audits:record", args=[w["trainee"].pk])),
        Page("mispay costs", "audits:costs", reverse("audits:costs")),
        Page(
            "mispay cost lines",
            "audits:cost-lines",
            reverse("audits:cost-lines") + "?group=situation&key=",
        ),
        Page("people", "people", reverse("people")),
        Page("set password", "set-password", reverse("set-password", args=[w["trainee"].pk])),
        *password_pages(),
    ]


def password_pages() -> list[Page]:
    """Changing one's own password, in the site's look (once Django admin's pages)."""
    return [
        Page("change password", "password_change", reverse("password_change"), shot=True),
        Page("password changed", "password_change_done", reverse("password_change_done")),
        # one's own settings: the language
        Page("settings", "account-settings", reverse("account-settings")),
    ]


def pages_of(role: str, w) -> list[Page]:
    missing = Page("404", "", "/no-such-page/", shot=True, status=404)
    if role == "anonymous":
        return [
            Page("home", "home", reverse("home"), shot=True),
            Page("sign in", "login", reverse("login"), shot=True),
            Page(
                "verify a certificate",
                "assessments:verify-form",
                reverse("assessments:verify-form"),
            ),
            Page(
                "certificate check",
                "assessments:verify",
                reverse("assessments:verify", args=[w["certificate"].code]),
                shot=True,
            ),
            # without mail configured (as here), the page that says whom to ask
            Page("password reset", "password_reset", reverse("password_reset"), status=404),
            Page(
                "a house's sign-in",
                "directory:sign-in",
                reverse("directory:sign-in", args=[w["trainee"].house.slug]),
            ),
            missing,
        ]
    home = Page("landing", "home", reverse("home"), shot=True)
    if role == "trainee":
        return [
            home,
            Page("drills", "drills:index", reverse("drills:index"), shot=True),
            # the drill pages themselves: tests/browser/test_felt.py checks each at its highest
            # level on both screens; answered wrong (its review), below
            Page(
                "drill summary", "drills:summary", reverse("drills:summary", args=[w["ended"].pk])
            ),
            Page("tests", "assessments:index", reverse("assessments:index"), shot=True),
            Page(
                "sitting",
                "assessments:sitting",
                reverse("assessments:sitting", args=[w["running"].pk]),
                shot=True,
            ),
            Page(
                "finish a test now?",
                "assessments:finish",
                reverse("assessments:finish", args=[w["running"].pk]),
            ),
            Page("rounds", "rounds:index", reverse("rounds:index"), shot=True),
            Page("round", "rounds:round", reverse("rounds:round", args=[w["round"].pk]), True),
            Page(
                "round summary",
                "rounds:summary",
                reverse("rounds:summary", args=[w["round_done"].pk]),
                shot=True,
            ),
            Page(
                "round in a test",
                "rounds:sitting",
                reverse("rounds:sitting", args=[w["round_sitting"].pk]),
            ),
            Page("my progress", "progress:mine", reverse("progress:mine"), shot=True),
            Page(
                "my skills of a game",
                "progress:mine-skills",
                reverse("progress:mine-skills", args=["mississippi-stud"]),
                shot=True,  # the skill summary, a table the phone lays out as lines
            ),
            Page("my practice by drill", "progress:mine-drills", reverse("progress:mine-drills")),
            Page("my mistakes", "progress:mine-mistakes", reverse("progress:mine-mistakes")),
            Page("my notices", "assessments:notices", reverse("assessments:notices")),
            Page("my certification", "certification:index", reverse("certification:index")),
            *password_pages(),
            Page(
                "placard of a question",
                "drills:placard",
                reverse(
                    "drills:placard",
                    args=[drill_services.current_question(w["sessions"]["ms-pay"]).pk],
                ),
            ),
            *placards(),
            # the desk is closed during a test: the page that says so
            Page("rule check (closed)", "rule-check", reverse("rule-check"), status=403),
            # the docs index lists fewer docs for a trainee; the docs themselves are the
            # supervisor's walk
            *docs(role)[:1],
            Page("403", "", reverse("cases:index"), shot=True, status=403),
            missing,
        ]
    trainee, finished = w["trainee"], w["finished"]
    if role == "supervisor":
        return [
            home,
            Page("trainees", "progress:trainees", reverse("progress:trainees"), shot=True),
            Page("trainee", "progress:trainee", reverse("progress:trainee", args=[trainee.pk])),
            Page(
                "trainee's skills of a game",
                "progress:trainee-skills",
                reverse("progress:trainee-skills", args=[trainee.pk, "mississippi-stud"]),
            ),
            *[
                Page(
                    f"trainee's {d}",
                    f"progress:trainee-{d}",
                    reverse(f"progress:trainee-{d}", args=[trainee.pk]),
                )
                for d in ("drills", "mistakes", "answers")
            ],
            Page(
                "trainee's rounds", "rounds:trainee", reverse("rounds:trainee", args=[trainee.pk])
            ),
            Page("analysis", "progress:analysis", reverse("progress:analysis")),
            Page("manage tests", "assessments:manage", reverse("assessments:manage"), shot=True),
            Page("build a test", "assessments:build", reverse("assessments:build"), shot=True),
            Page("test", "assessments:test", reverse("assessments:test", args=[w["test"].pk])),
            Page(
                "trainee's tests",
                "assessments:trainee",
                reverse("assessments:trainee", args=[trainee.pk]),
            ),
            Page(
                "sitting review",
                "assessments:review",
                reverse("assessments:review", args=[finished.pk]),
            ),
            Page("person", "person", reverse("person", args=[trainee.pk]), shot=True),
            Page("add a trainee", "person-add", reverse("person-add")),
            Page("import trainees", "people-import", reverse("people-import")),
            Page(
                "import preview",
                "people-import-confirm",
                reverse("people-import-confirm", args=[w["staged"].pk]),
                shot=True,
            ),
            Page("classes", "roster:classes", reverse("roster:classes")),
            Page("new class", "roster:new-class", reverse("roster:new-class")),
            Page("class", "roster:class", reverse("roster:class", args=[w["cohort"].pk]), True),
            Page(
                "certificate",
                "assessments:certificate",
                reverse("assessments:certificate", args=[w["certificate"].pk]),
                shot=True,
            ),
            Page("certification", "certification:index", reverse("certification:index")),
            Page("register", "certification:register", reverse("certification:register")),
            Page(
                "dealer's certification",
                "certification:dealer",
                reverse("certification:dealer", args=[w["other_trainee"].pk]),
            ),
            Page(
                "table test",
                "certification:judge",
                reverse("certification:judge", args=[trainee.pk, "caribbean-stud"]),
                shot=True,  # beside the table, on a tablet or a phone
            ),
            Page(
                "signed table test",
                "certification:table-test",
                reverse("certification:table-test", args=[w["table_test"].pk]),
                shot=True,
            ),
            Page(
                "game certificate",
                "assessments:certificate",
                reverse(
                    "assessments:certificate",
                    args=[w["table_test"].dealer.certificates.get(game="caribbean-stud").pk],
                ),
            ),
            Page(
                "drill tried (supervisor)",
                "drills:session",
                reverse("drills:session", args=[w["tried"].pk]),
            ),
            Page("watch the game", "watch:index", reverse("watch:index"), shot=True),
            *[
                Page(
                    f"watch {kind}",
                    "drills:session",
                    reverse("drills:session", args=[session.pk]),
                    shot=True,
                )
                for kind, session in w["watched"].items()
            ],
            *staff_pages(w),
            *docs(role),
            missing,
        ]
    assert role == "manager"
    return [
        home,
        Page("supervisor's page", "person", reverse("person", args=[w["supervisor"].pk])),
        Page("add staff", "person-add-staff", reverse("person-add-staff")),
        Page("what certifies", "certification:define", reverse("certification:define")),
        Page(
            "what certifies in a game",
            "certification:define-game",
            reverse("certification:define-game", args=["caribbean-stud"]),
        ),
        # the staff pages and the docs are the supervisor's walk: the same pages under
        # another header, which the manager's landing page checks
        *desk_pages(w),
        Page("directory and sign-in", "directory:manage", reverse("directory:manage"), True),
        Page("provisioning log", "directory:log", reverse("directory:log")),
        Page("admin", "admin:index", reverse("admin:index"), shot=True),
        missing,
    ]


def desk_pages(w) -> list[Page]:
    """The games manager's desk: its tables, the designer (from a game and from a version), a
    version, its activation (the sheet queued, followed), the house rules, chips, pace."""
    house = w["trainee"].house
    active = PaytableVersion.objects.get(house=house, game="caribbean-stud", is_active=True)
    draft = PaytableVersion.objects.get(house=house, game="caribbean-stud", number=2)
    return [
        Page("desk", "desk:home", reverse("desk:home"), shot=True),
        Page(
            "designer",
            "desk:design-game",
            reverse("desk:design-game", args=["mississippi-stud"]),
            shot=True,
        ),
        Page("designer from a version", "desk:design", reverse("desk:design", args=[draft.pk])),
        Page("version", "desk:version", reverse("desk:version", args=[active.pk]), shot=True),
        Page("activate", "desk:activate", reverse("desk:activate", args=[draft.pk]), True),
        Page("house rules", "desk:rules", reverse("desk:rules"), shot=True),
        Page("chips", "desk:chips", reverse("desk:chips")),
        Page("pace targets", "desk:pace", reverse("desk:pace")),
        Page("the house's settings", "desk:house", reverse("desk:house")),
    ]


#: drills whose page is also checked once answered: the multi-seat ones
ANSWERED = ("ms-pay", "cs-settle", "mg-split")
#: the watch drills a supervisor's walk shows, at a level each: a full table in colour, a pot
WATCHED = {"watch-caribbean-stud": 3, "watch-mississippi-gonorrhea": 2}


def named_routes() -> set[str]:
    """Every named URL of the site outside the admin (whose index alone is walked)."""
    found = set()

    def visit(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace == "admin":
                    continue
                inner = f"{namespace}{p.namespace}:" if p.namespace else namespace
                visit(p.url_patterns, inner)
            elif isinstance(p, URLPattern) and p.name:
                found.add(namespace + p.name)

    visit(get_resolver().url_patterns, "")
    return found


def assert_every_page_is_walked(w) -> None:
    """Every named URL is walked by some role, or is listed as not a page, with its reason.
    Checked at the start of the walk, with its world (building one is seconds of CPU)."""
    # walked by the trainee who sat the test, and by a new trainee at first sign-in (above)
    walked = {"assessments:result", "first-password"}
    for role in ROLES:
        walked |= {p.url_name for p in pages_of(role, w) if p.url_name}
    forgotten = named_routes() - NOT_PAGES - walked
    assert not forgotten, f"named URLs neither walked nor in NOT_PAGES: {sorted(forgotten)}"
    both = NOT_PAGES & walked
    assert not both, f"walked and also listed as not pages: {sorted(both)}"
