"""The Kafka relay: follows the event log and publishes public accounting events.

Delivery is at least once, in order per aggregate: a batch is published and
acknowledged by every in-sync replica (acks=all) before its position is
recorded in `relay_tracking`; a crash in between re-sends that batch, with the
same event ids, and consumers drop what they have already seen. While the
broker is unreachable the relay retries with back-off and records nothing, so
no event is skipped. Only committed events are read, so nothing reaches Kafka
that the event store does not hold. An event that cannot be mapped (a bug) is
parked, with the later events of its key, and the rest flows on.

One stored event can make several messages: an invoice event goes out in
version 1 (deprecated, its old topic) and version 2 (its own topic), and after
the events of a finalised invoice its snapshot goes to a compacted topic keyed
by invoice id. The relay creates its topics with explicit settings
(TOPIC_SETTINGS): partitions, retention and, for the snapshots, compaction.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from domain.store import Store
from outbound.public_events import (
    ALL_TOPICS,
    INVOICE_SNAPSHOT,
    INVOICE_V2,
    SNAPSHOT_TYPE,
    PublicEvent,
    needs_snapshot,
    schema,
    snapshot_message,
    stored_topics,
    translate,
    translate_v2,
)
from projections.parked import (
    Parked,
    describe,
    failed_again,
    park,
    parked_events,
    resolve,
)

log = logging.getLogger("ledgerdesk.relay")

metadata = MetaData()
relay_tracking = Table(
    "relay_tracking",
    metadata,
    Column("name", String(100), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)


HELD_BACK = "Held back: an earlier event of"

Parking = tuple[Any, "BaseException | str", "str | None"]
"""A notification to park, its error, and its tenant when known."""


@cache
def validator(event_type: str, version: int = 1) -> Any:
    """The checker of one public event type's JSON Schema, made once."""
    from jsonschema.validators import validator_for

    found = schema(event_type, version)
    return validator_for(found)(found)


FOREVER = "-1"
DAY_MS = 24 * 60 * 60 * 1000
KEEP_FOREVER = {"cleanup.policy": "delete", "retention.ms": FOREVER}
TOPIC_SETTINGS: dict[str, dict[str, str]] = {
    # what accounting books is kept as long as the broker stands: a consumer
    # that starts late still reads every invoice event from the first
    "invoice": KEEP_FOREVER,
    INVOICE_V2: KEEP_FOREVER,
    "quote": KEEP_FOREVER,
    "contract": KEEP_FOREVER,
    # SLA alerts are signals, not books: kept 30 days
    "ticket": {"cleanup.policy": "delete", "retention.ms": str(30 * DAY_MS)},
    # the latest snapshot per invoice, for ever; a tombstone (an invoice taken
    # back to draft) is kept a day before compaction drops the key
    INVOICE_SNAPSHOT: {
        "cleanup.policy": "compact",
        "retention.ms": FOREVER,
        "delete.retention.ms": str(DAY_MS),
        "min.compaction.lag.ms": "0",
    },
}
"""The settings each topic is created with, by its key in the relay's topics."""


class BrokerUnavailable(Exception):
    """The broker did not acknowledge a batch; nothing was recorded."""


@dataclass(frozen=True)
class RelayConfig:
    """Where and how the relay publishes."""

    bootstrap: str
    topics: dict[str, str] = field(default_factory=lambda: dict(ALL_TOPICS))
    batch_size: int = 500
    poll_interval: float = 0.5
    ack_timeout: float = 30.0
    backoff_initial: float = 0.5
    backoff_max: float = 30.0
    create_topics: bool = True
    partitions: int = 6
    replication_factor: int = 1
    name: str = "kafka-relay"

    def topic_of(self, key: str) -> str:
        """The topic of a message's topic key; the new invoice topics fall back
        to their defaults when the configuration names only the first four."""
        return self.topics.get(key) or ALL_TOPICS[key]

    def all_topics(self) -> dict[str, str]:
        """Every topic the relay publishes to, by key."""
        return {key: self.topic_of(key) for key in {*self.topics, *ALL_TOPICS}}


def kafka_producer(config: RelayConfig) -> Any:
    """A producer that waits for every in-sync replica and keeps order per key."""
    from kafka import KafkaProducer

    timeout_ms = int(config.ack_timeout * 1000)
    request_ms = max(1000, timeout_ms // 2)
    return KafkaProducer(
        bootstrap_servers=config.bootstrap.split(","),
        acks="all",
        enable_idempotence=True,
        linger_ms=5,
        batch_size=256 * 1024,
        request_timeout_ms=request_ms,
        # the producer refuses a delivery timeout below linger + request timeout
        delivery_timeout_ms=max(timeout_ms, request_ms + 10),
        max_block_ms=timeout_ms,
        bootstrap_timeout_ms=timeout_ms,
        reconnect_backoff_max_ms=1000,
    )


def ensure_topics(config: RelayConfig) -> None:
    """Create the relay's topics when missing (operators may create them first)."""
    from kafka.admin import KafkaAdminClient, NewTopic
    from kafka.errors import TopicAlreadyExistsError

    timeout_ms = int(config.ack_timeout * 1000)
    admin = KafkaAdminClient(
        bootstrap_servers=config.bootstrap.split(","),
        request_timeout_ms=timeout_ms,
        bootstrap_timeout_ms=timeout_ms,
    )
    try:
        existing = set(admin.list_topics())
        missing = [
            NewTopic(
                name,
                config.partitions,
                config.replication_factor,
                topic_configs=dict(TOPIC_SETTINGS.get(key, KEEP_FOREVER)),
            )
            for key, name in sorted(config.all_topics().items())
            if name not in existing
        ]
        if missing:
            try:
                admin.create_topics(missing)
            except TopicAlreadyExistsError:
                pass
            log.info("created topics %s", ", ".join(t.name for t in missing))
    finally:
        admin.close()


class Relay:
    """Publishes accounting events after the recorded position, batch by batch."""

    def __init__(
        self,
        app: Store,
        engine: Engine,
        config: RelayConfig,
        producer_factory: Callable[[RelayConfig], Any] = kafka_producer,
    ) -> None:
        self.app = app
        self.engine = engine
        self.config = config
        self.producer_factory = producer_factory
        self.producer: Any = None
        self.topics = stored_topics()
        self.published = 0
        if not inspect(engine).has_table(parked_events.name):
            from storage.migrations import migrate

            migrate(engine)
        metadata.create_all(engine, tables=[relay_tracking])

    # -- the tracking position -------------------------------------------------
    def position(self) -> int:
        """The id of the last notification handled (0: none yet)."""
        query = select(relay_tracking.c.position).where(
            relay_tracking.c.name == self.config.name
        )
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)

    def record(self, position: int, parked: Sequence[Parking] = ()) -> None:
        """Remember that every event up to position has been acknowledged,
        and, in the same transaction, the events set aside on the way."""
        values = {"position": position, "updated_at": datetime.now(UTC)}
        with self.engine.begin() as connection:
            for notification, error, tenant_id in parked:
                park(connection, self.config.name, notification, error, tenant_id)
            changed = connection.execute(
                update(relay_tracking)
                .where(relay_tracking.c.name == self.config.name)
                .values(**values)
            ).rowcount
            if not changed:
                dialect = (
                    postgresql if self.engine.dialect.name == "postgresql" else sqlite
                )
                connection.execute(
                    dialect.insert(relay_tracking)
                    .values(name=self.config.name, **values)
                    .on_conflict_do_nothing()
                )

    # -- reading and publishing ------------------------------------------------
    def pending(self, after: int) -> tuple[list[PublicEvent], int, list[Parking]]:
        """The next batch of public events after a position, its end position,
        and the events to park instead of publishing.

        An event that cannot be mapped is parked; so is every later event of
        the same key (aggregate) while an earlier one is parked, so each key's
        order holds while other keys flow.
        """
        head = self.app.recorder.max_notification_id() or 0
        if head <= after:
            return [], after, []
        notifications = self.app.recorder.select_notifications(
            after + 1, self.config.batch_size, stop=head, topics=self.topics
        )
        end = head
        if len(notifications) == self.config.batch_size:
            end = notifications[-1].id
        held = self.held_keys() if notifications else set()
        messages = []
        parked: list[Parking] = []
        for notification in notifications:
            key = str(notification.originator_id)
            if key in held:
                parked.append((notification, f"{HELD_BACK} {key} is parked.", None))
                continue
            try:
                public = self.map(notification)
            except Exception as error:  # a mapping bug: set aside, go on
                log.error("parking event %s: %s", notification.id, describe(error))
                held.add(key)
                parked.append((notification, error, None))
                continue
            messages.extend(public)
        return messages, end, parked

    def map(self, notification: Any) -> list[PublicEvent]:
        """The public messages of a stored event (none: not public): version 1,
        version 2 and the invoice's snapshot; raises if one cannot be made or
        does not fit its published JSON Schema, so nothing half-made, and no
        part of an event's messages, reaches the broker."""
        domain_event = self.app.mapper.to_domain_event(notification)
        snapshot = self.snapshot_at(domain_event)
        found = [
            translate(domain_event),
            translate_v2(domain_event, snapshot),
            snapshot_message(domain_event, snapshot),
        ]
        messages = [public for public in found if public is not None]
        for public in messages:
            if public.value is None:
                continue
            if public.event_type == SNAPSHOT_TYPE:
                validator(SNAPSHOT_TYPE, 2).validate(public.value)
            else:
                validator(public.event_type, public.schema_version).validate(
                    public.value
                )
            public.encoded()
        return messages

    def snapshot_at(self, domain_event: Any) -> dict[str, Any] | None:
        """The invoice's snapshot as of this event, for the events that carry
        one (the invoice loaded at the event's version)."""
        if not needs_snapshot(domain_event):
            return None
        from domain.invoices import Invoice

        tenant_id = domain_event.tenant_id
        invoice = self.app.load(
            tenant_id,
            Invoice,
            domain_event.originator_id,
            version=domain_event.originator_version,
        )
        invoices: Any = getattr(self.app, "invoices")  # noqa: B009
        snapshot: dict[str, Any] = invoices.snapshot_of(tenant_id, invoice)
        return snapshot

    def held_keys(self) -> set[str]:
        """The keys (aggregate ids) with an event parked, unresolved."""
        query = select(parked_events.c.originator_id).where(
            parked_events.c.follower == self.config.name,
            parked_events.c.resolved_at.is_(None),
        )
        with self.engine.connect() as connection:
            return set(connection.execute(query.distinct()).scalars())

    def retry(self, parked: Sequence[Parked]) -> list[tuple[Parked, str]]:
        """Publish parked events in log order, each key stopping at its first
        failure; answers those still failing. BrokerUnavailable stops it all."""
        failing: list[tuple[Parked, str]] = []
        stuck: set[str] = set()
        for item in sorted(parked, key=lambda p: p.notification_id):
            if item.originator_id in stuck:
                failing.append((item, f"{HELD_BACK} {item.originator_id} failed."))
                continue
            [notification] = self.app.recorder.select_notifications(
                item.notification_id, 1
            )
            try:
                public = self.map(notification)
            except Exception as error:
                stuck.add(item.originator_id)
                failing.append((item, describe(error)))
                with self.engine.begin() as connection:
                    failed_again(connection, item.id, error)
                continue
            if public:
                self.publish(public)
                self.published += 1
            with self.engine.begin() as connection:
                resolve(connection, item.id)
        return failing

    def publish(self, messages: list[PublicEvent]) -> None:
        """Send a batch and wait until the broker acknowledged every message."""
        from kafka.errors import KafkaError

        if not messages:
            return
        try:
            if self.producer is None:
                if self.config.create_topics:
                    ensure_topics(self.config)
                self.producer = self.producer_factory(self.config)
            futures = [
                self.producer.send(
                    self.config.topic_of(message.topic_key),
                    key=message.key.encode(),
                    value=message.encoded(),
                    headers=message.headers(),
                )
                for message in messages
            ]
            self.producer.flush(timeout=self.config.ack_timeout)
            for future in futures:
                future.get(timeout=self.config.ack_timeout)
        except (KafkaError, OSError) as error:
            self.close_producer()
            raise BrokerUnavailable(str(error) or type(error).__name__) from error

    def step(self) -> int:
        """Publish one batch and record its end; answers how many events were
        sent (an event's versions and snapshot count once)."""
        start = self.position()
        messages, end, parked = self.pending(start)
        if end == start:
            return 0
        self.publish(messages)
        self.record(end, parked)
        events = len({message.event_id for message in messages})
        self.published += events
        return events

    def run(
        self, stop: threading.Event, sleep: Callable[[float], Any] | None = None
    ) -> None:
        """Relay until stopped: poll when idle, back off while the broker is down."""
        wait = sleep or stop.wait
        backoff = self.config.backoff_initial
        failures = 0
        while not stop.is_set():
            try:
                sent = self.step()
            except BrokerUnavailable as error:
                failures += 1
                log.warning(
                    "broker unavailable (attempt %d), retrying in %.1fs: %s",
                    failures,
                    backoff,
                    error,
                )
                wait(backoff)
                backoff = min(backoff * 2, self.config.backoff_max)
                continue
            if failures:
                log.info("broker reachable again after %d failed attempts", failures)
                failures, backoff = 0, self.config.backoff_initial
            if sent == 0 and self.caught_up():
                wait(self.config.poll_interval)

    def caught_up(self) -> bool:
        """Whether every stored event has been handled."""
        return self.position() >= (self.app.recorder.max_notification_id() or 0)

    def close_producer(self) -> None:
        """Drop the producer; the next batch makes a new one."""
        producer, self.producer = self.producer, None
        if producer is not None:
            try:
                producer.close(timeout=0)
            except Exception:  # closing a broken producer must not hide the cause
                log.debug("closing the producer failed", exc_info=True)

    def close(self) -> None:
        """Flush nothing more and release the connection."""
        self.close_producer()


@contextmanager
def sole_relay(
    engine: Engine, name: str, stop: threading.Event, wait: float = 1.0
) -> Iterator[bool]:
    """Hold a PostgreSQL advisory lock so one relay publishes and others stand by.

    Yields False when stopped before the lock was won. On SQLite (one machine)
    there is nothing to hold. Losing the lock's connection can let a standby
    start early: that only re-sends events, which consumers drop by event id.
    """
    if engine.dialect.name != "postgresql":
        yield True
        return
    digest = hashlib.sha256(f"ledgerdesk-relay/{name}".encode()).digest()
    key = int.from_bytes(digest[:8], "big", signed=True)
    with engine.connect() as raw:
        connection = raw.execution_options(isolation_level="AUTOCOMMIT")
        waiting_logged = False
        while not stop.is_set():
            locked = connection.execute(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": key}
            ).scalar()
            if locked:
                break
            if not waiting_logged:
                log.info("another relay is publishing; standing by")
                waiting_logged = True
            stop.wait(wait)
        else:
            yield False
            return
        try:
            yield True
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})


def events_per_second(relay: Relay, limit_seconds: float = 60.0) -> float:
    """Drain the log through the relay and answer the rate it reached."""
    began = time.perf_counter()
    sent = 0
    while time.perf_counter() - began < limit_seconds:
        count = relay.step()
        sent += count
        if count == 0 and relay.caught_up():
            break
    elapsed = time.perf_counter() - began
    return sent / elapsed if elapsed > 0 else 0.0
