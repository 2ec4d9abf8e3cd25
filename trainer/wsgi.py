"""WSGI entry point: `gunicorn trainer.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")

application = get_wsgi_application()

# Python's cycle collector looks at the newest objects after every 700 more have been made
# than freed; a drill page's answer holds a few thousand at once (its felts, its steps), so
# at 700 it ran several times an answer, walking objects still in use.  After 5,000 it runs
# about once in four answers (docs/operations.md, "The app servers").
gc.set_threshold(5000, 10, 10)
