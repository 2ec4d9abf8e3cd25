"""A house's configuration over time: which paytables and house rules were in force when a
hand was dealt (an audit's `at`).

`HouseTimeline(house)` reads the house's activation history (`TableActivation`, written by
`services.activate`) and its rules history (`HouseRulesRecord`, written whenever its rules are
saved with a change) once; `at(when)` then answers from memory.  A hand with no `at` is ruled
with the house's active configuration.

A hand older than the history is ruled with the earliest of it: for each game, the table of
its first recorded activation, and the house rules first recorded.  The history starts when
the house was set up here, not when it started dealing: the table a house enters first is the
one it was dealing when it came, so it is the best evidence of the table in force before.  The
source text's table is a default the house may never have dealt, and the active table is the
furthest in time from an old hand (every change since would be applied to it).  The report
says so beside each version used ("the earliest recorded").  A game the house has never
activated a table for is ruled with the source text's table at any time.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_right
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext

from trainer.engine import EngineError
from trainer.engine.catalog import GAMES
from trainer.engine.house import HouseConfig, HouseRules

from .config import active_versions, house_rules_of, paytable_of
from .models import House, HouseRulesRecord, HouseRulesSettings, PaytableVersion, TableActivation


def version_label(version: PaytableVersion) -> str:
    """A version as a report names it: "Demo house · Mississippi Stud v3"."""
    return f"{version.house} · {version.get_game_display()} v{version.number}"


class HouseTimeline:
    """The house's tables and rules over time, read once."""

    def __init__(self, house: House) -> None:
        self.house = house
        versions = {
            v.pk: v
            for v in PaytableVersion.objects.filter(house=house)
            .select_related("house")
            .prefetch_related("rows")
        }
        self._tables = {pk: paytable_of(v) for pk, v in versions.items()}
        self._versions = versions
        #: game -> ([activation times], [version ids]), in time order
        self._activations: dict[str, tuple[list[datetime], list[int]]] = {}
        for game, at, version_id in (
            TableActivation.objects.filter(house=house)
            .order_by("at", "pk")
            .values_list("game", "at", "version_id")
        ):
            times, ids = self._activations.setdefault(game, ([], []))
            times.append(at)
            ids.append(version_id)
        self._active = {v.game: v.pk for v in active_versions(house.pk)}
        records = list(HouseRulesRecord.objects.filter(house=house).order_by("at", "pk"))
        self._rule_times = [r.at for r in records]
        self._rules = [(r.at, _rules_from(r.rules)) for r in records]
        self._current_rules = house_rules_of(HouseRulesSettings.objects.filter(house=house).first())
        self._configs: dict[tuple, tuple[HouseConfig, dict[str, str]]] = {}

    def at(self, when: datetime | None) -> tuple[HouseConfig, dict[str, str]]:
        """The configuration in force at `when` (None: now) and, per game, what was used: the
        table's version and the house rules' date, in words.  A time without a zone is read in
        the site's time zone."""
        if when is not None and timezone.is_naive(when):
            when = timezone.make_aware(when)
        tables: list[tuple[str, int, bool]] = []  # (game, version id, older than its history)
        for game in GAMES:
            version_id = self._active.get(game)
            older = False
            history = self._activations.get(game)
            if when is not None and history is not None:
                i = bisect_right(history[0], when)
                older = not i
                version_id = history[1][i - 1] if i else history[1][0]
            if version_id is not None and version_id in self._tables:
                tables.append((game, version_id, older))
        rules_at, rules_older = None, False
        if when is not None and self._rule_times:
            i = bisect_right(self._rule_times, when)
            rules_at, rules_older = (i - 1, False) if i else (0, True)
        key = (tuple(tables), rules_at, rules_older)
        found = self._configs.get(key)
        if found is None:
            found = self._configs[key] = self._config(tables, rules_at, rules_older)
        return found

    def _config(
        self, tables: list[tuple[str, int, bool]], rules_at: int | None, rules_older: bool
    ) -> tuple[HouseConfig, dict[str, str]]:
        if rules_at is None:
            rules, rules_words = self._current_rules, gettext("house rules as they are now")
        else:
            since, rules = self._rules[rules_at]
            local = timezone.localtime(since)
            when = f"{local:%Y-%m-%d %H:%M %Z}"
            if rules_older:
                rules_words = gettext("house rules of %(when)s, the earliest recorded")
            else:
                rules_words = gettext("house rules of %(when)s")
            rules_words %= {"when": when}
        config = HouseConfig({game: self._tables[pk] for game, pk, _ in tables}, rules)
        used = {game: (pk, older) for game, pk, older in tables}
        labels: dict[str, str] = {}
        for slug, entry in GAMES.items():
            if slug in used:
                pk, older = used[slug]
                table = version_label(self._versions[pk])
                if older:
                    table = gettext(
                        "%(table)s (the earliest recorded: the hand is older than the house's "
                        "history)"
                    ) % {"table": table}
            elif entry.pays_from_paytable:
                table = gettext("%(house)s · %(game)s, the standard table") % {
                    "house": self.house,
                    "game": entry.title,
                }
            else:
                table = str(self.house)
            labels[slug] = f"{table}, {rules_words}"
        return config, labels


def _rules_from(stored: dict) -> HouseRules:
    """A recorded set of house rules, read onto today's defaults: a rule added since the record
    takes its default, one since removed is ignored, so old records stay readable."""
    known = {f.name for f in dataclasses.fields(HouseRules)}
    try:
        return HouseRules(**{k: v for k, v in stored.items() if k in known})
    except (EngineError, TypeError):
        return HouseRules()
