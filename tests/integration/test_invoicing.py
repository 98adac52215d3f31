"""Invoicing sources through the real event store: one invoice per source, one draft
per company, enforced by the aggregates saved together, not by the read model.

Runs on SQLite, and on PostgreSQL with LEDGERDESK_TEST_BACKEND=postgres.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest

from domain.application import Ledgerdesk
from domain.deals import UsedProduct
from domain.errors import InvalidTransition, InvalidValue
from domain.invoice_sources import AlreadyInvoiced
from domain.use_cases.commands import command_of
from domain.use_cases.deals import UsedProductFields
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.invoicing import Billable
from domain.use_cases.organisations import RegisterCompany
from domain.use_cases.tickets import OpenTicket
from domain.use_cases.timekeeping import RegisterTime
from tests.integration.test_application import OPERATOR, make_tenant

LINE = {"description": "Switch", "quantity": "1", "price": "80"}


@pytest.fixture
def app(application: Ledgerdesk) -> Ledgerdesk:
    return application


@pytest.fixture
def tenant(app: Ledgerdesk) -> str:
    return make_tenant(app, "acme")


@pytest.fixture
def company(app: Ledgerdesk, tenant: str) -> str:
    return app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Northwind")
    )


@pytest.fixture
def second_app(settings: Any) -> Iterator[Ledgerdesk]:
    """Another application object on the same database, as a second process."""
    from api.bootstrap import build_application

    other = build_application(settings)
    yield other
    other.close()


def product(app: Ledgerdesk, tenant: str, company: str) -> str:
    fields = {"description": "Switch", "company_id": company, "price": "80"}
    return app.deals.create(tenant, OPERATOR, command_of(UsedProductFields, fields))


def billable(
    source_id: str, company: str | None, kind: str = "used_product"
) -> Billable:
    return Billable(kind, source_id, company, None, dict(LINE))


def test_a_source_goes_on_the_company_draft_once_and_off_again(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    product_id = product(app, tenant, company)
    (invoice_id,) = app.invoicing.invoice(
        tenant, OPERATOR, [billable(product_id, company)]
    )
    invoice = app.invoices.get(tenant, invoice_id)
    assert invoice.is_draft and invoice.company_id == company
    assert invoice.lines[0]["source"] == {"type": "used_product", "id": product_id}
    assert app.invoicing.invoice_of(tenant, "used_product", product_id) == invoice_id
    assert app.invoicing.draft_of(tenant, company) == invoice_id

    with pytest.raises(AlreadyInvoiced):
        app.invoicing.invoice(tenant, OPERATOR, [billable(product_id, company)])
    with pytest.raises(InvalidValue) as refused:
        app.deals.remove(tenant, OPERATOR, UsedProduct, product_id)
    assert refused.value.field == "id"

    assert app.invoicing.deinvoice(tenant, OPERATOR, "used_product", [product_id]) == [
        invoice_id
    ]
    assert app.invoices.get(tenant, invoice_id).lines == []
    assert app.invoicing.invoice_of(tenant, "used_product", product_id) is None
    with pytest.raises(InvalidValue) as twice:
        app.invoicing.deinvoice(tenant, OPERATOR, "used_product", [product_id])
    assert twice.value.field == "ids"
    again = app.invoicing.invoice(tenant, OPERATOR, [billable(product_id, company)])
    assert again == [invoice_id]


def test_a_whole_call_is_refused_when_one_source_is_on_an_invoice(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    first, second = product(app, tenant, company), product(app, tenant, company)
    app.invoicing.invoice(tenant, OPERATOR, [billable(first, company)])
    with pytest.raises(AlreadyInvoiced):
        app.invoicing.invoice(
            tenant, OPERATOR, [billable(second, company), billable(first, company)]
        )
    assert app.invoicing.invoice_of(tenant, "used_product", second) is None


def test_removing_a_line_by_hand_frees_its_source(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    product_id = product(app, tenant, company)
    (invoice_id,) = app.invoicing.invoice(
        tenant, OPERATOR, [billable(product_id, company)]
    )
    line_id = app.invoices.get(tenant, invoice_id).lines[0]["id"]
    app.invoicing.remove_line(tenant, OPERATOR, invoice_id, line_id)
    assert app.invoicing.invoice_of(tenant, "used_product", product_id) is None
    app.deals.remove(tenant, OPERATOR, UsedProduct, product_id)
    with pytest.raises(InvalidValue):
        app.invoicing.invoice(tenant, OPERATOR, [billable(product_id, company)])


def test_a_typed_line_cannot_claim_a_source(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    invoice_id = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(company_id=company, client_id=None, day="2026-02-01"),
    )
    line = {**LINE, "source": {"type": "used_product", "id": "p-1"}}
    app.invoices.add_line(tenant, OPERATOR, invoice_id, line)
    assert app.invoices.get(tenant, invoice_id).lines[0]["source"] is None


def test_a_finalised_draft_is_followed_by_a_new_one_and_is_not_deinvoiced(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    first = product(app, tenant, company)
    (invoice_id,) = app.invoicing.invoice(tenant, OPERATOR, [billable(first, company)])
    app.invoices.finalise(tenant, OPERATOR, invoice_id, "EXT-1")
    assert app.invoicing.draft_of(tenant, company) is None
    with pytest.raises(InvalidTransition):
        app.invoicing.deinvoice(tenant, OPERATOR, "used_product", [first])
    second = product(app, tenant, company)
    (next_id,) = app.invoicing.invoice(tenant, OPERATOR, [billable(second, company)])
    assert next_id != invoice_id
    assert app.invoices.get(tenant, next_id).code == "F000002"


def test_a_newer_draft_made_by_hand_takes_over_and_a_foreign_one_is_ignored(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    first = product(app, tenant, company)
    (chosen,) = app.invoicing.invoice(tenant, OPERATOR, [billable(first, company)])
    by_hand = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(company_id=company, client_id=None, day="2026-02-01"),
    )
    other = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Globex")
    )
    foreign = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(company_id=other, client_id=None, day="2026-02-01"),
    )
    second = product(app, tenant, company)
    touched = app.invoicing.invoice(
        tenant, OPERATOR, [billable(second, company)], newest_drafts={company: foreign}
    )
    assert touched == [chosen]
    third = product(app, tenant, company)
    touched = app.invoicing.invoice(
        tenant, OPERATOR, [billable(third, company)], newest_drafts={company: by_hand}
    )
    assert touched == [by_hand]
    assert app.invoicing.draft_of(tenant, company) == by_hand


def test_a_merged_companys_new_work_goes_on_the_survivors_draft(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    """After merging B into A, B's draft lines and its next billable item join
    A's draft."""
    merged = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Northwind BV")
    )
    (drafted,) = app.invoicing.invoice(
        tenant, OPERATOR, [billable(product(app, tenant, company), company)]
    )
    (old_draft,) = app.invoicing.invoice(
        tenant, OPERATOR, [billable(product(app, tenant, merged), merged)]
    )
    assert (
        app.organisations.merge_companies(tenant, OPERATOR, [company, merged])
        == company
    )

    late = product(app, tenant, merged)
    touched = app.invoicing.invoice(
        tenant, OPERATOR, [billable(late, merged)], newest_drafts={merged: old_draft}
    )
    assert touched == [drafted]
    assert [x["source"]["id"] for x in app.invoices.get(tenant, drafted).lines][
        -1
    ] == late
    # the merge moved B's draft line onto A's draft and folded the emptied draft
    folded = app.invoices.get(tenant, old_draft)
    assert folded.lines == [] and folded.folded_into == drafted
    assert len(app.invoices.get(tenant, drafted).lines) == 3
    assert app.invoicing.draft_of(tenant, company) == drafted


def test_a_source_invoiced_before_it_had_a_record_is_found_on_its_invoice(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    # A line stored before records existed: only the invoice's own events name
    # the source, and the read model's hint is checked against them.
    period = "subscription-1/2026-01-01"
    invoice_id = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(company_id=company, client_id=None, day="2026-02-01"),
    )
    invoice = app.invoices.get(tenant, invoice_id)
    kind = "subscription_period"
    invoice.add_line(OPERATOR, {**LINE, "source": {"type": kind, "id": period}})
    app.commit(invoice)
    item = billable(period, company, kind)
    with pytest.raises(AlreadyInvoiced):
        app.invoicing.invoice(
            tenant, OPERATOR, [item], placed={(kind, period): invoice_id}
        )
    taken_off = app.invoicing.deinvoice(
        tenant, OPERATOR, kind, [period], placed={period: invoice_id}
    )
    assert taken_off == [invoice_id]
    assert app.invoices.get(tenant, invoice_id).lines == []
    newest: dict[str | None, str] = {company: invoice_id}  # made before choices
    assert app.invoicing.invoice(tenant, OPERATOR, [item], newest) == [invoice_id]


def test_a_subscription_period_is_invoiced_once(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    period = "subscription-1/2026-02-01"
    item = billable(period, company, "subscription_period")
    app.invoicing.invoice(tenant, OPERATOR, [item])
    with pytest.raises(AlreadyInvoiced):
        app.invoicing.invoice(tenant, OPERATOR, [item])


def test_time_on_an_invoice_is_not_removed_and_removed_time_is_not_invoiced(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    ticket_id = app.tickets.open(
        tenant, OPERATOR, OpenTicket(description="Printer", company_id=company)
    )
    when = datetime(2026, 2, 1, 9, tzinfo=UTC)
    first = app.time.register(
        tenant, OPERATOR, ticket_id, RegisterTime(minutes=30, executed_at=when)
    )
    second = app.time.register(
        tenant, OPERATOR, ticket_id, RegisterTime(minutes=15, executed_at=when)
    )
    app.invoicing.invoice(
        tenant, OPERATOR, [billable(first, company, "time_registration")]
    )
    with pytest.raises(InvalidValue) as refused:
        app.time.remove(tenant, OPERATOR, ticket_id, first)
    assert refused.value.message == "Take the time off its invoice first."
    app.time.remove(tenant, OPERATOR, ticket_id, second)
    with pytest.raises(InvalidValue):
        app.invoicing.invoice(
            tenant, OPERATOR, [billable(second, company, "time_registration")]
        )


def test_two_processes_invoicing_one_source_at_once_make_one_line(
    app: Ledgerdesk, second_app: Ledgerdesk, tenant: str, company: str
) -> None:
    product_id = product(app, tenant, company)
    others = [product(app, tenant, company) for _ in range(9)]
    start = threading.Barrier(20)

    def call(n: int) -> str:
        on = app if n % 2 else second_app
        source = product_id if n < 11 else others[n - 11]
        start.wait()
        try:
            on.invoicing.invoice(tenant, OPERATOR, [billable(source, company)])
        except AlreadyInvoiced:
            return "refused"
        return "invoiced"

    with ThreadPoolExecutor(max_workers=20) as pool:
        outcome = list(pool.map(call, range(20)))
    assert outcome[:11].count("invoiced") == 1
    assert outcome[11:] == ["invoiced"] * 9
    draft = app.invoicing.draft_of(tenant, company)
    assert draft is not None
    lines = app.invoices.get(tenant, draft).lines
    sources = sorted(line["source"]["id"] for line in lines)
    assert sources == sorted([product_id, *others])
