"""A reference accounting consumer: the relay's messages into a small ledger.

It shows integrators the two things that make at-least-once delivery safe:
each message's event_id is the ledger's unique key, so a re-sent message is
ignored; and the consumed offsets are written in the same transaction as the
ledger rows, so a crash never half-applies a poll. Partitions are assigned,
not joined through a consumer group, so start-up takes no group rebalance;
run one consumer per set of topics. When a topic's id changes (the topic was
deleted and created again) its stored offsets no longer mean anything, and
the consumer reads that topic from the start, relying on de-duplication.

`SnapshotBooks` shows the other way in: an accounting system that books every
invoice from the compacted topic of invoice snapshots alone.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    select,
)
from sqlalchemy.engine import Connection

from outbound.public_events import DEFAULT_TOPICS, INVOICE_SNAPSHOT, NEW_TOPICS

log = logging.getLogger("ledgerdesk.accounting")

metadata = MetaData()
ledger = Table(
    "accounting_ledger",
    metadata,
    Column("seq", Integer, primary_key=True, autoincrement=True),
    Column("event_id", String(36), nullable=False, unique=True),
    Column("event_type", String(60), nullable=False),
    Column("tenant_id", String(36), nullable=False),
    Column("aggregate_type", String(20), nullable=False),
    Column("aggregate_id", String(36), nullable=False),
    Column("aggregate_version", Integer, nullable=False),
    Column("occurred_at", String(40), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("received_at", DateTime(timezone=True), nullable=False),
    Index("ix_accounting_ledger_aggregate", "tenant_id", "aggregate_id", "seq"),
)
offsets = Table(
    "accounting_offsets",
    metadata,
    Column("topic", String(200), primary_key=True),
    Column("partition", Integer, primary_key=True),
    Column("topic_id", String(40)),
    Column("next_offset", Integer, nullable=False),
)


def ledger_entries(engine: Engine) -> list[dict[str, Any]]:
    """Every ledger row in the order it was written."""
    with engine.connect() as connection:
        rows = connection.execute(select(ledger).order_by(ledger.c.seq))
        return [dict(row._mapping) for row in rows]


class AccountingConsumer:
    """Reads the accounting topics from assigned partitions into the ledger."""

    def __init__(
        self,
        engine: Engine,
        bootstrap: str,
        topics: Iterable[str] = DEFAULT_TOPICS.values(),
        timeout: float = 10.0,
    ) -> None:
        self.engine = engine
        self.bootstrap = bootstrap.split(",")
        self.topics = sorted(set(topics))
        self.timeout = timeout
        self.consumer: Any = None
        self.topic_ids: dict[str, str | None] = {}
        self.applied = 0
        self.duplicates = 0
        metadata.create_all(engine)

    def connect(self) -> None:
        """Assign every partition of the topics and seek to the stored offsets."""
        from kafka import KafkaConsumer, TopicPartition

        self.close()
        consumer = KafkaConsumer(
            bootstrap_servers=self.bootstrap,
            group_id=None,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            allow_auto_create_topics=False,
            request_timeout_ms=int(self.timeout * 1000) + 1000,
            bootstrap_timeout_ms=int(self.timeout * 1000),
            reconnect_backoff_max_ms=1000,
        )
        stored = self.stored_offsets()
        assignment = []
        for topic in self.topics:
            for partition in sorted(consumer.partitions_for_topic(topic) or ()):
                assignment.append(TopicPartition(topic, partition))
        consumer.assign(assignment)
        self.topic_ids = {t: self.current_topic_id(consumer, t) for t in self.topics}
        for tp in assignment:
            topic_id, next_offset = stored.get((tp.topic, tp.partition), (None, None))
            if next_offset is not None and topic_id == self.topic_ids[tp.topic]:
                consumer.seek(tp, next_offset)
            else:
                consumer.seek_to_beginning(tp)
        self.consumer = consumer

    @staticmethod
    def current_topic_id(consumer: Any, topic: str) -> str | None:
        """The broker's id of a topic, which changes when it is recreated."""
        topic_id = consumer._client.cluster.topic_id(topic)
        return str(topic_id) if topic_id else None

    def stored_offsets(self) -> dict[tuple[str, int], tuple[str | None, int]]:
        """Offsets written with the ledger rows: (topic, partition) -> (id, next)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(offsets)).all()
        return {(r.topic, r.partition): (r.topic_id, r.next_offset) for r in rows}

    def poll(self, max_records: int = 500, timeout: float = 1.0) -> int:
        """Apply one poll's messages; answers how many were new to the ledger."""
        if self.consumer is None or not self.consumer.assignment():
            self.connect()
        if not self.consumer.assignment():  # no topic yet: the relay creates them
            threading.Event().wait(timeout)
            return 0
        records = self.consumer.poll(
            timeout_ms=int(timeout * 1000), max_records=max_records
        )
        if not records:
            return 0
        applied = 0
        with self.engine.begin() as connection:
            for tp, messages in records.items():
                for message in messages:
                    applied += self.apply(connection, message.value)
                self.store_offset(connection, tp.topic, tp.partition, messages[-1])
        self.applied += applied
        return applied

    def apply(self, connection: Connection, raw: bytes) -> int:
        """Write one message to the ledger unless its event id is there already."""
        value = json.loads(raw)
        seen = connection.execute(
            select(ledger.c.seq).where(ledger.c.event_id == value["event_id"])
        ).first()
        if seen is not None:
            self.duplicates += 1
            return 0
        connection.execute(
            ledger.insert().values(
                event_id=value["event_id"],
                event_type=value["event_type"],
                tenant_id=value["tenant_id"],
                aggregate_type=value["aggregate_type"],
                aggregate_id=value["aggregate_id"],
                aggregate_version=value["aggregate_version"],
                occurred_at=value["occurred_at"],
                payload=value,
                received_at=datetime.now(UTC),
            )
        )
        return 1

    def store_offset(
        self, connection: Connection, topic: str, partition: int, last: Any
    ) -> None:
        """Record the next offset to read, in the transaction of the rows."""
        connection.execute(
            delete(offsets).where(
                offsets.c.topic == topic, offsets.c.partition == partition
            )
        )
        connection.execute(
            offsets.insert().values(
                topic=topic,
                partition=partition,
                topic_id=self.topic_ids.get(topic),
                next_offset=last.offset + 1,
            )
        )

    def run(self, stop: threading.Event, idle_wait: float = 0.5) -> None:
        """Consume until stop is set, reconnecting after errors."""
        from kafka.errors import KafkaError

        while not stop.is_set():
            try:
                if self.poll() == 0 and self.topics_changed():
                    self.connect()
            except (KafkaError, OSError) as error:
                log.warning("broker unavailable, retrying: %s", error)
                self.close()
                stop.wait(idle_wait)

    def topics_changed(self) -> bool:
        """Whether partitions appeared or a topic was recreated since connecting."""
        if self.consumer is None:
            return True
        assigned = {(tp.topic, tp.partition) for tp in self.consumer.assignment()}
        for topic in self.topics:
            partitions = self.consumer.partitions_for_topic(topic) or set()
            if any((topic, p) not in assigned for p in partitions):
                return True
            if self.current_topic_id(self.consumer, topic) != self.topic_ids[topic]:
                return True
        return False

    def close(self) -> None:
        """Release the connection."""
        consumer, self.consumer = self.consumer, None
        if consumer is not None:
            consumer.close()


# -- books from the compacted snapshot topic alone ---------------------------------
DEBTORS, REVENUE, VAT_PAYABLE = "1300 Debtors", "8000 Revenue", "1500 VAT payable"


def journal(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    """The booking of one invoice snapshot: debtors debited with the gross,
    revenue credited per VAT group with its taxable amount and VAT payable with
    its VAT; a credit note books the same the other way round. Amounts are
    Decimals; debits equal credits."""
    sign = Decimal(-1) if snapshot["kind"] == "credit_note" else Decimal(1)
    entries = [
        {
            "account": DEBTORS,
            "debit": sign * Decimal(snapshot["totals"]["gross"]),
            "credit": Decimal(0),
        }
    ]
    for group in snapshot["vat_breakdown"]:
        tag = f"{group['category']} {group['rate']}"
        entries.append(
            {
                "account": f"{REVENUE} {tag}",
                "debit": Decimal(0),
                "credit": sign * Decimal(group["taxable"]),
            }
        )
        entries.append(
            {
                "account": f"{VAT_PAYABLE} {tag}",
                "debit": Decimal(0),
                "credit": sign * Decimal(group["vat"]),
            }
        )
    return entries


class SnapshotBooks:
    """An accounting system's books rebuilt from the compacted topic of invoice
    snapshots alone (no other topic, no event history): the latest snapshot per
    invoice id, a tombstone (an invoice taken back to draft) removing it.

    On a compacted topic the broker keeps at least the latest value of every
    key, so reading it from the start always yields every finalised invoice as
    it is now, however late the reader starts.
    """

    def __init__(
        self,
        bootstrap: str,
        topic: str = NEW_TOPICS[INVOICE_SNAPSHOT],
        timeout: float = 10.0,
    ) -> None:
        self.bootstrap = bootstrap.split(",")
        self.topic = topic
        self.timeout = timeout
        self.invoices: dict[str, dict[str, Any]] = {}
        self.tenants: dict[str, str] = {}

    def rebuild(self) -> dict[str, dict[str, Any]]:
        """Read the whole topic from the start to its current end; answers the
        snapshots by invoice id."""
        from kafka import KafkaConsumer, TopicPartition

        consumer = KafkaConsumer(
            bootstrap_servers=self.bootstrap,
            group_id=None,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            request_timeout_ms=int(self.timeout * 1000) + 1000,
        )
        try:
            partitions = [
                TopicPartition(self.topic, p)
                for p in sorted(consumer.partitions_for_topic(self.topic) or ())
            ]
            consumer.assign(partitions)
            consumer.seek_to_beginning(*partitions)
            ends = consumer.end_offsets(partitions)
            self.invoices, self.tenants = {}, {}
            deadline = time.monotonic() + self.timeout
            while any(consumer.position(tp) < ends[tp] for tp in partitions):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{self.topic} was not read to its end")
                for messages in consumer.poll(timeout_ms=200).values():
                    for message in messages:
                        self.apply(message)
            return self.invoices
        finally:
            consumer.close()

    def apply(self, message: Any) -> None:
        """Keep a snapshot as its invoice's latest, or drop it on a tombstone."""
        key = message.key.decode()
        if message.value is None:
            self.invoices.pop(key, None)
            return
        self.invoices[key] = json.loads(message.value)
        headers = {name: raw.decode() for name, raw in message.headers or ()}
        self.tenants[key] = headers.get("tenant_id", "")

    def ledger(self) -> list[dict[str, Any]]:
        """Every invoice's booking, by invoice number."""
        rows = []
        for invoice_id, snapshot in sorted(
            self.invoices.items(), key=lambda item: item[1]["number"]
        ):
            for entry in journal(snapshot):
                rows.append({"invoice_id": invoice_id, **entry})
        return rows
