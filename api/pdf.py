"""PDF documents (quotes, invoices) from jinja2 templates, rendered by WeasyPrint."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from domain.values import CENT

TEMPLATES = Path(__file__).resolve().parent / "templates"
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "quote": "Quote",
        "invoice": "Invoice",
        "date": "Date",
        "company": "Company",
        "client": "Client",
        "description": "Description",
        "quantity": "Quantity",
        "price": "Price",
        "total": "Total",
        "total_incl": "Total incl. VAT",
        "status": "Status",
        "accepted_by": "Accepted by",
        "accepted_at": "Accepted on",
        "note": "Note",
        "signature": "Signature",
        "reference": "Reference",
        "1": "Concept",
        "2": "Sent",
        "3": "Accepted",
        "4": "Rejected",
    },
    "nl": {
        "quote": "Offerte",
        "invoice": "Factuur",
        "date": "Datum",
        "company": "Bedrijf",
        "client": "Klant",
        "description": "Omschrijving",
        "quantity": "Aantal",
        "price": "Prijs",
        "total": "Totaal",
        "total_incl": "Totaal incl. btw",
        "status": "Status",
        "accepted_by": "Geaccepteerd door",
        "accepted_at": "Geaccepteerd op",
        "note": "Opmerking",
        "signature": "Handtekening",
        "reference": "Referentie",
        "1": "Concept",
        "2": "Verzonden",
        "3": "Geaccepteerd",
        "4": "Afgewezen",
    },
    "de": {
        "quote": "Angebot",
        "invoice": "Rechnung",
        "date": "Datum",
        "company": "Firma",
        "client": "Kunde",
        "description": "Beschreibung",
        "quantity": "Menge",
        "price": "Preis",
        "total": "Summe",
        "total_incl": "Summe inkl. MwSt.",
        "status": "Status",
        "accepted_by": "Angenommen von",
        "accepted_at": "Angenommen am",
        "note": "Anmerkung",
        "signature": "Unterschrift",
        "reference": "Referenz",
        "1": "Entwurf",
        "2": "Gesendet",
        "3": "Angenommen",
        "4": "Abgelehnt",
    },
}

_env = Environment(
    loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"])
)


def euro(amount: Any) -> str:
    """An amount in Dutch euro formatting: € 1.234,50."""
    # Formatted from the exact decimal, so no float rounding shows in a PDF.
    text = f"{Decimal(str(amount or 0)).quantize(CENT):,.2f}"
    return "€ " + text.replace(",", "_").replace(".", ",").replace("_", ".")


_env.filters["euro"] = euro


def words(language: str) -> dict[str, str]:
    """The labels in the tenant's language (English when unknown)."""
    return WORDS.get(language, WORDS["en"])


def html_of(template: str, **context: Any) -> str:
    """The document as HTML (also what tests read)."""
    return _env.get_template(template).render(
        printed_at=datetime.now(UTC).strftime("%d-%m-%Y"), **context
    )


def render(template: str, **context: Any) -> bytes:
    """The document as PDF bytes."""
    from weasyprint import HTML  # heavy import, only when a PDF is asked for

    return HTML(string=html_of(template, **context)).write_pdf()  # type: ignore[no-any-return]


def quote_pdf(row: Any, tenant_name: str, language: str) -> bytes:
    """A quote, with the signature once accepted."""
    acceptance = dict(row.acceptance or {})
    signature = acceptance.get("signature", "")
    return render(
        "quote.html",
        t=words(language),
        language=language,
        tenant_name=tenant_name,
        quote=row,
        lines=row.lines or [],
        acceptance=acceptance if row.status_id == 3 else None,
        signature=signature
        if str(signature).startswith("data:image/png;base64,")
        else "",
        accepted_at=row.accepted_at.strftime("%d-%m-%Y %H:%M")
        if row.accepted_at
        else "",
    )


def invoice_pdf(row: Any, tenant_name: str, language: str, status: int) -> bytes:
    """An invoice with its lines."""
    return render(
        "invoice.html",
        t=words(language),
        language=language,
        tenant_name=tenant_name,
        invoice=row,
        lines=row.lines or [],
        status=status,
    )
