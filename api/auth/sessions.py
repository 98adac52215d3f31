"""Sign-in sessions and their rotating refresh tokens, kept hashed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

from sqlalchemy import Engine, and_, insert, select, update

from api.security import REFRESH_DAYS, digest, new_secret
from storage.tables import refresh_tokens, sessions

SINGLE_SESSION = "auth.single_session"
MULTIPLE_SESSIONS = "You cannot have multiple login sessions per account."


def single_session(configs: dict[str, Any]) -> bool:
    """Whether the tenant allows one live session per account only."""
    value = configs.get(SINGLE_SESSION)
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


@dataclass(frozen=True)
class Issued:
    """A session's id and a fresh refresh token for it."""

    session_id: str
    refresh_token: str
    user_id: str


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Sessions:
    """Start, rotate and revoke sign-in sessions."""

    def __init__(
        self, engine: Engine, changed: Callable[[], None] | None = None
    ) -> None:
        self.engine = engine
        self.changed = changed or (lambda: None)
        """Called after a session starts or ends (the API forgets what it knew)."""

    def _token(self, connection, tenant_id: str, session_id: str) -> str:  # type: ignore[no-untyped-def]
        token = new_secret()
        connection.execute(
            insert(refresh_tokens).values(
                token_hash=digest(token),
                tenant_id=tenant_id,
                session_id=session_id,
                expires_at=datetime.now(UTC) + timedelta(days=REFRESH_DAYS),
            )
        )
        return token

    def start(self, tenant_id: str, user_id: str) -> Issued:
        """A new session for a user who just signed in."""
        session_id = str(uuid4())
        with self.engine.begin() as connection:
            connection.execute(
                insert(sessions).values(
                    id=session_id,
                    tenant_id=tenant_id,
                    user_id=user_id,
                    created_at=datetime.now(UTC),
                )
            )
            token = self._token(connection, tenant_id, session_id)
        self.changed()  # after the commit: a cached answer may be older now
        return Issued(session_id, token, user_id)

    def rotate(self, tenant_id: str, token: str) -> Issued | None:
        """Trade a refresh token for a new one; a reused token ends its session."""
        now = datetime.now(UTC)
        with self.engine.begin() as connection:
            found = connection.execute(
                select(refresh_tokens, sessions.c.user_id, sessions.c.revoked_at)
                .join(sessions, sessions.c.id == refresh_tokens.c.session_id)
                .where(
                    refresh_tokens.c.token_hash == digest(token),
                    refresh_tokens.c.tenant_id == tenant_id,
                )
            ).first()
            if found is None or found.revoked_at is not None:
                return None
            if found.used_at is not None:  # a reused token ends its session
                self._revoke(connection, found.session_id, now)
                fresh = None
            elif _utc(found.expires_at) < now:
                return None
            else:
                claimed = connection.execute(
                    update(refresh_tokens)
                    .where(
                        refresh_tokens.c.token_hash == found.token_hash,
                        refresh_tokens.c.used_at.is_(None),
                    )
                    .values(used_at=now)
                ).rowcount
                if claimed != 1:
                    return None
                fresh = self._token(connection, tenant_id, found.session_id)
        if fresh is None:
            self.changed()  # after the commit: the session just ended
            return None
        return Issued(found.session_id, fresh, found.user_id)

    def _revoke(self, connection, session_id: str, now: datetime) -> None:  # type: ignore[no-untyped-def]
        connection.execute(
            update(sessions)
            .where(sessions.c.id == session_id, sessions.c.revoked_at.is_(None))
            .values(revoked_at=now)
        )

    def revoke(self, tenant_id: str, session_id: str) -> None:
        """End a session: its access and refresh tokens stop working."""
        with self.engine.begin() as connection:
            self._revoke(connection, session_id, datetime.now(UTC))
        self.changed()

    def revoke_by_refresh(self, tenant_id: str, token: str) -> None:
        """End the session a refresh token belongs to."""
        with self.engine.begin() as connection:
            session_id = connection.execute(
                select(refresh_tokens.c.session_id).where(
                    refresh_tokens.c.token_hash == digest(token),
                    refresh_tokens.c.tenant_id == tenant_id,
                )
            ).scalar()
            if session_id:
                self._revoke(connection, session_id, datetime.now(UTC))
        self.changed()

    def revoke_all(self, tenant_id: str, user_id: str) -> None:
        """End every session of a user (after a password reset)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(sessions)
                .where(
                    and_(
                        sessions.c.tenant_id == tenant_id,
                        sessions.c.user_id == user_id,
                        sessions.c.revoked_at.is_(None),
                    )
                )
                .values(revoked_at=datetime.now(UTC))
            )
        self.changed()

    def superseded(self, tenant_id: str, user_id: str, started: datetime) -> bool:
        """Whether the user signed in again after a session started then."""
        with self.engine.connect() as connection:
            newer = connection.execute(
                select(sessions.c.id)
                .where(
                    sessions.c.tenant_id == tenant_id,
                    sessions.c.user_id == user_id,
                    sessions.c.revoked_at.is_(None),
                    sessions.c.created_at > started,
                )
                .limit(1)
            ).first()
        return newer is not None
