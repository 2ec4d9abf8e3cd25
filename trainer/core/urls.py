from django.urls import include, path

from . import docs, views

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
]
