"""The site's own number and date formats where they differ from Django's
(settings.FORMAT_MODULE_PATH): `<language>/formats.py`, each starting from Django's own.  A
language with no folder here is written exactly as Django's formats write it."""
