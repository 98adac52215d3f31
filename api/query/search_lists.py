"""The search index for the other lists and for one kind's pages of results.

A list's `builder[s]` (quotes, invoices, contracts, subscriptions, assets,
companies, clients) finds its records through their search documents, with the
audience rules of api/query/search.py; the all-results page reads one kind's
results a page at a time. See docs/search.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, Connection, or_, select

from api.query.search import DOCS, Hit, Matches, audience, parse, search

if TYPE_CHECKING:
    from api.query.compile import Scope
    from api.query.spec import Resource

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
        Matches(terms, references=terms.like is not None),
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
