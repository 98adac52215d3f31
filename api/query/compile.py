"""Compile a checked Query to SQLAlchemy Core over one read-model table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    case,
    exists,
    false,
    func,
    literal,
    or_,
    select,
    true,
)

from api.query.search_lists import LIST_KINDS, records_matching, tickets_matching
from api.query.spec import BOOL, DATETIME, INT, Field, Resource
from api.query.tree import (
    ActionRequired,
    Between,
    Compare,
    Custom,
    DatePreset,
    Filter,
    InList,
    Missing,
    NullTest,
    Query,
    SlaRemaining,
)
from domain.sla import microseconds
from projections import tables as t

OPEN_FOR_PROVIDER = (1, 5)
CLOSED_TYPES = (2, 3)
SLA_RUNNING = ("running", "warned", "breached")


@dataclass(frozen=True)
class Scope:
    """Whose rows: the tenant, and for a client only its companies' rows."""

    tenant_id: str
    company_ids: tuple[str, ...] | None = None


def like_pattern(text: str) -> str:
    """A contains-pattern with the user's % and _ taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def day_range(preset: str, now: datetime) -> tuple[datetime | None, datetime | None]:
    """The [from, to) bounds of a date preset, days in UTC."""
    today = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    day = timedelta(days=1)
    if preset == "today":
        return today, today + day
    if preset == "future":
        return today + day, None
    if preset == "past":
        return None, today
    start = today + int(preset) * day
    return start, start + day


def _in_range(column: Any, bounds: tuple[datetime | None, datetime | None]) -> Any:
    low, high = bounds
    parts = []
    if low is not None:
        parts.append(column >= low)
    if high is not None:
        parts.append(column < high)
    return and_(*parts)


def _compare(column: Any, field: Field, op: str, value: Any) -> ColumnElement[bool]:
    if op == "like":
        return column.ilike(like_pattern(str(value)), escape="\\")
    if field.kind == BOOL:
        value = bool(value)
    if op == "=":
        return column == value  # type: ignore[no-any-return]
    if op == "!=":
        return or_(column != value, column.is_(None))
    return {  # type: ignore[no-any-return]
        "<": column < value,
        "<=": column <= value,
        ">": column > value,
        ">=": column >= value,
    }[op]


def _business_now(c: Any, now: datetime) -> Any:
    """Now as business time on the row's calendar (domain/sla.py BusinessTime)."""
    s = t.sla_calendar_spans.c
    at = microseconds(now)
    return (
        select(s.ordinal + case((s.ends_at < at, s.ends_at), else_=at) - s.starts_at)
        .where(
            s.tenant_id == c.tenant_id,
            s.calendar_key == c.sla_calendar_key,
            s.starts_at <= at,
            s.next_at > at,
        )
        .limit(1)
        .scalar_subquery()
    )


class Compiler:
    """Builds the WHERE and ORDER BY of one list for one scope."""

    def __init__(self, resource: Resource, scope: Scope, now: datetime | None = None):
        self.resource = resource
        self.table = resource.table
        self.scope = scope
        self.now = now or datetime.now(UTC)

    def base(self) -> list[ColumnElement[bool]]:
        """What every query of the list carries: tenant, company, live rows."""
        c = self.table.c
        parts: list[ColumnElement[bool]] = [c.tenant_id == self.scope.tenant_id]
        if self.scope.company_ids is not None:
            ids = list(self.scope.company_ids)
            key = self.resource.company_key
            parts.append(c[key].in_(ids) if ids and key else false())
        for column, op, value in self.resource.fixed:
            parts.append(_compare(c[column], Field(column, INT), op, value))
        if self.resource.name == "tickets":
            parts.append(c.deleted == false())
            if self.scope.company_ids is not None:
                parts.append(c.is_template == false())
        if self.resource.name == "ticket-templates":
            parts += [c.deleted == false(), c.is_template == true()]
        if self.resource.name == "invoices" and self.scope.company_ids is not None:
            parts.append(c.external_id.is_not(None))
        return parts

    def value(self, field: Field) -> Any:
        """What a filter compares: the column, or for a date that is due, the
        later of it and today (a past next invoice date bills today)."""
        column = self.table.c[field.column]
        if not field.due:
            return column
        today = literal(self.now.date().isoformat())
        return case((column < today, today), else_=column)

    def condition(self, item: Filter) -> ColumnElement[bool]:
        """One filter as SQL."""
        c = self.table.c
        if isinstance(item, Compare):
            column = self.value(item.field)
            return _compare(column, item.field, item.op, item.value)
        if isinstance(item, NullTest):
            column = c[item.field.column]
            return column.is_(None) if item.is_null else column.is_not(None)
        if isinstance(item, Missing):
            return c[item.field.column].is_(None)
        if isinstance(item, InList):
            return self.value(item.field).in_(list(item.values))
        if isinstance(item, Between):
            column = self.value(item.field)
            high = item.high
            if item.field.kind == DATETIME and isinstance(high, datetime):
                if high == high.replace(hour=0, minute=0, second=0, microsecond=0):
                    return and_(column >= item.low, column < high + timedelta(days=1))
            return and_(column >= item.low, column <= high)
        if isinstance(item, DatePreset):
            bounds = day_range(item.preset, self.now)
            if item.name == "scheduled_at":
                return _in_range(c.scheduled_at, bounds)
            tr = t.time_registrations
            return exists().where(
                tr.c.tenant_id == c.tenant_id,
                tr.c.ticket_id == c.id,
                _in_range(tr.c.executed_at, bounds),
            )
        if isinstance(item, ActionRequired):
            return and_(
                c.sla_state.in_(("warned", "breached")),
                c.status_type.not_in(CLOSED_TYPES),
            )
        if isinstance(item, SlaRemaining):
            # a paused clock keeps its minutes; a running one's are counted in
            # business time: its due moment's ordinal less now's (its calendar's
            # span holding now), floored to whole minutes as the rows show them
            return and_(
                c.status_type.not_in(CLOSED_TYPES),
                or_(
                    and_(c.sla_state == "paused", c.sla_minutes_left <= item.minutes),
                    and_(
                        c.sla_state.in_(SLA_RUNNING),
                        c.sla_due_ordinal
                        < _business_now(c, self.now) + (item.minutes + 1) * 60_000_000,
                    ),
                ),
            )
        if isinstance(item, Custom):
            assert self.resource.custom_column is not None  # parse guarantees it
            value = self.table.c[self.resource.custom_column][item.name].as_string()
            if item.op == "like":
                return value.ilike(like_pattern(item.value), escape="\\")
            if item.op == "!=":
                return or_(value != item.value, value.is_(None))
            return value == item.value  # type: ignore[no-any-return]
        raise TypeError(item)

    def filters(self, query: Query) -> list[ColumnElement[bool]]:
        """The query's filters, without scope or search."""
        return [self.condition(f) for f in query.filters]

    def where(self, query: Query) -> list[ColumnElement[bool]]:
        """Scope, filters and free-text search."""
        parts = self.base() + self.filters(query)
        if query.search:
            parts.append(self.search(query.search))
        return parts

    def search(self, text: str) -> ColumnElement[bool]:
        """The free-text search: tickets (their messages too) and the other
        indexed lists through the search index (api/query/search_lists.py);
        the rest: any of the list's text columns contains it."""
        if self.resource.name == "tickets":
            return tickets_matching(self.table, self.scope, text)
        pattern = like_pattern(text)
        if self.resource.name in LIST_KINDS:
            return records_matching(self.resource, self.scope, text, pattern)
        return or_(
            *(
                self.table.c[name].ilike(pattern, escape="\\")
                for name in self.resource.search
            )
        )

    def order(self, query: Query) -> list[Any]:
        """The sort, ending on id in the first key's direction: pages never overlap."""
        keys: Sequence[tuple[str, bool, str]] = [
            (o.field.column, o.descending, o.field.kind) for o in query.orders
        ] or [
            (self.resource.fields[name].column, way == "desc", "")
            for name, way in self.resource.default_order
        ]
        clauses = []
        for column_name, descending, _kind in keys:
            column = self.table.c[column_name]
            if not column.nullable:  # plain order lets PostgreSQL walk its indexes
                clauses.append(column.desc() if descending else column.asc())
            elif column_name == "sla_due_at":  # time left: tickets without it last
                clauses.append(
                    (column.desc() if descending else column.asc()).nulls_last()
                )
            elif descending:
                clauses.append(column.desc().nulls_last())
            else:
                clauses.append(column.asc().nulls_first())
        first_descending = keys[0][1] if keys else False
        tie = self.table.c.id
        clauses.append(tie.desc() if first_descending else tie.asc())
        return clauses

    def rows(self, query: Query) -> Select[Any]:
        """Every matching row, sorted."""
        return (
            self.resource.read().where(*self.where(query)).order_by(*self.order(query))
        )

    def count(self, query: Query) -> Select[Any]:
        """The number of matching rows."""
        return select(func.count()).select_from(self.table).where(*self.where(query))
