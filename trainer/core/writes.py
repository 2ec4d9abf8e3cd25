"""`update_if`: a compare-and-set UPDATE of one row, its statement written once.

The answer cycle moves a practice session's counters and reviews a skill's card each only
if the row is still as it was read (`trainer.drills.services`, `trainer.drills.practice`).
`QuerySet.filter(...).update(...)` compiles that statement afresh on every answer, which
costs several times what running it does; here it is written once per model, database and
set of columns (from the model's own tables and columns), and each value is prepared for
the database by its field (`Field.get_db_prep_save`), as the ORM prepares it.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.models import Model


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
