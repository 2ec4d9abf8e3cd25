"""Signals the whole site shares."""

from django.dispatch import Signal

#: Sent by the task worker (`manage.py parsheet_worker`) when it starts and every
#: `--sweep-every` seconds.  Each app whose tasks hold a lease connects a receiver that queues
#: again what a dead worker left (its work "running" with no heartbeat) and returns the list
#: of what it queued again, each with a `str()` for the worker's log.  An app may also finish
#: here what time alone ends (a test sitting whose deadline passed), returning nothing.
worker_sweep = Signal()

#: Sent (by `trainer.roster.services.set_employee_number`, within its transaction) when a
#: person's employee number changes, with `person`, `old` and `new` (either may be ""): the
#: shift audit links the lines its logs wrote by the new number to them, and unlinks those
#: written by the old one (`trainer.audits.signals`).
employee_number_changed = Signal()

#: sent by trainer.assessments once a sitting of a test is scored, with `sitting` (finished);
#: an app above (trainer.certification) issues what a passed sitting completes
sitting_finished = Signal()
