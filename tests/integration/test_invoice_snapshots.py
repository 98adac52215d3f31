"""The compacted topic of invoice snapshots: an accounting system that reads it
alone, from the start, books every finalised invoice with the read model's
totals; version 2 invoice events and snapshots fit their JSON Schemas; the
relay creates its topics with explicit settings the test broker accepts."""

from __future__ import annotations

import json
import time
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select

from api.bootstrap import build_services
from domain.invoices import STATUS_NAMES
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.organisations import RegisterCompany
from outbound.accounting import SnapshotBooks, journal
from outbound.public_events import (
    ALL_TOPICS,
    INVOICE_SNAPSHOT,
    NEW_TOPICS,
    SNAPSHOT_TYPE,
    validate,
)
from outbound.relay import TOPIC_SETTINGS, Relay
from projections import tables as t
from tests.integration import test_relay
from tests.integration.test_relay import config, drain

broker = test_relay.broker
tenant = test_relay.tenant
engine = test_relay.engine

PROFILE = {
    "name": "Acme IT B.V.",
    "country_code": "NL",
    "vat_number": "NL123456789B01",
    "kvk_number": "12345678",
    "electronic_address": {"scheme": "0106", "id": "12345678"},
    "iban": "NL91ABNA0417164300",
}
MIXED = [
    {"description": "Support", "quantity": "1.5", "price": "75.00", "vat_rate": 21},
    {"description": "Cable", "quantity": "3", "price": "0.33", "vat_rate": 9},
    {"description": "Cable", "quantity": "7", "price": "0.35", "vat_rate": 9},
    {
        "description": "Licence",
        "quantity": "1",
        "price": "100.00",
        "vat_rate": 0,
        "vat_category": "AE",
    },
    {
        "description": "Course",
        "quantity": "2",
        "price": "49.99",
        "vat_rate": 0,
        "vat_category": "E",
        "exemption_reason": "Education",
    },
    {
        "description": "Export",
        "quantity": "1",
        "price": "10.01",
        "vat_rate": 0,
        "vat_category": "G",
    },
]


def invoice_life(app: Any, tenant_id: str) -> dict[str, str]:
    """Invoices in every state an accountant meets; answers them by role."""
    app.invoices.set_billing_profile(tenant_id, "u1", PROFILE)
    company = app.organisations.register_company(
        tenant_id, "u1", RegisterCompany(name="Northwind", city="Utrecht")
    )

    def made(lines: list[dict[str, Any]], finalise: bool = True) -> str:
        invoice_id = app.invoices.create(
            tenant_id,
            "u1",
            CreateInvoice(
                company_id=company, client_id=None, day="2026-11-01", lines=lines
            ),
        )
        if finalise:
            app.invoices.finalise(tenant_id, "u1", invoice_id, "EXT", "2026-11-02")
        return invoice_id

    roles = {
        "sent": made(MIXED),
        "paid": made(MIXED[:2]),
        "expired": made(MIXED[3:]),
        "credited": made(MIXED[1:4]),
        "restored": made(MIXED[:1]),
        "draft": made(MIXED[:1], finalise=False),
        "again": made(MIXED[2:3]),
    }
    app.invoices.mark(tenant_id, "u1", roles["paid"], "paid")
    app.invoices.mark(tenant_id, "u1", roles["expired"], "outstanding")
    app.invoices.mark(tenant_id, "u1", roles["expired"], "expired")
    roles["credit"] = app.invoices.credit(
        tenant_id, "u1", roles["credited"], finalise=True
    )
    app.invoices.restore(tenant_id, "u1", roles["restored"])
    app.invoices.restore(tenant_id, "u1", roles["again"])
    app.invoices.finalise(tenant_id, "u1", roles["again"], "EXT-2", "2026-11-03")
    return roles


def read_model(engine: Any, tenant_id: str) -> dict[str, Any]:
    i = t.invoices
    with engine.connect() as connection:
        rows = connection.execute(select(i).where(i.c.tenant_id == tenant_id))
        return {str(r.id): r for r in rows}


@pytest.mark.kafka
def test_books_from_the_snapshot_topic_alone_match_the_read_model(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker, settings
) -> None:
    roles = invoice_life(application, tenant)
    relay = Relay(application, engine, config(broker, batch_size=9))
    drain(relay)
    relay.close()
    # the read model, as the operator's invoice list shows it
    services = build_services(settings)
    services.follower.catch_up()
    rows = read_model(services.engine, tenant)
    services.domain.close()

    books = SnapshotBooks(broker.bootstrap, timeout=20)
    booked = books.rebuild()
    finalised = {k: r for k, r in rows.items() if r.external_id is not None}
    assert set(booked) == set(finalised)
    assert roles["restored"] not in booked and roles["draft"] not in booked
    for invoice_id, snapshot in booked.items():
        validate(snapshot, SNAPSHOT_TYPE)
        row = finalised[invoice_id]
        sign = -1 if row.credits else 1
        assert Decimal(snapshot["totals"]["net"]) == sign * Decimal(row.amount_excl)
        assert Decimal(snapshot["totals"]["gross"]) == sign * Decimal(row.amount_incl)
        assert snapshot["status"] == STATUS_NAMES[row.status_id]
        assert snapshot["number"] == row.code
        assert books.tenants[invoice_id] == tenant
        entries = journal(snapshot)
        assert sum(e["debit"] for e in entries) == sum(e["credit"] for e in entries)
    assert booked[roles["paid"]]["totals"]["amount_due"] == "0.00"
    assert booked[roles["expired"]]["status"] == "expired"
    assert booked[roles["credited"]]["credited_by"]["invoice_id"] == roles["credit"]
    assert booked[roles["credit"]]["kind"] == "credit_note"
    assert booked[roles["again"]]["issue_date"] == "2026-11-03"
    categories = {g["category"] for g in booked[roles["sent"]]["vat_breakdown"]}
    assert categories == {"S", "AE", "E", "G"}
    ledger = books.ledger()
    assert sum(e["debit"] for e in ledger) == sum(e["credit"] for e in ledger)


def _all_messages(
    bootstrap: str, topics: list[str], seconds: float = 20.0
) -> list[Any]:
    from kafka import KafkaConsumer, TopicPartition

    consumer = KafkaConsumer(bootstrap_servers=bootstrap, auto_offset_reset="earliest")
    try:
        partitions = [
            TopicPartition(topic, p)
            for topic in topics
            for p in consumer.partitions_for_topic(topic) or ()
        ]
        consumer.assign(partitions)
        ends = consumer.end_offsets(partitions)
        found: list[Any] = []
        deadline = time.monotonic() + seconds
        while any(consumer.position(tp) < ends[tp] for tp in partitions):
            assert time.monotonic() < deadline
            for batch in consumer.poll(timeout_ms=200).values():
                found.extend(batch)
        return found
    finally:
        consumer.close()


@pytest.mark.kafka
def test_version_2_events_fit_their_schemas_in_order(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker
) -> None:
    invoice_life(application, tenant)
    relay = Relay(application, engine, config(broker))
    drain(relay)
    relay.close()
    v1 = _all_messages(broker.bootstrap, [ALL_TOPICS["invoice"]])
    v2 = _all_messages(broker.bootstrap, [NEW_TOPICS["invoice_v2"]])
    credited = 1  # invoice.credited has no version 1
    assert len(v2) == len(v1) + credited
    last: dict[str, int] = {}
    for message in v2:
        value = json.loads(message.value)
        validate(value)
        assert value["schema_version"] == 2
        headers = dict(message.headers)
        assert headers["schema_version"] == b"2"
        assert value["aggregate_version"] == last.get(value["aggregate_id"], 0) + 1
        last[value["aggregate_id"]] = value["aggregate_version"]
    types = {json.loads(m.value)["event_type"] for m in v2}
    assert {"invoice.finalised", "invoice.credited", "invoice.status_changed"} <= types
    finalised = [
        json.loads(m.value)
        for m in v2
        if json.loads(m.value)["event_type"] == "invoice.finalised"
    ]
    assert all(f["data"]["snapshot"]["totals"] for f in finalised)


@pytest.mark.kafka
def test_the_topics_are_created_with_their_settings(  # type: ignore[no-untyped-def]
    application, tenant, engine, broker
) -> None:
    from kafka.admin import ConfigResource, ConfigResourceType, KafkaAdminClient

    invoice_life(application, tenant)
    relay = Relay(application, engine, config(broker))
    drain(relay)
    relay.close()
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
    try:
        described = admin.describe_topics(list(ALL_TOPICS.values()))
        partitions = {d["name"]: len(d["partitions"]) for d in described}
        assert partitions == {name: 3 for name in ALL_TOPICS.values()}
        for key, name in ALL_TOPICS.items():
            found = admin.describe_configs(
                [ConfigResource(ConfigResourceType.TOPIC, name)]
            )
            settings = found["topic"][name] if isinstance(found, dict) else {}
            # tansu, the test broker, takes the settings at creation but
            # describes none of them (docs/accounting.md); Kafka shows them
            for setting, value in settings.items():
                if setting in TOPIC_SETTINGS[key]:
                    assert value == TOPIC_SETTINGS[key][setting], (name, setting)
    finally:
        admin.close()
    assert TOPIC_SETTINGS[INVOICE_SNAPSHOT]["cleanup.policy"] == "compact"
    assert TOPIC_SETTINGS["invoice"]["retention.ms"] == "-1"
