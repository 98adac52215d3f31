"""The read-model tables: denormalised rows for lists, details and counts.

Every table carries tenant_id, and every index starts with it. Names of
related records (company, client, status) are copied into the rows so that
lists are answered from one table without joins.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    Numeric,
    String,
    Table,
    Text,
    event,
)

metadata = MetaData()

ID = 36  # a UUID as text

MONEY = Numeric(18, 2)
"""An amount in cents exactly: read back as a Decimal of two places."""
QUANTITY = Numeric(18, 4)
"""A quantity of up to four decimal places (domain/values.py), read as a Decimal."""
HOURS = Numeric(18, 2)
"""Hours of whole minutes (domain/values.py allowance): two places are exact."""


def _id(name: str = "id", primary: bool = False, **kw: object) -> Column:  # type: ignore[type-arg]
    return Column(name, String(ID), primary_key=primary, **kw)  # type: ignore[arg-type]


def _stamps() -> list[Column]:  # type: ignore[type-arg]
    return [
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("updated_at", DateTime(timezone=True), nullable=False),
        Column("version", Integer, nullable=False, default=1),
    ]


tracking = Table(
    "projection_tracking",
    metadata,
    Column("name", String(100), primary_key=True),
    Column("position", Integer, nullable=False),
)

aggregates = Table(
    # Which model an aggregate is, for the event classes several models share
    # (Archivable, Engagement) and the kind of a setting list. Tickets and
    # assets, whose events are their own, are not registered: at a million
    # tickets that was a third of the rows a rebuild wrote.
    "aggregates",
    metadata,
    _id(primary=True),
    _id("tenant_id", nullable=False),
    Column("model", String(40), nullable=False),
    Column("reference", String(40)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_aggregates_ref", "tenant_id", "model", "reference"),
)

tenants = Table(
    "tenants",
    metadata,
    _id(primary=True),
    Column("name", String(200), nullable=False),
    Column("subdomain", String(63), nullable=False, unique=True),
    Column("setup_completed", Boolean, nullable=False, default=False),
    Column("trial_ends_on", String(10)),
    Column("language", String(2), nullable=False),
    Column("configs", JSON, nullable=False),
    Column("modules", JSON, nullable=False),
    *_stamps(),
)

users = Table(
    "users",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("email", String(254), nullable=False),
    Column("first_name", String(100), nullable=False),
    Column("last_name", String(100), nullable=False),
    Column("full_name", String(201), nullable=False),
    Column("is_operator", Integer, nullable=False),
    Column("company_id", String(ID)),
    Column("company_ids", JSON, nullable=False),
    Column("role", String(100), nullable=False),
    Column("permissions", JSON, nullable=False),
    Column("password_hash", String(200)),
    Column("language", String(2), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("configs", JSON, nullable=False),
    # The external sign-in identity linked once (issuer, Entra tid and oid).
    Column("identity_issuer", String(300)),
    Column("identity_tid", String(100)),
    Column("identity_oid", String(100)),
    *_stamps(),
    Index("ix_users_email", "tenant_id", "email", unique=True),
    Index("ix_users_identity", "tenant_id", "identity_tid", "identity_oid"),
    Index("ix_users_company", "tenant_id", "company_id"),
)

companies = Table(
    "companies",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("name", String(200), nullable=False),
    Column("address_1", String(200)),
    Column("city", String(100)),
    Column("country", String(100)),
    Column("email", String(254)),
    Column("phone", String(50)),
    # what an invoice names of its buyer (domain/bookkeeping.py)
    Column("postal_code", String(20)),
    Column("vat_number", String(20)),
    Column("kvk_number", String(8)),
    Column("electronic_address_scheme", String(4)),
    Column("electronic_address_id", String(100)),
    Column("archived_at", DateTime(timezone=True)),
    _id("merged_into"),
    *_stamps(),
    Index("ix_companies_name", "tenant_id", "name"),
)

locations = Table(
    "locations",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("name", String(200), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("address_1", String(200)),
    Column("city", String(100)),
    Column("archived_at", DateTime(timezone=True)),
    *_stamps(),
    Index("ix_locations_company", "tenant_id", "company_id"),
)

ticket_groups = Table(
    "ticket_groups",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("name", String(200), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("archived_at", DateTime(timezone=True)),
    *_stamps(),
)

setting_items = Table(
    "setting_items",
    metadata,
    _id("tenant_id", primary=True),
    Column("kind", String(40), primary_key=True),
    Column("id", Integer, primary_key=True),
    Column("label", String(200), nullable=False),
    Column("position", Integer, nullable=False),
    Column("is_default", Boolean, nullable=False),
    Column("data", JSON, nullable=False),
)

table_presets = Table(
    "table_presets",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    _id("user_id", nullable=False),
    Column("label", String(100), nullable=False),
    Column("styling", String(200)),
    Column("type", String(40), nullable=False),
    Column("columns_config", Text, nullable=False),
    Column("order_config", Text, nullable=False),
    Column("filter_config", Text, nullable=False),
    Column("pagination_config", Text, nullable=False),
    *_stamps(),
    Index("ix_presets_user", "tenant_id", "user_id", "type"),
)

COUNT_DIMENSIONS = (
    "company_id",
    "status_id",
    "priority_id",
    "category_id",
    "ticket_type_id",
    "is_template",
    "deleted",
)
"""The low-cardinality list filters: ticket_counts' buckets, the sample index."""

tickets = Table(
    "tickets",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("number", Integer, nullable=False),
    Column("reference", String(20), nullable=False),
    Column("description", String(250), nullable=False),
    Column("search", Text, nullable=False),
    _id("client_id"),
    Column("client_name", String(201)),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("status_id", Integer, nullable=False),
    Column("status_type", Integer, nullable=False),
    Column("priority_id", Integer),
    Column("category_id", Integer),
    Column("ticket_type_id", Integer),
    Column("source_id", Integer),
    Column("sla_id", Integer),
    _id("ticket_group_id"),
    _id("location_id"),
    _id("operator_id"),
    Column("operator_name", String(201)),
    Column("original_email_from", String(254)),
    Column("scheduled_at", DateTime(timezone=True)),
    Column("resolved_at", DateTime(timezone=True)),
    Column("is_template", Boolean, nullable=False),
    Column("deleted", Boolean, nullable=False),
    _id("merged_into"),
    _id("cloned_from"),
    Column("custom_values", JSON, nullable=False),
    Column("message_count", Integer, nullable=False),
    # the SLA clock (domain/sla.py): the policy it runs under, its due moments,
    # its state, the frozen minutes of a paused clock, the next warning or
    # breach the timer raises, and the history and calendar it is derived from
    Column("sla_policy_id", Integer),
    Column("sla_state", String(10)),
    Column("response_due_at", DateTime(timezone=True)),
    Column("resolution_due_at", DateTime(timezone=True)),
    Column("sla_due_at", DateTime(timezone=True)),
    Column("sla_minutes_left", Integer),
    Column("sla_next_at", DateTime(timezone=True)),
    Column("sla_next", String(80)),
    Column("sla_history", JSON),
    Column("sla_calendar", JSON),
    # a running clock's calendar and due moment as business time (domain/sla.py
    # BusinessTime), compared with now's in sla_calendar_spans by the queue
    Column("sla_calendar_key", String(16)),
    Column("sla_due_ordinal", BigInteger),
    *_stamps(),
    Index("ix_tickets_reference", "tenant_id", "reference", unique=True),
    Index("ix_tickets_sla", "tenant_id", "sla_state", "sla_due_at"),
    Index("ix_tickets_sla_next", "tenant_id", "sla_next_at"),
    Index("ix_tickets_sla_ordinal", "tenant_id", "sla_calendar_key", "sla_due_ordinal"),
    Index("ix_tickets_updated", "tenant_id", "deleted", "updated_at"),
    Index(
        "ix_tickets_company_updated", "tenant_id", "company_id", "deleted", "updated_at"
    ),
    Index(
        "ix_tickets_company_status",
        "tenant_id",
        "company_id",
        "status_id",
        "updated_at",
    ),
    Index("ix_tickets_status_updated", "tenant_id", "status_id", "updated_at"),
    Index("ix_tickets_client", "tenant_id", "client_id", "updated_at"),
    # a searched list's total samples the tickets in a range of ids and tests
    # the list's filters on these columns without reading the rows
    # (api/counts.py sampled)
    Index("ix_tickets_sample", "tenant_id", "id", *COUNT_DIMENSIONS),
)

messages = Table(
    "messages",
    metadata,
    _id("tenant_id", primary=True),
    _id("morphable_id", primary=True),
    _id(primary=True),
    Column("morphable_type", String(20), nullable=False),
    Column("message", Text, nullable=False),
    # "text": shown as text, never interpreted; "html": sanitised operator HTML
    Column("format", String(8), nullable=False, default="html"),
    Column("type", String(20), nullable=False),
    Column("is_from_client", Boolean, nullable=False),
    Column("visible_to_client", Boolean, nullable=False),
    _id("actor_id"),
    Column("recipients", JSON, nullable=False),
    Column("attachment_ids", JSON, nullable=False),
    Column("mentions", JSON, nullable=False),
    Column("data", JSON, nullable=False),
    # the mail a message came in as (domain.threads.MailOrigin); empty when typed
    Column("original_email_from", String(254)),
    Column("email_message_id", String(998)),
    Column("email_to", JSON),
    Column("email_cc", JSON),
    Column("email_date", DateTime(timezone=True)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_messages_thread", "tenant_id", "morphable_id", "created_at"),
)

time_registrations = Table(
    "time_registrations",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    _id("ticket_id", nullable=False),
    Column("ticket_reference", String(20), nullable=False),
    Column("ticket_description", String(250), nullable=False),
    _id("contract_id"),
    Column("period_start", String(10)),
    Column("minutes", Integer, nullable=False),
    Column("activity_id", Integer),
    _id("operator_id"),
    Column("executed_at", DateTime(timezone=True), nullable=False),
    Column("description", Text, nullable=False),
    Column("version", Integer, nullable=False, default=1),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_time_contract", "tenant_id", "contract_id", "period_start"),
    Index("ix_time_ticket", "tenant_id", "ticket_id"),
)

quotes = Table(
    "quotes",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("number", Integer, nullable=False),
    Column("name", String(200), nullable=False),
    Column("status_id", Integer, nullable=False),
    _id("client_id"),
    Column("client_name", String(201)),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("total", MONEY, nullable=False),
    Column("lines", JSON, nullable=False),
    Column("custom_fields", JSON, nullable=False),
    Column("acceptance", JSON),
    Column("accepted_at", DateTime(timezone=True)),
    _id("duplicated_from"),
    *_stamps(),
    Index("ix_quotes_company_name", "tenant_id", "company_id", "name"),
    Index("ix_quotes_name", "tenant_id", "name"),
)

contracts = Table(
    "contracts",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("name", String(200), nullable=False),
    _id("client_id"),
    Column("client_name", String(201)),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("service_id", Integer),
    Column("period", String(20)),
    Column("quantity", HOURS, nullable=False),
    Column("topped_up_minutes", Integer, nullable=False),
    Column("minutes_remaining", Integer, nullable=False),
    Column("start_date", String(10), nullable=False),
    Column("end_date", String(10)),
    *_stamps(),
    Index("ix_contracts_company_name", "tenant_id", "company_id", "name"),
)

contract_periods = Table(
    "contract_periods",
    metadata,
    _id("tenant_id", primary=True),
    _id("contract_id", primary=True),
    Column("period_start", String(10), primary_key=True),
    Column("period_end", String(10), nullable=False),
    Column("registered_minutes", Integer, nullable=False),
    Column("minutes_remaining", Integer, nullable=False),
)

prepaid_purchases = Table(
    "prepaid_purchases",
    metadata,
    _id("tenant_id", primary=True),
    _id("contract_id", primary=True),
    Column("version", Integer, primary_key=True),
    Column("prepaid_card_id", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("price", MONEY, nullable=False),
    Column("description", String(200), nullable=False),
    _id("actor"),
    Column("bought_at", DateTime(timezone=True), nullable=False),
)

subscriptions = Table(
    "subscriptions",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("description", String(200), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    _id("client_id"),
    Column("client_name", String(201)),
    Column("period", String(20), nullable=False),
    Column("total", MONEY, nullable=False),
    Column("mrr", MONEY, nullable=False),
    Column("billing_start_date", String(10), nullable=False),
    Column("start_period", String(10), nullable=False),
    Column("end_period", String(10), nullable=False),
    Column("next_billing_date", String(10)),
    Column("termination_date", String(10)),
    Column("direct_debit", Boolean, nullable=False),
    Column("lines", JSON, nullable=False),
    *_stamps(),
    Index(
        "ix_subscriptions_company_next", "tenant_id", "company_id", "next_billing_date"
    ),
)

assets = Table(
    "assets",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("name", String(200), nullable=False),
    Column("description", Text),
    Column("serial_number", String(200)),
    Column("tracking_number", String(200)),
    Column("warranty_until", String(10)),
    _id("client_id"),
    Column("client_name", String(201)),
    _id("company_id"),
    Column("company_name", String(200)),
    _id("location_id"),
    Column("location_name", String(200)),
    Column("category_ids", JSON, nullable=False),
    Column("status_id", Integer),
    Column("status_type", Integer),
    _id("operator_id"),
    *_stamps(),
    Index("ix_assets_company_name", "tenant_id", "company_id", "name"),
)

invoices = Table(
    "invoices",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("number", Integer, nullable=False),
    Column("code", String(20), nullable=False),
    Column("reference_number", String(100), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    _id("client_id"),
    Column("client_name", String(201)),
    Column("date", String(10), nullable=False),
    Column("external_id", String(100)),
    Column("status_id", Integer),
    Column("amount_excl", MONEY, nullable=False),
    Column("amount_incl", MONEY, nullable=False),
    Column("lines", JSON, nullable=False),
    _id("credits"),
    *_stamps(),
    Index("ix_invoices_company_date", "tenant_id", "company_id", "date"),
)

ticket_counts = Table(
    "ticket_counts",
    metadata,
    _id("tenant_id", primary=True),
    Column("bucket", String(200), primary_key=True),
    _id("company_id"),
    Column("status_id", Integer, nullable=False),
    Column("priority_id", Integer),
    Column("category_id", Integer),
    Column("ticket_type_id", Integer),
    Column("is_template", Boolean, nullable=False),
    Column("deleted", Boolean, nullable=False),
    Column("n", Integer, nullable=False),
    Index("ix_ticket_counts_company", "tenant_id", "company_id"),
)
"""Ticket counts per combination of the low-cardinality list filters.

A saved filter made only of equality and membership tests on these columns is
counted by summing n over matching buckets: a few hundred rows for a company,
whatever the number of tickets.
"""


def bucket_key(row: dict[str, object]) -> str:
    """The ticket_counts key of a ticket row's dimensions."""
    return "|".join(
        "" if row.get(d) is None else str(row.get(d)) for d in COUNT_DIMENSIONS
    )


# -- deals, projects and used products (domain/deals.py) ----------------------

deals = Table(
    "deals",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("description", String(250), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    _id("client_id"),
    Column("client_name", String(201)),
    *_stamps(),
    Index("ix_deals_company", "tenant_id", "company_id"),
)

projects = Table(
    "projects",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("description", String(250), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    _id("deal_id"),
    *_stamps(),
    Index("ix_projects_company", "tenant_id", "company_id"),
)

used_products = Table(
    "used_products",
    metadata,
    _id("tenant_id", primary=True),
    _id(primary=True),
    Column("description", String(250), nullable=False),
    _id("company_id"),
    Column("company_name", String(200)),
    Column("product_id", Integer),
    _id("ticket_id"),
    _id("project_id"),
    _id("deal_id"),
    Column("quantity", QUANTITY, nullable=False),
    Column("price", MONEY, nullable=False),
    Column("type", Integer, nullable=False),
    Column("invoice_moment", Integer, nullable=False),
    *_stamps(),
    Index("ix_used_products_company", "tenant_id", "company_id"),
    Index("ix_used_products_project", "tenant_id", "project_id"),
)

mail_settings = Table(
    # A tenant's own SMTP server and IMAP mailbox (passwords as stored: encrypted).
    "mail_settings",
    metadata,
    _id("tenant_id", primary=True),
    _id("id", nullable=False),
    Column("smtp", JSON),
    Column("imap", JSON),
    Column("addresses", JSON, nullable=False),
    Column("unknown_senders", String(10), nullable=False),
    *_stamps(),
)

mail_addresses = Table(
    # Which tenant an address the tenant named receives mail for.
    "mail_addresses",
    metadata,
    Column("address", String(254), primary_key=True),
    _id("tenant_id", nullable=False),
    Index("ix_mail_addresses_tenant", "tenant_id"),
)

search_documents = Table(
    # One row per searchable record (projections/handlers/search.py): a ticket,
    # a message of a ticket, a quote, invoice, contract, subscription, asset,
    # company or client. PostgreSQL adds a tsvector column and GIN indexes,
    # SQLite an FTS5 table over title, text and ref (projections/search_index.py).
    "search_documents",
    metadata,
    _id("tenant_id", primary=True),
    Column("id", String(80), primary_key=True),  # a message: ticket id/message id
    Column("kind", String(20), nullable=False),
    _id("record_id", nullable=False),
    _id("ticket_id"),
    _id("company_id"),
    Column("visible_to_client", Boolean, nullable=False),
    Column("deleted", Boolean, nullable=False, default=False),
    Column("language", String(10), nullable=False),
    Column("title", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("ref", Text, nullable=False),  # references, serial and tracking numbers
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_search_kind", "tenant_id", "kind", "updated_at"),
    Index("ix_search_ticket", "tenant_id", "ticket_id"),
    # a client's recent matches of one kind, walked by recency (api/query/search.py)
    Index("ix_search_company", "tenant_id", "company_id", "kind", "updated_at"),
)


def _search_structures(_table: Table, connection: Any, **_: Any) -> None:
    from projections.search_index import installed  # it reads this module

    installed(connection)


event.listen(search_documents, "after_create", _search_structures)


sla_calendar_spans = Table(
    # The open spans of each calendar an SLA clock runs on, numbered in business
    # microseconds (domain/sla.py BusinessTime): a span covers from its start to
    # the next one's, so now's business time is one indexed row away.
    "sla_calendar_spans",
    metadata,
    _id("tenant_id", primary=True),
    Column("calendar_key", String(16), primary_key=True),
    Column("starts_at", BigInteger, primary_key=True),
    Column("ends_at", BigInteger, nullable=False),
    Column("ordinal", BigInteger, nullable=False),
    Column("next_at", BigInteger, nullable=False),
)

READ_MODEL_TABLES = tuple(metadata.sorted_tables)
"""The tables rebuilt from the log; tables other modules add later are kept."""
