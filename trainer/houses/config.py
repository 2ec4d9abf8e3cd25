"""The one conversion from the houses' rows to the engine's paytable and house-rules types.
Nothing else reads the rows."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.core.cache import caches

from trainer.engine.house import HouseConfig, HouseRules
from trainer.engine.paytables import ACE, Band, Odds, Paytable

from .models import House, HouseRulesSettings, PaytableVersion


def paytable_of(version: PaytableVersion, rows=None) -> Paytable:
    """The engine's paytable for a version (`rows`: unsaved rows, for a preview)."""
    rows = list(version.rows.all()) if rows is None else rows
    pair_band = push_band = None
    if version.pair_band_low is not None:
        pair_band = Band(version.pair_band_low, ACE)
    if version.push_band_low is not None and version.push_band_high is not None:
        push_band = Band(version.push_band_low, version.push_band_high)
    return Paytable(
        f"{version.house} v{version.number}: {version.label}" if version.number else version.label,
        tuple((row.engine_category, Odds(row.win, row.to)) for row in rows),
        pair_band=pair_band,
        push_band=push_band,
        bet_unit=version.bet_unit,
    )


def house_rules_of(settings: HouseRulesSettings | None) -> HouseRules:
    """The engine's house rules for a house's settings row (RULES.md's defaults without one):
    every field of `HouseRules` is a column of the same name."""
    if settings is None:
        return HouseRules()
    return HouseRules(**{f.name: getattr(settings, f.name) for f in dataclasses.fields(HouseRules)})


def active_versions(house: House | int) -> list[PaytableVersion]:
    """The house's active versions with their rows and house (paytable_of names the house)."""
    return list(
        PaytableVersion.objects.active()
        .filter(house=house)
        .select_related("house")
        .prefetch_related("rows")
    )


def config_of(house: House | int, versions: list[PaytableVersion] | None = None) -> HouseConfig:
    """The house's active tables and its rules; a game with no active table keeps the source
    texts' table.  `versions`: the house's active versions, when the caller has them."""
    versions = active_versions(house) if versions is None else versions
    rules = HouseRulesSettings.objects.filter(house=house).first()
    return HouseConfig({v.game: paytable_of(v) for v in versions}, house_rules_of(rules))


@dataclass(frozen=True)
class HouseSetup:
    """What dealing a question needs of a house: its configuration, and the active version
    of each game's table (which the question records)."""

    config: HouseConfig
    versions: dict[str, PaytableVersion]


def house_setup(house: House) -> HouseSetup:
    """The house's setup, from this app server's memory (`CACHES["local"]`) while its
    `config_serial` is unchanged.

    Every change to a house's tables or rules moves `config_serial` on (trainer.houses.signals
    and `activate`), and the serial is read with the user or house on each request, so a
    change reaches every app server by the next request after it commits.
    """
    cache = caches["local"]
    key = f"house-setup:{house.pk}:{house.config_serial}"
    setup = cache.get(key)
    if setup is None:
        versions = active_versions(house.pk)
        setup = HouseSetup(config_of(house.pk, versions), {v.game: v for v in versions})
        cache.set(key, setup)
    return setup
