"""The application is the store plus one object per use-case context, composed."""

from __future__ import annotations

import inspect

from domain.application import Ledgerdesk
from domain.store import Store
from domain.use_cases.tickets import OpenTicket


def memory_app() -> Ledgerdesk:
    return Ledgerdesk(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def test_the_application_inherits_the_store_only() -> None:
    assert Ledgerdesk.__mro__[1] is Store
    own = [
        name
        for name, value in vars(Ledgerdesk).items()
        if inspect.isfunction(value) and not name.startswith("_")
    ]
    assert own == []


def test_use_cases_share_one_store_and_call_each_other_through_their_objects() -> None:
    app = memory_app()
    assert app.tickets.store is app and app.invoicing.store is app
    assert app.tickets.users is app.users and app.users.tenants is app.tenants
    assert app.quotes.settings is app.settings is app.invoicing.drafts.settings


def test_a_ticket_opened_through_its_use_case_is_stored() -> None:
    app = memory_app()
    tenant = app.tenants.create("system", "Acme", "acme")
    app.settings.add(tenant, "system", "ticket_statuses", "Open", {"type": 1}, True)
    ticket_id = app.tickets.open(tenant, "system", OpenTicket(description="Printer"))
    assert app.tickets.get(tenant, ticket_id).reference == "T-000001"
