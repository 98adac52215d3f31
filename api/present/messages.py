"""Message threads: oldest first, internal notes kept from portal users.

Each message says its format: "text" (a client's words, to be shown as text)
or "html" (an operator's HTML, sanitised on the way in, shown in a sandbox).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple

from sqlalchemy import Connection, Select, and_, bindparam, select, true

from api.actions.attachments import link_token
from api.present.common import actor, iso
from api.statements import Kept
from projections import tables as t
from storage.tables import attachments


def attachment_json(row: Any) -> dict[str, Any]:
    """An attachment as the contract shows it, with a download address that expires."""
    return {
        "id": row.id,
        "name": row.name,
        "url": f"/api/attachments/{row.id}/{link_token(row)}",
        "extension": row.extension,
        "size": row.size,
    }


class Author(NamedTuple):
    """The user columns a message's actor is shown with."""

    id: str
    email: str
    first_name: str
    last_name: str
    full_name: str
    is_operator: int


users = t.users
# the author's columns, read in the messages' statement by an outer join
AUTHOR = tuple(users.c[name].label(f"author_{name}") for name in Author._fields)


def _author(row: Any, at: Callable[[Any], tuple[Any, ...]]) -> Author | None:
    """The row's author, its columns taken by position (`at`): a thread reads
    it for every message, and by name it was a quarter of the thread's CPU."""
    if row.author_id is None:
        return None
    return Author._make(at(row))


def _thread_statement(client_view: bool, one: bool) -> Select[Any]:
    """A thread's statement, its values bound when run: built once per kind."""
    m = t.messages
    joined = m.outerjoin(
        users, and_(users.c.tenant_id == m.c.tenant_id, users.c.id == m.c.actor_id)
    )
    query = (
        select(m, *AUTHOR)
        .select_from(joined)
        .where(
            m.c.tenant_id == bindparam("tenant_id"),
            m.c.morphable_id == bindparam("morphable_id"),
            m.c.visible_to_client == true() if client_view else true(),
        )
    )
    if one:
        query = query.where(m.c.id == bindparam("message_id"))
    return query.order_by(m.c.created_at, m.c.id)


THREADS = Kept(4)
"""The four thread statements: client or operator view, whole or one message."""


def thread(
    connection: Connection,
    tenant_id: str,
    morphable_id: str,
    client_view: bool,
    message_id: str | None = None,
) -> list[dict[str, Any]]:
    """The messages of a ticket or asset; a client view has no internal notes."""
    one = message_id is not None
    query = THREADS.get((client_view, one), lambda: _thread_statement(client_view, one))
    values = {"tenant_id": tenant_id, "morphable_id": morphable_id}
    if one:
        values["message_id"] = str(message_id)
    result = connection.execute(query, values)
    keys = list(result.keys())
    at = itemgetter(*(keys.index(column.name) for column in AUTHOR))
    rows = list(result)
    files: dict[str, Any] = {}
    wanted = sorted({a for r in rows for a in (r.attachment_ids or [])})
    if wanted:
        a = attachments
        found = connection.execute(
            select(a).where(a.c.tenant_id == tenant_id, a.c.id.in_(wanted))
        )
        files = {row.id: row for row in found}
    return [
        {
            "id": r.id,
            "message": r.message,
            "format": r.format,
            "type": r.type,
            "is_from_client": bool(r.is_from_client),
            "visible_to_client": bool(r.visible_to_client),
            "created_at": iso(r.created_at),
            "actor": actor(_author(r, at), r.actor_id),
            "attachments": [
                attachment_json(files[i])
                for i in (r.attachment_ids or [])
                if i in files
            ],
            "data": {"status": r.data.get("status")} if r.data.get("status") else {},
            # the mail it came in as: both audiences see from, to, cc and date
            "original_email_from": r.original_email_from,
            "email_to": list(r.email_to or []),
            "email_cc": list(r.email_cc or []),
            "email_date": iso(r.email_date),
        }
        for r in rows
    ]
