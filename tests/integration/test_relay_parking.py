"""The relay parks an event it cannot map, holds back only that key, retries."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.bootstrap import build_engine
from domain.use_cases.invoices import CreateInvoice
from outbound import relay as relay_module
from outbound.public_events import DEFAULT_TOPICS
from outbound.relay import HELD_BACK, BrokerUnavailable, Relay, RelayConfig
from projections.parked import list_parked, parked_count
from tests.integration import test_relay
from tests.integration.kafka_broker import Broker
from tests.integration.test_relay import (
    LINE,
    config,
    drain,
    expected_messages,
    read_topics,
)

broker = test_relay.broker
tenant = test_relay.tenant


@pytest.fixture
def engine(settings):  # type: ignore[no-untyped-def]
    """A bare read-model engine: the relay migrates what it needs."""
    engine = build_engine(settings)
    yield engine
    engine.dispose()


class Sent:
    """An acknowledged send."""

    def get(self, timeout: float | None = None) -> None:
        return None


class MemoryProducer:
    """A producer that keeps what it was given, or fails like a lost broker."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, bytes, dict[str, Any]]] = []
        self.down = False

    def send(self, topic: str, key: bytes, value: bytes, headers: Any) -> Sent:
        from kafka.errors import KafkaTimeoutError

        if self.down:
            raise KafkaTimeoutError("no broker")
        self.messages.append((topic, key, json.loads(value) if value else None))
        return Sent()

    def flush(self, timeout: float | None = None) -> None:
        return None

    def close(self, timeout: float | None = None) -> None:
        return None


def _invoices(app: Any, tenant_id: str) -> tuple[str, str]:
    """Two invoices; the first gets more events after its creation."""
    bad = app.invoices.create(
        tenant_id,
        "u1",
        CreateInvoice(
            company_id=None,
            client_id=None,
            day="2026-02-01",
            reference_number="B",
            lines=[LINE],
        ),
    )
    good = app.invoices.create(
        tenant_id,
        "u1",
        CreateInvoice(
            company_id=None,
            client_id=None,
            day="2026-02-01",
            reference_number="G",
            lines=[LINE],
        ),
    )
    app.invoices.finalise(tenant_id, "u1", bad, "EXT-B")
    app.invoices.finalise(tenant_id, "u1", good, "EXT-G")
    return bad, good


def _fail_on_first_event_of(monkeypatch, aggregate_id: str) -> None:  # type: ignore[no-untyped-def]
    original = relay_module.translate

    def faulty(domain_event):  # type: ignore[no-untyped-def]
        if (
            str(domain_event.originator_id) == aggregate_id
            and domain_event.originator_version == 1
        ):
            raise ArithmeticError("decimal.InvalidOperation")
        return original(domain_event)

    monkeypatch.setattr(relay_module, "translate", faulty)


def _expected(app: Any, aggregate_id: str) -> list[int]:
    return [
        value["aggregate_version"]
        for value in expected_messages(app)
        if value["aggregate_id"] == aggregate_id
    ]


def _versions(messages: list[Any], aggregate_id: str) -> list[int]:
    """The versions sent in version 1 (the v2 and snapshot topics repeat them)."""
    return [
        value["aggregate_version"]
        for topic, key, value in messages
        if key.decode() == aggregate_id and topic in DEFAULT_TOPICS.values()
    ]


def test_an_unmappable_event_holds_back_only_its_key(
    application, tenant, engine, monkeypatch
) -> None:
    bad, good = _invoices(application, tenant)
    _fail_on_first_event_of(monkeypatch, bad)
    producer = MemoryProducer()
    relay = Relay(
        application,
        engine,
        RelayConfig(bootstrap="memory", create_topics=False, batch_size=2),
        producer_factory=lambda _: producer,
    )
    drain(relay)
    assert relay.caught_up()
    assert _versions(producer.messages, good) == _expected(application, good)
    assert _versions(producer.messages, bad) == []
    first, *later = list_parked(engine, "kafka-relay")
    assert first.originator_id == bad and first.originator_version == 1
    assert "InvalidOperation" in first.error and first.tenant_id == tenant
    assert later and all(p.originator_id == bad for p in later)
    assert all(p.error.startswith(HELD_BACK) for p in later)

    # still failing: nothing of that key goes out, order is kept
    failing = relay.retry([first, *later])
    assert [p.id for p, _ in failing] == [first.id, *(p.id for p in later)]
    assert _versions(producer.messages, bad) == []
    assert parked_count(engine, "kafka-relay") == 1 + len(later)

    monkeypatch.undo()
    assert relay.retry(list_parked(engine, "kafka-relay")) == []
    assert _versions(producer.messages, bad) == _expected(application, bad)
    assert parked_count(engine) == 0
    # once retried, later events of the key flow again
    application.invoices.change_status(tenant, "u2", bad, 4)
    drain(relay)
    assert _versions(producer.messages, bad) == _expected(application, bad)
    assert len(_expected(application, bad)) == 2 + len(later)


def test_a_broker_outage_parks_nothing(application, tenant, engine) -> None:
    _invoices(application, tenant)
    producer = MemoryProducer()
    producer.down = True
    relay = Relay(
        application,
        engine,
        RelayConfig(bootstrap="memory", create_topics=False),
        producer_factory=lambda _: producer,
    )
    with pytest.raises(BrokerUnavailable):
        relay.step()
    assert relay.position() == 0
    assert parked_count(engine) == 0
    producer.down = False
    drain(relay)
    first_version = [m for m in producer.messages if m[0] in DEFAULT_TOPICS.values()]
    assert len(first_version) == len(expected_messages(application))


@pytest.mark.kafka
def test_on_a_broker_other_keys_flow_and_the_held_key_follows_in_order(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker: Broker, monkeypatch
) -> None:
    bad, good = _invoices(application, tenant)
    _fail_on_first_event_of(monkeypatch, bad)
    relay = Relay(application, engine, config(broker, batch_size=3))
    drain(relay)
    monkeypatch.undo()
    goods = _expected(application, good)
    sent = read_topics(broker, len(goods))
    assert [m.key.decode() for m in sent] == [good] * len(goods)
    held = parked_count(engine, "kafka-relay")
    assert held == len(_expected(application, bad))

    assert relay.retry(list_parked(engine, "kafka-relay")) == []
    relay.close()
    sent = read_topics(broker, len(goods) + held)
    versions = [
        json.loads(m.value)["aggregate_version"]
        for m in sorted(sent, key=lambda m: m.offset)
        if m.key.decode() == bad
    ]
    assert versions == _expected(application, bad)


def test_the_command_lists_the_relays_parked_events_and_needs_kafka_to_retry(
    application, tenant, engine, settings, monkeypatch, capsys
) -> None:
    from api.cli import main

    with monkeypatch.context() as patch:
        bad, _ = _invoices(application, tenant)
        _fail_on_first_event_of(patch, bad)
        relay = Relay(
            application,
            engine,
            RelayConfig(bootstrap="memory", create_topics=False),
            producer_factory=lambda _: MemoryProducer(),
        )
        drain(relay)
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    monkeypatch.delenv("LEDGERDESK_KAFKA_BOOTSTRAP", raising=False)
    assert main(["parked", "--follower", "kafka-relay"]) == 0
    listed = capsys.readouterr().out
    assert f"kafka-relay\t{list_parked(engine)[0].notification_id}\t" in listed
    assert "InvalidOperation" in listed and HELD_BACK in listed
    assert main(["parked", "--retry"]) == 1
    assert "LEDGERDESK_KAFKA_BOOTSTRAP is unset" in capsys.readouterr().out


@pytest.mark.kafka
def test_the_command_retries_the_relays_parked_events_on_the_broker(  # type: ignore[no-untyped-def]
    application, tenant, engine, settings, broker: Broker, monkeypatch, capsys
) -> None:
    from api.cli import main

    with monkeypatch.context() as patch:
        bad, _ = _invoices(application, tenant)
        _fail_on_first_event_of(patch, bad)
        relay = Relay(application, engine, config(broker))
        drain(relay)
        relay.close()
    held = parked_count(engine, "kafka-relay")
    assert held
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    monkeypatch.setenv("LEDGERDESK_KAFKA_BOOTSTRAP", broker.bootstrap)
    assert main(["parked", "--retry"]) == 0
    assert f"Applied {held} of {held}" in capsys.readouterr().out
    assert parked_count(engine) == 0
    sent = read_topics(broker, len(expected_messages(application)))
    assert len(sent) == len(expected_messages(application))


def test_a_message_that_breaks_its_schema_is_parked_not_sent(
    application, tenant, engine, monkeypatch
) -> None:
    """As a card of 0.001 hours once published `minutes: 0` against `minimum: 1`."""
    bad, good = _invoices(application, tenant)
    original = relay_module.translate

    def off_schema(domain_event):  # type: ignore[no-untyped-def]
        public = original(domain_event)
        if public is not None and public.key == bad:
            public.value["data"] = None
        return public

    monkeypatch.setattr(relay_module, "translate", off_schema)
    producer = MemoryProducer()
    relay = Relay(
        application,
        engine,
        RelayConfig(bootstrap="memory", create_topics=False),
        producer_factory=lambda _: producer,
    )
    drain(relay)
    assert _versions(producer.messages, bad) == []
    assert _versions(producer.messages, good) == _expected(application, good)
    first, *_ = list_parked(engine, "kafka-relay")
    assert first.error.startswith("ValidationError")
