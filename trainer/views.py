from django.shortcuts import render

from .engine import Category


def home(request):
    """What the site is, and where each kind of user goes from here."""
    return render(request, "home.html", {"categories": list(Category)})
