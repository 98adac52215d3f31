"""Message threads: oldest first, internal notes kept from portal users.

Each message says its format: "text" (a client's words, to be shown as text)
or "html" (an operator's HTML, sanitised on the way in, shown in a sandbox).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select, true

from api.actions.attachments import link_token
from api.present.common import actor, iso, people
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


def thread(
    connection: Connection,
    tenant_id: str,
    morphable_id: str,
    client_view: bool,
    message_id: str | None = None,
) -> list[dict[str, Any]]:
    """The messages of a ticket or asset; a client view has no internal notes."""
    m = t.messages
    query = select(m).where(
        m.c.tenant_id == tenant_id,
        m.c.morphable_id == morphable_id,
        m.c.visible_to_client == true() if client_view else true(),
    )
    if message_id is not None:
        query = query.where(m.c.id == message_id)
    rows = list(connection.execute(query.order_by(m.c.created_at, m.c.id)))
    actors = people(connection, tenant_id, {r.actor_id for r in rows if r.actor_id})
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
            "actor": actor(actors.get(r.actor_id), r.actor_id),
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
