"""The core app holds what the whole site shares: the admin site, the home page, the cards tag."""

from django.contrib import admin
from django.template import engines
from django.urls import resolve

from trainer.core.admin_site import AdminSite
from trainer.site import views


def test_the_admin_runs_on_the_sites_own_admin_site():
    assert isinstance(admin.site, AdminSite)


def test_the_home_page_is_the_core_view():
    assert resolve("/").func is views.home


def test_load_cards_finds_the_core_library():
    template = engines["django"].from_string('{% load cards %}{% cards "Qh Ts" %}')
    html = template.render({})
    assert 'aria-label="queen of hearts"' in html
    assert '<span class="rank" aria-hidden="true">10</span>' in html


def test_the_cards_tag_shows_what_is_not_cards_as_it_is():
    # a stored request may hold anything where cards belong (a number, a list, a mapping)
    template = engines["django"].from_string("{% load cards %}{% cards value %}")
    for value, shown in (
        (5, "5"),
        ([1, 2], "[1, 2]"),
        ("x", "x"),
        ({"1": 2}, "{&#39;1&#39;: 2}"),  # escaped by the felt's engine (Jinja2)
    ):
        assert template.render({"value": value}) == f'<span class="cards ">{shown}</span>'
