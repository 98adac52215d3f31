"""Which SLA policy a ticket's clock runs under, as the read model chooses it."""

from __future__ import annotations

from domain.base import SYSTEM
from domain.use_cases.contracts import ConcludeContract
from domain.use_cases.tickets import OpenTicket
from projections import tables as t
from tests.integration.projections.conftest import register_client, rows

TARGETS = {"default_targets": {"response_minutes": 60, "resolution_minutes": 480}}


def test_a_policy_that_comes_to_name_a_contract_takes_its_tickets(
    application, engine, follower, tenant
):
    company, client = register_client(application, tenant, "Northwind")
    standard = application.settings.add(
        tenant, SYSTEM, "slas", "Standard", TARGETS, is_default=True
    )
    contracted = application.settings.add(tenant, SYSTEM, "slas", "Contracted", TARGETS)
    contract = application.contracts.conclude(
        tenant,
        SYSTEM,
        ConcludeContract(
            name="Support",
            client_id=client,
            company_id=company,
            service_id=None,
            period=None,
            quantity=1,
            start_date="2020-01-01",
        ),
    )
    first = application.tickets.open(
        tenant, client, OpenTicket(description="Printer", company_id=company)
    )
    follower.catch_up()
    [row] = rows(engine, t.tickets, id=first)
    assert row["sla_policy_id"] == standard

    # no policy named a contract until now: the choice by contract starts here
    application.settings.change(
        tenant,
        SYSTEM,
        "slas",
        contracted,
        data={**TARGETS, "contract_ids": [contract]},
    )
    second = application.tickets.open(
        tenant, client, OpenTicket(description="Mailbox", company_id=company)
    )
    follower.catch_up()
    by_id = {row["id"]: row for row in rows(engine, t.tickets, tenant_id=tenant)}
    assert by_id[first]["sla_policy_id"] == contracted
    assert by_id[second]["sla_policy_id"] == contracted
