"""The site's URLs and one view that fails, for the 500 page's test."""

from django.urls import path

from trainer.site.urls import urlpatterns as site_urlpatterns


def broken(request):
    raise RuntimeError("a bug, on purpose")


urlpatterns = [*site_urlpatterns, path("broken/", broken)]
