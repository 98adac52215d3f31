"""GET /search: one search over every record the user may list, grouped by kind."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel

from api.deps import ReadsDep, User, UserDep
from api.query.params import BuilderError
from api.query.search import (
    KIND_PERMISSIONS,
    MIN_LENGTH,
    OPERATOR_ONLY,
    Hit,
    search,
)
from api.query.search_lists import search_page
from projections.handlers.search import KINDS

router = APIRouter(prefix="/search", tags=["search"])

PATHS = {
    "ticket": "tickets",
    "company": "companies",
    "client": "clients",
    "asset": "assets",
    "quote": "quotes",
    "invoice": "invoices",
    "contract": "contracts",
    "subscription": "subscriptions",
}


class SearchResult(BaseModel):
    id: str
    kind: str
    title: str
    snippet: str
    """HTML-escaped text with <mark> around each hit; nothing else in it."""
    ticket_id: str | None
    message_id: str | None
    url: str
    score: float
    updated_at: str


class SearchGroup(BaseModel):
    kind: str
    results: list[SearchResult]


class SearchAnswer(BaseModel):
    groups: list[SearchGroup]
    """Nothing else: the text asked for is not echoed (a client's empty answer
    then holds none of the words it may not find)."""
    page: int | None = None
    """With paging (one kind): the page answered, its size and whether a next
    one has results; null for the grouped answer."""
    per_page: int | None = None
    has_more: bool | None = None


def allowed_kinds(user: User) -> list[str]:
    """The kinds this user may find: the lists it may see, a client's fewer."""
    return [
        kind
        for kind in KINDS
        if user.can(KIND_PERMISSIONS[kind])
        and not (user.is_client and kind in OPERATOR_ONLY)
    ]


def _kinds(types: str | None, user: User) -> list[str]:
    allowed = allowed_kinds(user)
    if types is None or not types.strip():
        return allowed
    asked = [part.strip() for part in types.split(",") if part.strip()]
    unknown = [kind for kind in asked if kind not in KINDS]
    if unknown:
        raise BuilderError(
            "types",
            f"Unknown kinds: {', '.join(unknown)[:200]}. Known: {', '.join(KINDS)}.",
        )
    return [kind for kind in allowed if kind in asked]


def _result(hit: Hit) -> dict[str, Any]:
    if hit.kind == "message":
        url = f"/tickets/{hit.ticket_id}#message-{hit.record_id}"
        record_id, message_id = hit.record_id, hit.record_id
    else:
        url = f"/{PATHS[hit.kind]}/{hit.record_id}"
        record_id, message_id = hit.record_id, None
    return {
        "id": record_id,
        "kind": hit.kind,
        "title": hit.title,
        "snippet": hit.snippet,
        "ticket_id": hit.ticket_id,
        "message_id": message_id,
        "url": url,
        "score": hit.score,
        "updated_at": hit.updated_at.isoformat(),
    }


@router.get("", name="search", response_model=SearchAnswer)
def search_route(
    user: UserDep,
    held: ReadsDep,
    q: str | None = Query(None, description="What to look for (2 characters or more)"),
    types: str | None = Query(
        None, description=f"Kinds to look in, comma-separated: {', '.join(KINDS)}"
    ),
    limit: int = Query(5, ge=1, le=50, description="Results per kind"),
    page: int | None = Query(
        None, ge=1, le=1000, description="A page of one kind's results (types)"
    ),
    per_page: int | None = Query(None, ge=1, le=50, description="Results per page"),
) -> dict[str, Any]:
    """Tickets, their messages and every record, best first per kind.

    Words are stemmed; "quotes" make a phrase, OR gives alternatives, -word
    excludes; the last word matches what starts with it while being typed.
    A portal client finds only its companies' records and never an internal note.
    """
    text = (q or "").strip()
    if len(text) < MIN_LENGTH:
        raise BuilderError("q", f"Type at least {MIN_LENGTH} characters to search.")
    if len(text) > 200:
        raise BuilderError("q", "Search for at most 200 characters.")
    kinds = _kinds(types, user)
    paging: dict[str, Any] = {}
    if page is None and per_page is not None:
        raise BuilderError("page", "Ask for a page to set its size.")
    if page is None:
        hits = search(held.connection, user.scope(), q or "", kinds, limit)
    else:
        if len([part for part in (types or "").split(",") if part.strip()]) != 1:
            raise BuilderError("types", "A page is of one kind: name it in types.")
        size = per_page or 20
        hits, more = [], False
        if kinds:  # the one kind, unless the user may not list it
            answered = search_page(
                held.connection, user.scope(), q or "", kinds[0], page, size
            )
            hits, more = answered.hits, answered.has_more
        paging = {"page": page, "per_page": size, "has_more": more}
    groups: dict[str, list[dict[str, Any]]] = {}
    for hit in hits:
        groups.setdefault(hit.kind, []).append(_result(hit))
    return {
        "groups": [{"kind": kind, "results": found} for kind, found in groups.items()],
        **paging,
    }
