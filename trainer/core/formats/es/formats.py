"""Spanish as the casinos the site trains for write it: Django's Spanish formats
(`django.conf.locale.es.formats`: dates, decimals after a comma), with the thousands grouped by
a point, as Latin-American dealing courses and pay tables write an amount ("1.250", as
Django's es_AR and es_CO also do), not by the non-breaking space of Django's Spanish
(the Real Academia's recommendation), which a trainee cannot type into an answer."""

from django.conf.locale.es.formats import *  # noqa: F403

THOUSAND_SEPARATOR = "."
