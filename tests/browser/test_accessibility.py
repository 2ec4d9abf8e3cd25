"""axe-core on every page each role can reach on a laptop, and every page a phone lays out
differently checked on a phone for what its narrower screen changes.

Each role (anonymous, trainee, supervisor, games manager) signs in and visits every page it
can reach: the pages of the URL conf (`PAGES` below names each; `assert_every_page_is_walked`
checks none is forgotten) with ids of things made here as the site makes them (drill
sessions at level 3, a test's sitting and result, a case, an audit report),
the docs, the admin index for the manager, the error pages.  axe (axe-playwright-python, which
ships axe.min.js: nothing is downloaded) runs on each, and any violation of impact serious or
critical fails the test, listed as page, size, rule, impact and the elements' selectors.

Each page is checked by axe once, on the laptop, whichever roles see it (each still loads
it, with the status it must answer that role): the same page under another role's header
differs only by the header, which axe checks on each role's landing page.  The phone's walk of a
role uses the laptop's sign-in of it (the same session's cookies), not a sign-in of its own.

The phone is walked only over the pages that stand for a layout the phone's narrower screen
changes (the header and navigation, the felt, wide tables, the
designer, the house rules, a drill's review), for what that changes: no page wider than the
screen (a wide table scrolls in a box of its own).  axe's rules read the page's elements,
names and colours, which a narrower screen does not change; walked with axe on the phone too,
the walk never found a violation the laptop's had not (and cost 46 more axe runs).  The same
template at the same width lays out the same way, so walking every page twice found nothing
the second walk adds.  A page seen by
several roles (the docs, the placards, the staff pages) is walked by one of them; each role's
own header is checked on its landing page.  Every dealer's drill is checked by
tests/browser/test_felt.py at its highest level (the fullest felt) on both screens, asked and
answered; the walk here opens the drills whose review it checks answered wrong.

With `SCREENSHOTS=dir` set, the phone's pages are also photographed at both sizes into it, for
a reviewer to look at.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.audits.conftest import audited, log_text
from tests.browser.conftest import PHONE, screenshot, sign_in
from tests.browser.test_drills import DEALERS_DRILLS, fill
from tests.desk.conftest import SMALL_DECK, store_sheet
from tests.factories import (
    PASSWORD,
    AssessmentFactory,
    AssignmentFactory,
    right_answer,
    wrong_answer,
)
from trainer.assessments import services as tests_services
from trainer.cases import services as cases_services
from trainer.drills import services as drill_services
from trainer.drills.watch import services as watch_services
from trainer.engine.catalog import paid_games
from trainer.engine.drills import REGISTRY
from trainer.houses.models import PaytableVersion
from trainer.roster import imports as roster_imports
from trainer.roster import services as roster
from trainer.rounds import services as round_services
from trainer.site.docs import DOCS

# transactional: the live server answers from another thread
pytestmark = pytest.mark.django_db(transaction=True)

#: the impacts that fail (AXE_IMPACTS=minor,moderate,serious,critical to see every finding)
FAILING_IMPACTS = tuple(os.environ.get("AXE_IMPACTS", "serious,critical").split(","))
SIZES = ("page", "phone")  # the conftest's fixtures: 1280x720 desktop, 390x844 phone
DESKTOP = {"width": 1366, "height": 768}

#: Violations on pages whose templates belong to other parts of the work (the drill page,
#: the tests, progress, rulings, registration): (page label, axe rule id) -> what to do.
#: Left out of the failure so the rest stays checked; the lead fixes each in its template and
#: removes its entry here (the list should end up empty).
KNOWN_ELSEWHERE: dict[tuple[str, str], str] = {}

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

USERS = {"trainee": "trainee-tina", "supervisor": "super-sue", "manager": "manager-max"}


#: axe's options without its colour-contrast rule
NO_CONTRAST = {"resultTypes": ["violations"], "rules": {"color-contrast": {"enabled": False}}}


def violations(page, label: str, size: str, *, contrast: bool = True) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page) if contrast else Axe().run(page, options=NO_CONTRAST)
    found = []
    for v in results.response["violations"]:
        if v["impact"] not in FAILING_IMPACTS or (label, v["id"]) in KNOWN_ELSEWHERE:
            continue
        targets = "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:5])
        more = f" (and {len(v['nodes']) - 5} more)" if len(v["nodes"]) > 5 else ""
        found.append(
            f"{label} [{size}] {page.url}: {v['id']} ({v['impact']}) {v['help']}: {targets}{more}"
        )
    return found


#: the outermost elements poking out past the screen's right edge, for the failure's message
WIDEST = """() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")]
    .map(e => [e, e.getBoundingClientRect().right])
    .filter(([e, r]) => r > w + 1 && e.parentElement.getBoundingClientRect().right <= w + 1)
    .filter(([e]) => {  // not what scrolls in a box of its own (the menu, a wide table)
      for (let a = e.parentElement; a && !a.matches("main, body"); a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible") return false;
      return true;
    })
    .sort((a, b) => b[1] - a[1]).slice(0, 3)
    .map(([e, r]) => {
      const classes = typeof e.className === "string" ? e.className.trim() : "";
      return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
        + (classes ? "." + classes.split(/\\s+/).join(".") : "") + ` ${Math.round(r)}px`;
    });
}"""


def overflow(page, label: str) -> list[str]:
    """The page scrolls sideways on the phone: wider than its screen (a wide table belongs in
    a box of its own that scrolls, not the page)."""
    # the page's own width, and its content's: on a narrow screen <main> scrolls sideways
    # rather than the page (a last resort in site.css), which is a sideways scroll all the same
    width = page.evaluate(
        "() => { const m = document.querySelector('main') || document.documentElement;"
        " return Math.max(document.documentElement.scrollWidth,"
        " m.scrollWidth - m.clientWidth + innerWidth); }"
    )
    if width <= PHONE["width"]:
        return []
    return [f"{label} [phone] {page.url}: {width} px wide: {', '.join(page.evaluate(WIDEST))}"]


def walk(page, size: str, role: str, pages: list[Page], checked: set[str]) -> list[str]:
    """Each page at one size, each answering with its status for the role.  axe runs on the
    laptop only (the phone's narrower screen lays the same elements out in the same colours),
    once per page (by its label: the same page under another role's header is the same page
    but for the header, which axe checks on each role's landing page); colour contrast, most
    of axe's time, once per page however many roles' landing pages (the same header's
    colours)."""
    problems = []
    if size == "page":
        page.set_viewport_size(DESKTOP)
    for p in pages:
        response = page.goto(p.url)
        assert response is not None, p
        page.wait_for_load_state("load")
        assert response.status == p.status, (p, response.status)
        if size == "page" and (p.label not in checked or p.label == "landing"):
            problems += violations(page, p.label, size, contrast=p.label not in checked)
            checked.add(p.label)
        if size == "phone":
            problems += overflow(page, p.label)
        if p.shot:
            name = f"{role}-{p.label.replace(' ', '-')}-{'desktop' if size == 'page' else 'phone'}"
            screenshot(page, f"{name}.png", full_page=True)
    return problems


def answered(page, size: str, sessions, label: str) -> list[str]:
    """The drill page once answered (wrong, so the review marks wrong fields), by the page;
    on the phone the first of them only (the review lays out alike for every drill)."""
    problems = []
    for kind, session in list(sessions.items())[: 1 if size == "phone" else None]:
        page.goto(reverse("drills:session", args=[session.pk]))
        question = drill_services.current_question(session)
        fill(page, question, wrong_answer(question))
        page.click("form.answer-form button[type=submit]")
        page.wait_for_selector(".feedback")
        name = label.format(kind=kind)
        problems += violations(page, name, size) if size == "page" else overflow(page, name)
    return problems


def signed_in(page, username: str, password: str, sessions: dict) -> None:
    """The page signed in as `username`, and no one else: through the sign-in form the first
    time (the laptop's walk), then with that sign-in's cookies (the phone's walk of the same
    role: the same session, not a second sign-in; the sign-in page itself is walked on both
    screens, signed out)."""
    page.context.clear_cookies()
    if username in sessions:
        page.context.add_cookies(sessions[username])
        return
    sign_in(page, username, password)
    sessions[username] = page.context.cookies()


def walk_as(page, size: str, role: str, w, checked: set[str], sessions: dict) -> list[str]:
    """One role's walk at one size: on the phone, the pages whose layout it changes."""
    pages = [p for p in pages_of(role, w) if size == "page" or p.shot]
    if role != "anonymous":
        signed_in(page, USERS[role], PASSWORD, sessions)
    problems = walk(page, size, role, pages, checked)
    if role == "trainee":
        problems += answered(
            page, size, {k: w["sessions"][k] for k in ANSWERED}, "drill {kind} level 3 answered"
        )
        # the other trainee's finished test, as they see its result
        signed_in(page, "trainee-otto", PASSWORD, sessions)
        result = Page(
            "result",
            "assessments:result",
            reverse("assessments:result", args=[w["finished"].pk]),
            shot=True,
        )
        certificate = Page(
            "own certificate",
            "assessments:certificate",
            reverse("assessments:certificate", args=[w["certificate"].pk]),
        )
        problems += walk(
            page,
            size,
            role,
            [p for p in (result, certificate) if size == "page" or p.shot],
            checked,
        )
        # a new trainee's first sign-in: the page that makes them choose their own password
        signed_in(page, "new-fred", w["fresh"].password, sessions)
        first = Page("first password", "first-password", reverse("first-password"), shot=True)
        problems += walk(page, size, role, [first], checked)
    if role == "supervisor":
        # a watch round answered (wrong: the review marks the positions missed)
        problems += answered(page, size, w["watched"], "watch {kind} answered")
    return problems


ROLES = ("anonymous", "trainee", "supervisor", "manager")


@pytest.mark.slow
def test_every_page_of_every_role_passes_axe(
    live_server, page, phone, trainee, other_trainee, supervisor, manager
):
    # live_server named here: its settings (ALLOWED_HOSTS) are made for the tests that ask.
    # One world for every role and both sizes (building it is a good part of a walk's cost):
    # each role walks the laptop, then the phone, over the same things, signed in afresh.
    w = world(trainee, other_trainee, supervisor)
    assert_every_page_is_walked(w)
    problems = []
    checked: set[str] = set()  # the pages axe has checked
    sessions: dict = {}  # each user's sign-in on the laptop, for the phone
    for role in ROLES:
        for screen, size in ((page, "page"), (phone, "phone")):
            screen.context.clear_cookies()
            found = walk_as(screen, size, role, w, checked, sessions)
            problems += [f"{role}: {p}" for p in found]
    assert not problems, (
        "axe found serious or critical violations, or pages wider than the phone:\n"
        + "\n".join(problems)
    )


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
    assert named_routes() - NOT_PAGES - walked == set()
    assert not NOT_PAGES & walked


# --- the keyboard and the layout -------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_skip_link_comes_first_and_leads_to_the_content(request, live_server, size):
    page = request.getfixturevalue(size)
    page.goto("/")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert focused == "skip-link"
    box = page.locator(".skip-link").bounding_box()
    assert box is not None and box["y"] >= 0  # shown on the screen once it has the focus
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_focus_is_always_visible(page, trainee):
    sign_in(page, USERS["trainee"], PASSWORD)
    page.set_viewport_size(DESKTOP)
    page.goto(reverse("drills:index"))
    selectors = (
        "main select",
        "main button[type=submit]",
        "#language-switch",
        "a.brand",
        "summary",
    )
    for selector in selectors:
        page.locator(selector).first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # by the keyboard, so :focus-visible applies
        style = page.evaluate(
            "() => { const s = getComputedStyle(document.activeElement);"
            " return [s.outlineStyle, s.outlineWidth]; }"
        )
        assert style[0] != "none" and style[1] != "0px", (selector, style)


def test_the_drills_index_fits_a_laptop_screen(page, trainee):
    """Every drill with its level and start together, in a grid: the whole list in well under
    two screens of a 1366x768 laptop (it was 4,000 px of one drill under another)."""
    for kind in list(REGISTRY)[:5]:  # recent sessions listed too
        drill_services.start_session(trainee=trainee, kind=kind, level=1)
    sign_in(page, USERS["trainee"], PASSWORD)
    page.set_viewport_size(DESKTOP)
    page.goto(reverse("drills:index"))
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 2 * DESKTOP["height"], height
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    cards = page.locator(".drill-grid .drill-card")  # the picked-for-you cards above aside
    assert cards.count() == len(DEALERS_DRILLS)  # a trainee not promoted: no watch drill
    for n in range(cards.count()):
        card = cards.nth(n)
        select, start = card.locator("select").bounding_box(), card.locator("button").bounding_box()
        assert start["y"] - (select["y"] + select["height"]) < 60  # next to each other


def test_no_page_is_wider_than_a_phone(phone, trainee):
    """Text wraps between words and wide tables scroll in their own box: the page itself
    never scrolls sideways on a 390 px phone."""
    from tests.rounds.conftest import deal

    played = deal(trainee, "mississippi-stud", players=6, level=3)  # a full layout
    sign_in(phone, USERS["trainee"], PASSWORD)
    for url in (
        reverse("home"),
        reverse("drills:index"),
        reverse("rounds:round", args=[played.pk]),
        "/no-such-page/",
    ):
        phone.goto(url)
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
