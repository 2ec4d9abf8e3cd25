"""The answer cycle's writes, each statement written once: `insert`, a new row's INSERT,
and `update_if`, a compare-and-set UPDATE of one row.

The answer cycle moves a practice session's counters and reviews a skill's card each only
if the row is still as it was read (`trainer.drills.services`, `trainer.drills.practice`).
`QuerySet.filter(...).update(...)` compiles that statement afresh on every answer, which
costs several times what running it does, and so does `save()` the INSERT of the attempt
and of the question dealt; here each is written once per model, database and set of
columns (from the model's own tables and columns), and each value is prepared for the
database by its field (`Field.pre_save`, `Field.get_db_prep_save`), as the ORM prepares it.
`insert` saves through `save()` a model with a save() of its own, or one whose saving a
signal receiver listens to (it would run neither), and a proxy or an inherited model.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.models import Model
from django.db.models.signals import post_save, pre_save


def insert(instance: Model) -> None:
    """INSERT the new `instance`, as `instance.save(force_insert=True)` does (each field's
    value as its `pre_save` gives it, an automatic primary key read back), without the save
    machinery (through it, for a model with a save() of its own, a receiver of its saving
    signals, a proxy or an inherited model)."""
    model = type(instance)
    meta = model._meta
    if (
        model.save is not Model.save
        or any(signal.has_listeners(model) for signal in (pre_save, post_save))
        or meta.proxy
        or meta.parents  # its row is spread over its parents' tables
    ):
        instance.save(force_insert=True)
        return
    alias = router.db_for_write(model, instance=instance)
    connection = connections[alias]
    fields = [
        f
        for f in meta.local_concrete_fields
        if not (f is meta.pk and getattr(instance, f.attname) is None)
    ]
    params = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    sql = _insert_sql(alias, model, tuple(f.attname for f in fields))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (pk,) = cursor.fetchone()
    setattr(instance, meta.pk.attname, meta.pk.to_python(pk))
    # a saved instance, as the ORM leaves one (Model._state, in Django's model reference)
    instance._state.adding = False
    instance._state.db = alias


@cache
def _insert_sql(alias: str, model, names: tuple) -> str:
    qn = connections[alias].ops.quote_name
    meta = model._meta
    columns = ", ".join(qn(meta.get_field(name).column) for name in names)
    return (
        f"INSERT INTO {qn(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(names))}) "
        f"RETURNING {qn(meta.pk.column)}"
    )


def update_if(model: type[Model], pk, where: dict, values: dict) -> int:
    """UPDATE the row `pk` of `model`, setting `values` (field name to value; a model
    instance for a foreign key), only if each field of `where` holds its value (None: is
    null).  The number of rows changed: 1, or 0 when the row moved (or is gone)."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    nulls = tuple(name for name, value in where.items() if value is None)
    compared = tuple(name for name, value in where.items() if value is not None)
    sql = _update_sql(alias, model, tuple(values), compared, nulls)
    meta = model._meta
    params = [
        meta.get_field(name).get_db_prep_save(
            value.pk if isinstance(value, Model) else value, connection
        )
        for name, value in values.items()
    ]
    params.append(meta.pk.get_db_prep_value(pk, connection))
    params += [meta.get_field(name).get_db_prep_value(where[name], connection) for name in compared]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


@cache
def _update_sql(alias: str, model, names: tuple, compared: tuple, nulls: tuple) -> str:
    qn = connections[alias].ops.quote_name
    meta = model._meta

    def col(name: str) -> str:
        return qn(meta.get_field(name).column)

    conditions = [f"{qn(meta.pk.column)} = %s"]
    conditions += [f"{col(name)} = %s" for name in compared]
    conditions += [f"{col(name)} IS NULL" for name in nulls]
    return (
        f"UPDATE {qn(meta.db_table)} SET {', '.join(f'{col(name)} = %s' for name in names)} "
        f"WHERE {' AND '.join(conditions)}"
    )
