"""Login throttling: too many failures per username and address wait a while."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete, func, insert, select

from storage.tables import login_failures

MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)


class Throttle:
    """Counts failed sign-ins in a sliding window, stored beside the read model."""

    def __init__(self, engine: Engine, max_failures: int = MAX_FAILURES) -> None:
        self.engine = engine
        self.max_failures = max_failures

    @staticmethod
    def key(username: str, address: str) -> str:
        """The throttle key: the lower-cased username and the client address."""
        return f"{username.strip().lower()[:300]}|{address}"

    def blocked(self, tenant_id: str, key: str) -> bool:
        """Whether this username and address must wait."""
        since = datetime.now(UTC) - WINDOW
        with self.engine.connect() as connection:
            count = connection.execute(
                select(func.count())
                .select_from(login_failures)
                .where(
                    login_failures.c.tenant_id == tenant_id,
                    login_failures.c.key == key,
                    login_failures.c.at >= since,
                )
            ).scalar_one()
        return int(count) >= self.max_failures

    def failed(self, tenant_id: str, key: str) -> None:
        """Record one failure."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(login_failures).values(
                    tenant_id=tenant_id, key=key, at=datetime.now(UTC)
                )
            )

    def succeeded(self, tenant_id: str, key: str) -> None:
        """Forget the failures after a good sign-in."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(login_failures).where(
                    login_failures.c.tenant_id == tenant_id,
                    login_failures.c.key == key,
                )
            )
