"""The one conversion from the houses' rows to the engine's paytable and house-rules types.
Nothing else reads the rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import caches

from trainer.engine.house import DEFAULT_CONFIG, HouseConfig, HouseRules
from trainer.engine.paytables import ACE, Band, Odds, Paytable

from .models import Game, House, HouseRulesSettings, PaytableVersion

#: game -> the HouseConfig attribute holding its table
CONFIG_ATTRIBUTE = {
    Game.MISSISSIPPI_STUD: "mississippi_stud",
    Game.CARIBBEAN_STUD: "caribbean_stud",
    Game.CASINO_STUD: "casino_stud",
}


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
    if settings is None:
        return HouseRules()
    return HouseRules(
        chip_unit=settings.chip_unit,
        split_pot_odd_chip=settings.split_pot_odd_chip,
        mississippi_payout_cap=settings.mississippi_payout_cap,
        call_multiple=settings.call_multiple,
        call_payout_cap=settings.call_payout_cap,
        stand_pat_allowed=settings.stand_pat_allowed,
        reuse_discards=settings.reuse_discards,
        stud_stock_shortage=settings.stud_stock_shortage,
    )


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
    tables = {}
    for version in active_versions(house) if versions is None else versions:
        tables[CONFIG_ATTRIBUTE[version.game]] = paytable_of(version)
    rules = HouseRulesSettings.objects.filter(house=house).first()
    return HouseConfig(
        mississippi_stud=tables.get("mississippi_stud", DEFAULT_CONFIG.mississippi_stud),
        caribbean_stud=tables.get("caribbean_stud", DEFAULT_CONFIG.caribbean_stud),
        casino_stud=tables.get("casino_stud", DEFAULT_CONFIG.casino_stud),
        rules=house_rules_of(rules),
    )


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
