"""The allow-list of every portal list: fields, relations, search, default order."""

from __future__ import annotations

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
        "next_billing_date": Field("next_billing_date", DATE),
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

RESOURCES = {
    r.name: r for r in (TICKETS, QUOTES, CONTRACTS, SUBSCRIPTIONS, ASSETS, INVOICES)
}
