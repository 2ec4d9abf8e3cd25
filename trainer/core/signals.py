"""Signals the whole site shares."""

from django.dispatch import Signal

#: Sent by the task worker (`manage.py parsheet_worker`) when it starts and every
#: `--sweep-every` seconds.  Each app whose tasks hold a lease connects a receiver that queues
#: again what a dead worker left (its work "running" with no heartbeat) and returns the list
#: of what it queued again, each with a `str()` for the worker's log.  An app may also finish
#: here what time alone ends (a test sitting whose deadline passed), returning nothing.
worker_sweep = Signal()
