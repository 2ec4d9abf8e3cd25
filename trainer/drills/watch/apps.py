from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WatchConfig(AppConfig):
    """Watch the game: the watch drills' own side of the site.  Those who watch a
    table (supervisors, games managers and the trainees a house promotes: the permission
    `watch.watch_the_game`, trainer.houses.roles) drill catching a mispay before the chips
    leave the table; a house turns an audit's mispaid hands into a set its floor team
    watches.  The drills themselves are ordinary drill kinds (trainer.engine.drills.watch),
    dealt, answered and scheduled as every drill is, so this app lives inside trainer.drills."""

    name = "trainer.drills.watch"
    label = "watch"
    verbose_name = _("Watch the game")

    def ready(self):
        from . import sets

        sets.register_mode()
