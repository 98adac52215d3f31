"""A domain application and a read model on the test database."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import select

from api.bootstrap import build_engine
from domain.base import SYSTEM
from domain.use_cases.messages import PostMessage
from domain.use_cases.organisations import RegisterCompany
from domain.use_cases.users import RegisterUser
from projections import tables as t
from projections.follower import HANDLERS, Follower
from projections.schema import create_tables


@pytest.fixture
def engine(settings):  # type: ignore[no-untyped-def]
    """The read-model engine with its tables."""
    engine = build_engine(settings)
    create_tables(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def follower(application, engine) -> Follower:  # type: ignore[no-untyped-def]
    """A follower of the test application into the test read model."""
    return Follower(application, engine, batch_size=50)


@pytest.fixture
def tenant(application) -> str:  # type: ignore[no-untyped-def]
    """A tenant with ticket statuses, a company, a client and an operator."""
    tenant_id = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant_id,
        SYSTEM,
        "ticket_statuses",
        "Open",
        {"type": 1, "name_client": "Open"},
        is_default=True,
    )
    application.settings.add(
        tenant_id,
        SYSTEM,
        "ticket_statuses",
        "Closed",
        {"type": 2, "name_client": "Done"},
    )
    application.settings.add(
        tenant_id,
        SYSTEM,
        "prepaid_cards",
        "10 hours",
        {"hours": 10, "price": "950.00", "description": "Ten hours"},
    )
    return tenant_id


def register_client(application, tenant: str, company_name: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """(company id, client id): a new company of the tenant and a client of it."""
    company = application.organisations.register_company(
        tenant, SYSTEM, RegisterCompany(name=company_name)
    )
    client = application.users.register(
        tenant,
        SYSTEM,
        RegisterUser(
            email=f"c{uuid4().hex[:8]}@acme.test",
            first_name="Cee",
            last_name="Lient",
            is_operator=0,
            company_ids=[company],
            role="client",
            permissions=[],
        ),
    )
    return company, client


@pytest.fixture
def client(application, tenant) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """(company id, client id) of a client of a company of the tenant."""
    return register_client(application, tenant, "Named Co")


def fail_for(monkeypatch, tenant: str, name: str = "Ticket.MessagePosted") -> None:  # type: ignore[no-untyped-def]
    """Make the handler of the event called name fail on the tenant's events."""
    original = HANDLERS[name]

    def faulty(apply):  # type: ignore[no-untyped-def]
        if apply.event.tenant_id == tenant:
            raise ValueError("could not convert string to float: '12,50'")
        original(apply)

    monkeypatch.setitem(HANDLERS, name, faulty)


def post_faulty(application, tenant: str, ticket: str) -> int:  # type: ignore[no-untyped-def]
    """Post the message a failing handler trips on; its position in the log."""
    application.messages.post(
        tenant,
        SYSTEM,
        ticket,
        PostMessage(message="faulty", visible_to_client=True, is_from_client=False),
    )
    return application.position()  # type: ignore[no-any-return]


def rows(engine, table, **where: Any) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """The rows of a read-model table matching column values."""
    query = select(table)
    for name, value in where.items():
        query = query.where(table.c[name] == value)
    with engine.connect() as connection:
        return [dict(r._mapping) for r in connection.execute(query)]


def snapshot(engine) -> dict[str, list[tuple[Any, ...]]]:  # type: ignore[no-untyped-def]
    """Every read-model row, sorted, for comparing two read models."""
    result = {}
    with engine.connect() as connection:
        for table in t.READ_MODEL_TABLES:
            found = connection.execute(select(table)).all()
            result[table.name] = sorted(tuple(repr(v) for v in row) for row in found)
    return result
