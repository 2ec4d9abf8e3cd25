"""Statements made on every answer, compiled to SQL once per database connection.

Building a queryset and compiling it to SQL costs more of the app server's time than the
database spends running a lookup by primary key.  The few reads made on every request of a
drill (the signed-in user with its house; the question or the session locked for an answer)
are therefore compiled once per connection and then run with each new id.  Rows become
instances exactly as `QuerySet.get()` makes them: `Model.from_db`, select_related's
populators and the backend's converters, all taken from Django's own compiler.

    USER = PreparedGet(lambda: User.objects.select_related("house"))
    user = USER.get(user_id)     # as User.objects.select_related("house").get(pk=user_id)

The queryset must be a plain one (filters, select_related, select_for_update); `get(pk)`
raises what `QuerySet.get(pk=pk)` raises: the model's DoesNotExist, or ValueError/TypeError
for an id that is not a number.  `PreparedSQL` is the same for a write simple enough to
write once in SQL (the session's counters), with the model's names filled in and quoted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import MAX_GET_RESULTS, get_related_populators
from django.db.transaction import TransactionManagementError

#: compiled in place of the id, then found among the parameters; inside every integer
#: field's range (so no lookup refuses it) and never a real id (ids count up from 1)
_SENTINEL = -1_999_999_937


@dataclass
class _Plan:
    sql: str
    params: list
    slot: int
    compiler: Any
    converters: dict
    init_list: list[str]
    start: int
    end: int
    populators: list
    locks: bool
    id_range: tuple[int | None, int | None]


class PreparedGet:
    def __init__(self, build: Callable[[], QuerySet]) -> None:
        self._build = build
        self._target: tuple[type, str] | None = None  # (model, database alias)

    def get(self, pk):
        if self._target is None:
            queryset = self._build()
            self._target = queryset.model, queryset.db
        model, alias = self._target
        connection = connections[alias]
        plans = connection.__dict__.setdefault("_trainer_prepared_plans", {})
        plan = plans.get(self)
        if plan is None:
            plan = plans[self] = self._plan(self._build(), connection)
        # the conversions and checks QuerySet.get(pk=...) makes before any SQL
        value = model._meta.pk.get_prep_value(pk)
        low, high = plan.id_range
        if (
            value is None
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
        if plan.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(plan.params)
        params[plan.slot] = value
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        if plan.converters:
            rows = list(plan.compiler.apply_converters(rows, plan.converters))
        if not rows:
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
        row = rows[0]  # a primary key: one row at most
        obj = model.from_db(alias, plan.init_list, row[plan.start : plan.end])
        for populator in plan.populators:
            populator.populate(row, obj)
        return obj

    @staticmethod
    def _plan(queryset: QuerySet, connection) -> _Plan:
        query = queryset.filter(pk=_SENTINEL).order_by().query
        if not query.select_for_update or connection.features.supports_select_for_update_with_limit:
            query.set_limits(high=MAX_GET_RESULTS)  # as QuerySet.get() does
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        slots = [i for i, p in enumerate(params) if p == _SENTINEL]
        if len(slots) != 1:
            raise ValueError(f"cannot prepare {queryset!r}: its id is not one plain parameter")
        klass_info, select = compiler.klass_info, compiler.select
        if compiler.annotation_col_map or queryset._known_related_objects:
            raise ValueError(f"cannot prepare {queryset!r}: annotations are not supported")
        fields = [s[0] for s in select[0 : compiler.col_count]]
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        pk_field = queryset.model._meta.pk
        return _Plan(
            sql=sql,
            params=list(params),
            slot=slots[0],
            compiler=compiler,
            converters=compiler.get_converters(fields),
            init_list=[f[0].target.attname for f in select[start:end]],
            start=start,
            end=end,
            populators=get_related_populators(klass_info, select, queryset.db),
            # Django refuses a lock outside a transaction only where locks exist
            locks=bool(
                query.select_for_update
                and connection.features.has_select_for_update
                and connection.features.supports_transactions
            ),
            id_range=connection.ops.integer_field_range(pk_field.get_internal_type()),
        )


class PreparedSQL:
    """A statement written once in SQL, with `{table}` and `{field}` for the model's table and
    columns (quoted for the database in use), for writes too simple to be worth compiling on
    every call:

        COUNT = PreparedSQL(Session, "UPDATE {table} SET {n} = {n} + 1 WHERE {id} = %s")
        COUNT.execute([session.pk])
    """

    def __init__(self, model: type, template: str) -> None:
        self._model = model
        self._template = template

    def sql(self, connection) -> str:
        plans = connection.__dict__.setdefault("_trainer_prepared_plans", {})
        sql = plans.get(self)
        if sql is None:
            quote, meta = connection.ops.quote_name, self._model._meta
            names = {f.name: quote(f.column) for f in meta.concrete_fields}
            names |= {f.attname: quote(f.column) for f in meta.concrete_fields}
            sql = plans[self] = self._template.format(table=quote(meta.db_table), **names)
        return sql

    def execute(self, params: list, using: str = "default") -> int:
        """Run it; the number of rows it changed."""
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(self.sql(connection), params)
            return cursor.rowcount
