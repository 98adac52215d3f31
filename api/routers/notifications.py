"""An operator's notifications (mentions in messages): the inbox and reading one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from sqlalchemy import select, update

from api.deps import ServicesDep, User, staff
from api.errors import not_found
from api.models.tickets import Notification
from api.present.common import iso
from storage.tables import notifications

router = APIRouter(prefix="/notifications", tags=["notifications"])


def _notification(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "text": row.text,
        "actor_id": row.actor_id,
        "message_id": row.message_id,
        "morphable_type": row.morphable_type,
        "morphable_id": row.morphable_id,
        "created_at": iso(row.created_at),
        "read_at": iso(row.read_at),
    }


@router.get("", response_model=list[Notification], name="list")
def inbox(
    svc: ServicesDep, user: User = staff(), unread: bool = False
) -> list[dict[str, Any]]:
    """The caller's notifications, newest first (at most 100)."""
    n = notifications
    query = select(n).where(n.c.tenant_id == user.tenant_id, n.c.user_id == user.id)
    if unread:
        query = query.where(n.c.read_at.is_(None))
    with svc.engine.connect() as connection:
        rows = connection.execute(query.order_by(n.c.created_at.desc()).limit(100))
        return [_notification(row) for row in rows]


@router.put("/{notification_id}/read", response_model=Notification, name="read")
def read(
    notification_id: str, svc: ServicesDep, user: User = staff()
) -> dict[str, Any]:
    """Mark one of the caller's notifications as read."""
    n = notifications
    mine = (
        n.c.tenant_id == user.tenant_id,
        n.c.user_id == user.id,
        n.c.id == notification_id[:64],
    )
    with svc.engine.begin() as connection:
        connection.execute(
            update(n)
            .where(*mine, n.c.read_at.is_(None))
            .values(read_at=datetime.now(UTC))
        )
        row = connection.execute(select(n).where(*mine)).first()
    if row is None:
        raise not_found()
    return _notification(row)
