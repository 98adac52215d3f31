"""The composition root: builds the event store, the read-model engine and followers."""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

from sqlalchemy import Engine, create_engine, event, exc

from api.recorder import TOPIC as RECORDER_TOPIC
from api.settings import Settings
from domain.application import Ledgerdesk

# A pooled connection idle longer than this is pinged before it is handed out.
IDLE_PING_SECONDS = 5.0


def is_sqlite(url: str) -> bool:
    """Whether the URL names an SQLite file (the embedded default)."""
    return url.startswith("sqlite")


def sqlite_path(url: str) -> str:
    """The file an sqlite:/// URL names (':memory:' stays as it is)."""
    path = url.split(":///", 1)[1] if ":///" in url else ":memory:"
    return path or ":memory:"


def event_store_env(url: str) -> dict[str, str]:
    """The eventsourcing environment for a database URL."""
    if is_sqlite(url):
        path = sqlite_path(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": path,
            "SQLITE_LOCK_TIMEOUT": "30",
        }
    parts = urlparse(url.replace("+psycopg", ""))
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or os.environ.get("USER", "postgres")),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_POOL_SIZE": "10",
        "POSTGRES_MAX_OVERFLOW": "10",
        "APPLICATION_RECORDER_TOPIC": RECORDER_TOPIC,
    }


def build_application(settings: Settings) -> Ledgerdesk:
    """The domain application on the configured event store."""
    return Ledgerdesk(env=event_store_env(settings.database_url))


def build_engine(settings: Settings) -> Engine:
    """The SQLAlchemy engine for the read-model tables."""
    url = settings.database_url
    if is_sqlite(url):
        engine = create_engine(
            f"sqlite:///{sqlite_path(url)}",
            connect_args={"timeout": 30, "check_same_thread": False},
        )

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record):  # type: ignore[no-untyped-def]
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    engine = create_engine(url, pool_size=10, max_overflow=10)
    ping_when_idle(engine)
    return engine


def ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only when it sat idle a while.

    `pool_pre_ping` costs every request a round trip; a connection handed back
    moments ago is alive, and one that sat idle (across a database restart, say)
    is pinged and, if dead, replaced before the request sees it.
    """

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi, record):  # type: ignore[no-untyped-def]
        record.info["checked_in"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi, record, _proxy):  # type: ignore[no-untyped-def]
        since = record.info.get("checked_in")
        if since is None or time.monotonic() - since < IDLE_PING_SECONDS:
            return
        try:
            cursor = dbapi.cursor()
            cursor.execute("SELECT 1")
            cursor.close()
            dbapi.rollback()
        except Exception as error:  # the pool discards it and connects anew
            raise exc.DisconnectionError(str(error)) from error
