"""The composition root: every process's parts are built here from one Settings.

The event store and the domain application, the read-model engine and its
follower, the API's services (sessions, throttle, mail identity, sign-on, cache),
the mail outbox's follower and sender, and the Kafka relay's configuration.
Commands and the API ask for them here; none builds its own.
"""

from __future__ import annotations

import getpass
import time
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from sqlalchemy import Engine, create_engine, event, exc

from api.auth.sessions import Sessions
from api.auth.throttle import Throttle
from api.cache import ReadCache
from api.recorder import TOPIC as RECORDER_TOPIC
from api.services import Services
from api.settings import Settings
from api.sso import provider_from_settings
from audit.keys import chain_key_from_file
from domain.application import Ledgerdesk
from outbound.mail_follower import Links, MailFollower
from outbound.mail_outbox import MailIdentity
from outbound.mail_sender import MailSender, SenderConfig
from outbound.mail_server import parse_smtp_url
from outbound.mail_settings import use_key
from projections.follower import Follower
from projections.schema import create_tables
from projections.upgrade import prepare

if TYPE_CHECKING:
    from outbound.relay import RelayConfig

# A pooled connection idle longer than this is pinged before it is handed out.
IDLE_PING_SECONDS = 5.0
READ_POOL = 10
"""Read-model connections a process keeps open, and its request threads
(api/main.py): one connection per thread, given back as the handler returns
(api/deps.py `ReadsDep`). With more threads than that, or connections given
back only after the answer was sent, the pool opened a connection beyond it
for a request and closed it afterwards: a new PostgreSQL backend each time
(800 in 20 s under the bench's load, with anyio's 40 threads)."""


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
        "POSTGRES_USER": unquote(parts.username or getpass.getuser()),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_POOL_SIZE": "10",
        "POSTGRES_MAX_OVERFLOW": "10",
        "APPLICATION_RECORDER_TOPIC": RECORDER_TOPIC,
    }


def build_application(settings: Settings) -> Ledgerdesk:
    """The domain application on the configured event store; with a checkpoint
    key, every new event's link is keyed (docs/audit.md)."""
    domain = Ledgerdesk(env=event_store_env(settings.database_url))
    domain.chain_key = chain_key_from_file(settings.checkpoint_key)
    return domain


def build_follower(domain: Ledgerdesk, engine: Engine, settings: Settings) -> Follower:
    """The read model's follower, in batches of the configured size."""
    return Follower(domain, engine, batch_size=settings.projection_batch_size)


def open_stores(
    settings: Settings | None = None, read_model: bool = True
) -> tuple[Ledgerdesk, Engine, Settings]:
    """The domain application and the read-model engine, tables migrated.

    With `read_model`, a read model whose tables this release changed is rebuilt
    first; without, its missing tables are only created.
    """
    settings = settings or Settings()
    use_key(settings.mail_fernet_key)
    domain = build_application(settings)
    engine = build_engine(settings)
    if read_model:
        prepare(domain, engine)
    else:
        create_tables(engine)
    return domain, engine, settings


def mail_identity(settings: Settings) -> MailIdentity:
    """How this desk names its mail: the mail domain and the default sender."""
    return MailIdentity(domain=settings.mail_domain, default_from=settings.mail_from)


def build_mail(
    settings: Settings, domain: Ledgerdesk, engine: Engine
) -> tuple[MailFollower, MailSender]:
    """The mail outbox: its follower of the log and its sender to SMTP."""
    from api.links import public_url
    from api.pdf import invoice_pdf
    from api.security import quote_token
    from domain.invoices import status_or_default

    links = Links(
        base=lambda subdomain, configs: public_url(
            settings.public_url, subdomain, configs
        ),
        quote_token=lambda tenant_id, quote_id: quote_token(
            settings.secret_key, tenant_id, quote_id
        ),
        invoice_pdf=lambda tenant, row: invoice_pdf(
            row, tenant.name, tenant.language, status_or_default(row.status_id)
        ),
    )
    follower = MailFollower(
        domain,
        engine,
        mail_identity(settings),
        links,
        batch_size=settings.mail_batch_size,
    )
    sender = MailSender(
        engine,
        SenderConfig(
            default_smtp=parse_smtp_url(settings.smtp_url)
            if settings.smtp_url
            else None,
            max_attempts=settings.mail_max_attempts,
            backoff_max=settings.mail_backoff_max,
            timeout=settings.smtp_timeout,
            batch_size=settings.mail_batch_size,
        ),
    )
    return follower, sender


def build_services(settings: Settings) -> Services:
    """Domain application, engine, tables, follower and helpers of one API process."""
    domain, engine, _ = open_stores(settings)
    follower = build_follower(domain, engine, settings)
    build_mail(settings, domain, engine)[0].begin_at_head()
    cache = ReadCache(settings.read_cache_seconds)
    follower.listeners.append(lambda _: cache.applied(follower.applied_topics))
    return Services(
        settings=settings,
        domain=domain,
        engine=engine,
        follower=follower,
        sessions=Sessions(engine, changed=cache.clear),
        throttle=Throttle(engine),
        mail=mail_identity(settings),
        sso=provider_from_settings(settings),
        cache=cache,
    )


def relay_config(settings: Settings) -> RelayConfig:
    """The Kafka relay's configuration (LEDGERDESK_KAFKA_BOOTSTRAP must be set)."""
    from outbound.relay import RelayConfig

    if not settings.kafka_bootstrap:
        raise ValueError("LEDGERDESK_KAFKA_BOOTSTRAP is unset: the relay is off.")
    return RelayConfig(
        bootstrap=settings.kafka_bootstrap,
        topics=settings.topics(),
        batch_size=settings.relay_batch_size,
        poll_interval=settings.poll_interval,
        ack_timeout=settings.relay_ack_timeout,
        backoff_max=settings.relay_backoff_max,
        create_topics=settings.kafka_create_topics,
        partitions=settings.kafka_topic_partitions,
        replication_factor=settings.kafka_replication_factor,
    )


def build_engine(settings: Settings) -> Engine:
    """The SQLAlchemy engine for the read-model tables."""
    url = settings.database_url
    if is_sqlite(url):
        engine = create_engine(
            f"sqlite:///{sqlite_path(url)}",
            pool_size=READ_POOL,
            max_overflow=READ_POOL,
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
    # No JIT: a search's statement (a walk and a GIN arm per kind) is costed past
    # jit_above_cost at a million tickets, and compiling it took 2.9 s of an
    # answer whose execution needed milliseconds; the read model's statements
    # read few rows, never enough to win back a compilation.
    engine = create_engine(
        url,
        pool_size=READ_POOL,
        max_overflow=READ_POOL,
        connect_args={"options": "-c jit=off"},
    )
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
