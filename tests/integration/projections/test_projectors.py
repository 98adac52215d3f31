"""Each event type's effect on the read-model rows."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.base import SYSTEM
from domain.use_cases.assets import RegisterAsset
from domain.use_cases.contracts import ConcludeContract
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.messages import PostMessage
from domain.use_cases.organisations import ChangeCompany, RegisterCompany
from domain.use_cases.quotes import AcceptQuote, DraftQuote
from domain.use_cases.settings import SavePreset
from domain.use_cases.subscriptions import ChangeSubscription, StartSubscription
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.timekeeping import RegisterTime
from domain.use_cases.users import RegisterUser
from projections import tables as t
from tests.integration.projections.conftest import rows


def _people(app, tenant):  # type: ignore[no-untyped-def]
    company = app.organisations.register_company(
        tenant, SYSTEM, RegisterCompany(name="Northwind")
    )
    client = app.users.register(
        tenant,
        SYSTEM,
        RegisterUser(
            email="anna@northwind.test",
            first_name="Anna",
            last_name="Vries",
            is_operator=0,
            company_ids=[company],
            role="client",
            permissions=["tickets.index"],
        ),
    )
    operator = app.users.register(
        tenant,
        SYSTEM,
        RegisterUser(
            email="op@acme.test",
            first_name="Otto",
            last_name="Op",
            is_operator=1,
            company_ids=[],
            role="first line",
            permissions=[],
        ),
    )
    return company, client, operator


def test_ticket_rows_follow_open_reply_note_and_status(
    application, engine, follower, tenant
):
    company, client, operator = _people(application, tenant)
    ticket = application.tickets.open(
        tenant,
        client,
        OpenTicket(description="Printer jams", client_id=client, company_id=company),
        PostMessage(message="<p>Help</p>", visible_to_client=True, is_from_client=True),
    )
    application.messages.post(
        tenant,
        operator,
        ticket,
        PostMessage(
            message="<p>On it</p>", visible_to_client=True, is_from_client=False
        ),
    )
    application.messages.post(
        tenant,
        operator,
        ticket,
        PostMessage(
            message="<p>Internal</p>", visible_to_client=False, is_from_client=False
        ),
    )
    follower.catch_up()
    [row] = rows(engine, t.tickets, id=ticket)
    assert row["reference"] == "T-000001"
    assert row["client_name"] == "Anna Vries"
    assert row["company_name"] == "Northwind"
    assert row["message_count"] == 3
    assert row["search"] == "t-000001 printer jams"
    thread = sorted(
        rows(engine, t.messages, morphable_id=ticket), key=lambda m: m["created_at"]
    )
    assert [m["type"] for m in thread] == ["reply", "reply", "note"]
    assert [m["visible_to_client"] for m in thread] == [True, True, False]

    closed = application.settings.setting_list(tenant, "ticket_statuses").ordered()[1][
        "id"
    ]
    application.tickets.update(tenant, operator, ticket, UpdateTicket(status_id=closed))
    follower.catch_up()
    [row] = rows(engine, t.tickets, id=ticket)
    assert row["status_id"] == closed and row["status_type"] == 2
    assert row["resolved_at"] is not None
    types = [m["type"] for m in rows(engine, t.messages, morphable_id=ticket)]
    assert types.count("status-changed") == 1
    [bucket] = [b for b in rows(engine, t.ticket_counts, tenant_id=tenant) if b["n"]]
    assert bucket["status_id"] == closed and bucket["company_id"] == company


def test_counts_move_between_buckets_and_sum_to_the_tickets(
    application, engine, follower, tenant
):
    company, client, _ = _people(application, tenant)
    ids = application.tickets.open_many(
        tenant,
        client,
        [
            (OpenTicket(description=f"Issue {i}", company_id=company), None)
            for i in range(5)
        ],
    )
    application.tickets.delete(tenant, client, ids[0])
    application.tickets.restore(tenant, client, ids[0])
    application.tickets.delete(tenant, client, ids[1])
    follower.catch_up()
    buckets = rows(engine, t.ticket_counts, tenant_id=tenant)
    assert sum(b["n"] for b in buckets) == 5
    assert sum(b["n"] for b in buckets if b["deleted"]) == 1


def test_time_on_a_prepaid_contract_lowers_its_remaining_minutes(
    application, engine, follower, tenant
):
    company, client, operator = _people(application, tenant)
    contract = application.contracts.conclude(
        tenant,
        operator,
        ConcludeContract(
            name="Prepaid",
            client_id=client,
            company_id=company,
            service_id=None,
            period=None,
            quantity=2,
            start_date="2026-01-01",
        ),
    )
    ticket = application.tickets.open(tenant, client, OpenTicket(description="Laptop"))
    application.time.register(
        tenant,
        operator,
        ticket,
        RegisterTime(
            minutes=45,
            executed_at=datetime(2026, 3, 1, tzinfo=UTC),
            description="Remote session",
            contract_id=contract,
        ),
    )
    card = application.settings.setting_list(tenant, "prepaid_cards").ordered()[0]["id"]
    application.contracts.buy_prepaid_card(tenant, client, contract, card)
    follower.catch_up()
    [row] = rows(engine, t.contracts, id=contract)
    assert row["minutes_remaining"] == 120 - 45 + 600
    [period] = rows(engine, t.contract_periods, contract_id=contract)
    assert period["registered_minutes"] == 45
    [registration] = rows(engine, t.time_registrations, contract_id=contract)
    assert registration["ticket_reference"] == "T-000001"
    assert registration["period_start"] == "2026-01-01"
    assert len(rows(engine, t.prepaid_purchases, contract_id=contract)) == 1


def test_quote_invoice_and_subscription_rows(application, engine, follower, tenant):
    company, client, operator = _people(application, tenant)
    lines = [{"description": "Laptop", "quantity": 2, "price": "100.00"}]
    quote = application.quotes.draft(
        tenant,
        operator,
        DraftQuote(name="Renewal", client_id=client, company_id=company, lines=lines),
    )
    application.quotes.send(tenant, operator, quote)
    signature = "data:image/png;base64,iVBORw0KGgo="
    application.quotes.accept(
        tenant, client, quote, AcceptQuote(name="Anna", note="ok", signature=signature)
    )
    invoice = application.invoices.create(
        tenant,
        operator,
        CreateInvoice(company_id=company, client_id=client, day="2026-02-01"),
    )
    application.invoices.add_line(tenant, operator, invoice, lines[0])
    application.invoices.finalise(tenant, operator, invoice, "EXT-1")
    application.invoices.change_status(tenant, operator, invoice, 4)
    subscription = application.subscriptions.start(
        tenant,
        operator,
        StartSubscription(
            description="Backup",
            company_id=company,
            client_id=client,
            period="quarter",
            billing_start_date="2026-01-01",
            direct_debit=True,
            lines=[{"description": "Storage", "quantity": 3, "price": "10.00"}],
        ),
    )
    application.subscriptions.change(
        tenant, operator, subscription, ChangeSubscription(bill=True)
    )
    follower.catch_up()
    [q] = rows(engine, t.quotes, id=quote)
    assert q["status_id"] == 3 and q["total"] == 200.0
    assert q["acceptance"]["name"] == "Anna" and q["accepted_at"] is not None
    [i] = rows(engine, t.invoices, id=invoice)
    assert (i["code"], i["external_id"], i["status_id"]) == ("F000001", "EXT-1", 4)
    assert i["amount_incl"] == 242.0
    [s] = rows(engine, t.subscriptions, id=subscription)
    assert (s["total"], s["mrr"]) == (30.0, 10.0)
    assert s["start_period"] == "2026-01-01" and s["next_billing_date"] == "2026-04-01"


def test_company_rename_and_merge_reach_every_row(
    application, engine, follower, tenant
):
    company, client, operator = _people(application, tenant)
    other = application.organisations.register_company(
        tenant, SYSTEM, RegisterCompany(name="Contoso")
    )
    ticket = application.tickets.open(
        tenant, client, OpenTicket(description="x", company_id=other)
    )
    application.organisations.change(
        tenant, operator, other, ChangeCompany(name="Contoso BV")
    )
    follower.catch_up()
    assert rows(engine, t.tickets, id=ticket)[0]["company_name"] == "Contoso BV"
    application.organisations.merge_companies(tenant, operator, [company, other])
    follower.catch_up()
    [row] = rows(engine, t.tickets, id=ticket)
    assert (row["company_id"], row["company_name"]) == (company, "Northwind")
    [merged] = rows(engine, t.companies, id=other)
    assert merged["merged_into"] == company and merged["archived_at"] is not None


def test_settings_presets_and_user_configs(application, engine, follower, tenant):
    _, client, _ = _people(application, tenant)
    low = application.settings.add(tenant, SYSTEM, "priorities", "Low")
    high = application.settings.add(
        tenant, SYSTEM, "priorities", "High", is_default=True
    )
    application.settings.reorder(tenant, SYSTEM, "priorities", [high, low])
    application.settings.change(tenant, SYSTEM, "priorities", low, is_default=True)
    preset = application.settings.save_preset(
        tenant,
        client,
        SavePreset(label="Open", type="tickets", filter_config={"s": "x"}),
    )
    application.users.save_configs(
        tenant, client, client, {f"{client}_order_tickets": "x"}
    )
    follower.catch_up()
    items = {r["label"]: r for r in rows(engine, t.setting_items, kind="priorities")}
    assert (items["High"]["position"], items["Low"]["position"]) == (1, 2)
    assert items["Low"]["is_default"] and not items["High"]["is_default"]
    [p] = rows(engine, t.table_presets, id=preset)
    assert p["filter_config"] == '{"s": "x"}' and p["user_id"] == client
    [u] = rows(engine, t.users, id=client)
    assert u["configs"] == {f"{client}_order_tickets": "x"}


def test_an_asset_without_categories_is_listed_with_none(
    application, engine, follower, tenant
):
    company, client, operator = _people(application, tenant)
    asset = application.assets.register(
        tenant, operator, RegisterAsset(name="Router", company_id=company)
    )
    follower.catch_up()
    [row] = rows(engine, t.assets, id=asset)
    assert row["category_ids"] == [] and row["company_name"] == "Northwind"
