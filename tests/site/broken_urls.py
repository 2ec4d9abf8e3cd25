"""The site's URLs and two views that fail, for the 500 and 503 pages' tests."""

from django.db import OperationalError
from django.urls import path

from trainer.site.urls import urlpatterns as site_urlpatterns


def broken(request):
    raise RuntimeError("a bug, on purpose")


def database_lost(request):
    raise OperationalError("terminating connection due to administrator command")


urlpatterns = [
    *site_urlpatterns,
    path("broken/", broken),
    path("database-lost/", database_lost),
]
