"""Quotes, contracts with their periods, invoices and subscriptions."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, delete, select, update

from domain.bookkeeping import gross_of
from domain.lines import CENT, total_excl
from domain.periods import PERIOD_MONTHS, add_months
from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler


def _money(value: Decimal | str) -> Decimal:
    """An amount rounded to cents, kept exact for the read model's Numeric columns."""
    return Decimal(str(value)).quantize(CENT)


def _hours(value: Decimal | float | str) -> Decimal:
    """Hours of whole minutes, exact for the Numeric column (0.1 h reads 0.10)."""
    return Decimal(str(value)).quantize(CENT)


def _parties(a: Apply, client_id: str | None, company_id: str | None) -> dict[str, Any]:
    return {
        "client_id": client_id,
        "client_name": a.name_of("user", client_id),
        "company_id": company_id,
        "company_name": a.name_of("company", company_id),
    }


def _stamps(a: Apply) -> dict[str, Any]:
    return {"created_at": a.at, "updated_at": a.at, "version": a.version}


# -- quotes -------------------------------------------------------------------
def quote_drafted(a: Apply) -> None:
    e = a.event
    a.register("quote", f"Q-{e.number:06d}")
    a.insert(
        t.quotes,
        id=a.aggregate_id,
        number=e.number,
        name=e.name,
        status_id=1,
        total=_money(total_excl(e.lines)),
        lines=e.lines,
        custom_fields=e.custom_fields,
        acceptance=None,
        accepted_at=None,
        duplicated_from=e.duplicated_from,
        **_parties(a, e.client_id, e.company_id),
        **_stamps(a),
    )


def quote_revised(a: Apply) -> None:
    changes = dict(a.event.changes)
    if "lines" in changes:
        changes["total"] = _money(total_excl(changes["lines"]))
    a.update(t.quotes, **changes)


def quote_accepted(a: Apply) -> None:
    e = a.event
    a.update(
        t.quotes,
        status_id=3,
        accepted_at=a.at,
        acceptance={
            "name": e.name,
            "note": e.note,
            "signature": e.signature,
            "content_sha256": e.content_sha256,
            "accepted_at": a.at.isoformat(),
            "actor": e.actor,
        },
    )


# -- contracts ------------------------------------------------------------------
def _period_row(a: Apply, contract_id: str, period_start: str) -> dict[str, Any] | None:
    p = t.contract_periods
    found = a.connection.execute(
        select(p).where(
            and_(
                p.c.tenant_id == a.tenant_id,
                p.c.contract_id == contract_id,
                p.c.period_start == period_start,
            )
        )
    ).first()
    return dict(found._mapping) if found else None


def _allowance(contract: dict[str, Any]) -> int:
    allowance = round(contract["quantity"] * 60)
    if contract["period"] is None:
        allowance += contract["topped_up_minutes"]
    return allowance


def _refresh_periods(a: Apply, contract: dict[str, Any]) -> None:
    """Recompute remaining minutes of every period and of the contract."""
    p = t.contract_periods
    periods = a.connection.execute(
        select(p)
        .where(and_(p.c.tenant_id == a.tenant_id, p.c.contract_id == contract["id"]))
        .order_by(p.c.period_start)
    ).all()
    allowance = _allowance(contract)
    remaining = allowance
    for period in periods:
        remaining = allowance - period.registered_minutes
        a.connection.execute(
            update(p)
            .where(
                and_(
                    p.c.tenant_id == a.tenant_id,
                    p.c.contract_id == contract["id"],
                    p.c.period_start == period.period_start,
                )
            )
            .values(minutes_remaining=remaining)
        )
    a.connection.execute(
        update(t.contracts)
        .where(a.key(t.contracts, contract["id"]))
        .values(minutes_remaining=remaining)
    )


def _first_period_end(start: str, period: str | None, end: str | None) -> str:
    if period is None:
        return end or ""
    first = date.fromisoformat(start)
    return (add_months(first, PERIOD_MONTHS[period]) - timedelta(days=1)).isoformat()


def contract_concluded(a: Apply) -> None:
    e = a.event
    a.register("contract")
    allowance = round(e.quantity * 60)
    a.insert(
        t.contracts,
        id=a.aggregate_id,
        name=e.name,
        service_id=e.service_id,
        period=e.period,
        quantity=_hours(e.quantity),
        topped_up_minutes=0,
        minutes_remaining=allowance,
        start_date=e.start_date,
        end_date=e.end_date,
        **_parties(a, e.client_id, e.company_id),
        **_stamps(a),
    )
    a.connection.execute(
        t.contract_periods.insert().values(
            tenant_id=a.tenant_id,
            contract_id=a.aggregate_id,
            period_start=e.start_date,
            period_end=_first_period_end(e.start_date, e.period, e.end_date),
            registered_minutes=0,
            minutes_remaining=allowance,
        )
    )


def _contract(a: Apply) -> dict[str, Any]:
    row = a.row(t.contracts)
    if row is None:
        raise LookupError(f"contract {a.aggregate_id} not projected")
    return row


def prepaid_card_bought(a: Apply) -> None:
    e = a.event
    contract = _contract(a)
    contract["topped_up_minutes"] += e.minutes
    a.update(t.contracts, topped_up_minutes=contract["topped_up_minutes"])
    a.connection.execute(
        t.prepaid_purchases.insert().values(
            tenant_id=a.tenant_id,
            contract_id=a.aggregate_id,
            version=a.version,
            prepaid_card_id=e.prepaid_card_id,
            minutes=e.minutes,
            price=_money(e.price),
            description=e.description,
            actor=e.actor,
            bought_at=a.at,
        )
    )
    _refresh_periods(a, contract)


def _book(a: Apply, period_start: str, period_end: str, minutes: int) -> None:
    p = t.contract_periods
    period = _period_row(a, a.aggregate_id, period_start)
    if period is None:
        a.connection.execute(
            p.insert().values(
                tenant_id=a.tenant_id,
                contract_id=a.aggregate_id,
                period_start=period_start,
                period_end=period_end,
                registered_minutes=minutes,
                minutes_remaining=0,
            )
        )
    else:
        a.connection.execute(
            update(p)
            .where(
                and_(
                    p.c.tenant_id == a.tenant_id,
                    p.c.contract_id == a.aggregate_id,
                    p.c.period_start == period_start,
                )
            )
            .values(registered_minutes=period["registered_minutes"] + minutes)
        )
    contract = _contract(a)
    a.update(t.contracts)
    _refresh_periods(a, contract)


def time_booked(a: Apply) -> None:
    e = a.event
    a.connection.execute(
        update(t.time_registrations)
        .where(a.key(t.time_registrations, e.registration_id))
        .values(contract_id=a.aggregate_id, period_start=e.period_start)
    )
    _book(a, e.period_start, e.period_end, e.minutes)


def time_unbooked(a: Apply) -> None:
    reg = a.row(t.time_registrations, a.event.registration_id)
    if reg is None or reg["period_start"] is None:
        contract = _contract(a)
        a.update(t.contracts)
        _refresh_periods(a, contract)
        return
    period = _period_row(a, a.aggregate_id, reg["period_start"]) or {}
    _book(a, reg["period_start"], period.get("period_end", ""), -reg["minutes"])


def contract_amended(a: Apply) -> None:
    changes = dict(a.event.changes)
    if "quantity" in changes:
        changes["quantity"] = _hours(changes["quantity"])
    if "client_id" in changes or "company_id" in changes:
        row = _contract(a)
        changes.update(
            _parties(
                a,
                changes.get("client_id", row["client_id"]),
                changes.get("company_id", row["company_id"]),
            )
        )
    a.update(t.contracts, **changes)
    _refresh_periods(a, _contract(a))


# -- invoices -------------------------------------------------------------------
def invoice_created(a: Apply) -> None:
    e = a.event
    a.register("invoice", f"F{e.number:06d}")
    a.insert(
        t.invoices,
        id=a.aggregate_id,
        number=e.number,
        code=f"F{e.number:06d}",
        reference_number=e.reference_number,
        date=e.date,
        external_id=None,
        status_id=None,
        amount_excl=Decimal("0.00"),
        amount_incl=Decimal("0.00"),
        lines=[],
        credits=e.credits,
        **_parties(a, e.client_id, e.company_id),
        **_stamps(a),
    )


def _invoice_lines(a: Apply, lines: list[dict[str, Any]]) -> None:
    """The lines and their totals; the gross as the invoice's VAT breakdown has
    it (VAT rounded per category and rate, domain/bookkeeping.py), so the read
    model and a booked snapshot agree to the cent."""
    a.update(
        t.invoices,
        lines=lines,
        amount_excl=_money(total_excl(lines)),
        amount_incl=_money(gross_of(lines)),
    )


def invoice_line_added(a: Apply) -> None:
    row = a.row(t.invoices) or {"lines": []}
    _invoice_lines(a, [*row["lines"], a.event.line])


def invoice_line_removed(a: Apply) -> None:
    row = a.row(t.invoices) or {"lines": []}
    _invoice_lines(a, [line for line in row["lines"] if line["id"] != a.event.line_id])


def invoice_folded(a: Apply) -> None:
    """A draft emptied into the surviving company's draft is no invoice any more."""
    a.connection.execute(delete(t.invoices).where(a.key(t.invoices)))


# -- subscriptions ----------------------------------------------------------------
def _subscription_money(period: str, lines: list[dict[str, Any]]) -> dict[str, Any]:
    total = total_excl(lines)
    return {"total": _money(total), "mrr": _money(total / PERIOD_MONTHS[period])}


def _end_of(start: str, period: str) -> str:
    first = date.fromisoformat(start)
    return (add_months(first, PERIOD_MONTHS[period]) - timedelta(days=1)).isoformat()


def subscription_started(a: Apply) -> None:
    e = a.event
    a.register("subscription")
    a.insert(
        t.subscriptions,
        id=a.aggregate_id,
        description=e.description,
        period=e.period,
        billing_start_date=e.billing_start_date,
        start_period=e.billing_start_date,
        end_period=_end_of(e.billing_start_date, e.period),
        next_billing_date=e.billing_start_date,
        termination_date=None,
        direct_debit=e.direct_debit,
        lines=e.lines,
        **_subscription_money(e.period, e.lines),
        **_parties(a, e.client_id, e.company_id),
        **_stamps(a),
    )


def _subscription(a: Apply) -> dict[str, Any]:
    row = a.row(t.subscriptions)
    if row is None:
        raise LookupError(f"subscription {a.aggregate_id} not projected")
    return row


def _next_billing(unbilled_from: str | None, termination: str | None) -> str | None:
    if unbilled_from is None or (termination and unbilled_from > termination):
        return None
    return unbilled_from


def subscription_lines_changed(a: Apply) -> None:
    row = _subscription(a)
    a.update(
        t.subscriptions,
        lines=a.event.lines,
        **_subscription_money(row["period"], a.event.lines),
    )


def subscription_billed(a: Apply) -> None:
    e = a.event
    row = _subscription(a)
    unbilled = (date.fromisoformat(e.period_end) + timedelta(days=1)).isoformat()
    a.update(
        t.subscriptions,
        start_period=e.period_start,
        end_period=e.period_end,
        next_billing_date=_next_billing(unbilled, row["termination_date"]),
    )


def subscription_terminated(a: Apply) -> None:
    row = _subscription(a)
    unbilled = row["next_billing_date"]
    if unbilled is None:
        unbilled = (
            date.fromisoformat(row["end_period"]) + timedelta(days=1)
        ).isoformat()
    a.update(
        t.subscriptions,
        termination_date=a.event.termination_date,
        next_billing_date=_next_billing(unbilled, a.event.termination_date),
    )


HANDLERS: dict[str, Handler] = {
    "Quote.Drafted": quote_drafted,
    "Quote.Revised": quote_revised,
    "Quote.Sent": lambda a: a.update(t.quotes, status_id=2),
    "Quote.Accepted": quote_accepted,
    "Quote.Declined": lambda a: a.update(t.quotes, status_id=4),
    "Contract.Concluded": contract_concluded,
    "Contract.PrepaidCardBought": prepaid_card_bought,
    "Contract.TimeBooked": time_booked,
    "Contract.TimeUnbooked": time_unbooked,
    "Contract.Amended": contract_amended,
    "Invoice.Created": invoice_created,
    "Invoice.LineAdded": invoice_line_added,
    "Invoice.LineRemoved": invoice_line_removed,
    "Invoice.Finalised": lambda a: a.update(
        t.invoices, external_id=a.event.external_id, status_id=a.event.status_id
    ),
    "Invoice.StatusChanged": lambda a: a.update(
        t.invoices, status_id=a.event.status_id
    ),
    "Invoice.Restored": lambda a: a.update(
        t.invoices, external_id=None, status_id=None
    ),
    "Invoice.FoldedInto": invoice_folded,
    "Subscription.Started": subscription_started,
    "Subscription.LinesChanged": subscription_lines_changed,
    "Subscription.PeriodBilled": subscription_billed,
    "Subscription.Terminated": subscription_terminated,
}
