"""Who may call an operator route: a signed-in operator holding the permission."""

from __future__ import annotations

from typing import Any

from fastapi import Depends
from sqlalchemy import select

from api.deps import CallerDep, ServicesDep, User
from api.errors import ApiError, denied, unauthenticated
from projections.api_tables import sessions

SINGLE_SESSION = "auth.single_session"
MULTIPLE_SESSIONS = "You cannot have multiple login sessions per account."


def single_session(configs: dict[str, Any]) -> bool:
    """Whether the tenant allows one live session per account only."""
    value = configs.get(SINGLE_SESSION)
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def superseded(svc: Any, tenant_id: str, user_id: str, session_id: str) -> bool:
    """Whether the user signed in again after this session started."""
    s = sessions
    with svc.engine.connect() as connection:
        mine = connection.execute(
            select(s.c.created_at).where(s.c.id == session_id)
        ).scalar()
        if mine is None:
            return False
        newer = connection.execute(
            select(s.c.id)
            .where(
                s.c.tenant_id == tenant_id,
                s.c.user_id == user_id,
                s.c.revoked_at.is_(None),
                s.c.created_at > mine,
            )
            .limit(1)
        ).first()
    return newer is not None


def staff(*permissions: str) -> Any:
    """A dependency for operators only, holding every named permission."""

    def check(who: CallerDep, svc: ServicesDep) -> User:
        user = who.user
        if user is None:
            raise unauthenticated()
        if user.is_client:
            raise denied()
        if (
            who.session_id
            and single_session(who.tenant.configs)
            and superseded(svc, user.tenant_id, user.id, who.session_id)
        ):
            # The older session ends here, so its refresh fails and it signs out.
            svc.sessions.revoke(user.tenant_id, who.session_id)
            raise ApiError(401, MULTIPLE_SESSIONS)
        for permission in permissions:
            if not user.can(permission):
                raise denied()
        return user

    return Depends(check)
