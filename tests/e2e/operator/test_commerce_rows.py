"""What the invoice, contract and subscription screens read from the API."""

from __future__ import annotations

from datetime import date, timedelta

from domain.periods import add_months
from projections import tables as t
from tests.e2e.operator.conftest import Desk


def _draft_and_invoiced(desk: Desk, first: dict[str, str]) -> tuple[str, str, str]:
    company = desk.ticket_of("client@demo.test").company_id
    lines = [{"description": "Laptop", "quantity": 2, "price": "0.10"}]
    ids = []
    for _ in range(2):
        made = desk.post(
            "/api/invoices",
            first,
            json={"company_id": company, "date": "2026-03-04", "lines": lines},
        )
        assert made.status_code == 201, made.text
        ids.append(made.json()["id"])
    exported = desk.post(f"/api/invoicing/export/{ids[1]}", first)
    assert exported.status_code == 200, exported.text
    return company, ids[0], ids[1]


def test_the_operator_invoice_list_carries_what_its_columns_show(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    company, draft_id, invoiced_id = _draft_and_invoiced(desk, first)
    listed = desk.get(
        "/api/invoices",
        first,
        params={"version": "2", "builder[where][0][]": ["date", "=", "2026-03-04"]},
    )
    assert listed.status_code == 200, listed.text
    rows = {r["id"]: r for r in listed.json()["data"]}
    draft, invoiced = rows[draft_id], rows[invoiced_id]
    name = desk.rows(t.companies, tenant_id=desk.tenant_id(), id=company)[0].name

    assert draft["is_draft"] is True and draft["external_id"] is None
    assert draft["status"] is None and draft["status_label"] == "Draft"
    assert invoiced["is_draft"] is False and invoiced["external_id"]
    assert invoiced["status"] == 1 and invoiced["status_label"] == "Sent"
    for row in (draft, invoiced):
        assert row["code"].startswith("F") and isinstance(row["number"], int)
        assert row["company"] == {"id": company, "name": name}
        assert row["date"] == "2026-03-04"
        # 2 x 0.10 with 21% VAT: a JSON number, not a string
        assert row["total"] == 0.24 and row["amount_excl"] == 0.2
        # the portal's version 2 keys stay as they were
        assert row["InvoiceCode"] == row["code"] and row["AmountIncl"] == 0.24
    assert draft["Status"] == 1 and invoiced["Status"] == 1

    seen = desk.get("/api/invoices", client_a).json()["data"]
    assert invoiced_id in {r["id"] for r in seen}


def _monthly(desk: Desk) -> str:
    ticket = desk.ticket_of("client@demo.test")
    rows = desk.rows(
        t.contracts, tenant_id=desk.tenant_id(), company_id=ticket.company_id
    )
    return str(next(r.id for r in rows if r.period == "month"))


def test_a_monthly_contract_shows_every_period_up_to_today(
    desk: Desk, client_a: dict[str, str]
) -> None:
    """The demo's monthly contract runs from 1 January: one block per month."""
    today = date.today()
    shown = desk.get(f"/api/contracts/{_monthly(desk)}", client_a)
    assert shown.status_code == 200, shown.text
    contract = shown.json()
    periods = contract["contractPeriods"]
    starts = [p["period_start"] for p in periods]
    expected = [date(today.year, m, 1).isoformat() for m in range(today.month, 0, -1)]
    assert starts == expected
    for period in periods:
        begin = date.fromisoformat(period["period_start"])
        end = add_months(begin, 1) - timedelta(days=1)
        assert period["period_end"] == end.isoformat()
        used = sum(r["time_spent_rounded"] for r in period["time_registrations"])
        assert period["registered_time"] == used
        assert period["minutes_remaining"] == 8 * 60 - used
    assert contract["quantity"] == 8
    assert contract["minutes_remaining"] == periods[0]["minutes_remaining"]


def test_a_contract_that_ended_shows_its_periods_up_to_its_end(
    desk: Desk, first: dict[str, str]
) -> None:
    company = desk.ticket_of("client@demo.test").company_id
    made = desk.post(
        "/api/contracts",
        first,
        json={
            "name": "Quarterly",
            "company_id": company,
            "period": "quarter",
            "quantity": 2.5,
            "start_date": "2024-02-15",
            "end_date": "2024-12-31",
        },
    )
    assert made.status_code == 201, made.text
    periods = made.json()["contractPeriods"]
    assert [(p["period_start"], p["period_end"]) for p in periods] == [
        ("2024-11-15", "2025-02-14"),
        ("2024-08-15", "2024-11-14"),
        ("2024-05-15", "2024-08-14"),
        ("2024-02-15", "2024-05-14"),
    ]
    assert {p["minutes_remaining"] for p in periods} == {150}

    # time in an earlier period leaves the current period's hours untouched
    start = add_months(date.today().replace(day=1), -2)
    current = desk.post(
        "/api/contracts",
        first,
        json={
            "name": "Monthly",
            "company_id": company,
            "period": "month",
            "quantity": 1,
            "start_date": start.isoformat(),
        },
    )
    ticket = desk.ticket_of("client@demo.test")
    booked = desk.post(
        "/api/time-registrations",
        first,
        json={
            "ticket_id": ticket.id,
            "minutes": 20,
            "executed_at": f"{start.isoformat()}T10:00:00Z",
            "contract_id": current.json()["id"],
        },
    )
    assert booked.status_code == 201, booked.text
    shown = desk.get(f"/api/contracts/{current.json()['id']}", first).json()
    assert [p["minutes_remaining"] for p in shown["contractPeriods"]] == [60, 60, 40]
    assert shown["minutes_remaining"] == 60


def test_next_invoice_dates_are_never_in_the_past(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    """Demo subscriptions start 1 January and were never billed since: their
    next invoice is due today, and the period shown is the one holding today."""
    today = date.today().isoformat()
    listed = desk.get("/api/subscriptions", client_a)
    assert listed.status_code == 200, listed.text
    rows = listed.json()["data"]
    assert len(rows) == 2
    for row in rows:
        assert row["next_billing_date"] == today, row
        assert row["start_period"] <= today <= row["end_period"], row
    monthly = next(r for r in rows if r["period"] == "month")
    this_month = date.today().replace(day=1)
    assert monthly["start_period"] == this_month.isoformat()
    assert (
        monthly["end_period"]
        == (add_months(this_month, 1) - timedelta(days=1)).isoformat()
    )
    shown = desk.get(f"/api/subscriptions/{monthly['id']}", client_a).json()
    assert shown["next_billing_date"] == today

    company = desk.ticket_of("client@demo.test").company_id
    later = add_months(date.today(), 2).isoformat()
    made = desk.post(
        "/api/subscriptions",
        first,
        json={
            "description": "Later",
            "company_id": company,
            "period": "quarter",
            "billing_start_date": later,
            "lines": [{"description": "x", "quantity": 1, "price": "10"}],
        },
    )
    assert made.status_code == 201, made.text
    assert made.json()["next_billing_date"] == later
    assert made.json()["start_period"] == later
