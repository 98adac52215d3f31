"""Putting billable work on draft invoices and taking it off again, and the
invoice as the operator side shows it."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from api.deps import Tenant, User
from api.present.common import amount, iso
from api.present.rows import invoice_status_label
from api.services import Services
from domain.invoices import status_or_default
from domain.use_cases.invoicing import Billable
from projections import tables as t

ADDED = "Regel toegevoegd aan conceptfactuur."
REMOVED = "Regel verwijderd van conceptfactuur."
HOURLY_RATE = "invoicing.hourly_rate"


def invoice_json(row: Any) -> dict[str, Any]:
    """An invoice as the operator side shows it: draft until external_id is set."""
    return {
        "id": row.id,
        "code": row.code,
        "reference_number": row.reference_number,
        "company_id": row.company_id,
        "company": {"id": row.company_id, "name": row.company_name}
        if row.company_id
        else None,
        "client_id": row.client_id,
        "date": row.date,
        "external_id": row.external_id,
        "is_draft": row.external_id is None,
        "status": None if row.external_id is None else status_or_default(row.status_id),
        "status_label": invoice_status_label(row.external_id, row.status_id),
        "number": row.number,
        "amount_excl": amount(row.amount_excl),
        "amount_incl": amount(row.amount_incl),
        "total": amount(row.amount_incl),
        "lines": [invoice_line(line) for line in row.lines or []],
        "credits": row.credits,
        "version": row.version,
        "updated_at": iso(row.updated_at),
    }


NUMBERS = ("quantity", "price", "vat_rate", "total")


def invoice_line(line: dict[str, Any]) -> dict[str, Any]:
    """A stored line with its amounts as JSON numbers (the store keeps strings)."""
    return {
        **line,
        **{key: amount(line[key]) for key in NUMBERS if line.get(key) is not None},
    }


def invoiced_sources(svc: Services, tenant_id: str) -> dict[tuple[str, str], Any]:
    """Which sources sit on which invoice: (type, id) -> invoice row."""
    i = t.invoices
    with svc.engine.connect() as connection:
        rows = list(connection.execute(select(i).where(i.c.tenant_id == tenant_id)))
    found: dict[tuple[str, str], Any] = {}
    for row in rows:
        for line in row.lines or []:
            source = line.get("source") or {}
            if source.get("type") and source.get("id"):
                found[(source["type"], str(source["id"]))] = row
    return found


def newest_drafts(
    svc: Services, tenant_id: str, company_ids: set[str | None]
) -> dict[str | None, str]:
    """Each company's newest open draft in the read model (a hint the domain checks)."""
    i = t.invoices
    found: dict[str | None, str] = {}
    with svc.engine.connect() as connection:
        for company_id in company_ids:
            query = select(i.c.id).where(
                i.c.tenant_id == tenant_id,
                i.c.external_id.is_(None),
                i.c.credits.is_(None),
                i.c.company_id == company_id
                if company_id
                else i.c.company_id.is_(None),
            )
            newest = connection.execute(query.order_by(i.c.number.desc())).scalar()
            if newest:
                found[company_id] = str(newest)
    return found


def hourly_rate(tenant: Tenant) -> str:
    """The tenant's hourly rate for time on invoices (config invoicing.hourly_rate)."""
    value = tenant.configs.get(HOURLY_RATE, "95.00")
    try:
        return str(Decimal(str(value)))
    except ArithmeticError:
        return "95.00"


def add_lines(
    svc: Services,
    user: User,
    items: list[tuple[str | None, str | None, dict[str, Any]]],
) -> list[str]:
    """Add (company, client, line with source) items to the companies' drafts in one
    atomic step; answers the invoices touched. The domain refuses a source that is
    already on an invoice (409), also when a concurrent call put it there."""
    billables = [
        Billable(
            kind=line["source"]["type"],
            source_id=str(line["source"]["id"]),
            company_id=company_id,
            client_id=client_id,
            line={k: v for k, v in line.items() if k != "source"},
        )
        for company_id, client_id, line in items
    ]
    on = invoiced_sources(svc, user.tenant_id)
    placed = {
        key: str(on[key].id)
        for key in {(b.kind, b.source_id) for b in billables}
        if key in on
    }
    touched = svc.domain.invoicing.invoice(
        user.tenant_id,
        user.id,
        billables,
        newest_drafts=newest_drafts(
            svc, user.tenant_id, {b.company_id for b in billables}
        ),
        placed=placed,
    )
    svc.settle()
    return touched


def remove_sources(svc: Services, user: User, kind: str, ids: list[str]) -> list[str]:
    """Take the lines of these sources off their draft invoices in one atomic step."""
    on = invoiced_sources(svc, user.tenant_id)
    placed = {i: str(on[(kind, i)].id) for i in ids if (kind, i) in on}
    touched = svc.domain.invoicing.deinvoice(
        user.tenant_id, user.id, kind, ids, placed=placed
    )
    svc.settle()
    return touched


def csv_of(rows: list[Any]) -> str:
    """Invoices as CSV: one row per invoice, semicolon separated."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(
        [
            "code",
            "reference",
            "company",
            "date",
            "external_id",
            "status",
            "excl",
            "incl",
        ]
    )
    for row in rows:
        writer.writerow(
            [
                row.code,
                row.reference_number,
                row.company_name or "",
                row.date,
                row.external_id or "",
                "" if row.external_id is None else status_or_default(row.status_id),
                f"{row.amount_excl:.2f}",
                f"{row.amount_incl:.2f}",
            ]
        )
    return out.getvalue()
