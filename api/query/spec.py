"""What each list allows: its table, fields, relations, search and default order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, Table, select

TEXT, INT, FLOAT, BOOL, DATE, DATETIME, ID = (
    "text",
    "int",
    "float",
    "bool",
    "date",
    "datetime",
    "id",
)
COMPARE_OPS = frozenset({"=", "!=", "<", "<=", ">", ">="})
EQUALITY_OPS = frozenset({"=", "!="})


@dataclass(frozen=True)
class Field:
    """A filterable, sortable field of a list and the column that holds it."""

    column: str
    kind: str
    sortable: bool = True
    due: bool = False
    """A date of something still to happen (a next invoice): one already past is
    due today, so filters compare the later of the stored date and today."""

    @property
    def ops(self) -> frozenset[str]:
        if self.kind == TEXT:
            return COMPARE_OPS | {"like"}
        if self.kind in (BOOL, ID):
            return EQUALITY_OPS | ({"like"} if self.kind == ID else frozenset())
        return COMPARE_OPS


@dataclass(frozen=True)
class Relation:
    """A related record copied into the row: its fields and the key column."""

    key: str
    fields: dict[str, Field]


@dataclass(frozen=True)
class Resource:
    """One list: its read-model table and what the builder may touch."""

    name: str
    table: Table
    fields: dict[str, Field]
    relations: dict[str, Relation] = field(default_factory=dict)
    search: tuple[str, ...] = ()
    default_order: tuple[tuple[str, str], ...] = ()
    custom_column: str | None = None
    withs: frozenset[str] = frozenset()
    specials: frozenset[str] = frozenset()
    company_key: str | None = "company_id"
    """The column holding a row's company, which a client's scope narrows by;
    None for tenant-wide lists, which a client's scope never shows."""
    fixed: tuple[tuple[str, str, int], ...] = ()
    """Conditions (column, op, value) every query of the list carries, such as
    the people list of operators only; op is one of COMPARE_OPS."""

    unread: frozenset[str] = frozenset()
    """Columns no answer reads: the projection's own working state, which a
    list page or a detail would only fetch and decode to drop."""

    def column(self, name: str):  # type: ignore[no-untyped-def]
        """The table column of that name."""
        return self.table.c[name]

    def read(self) -> Select[Any]:
        """SELECT of the columns answers read (all but `unread`)."""
        if not self.unread:
            return select(self.table)
        return select(*(c for c in self.table.c if c.name not in self.unread))


def company(name_column: str = "company_name") -> Relation:
    """The company a row belongs to."""
    return Relation(
        "company_id",
        {"id": Field("company_id", ID), "name": Field(name_column, TEXT)},
    )


def client(name_column: str = "client_name") -> Relation:
    """The client a row is for."""
    return Relation(
        "client_id",
        {"id": Field("client_id", ID), "full_name": Field(name_column, TEXT)},
    )


def stamps() -> dict[str, Field]:
    """created_at and updated_at, which every list has."""
    return {
        "created_at": Field("created_at", DATETIME),
        "updated_at": Field("updated_at", DATETIME),
    }
