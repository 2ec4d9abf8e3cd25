"""The site's URLs (ROOT_URLCONF): the home page and the docs here, every app's pages under it."""

from django.contrib import admin
from django.urls import include, path

from . import docs, languages, views

docs_urls = (
    [
        path("", docs.index, name="index"),
        path("<slug:name>/", docs.page, name="page"),
    ],
    "docs",
)

urlpatterns = [
    path("", views.home, name="home"),
    path("docs/", include(docs_urls)),
    path("", include("trainer.rulings.urls")),
    # the printable placard of each game
    path("", include("trainer.drills.placard_urls")),
    path("drills/", include("trainer.drills.urls")),
    # Today's practice and Practise my mistakes
    path("practice/", include("trainer.drills.practice_urls")),
    # watch the game: the watch drills, Today's watch, sets from audits
    path("watch/", include("trainer.drills.watch.urls")),
    path("tests/", include("trainer.assessments.urls")),
    path("certification/", include("trainer.certification.urls")),
    # dealing the round, step by step against the game's pace
    path("rounds/", include("trainer.rounds.urls")),
    path("progress/", include("trainer.progress.urls")),
    path("cases/", include("trainer.cases.urls")),
    path("audits/", include("trainer.audits.urls")),
    # the games manager's desk: tables, the paytable designer, house rules
    path("desk/", include("trainer.desk.urls")),
    # a version's par sheet as JSON, with a manager's figures (docs/api.md, *Par sheets*)
    path("", include("trainer.desk.api_urls")),
    # classes of trainees (trainer.roster; their pages trainer.progress.classes; the People
    # pages are under accounts/people/)
    path("classes/", include("trainer.progress.class_urls")),
    path("accounts/", include("trainer.site.account_urls")),
    # the house's directory: its settings, group map, SCIM tokens and log (games managers),
    # and the house's own sign-in page with its identity provider
    path("directory/", include("trainer.directory.urls")),
    # SCIM 2.0 provisioning (django-scim2), each house behind its own bearer tokens
    path("scim/v2/", include("django_scim.urls", namespace="scim")),
    # the header's language switch: Django's set_language, kept on a signed-in user's account
    path("i18n/setlang/", languages.set_language, name="set_language"),
    path("admin/", admin.site.urls),
    # browsers ask for /favicon.ico on pages that name no icon (the admin's, a PDF's)
    path("favicon.ico", views.favicon, name="favicon"),
]

# a request that lost the database answers 503 in words, any other error the 500 page
handler500 = "trainer.core.outage.server_error"
