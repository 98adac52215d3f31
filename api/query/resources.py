"""The one registry of lists: what the builder may touch in each, for both audiences.

The portal's lists (tickets, quotes, ...) and the operator's (companies,
clients, deals, setting lists, ...) are all here; a list route, a preset and
its count look a list up by its route name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from api.query.spec import (
    BOOL,
    DATE,
    DATETIME,
    FLOAT,
    ID,
    INT,
    TEXT,
    Field,
    Relation,
    Resource,
    client,
    company,
    stamps,
)
from projections import tables as t

TICKETS = Resource(
    name="tickets",
    table=t.tickets,
    unread=frozenset({"sla_history"}),  # the SLA clock's own (its events, kept)
    fields={
        "id": Field("id", ID),
        "number": Field("number", INT),
        "reference": Field("reference", TEXT),
        "description": Field("description", TEXT),
        "status_id": Field("status_id", INT),
        "status_type": Field("status_type", INT),
        "priority_id": Field("priority_id", INT),
        "category_id": Field("category_id", INT),
        "ticket_type_id": Field("ticket_type_id", INT),
        "source_id": Field("source_id", INT),
        "sla_id": Field("sla_id", INT),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        "operator_id": Field("operator_id", ID),
        "ticket_group_id": Field("ticket_group_id", ID),
        "location_id": Field("location_id", ID),
        "original_email_from": Field("original_email_from", TEXT),
        "scheduled_at": Field("scheduled_at", DATETIME),
        "resolved_at": Field("resolved_at", DATETIME),
        "is_template": Field("is_template", BOOL),
        "message_count": Field("message_count", INT),
        "sla_state": Field("sla_state", TEXT),
        "sla_policy_id": Field("sla_policy_id", INT),
        "response_due_at": Field("response_due_at", DATETIME),
        "resolution_due_at": Field("resolution_due_at", DATETIME),
        "sla_due_at": Field("sla_due_at", DATETIME),
        "sla_remaining": Field("sla_due_at", DATETIME),
        **stamps(),
    },
    relations={
        "company": company(),
        "client": client(),
        "operator": Relation(
            "operator_id",
            {"id": Field("operator_id", ID), "full_name": Field("operator_name", TEXT)},
        ),
        "status": Relation(
            "status_id",
            {"id": Field("status_id", INT), "type": Field("status_type", INT)},
        ),
        "priority": Relation("priority_id", {"id": Field("priority_id", INT)}),
        "category": Relation("category_id", {"id": Field("category_id", INT)}),
        "ticketType": Relation("ticket_type_id", {"id": Field("ticket_type_id", INT)}),
        "sla": Relation("sla_id", {"id": Field("sla_id", INT)}),
    },
    search=("search",),
    default_order=(("updated_at", "desc"),),
    custom_column="custom_values",
    withs=frozenset(
        {"status", "priority", "company", "client", "operator", "customValues"}
    ),
    specials=frozenset({"scheduled_at", "executed_at", "sla_remaining"}),
)

QUOTES = Resource(
    name="quotes",
    table=t.quotes,
    fields={
        "id": Field("id", ID),
        "number": Field("number", INT),
        "name": Field("name", TEXT),
        "status_id": Field("status_id", INT),
        "total": Field("total", FLOAT),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        "accepted_at": Field("accepted_at", DATETIME),
        **stamps(),
    },
    relations={"company": company(), "client": client()},
    search=("name", "company_name", "client_name"),
    default_order=(("name", "asc"),),
    custom_column="custom_fields",
    withs=frozenset({"deal", "company", "client", "customFields", "status"}),
)

CONTRACTS = Resource(
    name="contracts",
    table=t.contracts,
    fields={
        "id": Field("id", ID),
        "name": Field("name", TEXT),
        "period": Field("period", TEXT),
        "quantity": Field("quantity", FLOAT),
        "minutes_remaining": Field("minutes_remaining", INT),
        "start_date": Field("start_date", DATE),
        "end_date": Field("end_date", DATE),
        "service_id": Field("service_id", INT),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        **stamps(),
    },
    relations={
        "company": company(),
        "client": client(),
        "service": Relation("service_id", {"id": Field("service_id", INT)}),
    },
    search=("name", "company_name", "client_name"),
    default_order=(("name", "asc"),),
    withs=frozenset({"client", "company", "service", "contractPeriods"}),
)

SUBSCRIPTIONS = Resource(
    name="subscriptions",
    table=t.subscriptions,
    fields={
        "id": Field("id", ID),
        "description": Field("description", TEXT),
        "period": Field("period", TEXT),
        "total": Field("total", FLOAT),
        "mrr": Field("mrr", FLOAT),
        "billing_start_date": Field("billing_start_date", DATE),
        "start_period": Field("start_period", DATE),
        "end_period": Field("end_period", DATE),
        "next_billing_date": Field("next_billing_date", DATE, due=True),
        "termination_date": Field("termination_date", DATE),
        "direct_debit": Field("direct_debit", BOOL),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        **stamps(),
    },
    relations={"company": company(), "client": client()},
    search=("description", "company_name", "client_name"),
    default_order=(("next_billing_date", "asc"),),
    withs=frozenset({"company", "client", "lines"}),
)

ASSETS = Resource(
    name="assets",
    table=t.assets,
    fields={
        "id": Field("id", ID),
        "name": Field("name", TEXT),
        "description": Field("description", TEXT),
        "serial_number": Field("serial_number", TEXT),
        "tracking_number": Field("tracking_number", TEXT),
        "warranty_until": Field("warranty_until", DATE),
        "status_id": Field("status_id", INT),
        "status_type": Field("status_type", INT),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        "location_id": Field("location_id", ID),
        "operator_id": Field("operator_id", ID),
        **stamps(),
    },
    relations={
        "company": company(),
        "client": client(),
        "location": Relation(
            "location_id",
            {"id": Field("location_id", ID), "name": Field("location_name", TEXT)},
        ),
    },
    search=("name", "serial_number", "tracking_number", "description"),
    default_order=(("name", "asc"),),
    withs=frozenset({"client", "company", "location", "categories"}),
)

INVOICES = Resource(
    name="invoices",
    table=t.invoices,
    fields={
        "id": Field("id", ID),
        "InvoiceCode": Field("code", TEXT),
        "code": Field("code", TEXT),
        "ReferenceNumber": Field("reference_number", TEXT),
        "reference_number": Field("reference_number", TEXT),
        "AmountIncl": Field("amount_incl", FLOAT),
        "amount_incl": Field("amount_incl", FLOAT),
        "Date": Field("date", DATE),
        "date": Field("date", DATE),
        "Status": Field("status_id", INT),
        "status_id": Field("status_id", INT),
        "company_id": Field("company_id", ID),
        "client_id": Field("client_id", ID),
        **stamps(),
    },
    relations={"company": company(), "client": client()},
    search=("code", "reference_number"),
    default_order=(("date", "desc"),),
    withs=frozenset({"company", "client"}),
)


def _archivable(table: Any, name: str, *extra: str) -> Resource:
    """A named record that can be archived: companies, locations, ticket groups."""
    fields = {
        "id": Field("id", ID),
        "name": Field("name", TEXT),
        "archived_at": Field("archived_at", DATETIME),
        **stamps(),
        **{column: Field(column, TEXT) for column in extra},
    }
    relations = {}
    if "company_id" in table.c:
        fields["company_id"] = Field("company_id", ID)
        relations["company"] = company()
    return Resource(
        name=name,
        table=table,
        fields=fields,
        relations=relations,
        search=("name", *extra),
        default_order=(("name", "asc"),),
        withs=frozenset(relations) | {"companies"},
        company_key="company_id" if "company_id" in table.c else "id",
    )


PEOPLE_FIELDS = {
    "id": Field("id", ID),
    "full_name": Field("full_name", TEXT),
    "first_name": Field("first_name", TEXT),
    "last_name": Field("last_name", TEXT),
    "email": Field("email", TEXT),
    "is_operator": Field("is_operator", INT),
    "company_id": Field("company_id", ID),
    "active": Field("active", BOOL),
}


def _people(name: str, operators: bool) -> Resource:
    """Clients or operators: both live in the users table."""
    return Resource(
        name=name,
        table=t.users,
        fields=PEOPLE_FIELDS,
        search=("full_name", "email"),
        default_order=(("full_name", "asc"),),
        withs=frozenset({"companies"}),
        fixed=(("is_operator", ">" if operators else "=", 0),),
    )


def _engagement(table: Any, name: str) -> Resource:
    """Deals, projects and used products: described work for a company."""
    fields = {
        "id": Field("id", ID),
        "description": Field("description", TEXT),
        "company_id": Field("company_id", ID),
        **stamps(),
    }
    for column in ("client_id", "deal_id", "project_id", "ticket_id"):
        if column in table.c:
            fields[column] = Field(column, ID)
    for column in ("type", "invoice_moment", "product_id"):
        if column in table.c:
            fields[column] = Field(column, INT)
    return Resource(
        name=name,
        table=table,
        fields=fields,
        relations={"company": company()},
        search=("description",),
        default_order=(("description", "asc"),),
        withs=frozenset({"company"}),
    )


SETTINGS = Resource(
    name="settings",
    table=t.setting_items,
    fields={
        "id": Field("id", INT),
        "label": Field("label", TEXT),
        "name": Field("label", TEXT),
        "order": Field("position", INT),
        "is_default": Field("is_default", BOOL),
    },
    search=("label",),
    default_order=(("order", "asc"),),
    company_key=None,
)
"""Every setting list (statuses, priorities, ...); its route adds its kind."""

TICKET_TEMPLATES = dataclasses.replace(
    TICKETS,
    name="ticket-templates",
    default_order=(("description", "asc"),),
    company_key=None,
)
"""Tickets kept as models, by description: the compiler keeps it to the live
templates of the tenant, for operators only."""

PORTAL = (TICKETS, QUOTES, CONTRACTS, SUBSCRIPTIONS, ASSETS, INVOICES)
OPERATOR = (
    TICKET_TEMPLATES,
    _archivable(t.companies, "companies", "city", "address_1"),
    _archivable(t.locations, "locations", "city"),
    _archivable(t.ticket_groups, "ticket-groups"),
    _people("clients", operators=False),
    _people("operators", operators=True),
    _engagement(t.deals, "deals"),
    _engagement(t.projects, "projects"),
    _engagement(t.used_products, "used-products"),
    SETTINGS,
)
RESOURCES = {r.name: r for r in (*PORTAL, *OPERATOR)}
EXPORTABLE = frozenset(r.name for r in PORTAL)
"""The lists an export can write: those with a shared row shape."""
