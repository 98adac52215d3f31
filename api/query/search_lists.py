"""The search index behind the lists' `builder[s]`, and one kind's pages of results.

The ticket list finds a ticket by its own document or one of its messages'; the
other indexed lists (quotes, invoices, contracts, subscriptions, assets,
companies, clients) a record by its own document; both with the audience rules
of api/query/search.py. The all-results page reads one kind's results a page at
a time. See docs/search.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Connection,
    Select,
    bindparam,
    or_,
    select,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.sql.visitors import InternalTraversal

from api.query.search import DOCS, Hit, Terms, audience, parse, search
from projections.search_index import FTS, LANGUAGES

if TYPE_CHECKING:
    from api.query.compile import Scope
    from api.query.spec import Resource


class Found(ColumnElement[bool]):
    """search_documents rows the terms match, by full text or reference.

    Its values are bound parameters the statement cache sees: a list's
    statement is compiled once per shape, not again for every request.

    `once` (for a probe of given rows, whose plan does not depend on how common
    the words are) makes each language's tsquery a scalar subquery on
    PostgreSQL, computed once per execution: a prepared statement's generic
    plan cannot fold the function calls of a parameter into a constant and
    parsed the text again for every document it tested (a searched total's
    sample 3.3 -> 12 ms at 100,000 tickets once its plan went generic). Where
    the plan depends on it (a list page: walk the scope, or read the matches
    through the GIN index), the planner must see the tsquery, so it stays a
    plain expression there.
    """

    type = Boolean()
    inherit_cache = True
    _traverse_internals = [
        ("shape", InternalTraversal.dp_plain_obj),
        ("text", InternalTraversal.dp_clauseelement),
        ("head", InternalTraversal.dp_clauseelement),
        ("typed", InternalTraversal.dp_clauseelement),
        ("pattern", InternalTraversal.dp_clauseelement),
        ("fts", InternalTraversal.dp_clauseelement),
    ]

    def __init__(
        self, terms: Terms, references: bool = True, once: bool = False
    ) -> None:
        pattern = terms.like or _contains(terms.raw.strip('"- '))
        # what changes the SQL itself, as against the values it is asked with
        self.shape = (
            terms.prefix is not None,
            references,
            terms.reference is not None,
            bool(terms.fts),
            once,
        )
        self.text: BindParameter[str] = bindparam("sq", terms.raw, unique=True)
        self.head: BindParameter[str] = bindparam("shead", terms.head, unique=True)
        typed = f"{terms.prefix}:*"
        self.typed: BindParameter[str] = bindparam("sprefix", typed, unique=True)
        self.pattern: BindParameter[str] = bindparam("slike", pattern, unique=True)
        self.fts: BindParameter[str] = bindparam("sfts", terms.fts, unique=True)


def _contains(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.lower()}%"


@compiles(Found, "postgresql")
def _found_postgresql(element: Found, compiler: SQLCompiler, **kw: Any) -> str:
    typing, references, one_token, _, once = element.shape
    raw = compiler.process(element.text, **kw)
    head = compiler.process(element.head, **kw)
    prefix = compiler.process(element.typed, **kw)
    table = DOCS.name
    parts = []
    for language in LANGUAGES:
        query = f"websearch_to_tsquery('{language}', {raw})"
        if typing:
            query = (
                f"({query} || (websearch_to_tsquery('{language}', {head}) && "
                f"(to_tsquery('{language}', {prefix}) || "
                f"to_tsquery('simple', {prefix}))))"
            )
        if once:
            query = f"(SELECT {query})"
        parts.append(f"({table}.language = '{language}' AND {table}.tsv @@ {query})")
    if references and one_token:
        parts.append(f"{table}.ref ILIKE {compiler.process(element.pattern, **kw)}")
    return "(" + " OR ".join(parts) + ")"


@compiles(Found, "sqlite")
def _found_sqlite(element: Found, compiler: SQLCompiler, **kw: Any) -> str:
    _, references, _, words, _ = element.shape
    table = DOCS.name
    parts = []
    if words:
        fts = compiler.process(element.fts, **kw)
        parts.append(
            f"{table}.rowid IN (SELECT rowid FROM {FTS} WHERE {FTS} MATCH {fts})"
        )
    if references:
        like = compiler.process(element.pattern, **kw)
        parts.append(f"lower({table}.ref) LIKE {like} ESCAPE '\\'")
    return "(" + " OR ".join(parts) + ")" if parts else "0"


def tickets_matching(table: Any, scope: Scope, q: str) -> ColumnElement[bool]:
    """The builder's `s` on tickets: the ticket or one of its messages matches.

    A client's tickets match by what it may read only: never an internal note.
    """
    terms = parse(q)
    found = table.c.id.in_(ticket_documents(scope, terms))
    return _or_own_text(table, q, terms, found)


def ticket_documents(
    scope: Scope, terms: Terms, once: bool = False
) -> Select[tuple[Any]]:
    """The ticket_id of each ticket's or message's document the terms match
    (`once`: see Found)."""
    return select(DOCS.c.ticket_id).where(
        *audience(scope),
        DOCS.c.kind.in_(("ticket", "message")),
        Found(terms, references=terms.like is not None, once=once),
    )


def ticket_probe(table: Any, scope: Scope, q: str) -> ColumnElement[bool]:
    """tickets_matching asked of each ticket row by its own documents.

    Its cost follows the rows it is asked about, not the tenant's matches: the
    OFFSET 0 keeps PostgreSQL from turning it into a join that reads them all.
    """
    terms = parse(q)
    own = ticket_documents(scope, terms, once=True).where(
        DOCS.c.ticket_id == table.c.id
    )
    return _or_own_text(table, q, terms, own.offset(0).exists())


def _or_own_text(
    table: Any, q: str, terms: Terms, matched: ColumnElement[bool]
) -> ColumnElement[bool]:
    if terms.like is None:  # too short for the trigram index: the ticket's own
        pattern = _contains(q.strip())  # text (reference, description) as before
        return or_(table.c.search.ilike(pattern, escape="\\"), matched)
    return matched


LIST_KINDS = {
    "quotes": "quote",
    "invoices": "invoice",
    "contracts": "contract",
    "subscriptions": "subscription",
    "assets": "asset",
    "companies": "company",
    "clients": "client",
}
"""The lists whose records have search documents, and their kind."""

NAMES = ("company_name", "client_name")
"""The related names copied into a row: a list was always searchable by the
company and client a record is for, which its document does not hold."""


def records_matching(
    resource: Resource, scope: Scope, q: str, like: Any
) -> ColumnElement[bool]:
    """The builder's `s` on an indexed list: the record's document matches, or
    its company's or client's name holds the text.

    Shorter than the trigram index's three characters, the list's own columns
    are matched as substrings as before (`like` is that contains-pattern).
    """
    table = resource.table
    terms = parse(q)
    found = select(DOCS.c.record_id).where(
        *audience(scope),
        DOCS.c.kind == LIST_KINDS[resource.name],
        Found(terms, references=terms.like is not None),
    )
    columns = [name for name in NAMES if name in resource.search]
    if terms.like is None:
        columns = list(resource.search)
    return or_(  # type: ignore[no-any-return]
        table.c.id.in_(found),
        *(table.c[name].ilike(like, escape="\\") for name in columns),
    )


@dataclass(frozen=True)
class Page:
    """One page of one kind's results, best first."""

    hits: list[Hit]
    page: int
    per_page: int
    has_more: bool


def search_page(
    connection: Connection, scope: Scope, q: str, kind: str, page: int, per_page: int
) -> Page:
    """The `page`th `per_page` results of one kind, in the grouped search's order.

    The ranked results up to this page's end and one more are asked for (the
    one more tells whether a next page exists); on PostgreSQL the ranking then
    sees at least that many recent matches, so every match can be paged to.
    """
    end = page * per_page
    hits = search(connection, scope, q, [kind], end + 1)
    return Page(
        hits=hits[end - per_page : end],
        page=page,
        per_page=per_page,
        has_more=len(hits) > end,
    )
