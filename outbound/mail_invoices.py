"""The invoice mail: a finalised invoice (or credit invoice) sent to its company,
with the e-invoice (UBL) and the PDF attached.

It goes to every active client of the invoice's company who may see invoices
(`invoices.show`), each in their own language, and to the company's own
address (its billing contact) in the tenant's language.
"""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from sqlalchemy import String, cast, or_, select

from outbound.mail_events import Event, Writer
from outbound.ubl import UblError, ubl_filename, ubl_invoice
from projections import tables as t

log = logging.getLogger("ledgerdesk.mail")

PERMISSION = "invoices.show"


def euro(amount: Any) -> str:
    """An amount as euro in Dutch formatting (€ 1.234,50), as everywhere."""
    text = f"{Decimal(str(amount or 0)).quantize(Decimal('0.01')):,.2f}"
    return "€ " + text.replace(",", "_").replace(".", ",").replace("_", ".")


def _day(value: str | None) -> str:
    """A YYYY-MM-DD date as the documents show it: DD-MM-YYYY."""
    if not value or len(value) != 10:
        return ""
    return "-".join(reversed(value.split("-")))


def _invoice(e: Event) -> Any:
    i = t.invoices
    return e.connection.execute(
        select(i).where(
            i.c.tenant_id == e.tenant.id, i.c.id == str(e.event.originator_id)
        )
    ).first()


def _clients(e: Event, company_id: str) -> list[Any]:
    """The company's active clients who may see its invoices, oldest first."""
    u = t.users
    rows = e.connection.execute(
        select(u)
        .where(
            u.c.tenant_id == e.tenant.id,
            u.c.is_operator == 0,
            u.c.active.is_(True),
            or_(
                u.c.company_id == company_id,
                cast(u.c.company_ids, String).contains(company_id),
            ),
        )
        .order_by(u.c.email)
    ).all()
    return [
        row
        for row in rows
        if row.email
        and PERMISSION in (row.permissions or [])
        and (row.company_id == company_id or company_id in (row.company_ids or []))
    ]


def _company_address(e: Event, company_id: str) -> str | None:
    c = t.companies
    found = e.connection.execute(
        select(c.c.email).where(c.c.tenant_id == e.tenant.id, c.c.id == company_id)
    ).scalar()
    return str(found).strip().lower() if found else None


def _files(f: Writer, e: Event, snapshot: Any, row: Any) -> tuple[Any, ...]:
    """The UBL e-invoice and the PDF, each when it can be made."""
    files: list[tuple[str, str, bytes]] = []
    if snapshot:
        try:
            files.append(
                (ubl_filename(snapshot), "application/xml", ubl_invoice(snapshot))
            )
        except UblError as error:  # seller or buyer incomplete: the mail still goes
            log.warning("invoice %s goes without its e-invoice: %s", row.id, error)
    render = getattr(f.links, "invoice_pdf", None)
    if render is not None:
        try:
            pdf = render(e.tenant, row)
        except Exception:  # a PDF that cannot be rendered: the mail still goes
            log.exception("invoice %s goes without its PDF", row.id)
        else:
            files.append((f"{row.code}.pdf", "application/pdf", pdf))
    return tuple(files)


def invoice_finalised(f: Writer, e: Event) -> None:
    """A finalised invoice to its company's clients and billing address."""
    row = _invoice(e)
    if row is None or not row.company_id:
        return
    snapshot = getattr(e.event, "snapshot", None)
    recipients: list[tuple[str, str, str]] = [
        (row_.email.lower(), row_.language, str(row_.first_name or row_.full_name))
        for row_ in _clients(e, row.company_id)
    ]
    billing = _company_address(e, row.company_id)
    if billing and billing not in {address for address, _, _ in recipients}:
        recipients.append((billing, e.tenant.language, row.company_name or ""))
    if not recipients:
        return
    credit = bool(row.credits)
    totals = (snapshot or {}).get("totals") or {}
    amount = totals.get("gross") or row.amount_incl
    names: dict[str, Any] = {
        "number": row.code,
        "company": row.company_name or "",
        "amount": euro(amount),
        "due_date": _day((snapshot or {}).get("due_date")),
        "credit": credit,
    }
    files = _files(f, e, snapshot, row)
    names["ubl"] = any(kind == "application/xml" for _, kind, _ in files)
    for index, (address, language, name) in enumerate(recipients):
        f.add(
            e,
            "invoice",
            index,
            f.letter(
                e,
                "invoice",
                language=language,
                to=[address],
                names={**names, "name": name},
                link=f"{f.base(e)}/app/invoices",
                attachments=files,
            ),
        )
