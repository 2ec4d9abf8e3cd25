"""SCIM's filters on the token's house (django-scim2's USER_FILTER_PARSER and
GROUP_FILTER_PARSER, named in trainer.directory.scim_config): `UserFilter` and `GroupFilter`,
read by scim2-filter-parser and run as SQL that carries the house's scope.  django-scim2's
adapters (trainer.directory.scim) read these two classes as they are imported, so nothing
here imports the adapters."""

from __future__ import annotations

import uuid

from django.db import connection
from django.utils.translation import gettext
from django_scim.filters import FilterQuery
from scim2_filter_parser.lexer import SCIMLexer
from scim2_filter_parser.parser import SCIMParser, SCIMParserError
from scim2_filter_parser.queries.sql import SQLQuery
from scim2_filter_parser.transpilers.sql import Transpiler

from trainer.houses.models import User

from .models import DirectoryGroup, Identity
from .scim_attributes import CORE_USER, ENTERPRISE, fold
from .scim_auth import PERSON_ID, house_token

SCIM = Identity.Source.SCIM


def column(model, name: str) -> str:
    return f"{model._meta.db_table}.{model._meta.get_field(name).column}"


def boolean_value(operator: str, value: str):
    if operator not in ("eq", "ne") or value.casefold() not in ("true", "false"):
        raise ValueError(gettext("“active” is compared with eq or ne to true or false."))
    return value.casefold() == "true"


def person_id_value(operator: str, value: str):
    if operator not in ("eq", "ne") or not PERSON_ID.fullmatch(value):
        raise ValueError(gettext("A person's id is compared with eq or ne to their number."))
    return int(value)


def group_id_value(operator: str, value: str):
    if operator not in ("eq", "ne"):
        raise ValueError(gettext("A group's id is compared with eq or ne."))
    field = DirectoryGroup._meta.get_field("scim_id")
    return field.get_db_prep_value(uuid.UUID(value), connection, prepared=False)


class HouseTranspiler(Transpiler):
    """scim2-filter-parser's SQL transpiler, with attribute names matched without regard to
    case (as SCIM's are), values given as the column holds them (`converters`), the
    attributes SCIM compares without regard to case compared so on every database, and the
    literal true/false/null of a filter left as they are written."""

    def __init__(self, attr_map: dict, converters: dict, case_insensitive: frozenset):
        super().__init__(attr_map)
        self.converters = converters
        self.case_insensitive = case_insensitive
        self.canonical = {self.folded(path): path for path in attr_map}

    @staticmethod
    def folded(path: tuple) -> tuple:
        name, sub, uri = path
        if uri and uri.casefold() == CORE_USER.casefold():
            uri = None
        return (fold(name), fold(sub), fold(uri))

    def visit_AttrPath(self, node):
        sub = node.sub_attr.value if node.sub_attr else None
        path = (node.attr_name, sub, node.uri)
        path = self.canonical.get(self.folded(path), path)
        self.attr_paths.append(path)
        return self.attr_map.get(path)

    def visit_CompValue(self, node):
        return node.value

    def visit_AttrExpr(self, node):
        if not isinstance(node.attr_path.attr_name, str):
            # a value path (emails[type eq "work"].value): scim2-filter-parser's own way
            return super().visit_AttrExpr(node)
        attribute = self.visit(node.attr_path)
        if attribute is None:
            return None
        path = self.attr_paths[-1]
        operator = node.value.lower()
        sql_operator = self.lookup_op(node.value)
        item = self.get_next_id()
        if not node.comp_value:  # pr
            self.params[item] = None
            return f"{attribute} {sql_operator}"
        value = self.visit(node.comp_value)
        convert = self.converters.get(path)
        if convert is not None:
            value = convert(operator, value)
        elif operator in self.matching_op_by_scim_op:
            prefix, suffix = self.lookup_like_matching(operator)
            value = prefix + value + suffix
        self.params[item] = value
        placeholder = "{" + item + "}"
        if path in self.case_insensitive:
            return f"UPPER({attribute}) {sql_operator} UPPER({placeholder})"
        return f"{attribute} {sql_operator} {placeholder}"


class HouseQuery(SQLQuery):
    """A filter's SQL: only attributes the map knows (an unknown one is an error, never a
    condition quietly dropped), and the whole filter in brackets, so that the house's scope
    appended to it (`FilterQuery.get_extras`) holds for each side of an `or`."""

    def __init__(self, filter_, table_name, attr_map, joins, *, converters, case_insensitive):
        self.converters = converters
        self.case_insensitive = case_insensitive
        super().__init__(filter_, table_name, attr_map, joins)

    def build_where_sql(self):
        self.token_stream = SCIMLexer().tokenize(self.filter)
        self.ast = SCIMParser().parse(self.token_stream)
        self.transpiler = HouseTranspiler(self.attr_map, self.converters, self.case_insensitive)
        self.where_sql, self.params_dict = self.transpiler.transpile(self.ast)
        unknown = [path for path in self.transpiler.attr_paths if path not in self.attr_map]
        if unknown:
            names = ", ".join(".".join(part for part in path[:2] if part) for path in unknown)
            raise ValueError(
                gettext("This site cannot filter on %(names)s.") % {"names": names[:200]}
            )

    @property
    def sql(self) -> str:
        lines = [f"SELECT DISTINCT {self.table_name}.*", f"FROM {self.table_name}", *self.joins]
        placeholders = dict.fromkeys(self.params_dict, self.placeholder)
        lines.append(f"WHERE ({self.where_sql.format(**placeholders)});")
        return "\n".join(lines)


class HouseFilter(FilterQuery):
    """A filter on the token's house only: its SQL carries the house's scope
    (`get_extras`), and django-scim2 then narrows the rows it returns to
    `house_filter_kwargs` as well."""

    converters: dict = {}
    case_insensitive: frozenset = frozenset()

    @classmethod
    def search(cls, filter_query, request=None):
        try:
            query = HouseQuery(
                filter_query,
                cls.table_name(),
                cls.attr_map,
                cls.joins,
                converters=cls.converters,
                case_insensitive=cls.case_insensitive,
            )
        except (ValueError, SCIMParserError):
            raise
        except Exception as error:  # the parser's other failures: a filter it cannot read
            raise ValueError(gettext("This filter cannot be read.")) from error
        if query.where_sql is None:
            return cls.model_getter().objects.none()
        sql, params = cls.get_raw_args(query, request)
        return cls.model_getter().objects.raw(sql, params)


USERS = User._meta.db_table
IDENTITIES = Identity._meta.db_table


def person_model():
    return User


def group_model():
    return DirectoryGroup


class UserFilter(HouseFilter):
    model_getter = person_model
    attr_map = {
        ("id", None, None): column(User, "id"),
        ("userName", None, None): column(User, "username"),
        ("name", "givenName", None): column(User, "first_name"),
        ("name", "familyName", None): column(User, "last_name"),
        ("emails", None, None): column(User, "email"),
        ("emails", "value", None): column(User, "email"),
        ("active", None, None): column(User, "is_active"),
        ("externalId", None, None): column(Identity, "external_id"),
        ("employeeNumber", None, ENTERPRISE): column(User, "employee_number"),
    }
    joins = (
        f"LEFT JOIN {IDENTITIES} ON {column(Identity, 'user')} = {column(User, 'id')} "
        f"AND {column(Identity, 'source')} = '{SCIM}'",
    )
    converters = {("id", None, None): person_id_value, ("active", None, None): boolean_value}
    case_insensitive = frozenset(
        {
            ("userName", None, None),
            ("name", "givenName", None),
            ("name", "familyName", None),
            ("emails", None, None),
            ("emails", "value", None),
            ("employeeNumber", None, ENTERPRISE),
        }
    )

    @classmethod
    def table_name(cls):
        return USERS

    @classmethod
    def get_extras(cls, q, request=None):
        return (
            f" AND {column(User, 'house')} = %s AND {column(User, 'is_superuser')} = %s",
            [house_token(request).house_id, False],
        )


MEMBERSHIPS = DirectoryGroup.members.through


class GroupFilter(HouseFilter):
    model_getter = group_model
    attr_map = {
        ("id", None, None): column(DirectoryGroup, "scim_id"),
        ("displayName", None, None): column(DirectoryGroup, "display_name"),
        ("externalId", None, None): column(DirectoryGroup, "external_id"),
        # whether a person is in the group (Entra ID asks so): members eq "<their id>"
        ("members", None, None): column(MEMBERSHIPS, "user"),
        ("members", "value", None): column(MEMBERSHIPS, "user"),
    }
    joins = (
        f"LEFT JOIN {MEMBERSHIPS._meta.db_table} ON "
        f"{column(MEMBERSHIPS, 'directorygroup')} = {column(DirectoryGroup, 'id')}",
    )
    converters = {
        ("id", None, None): group_id_value,
        ("members", None, None): person_id_value,
        ("members", "value", None): person_id_value,
    }
    case_insensitive = frozenset({("displayName", None, None)})

    @classmethod
    def table_name(cls):
        return DirectoryGroup._meta.db_table

    @classmethod
    def get_extras(cls, q, request=None):
        return (f" AND {column(DirectoryGroup, 'house')} = %s", [house_token(request).house_id])
