"""What an accountant needs to book an invoice: the seller's billing profile, the
buyer's data, per line a unit code and VAT category, the VAT breakdown and totals.

`invoice_snapshot` is the one picture of an invoice that leaves Ledgerdesk: the
`snapshot` of the version 2 `invoice.finalised` event, the value of the compacted
snapshot topic and the only input of the UBL writer. Amounts are decimal strings
with two decimals, quantities with four, rates with two, dates YYYY-MM-DD.

Rounding follows EN 16931: the VAT of each breakdown group (category, rate) is
round_half_up(taxable x rate / 100, 2); the totals are sums of the breakdown.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from domain.errors import InvalidValue

CENT = Decimal("0.01")
QUANTUM = Decimal("0.0001")
ZERO = Decimal("0.00")

STANDARD, ZERO_RATED, EXEMPT, REVERSE_CHARGE = "S", "Z", "E", "AE"
INTRA_COMMUNITY, EXPORT, OUTSIDE_SCOPE = "K", "G", "O"
VAT_CATEGORIES = {
    STANDARD: "Standard rate",
    ZERO_RATED: "Zero rated",
    EXEMPT: "Exempt from VAT",
    REVERSE_CHARGE: "VAT reverse charge",
    INTRA_COMMUNITY: "Intra-community supply",
    EXPORT: "Export outside the EU",
    OUTSIDE_SCOPE: "Not subject to VAT",
}
# the categories whose lines must say why no VAT is charged (EN 16931 BR-x-10);
# these texts are used when a line names the category but gives no reason
DEFAULT_REASONS = {
    REVERSE_CHARGE: "Reverse charge",
    INTRA_COMMUNITY: "Intra-community supply",
    EXPORT: "Export outside the EU",
    OUTSIDE_SCOPE: "Not subject to VAT",
}
NEEDS_REASON = {EXEMPT, *DEFAULT_REASONS}

HOURS, PIECES = "HUR", "C62"
UNIT_CODE = re.compile(r"^[A-Z0-9]{2,3}$")
HOURLY_SOURCES = {"time_registration"}

ELECTRONIC_SCHEMES = {"0106", "9944", "0088", "0190", "EM"}
COUNTRY = re.compile(r"^[A-Z]{2}$")
CURRENCY = re.compile(r"^[A-Z]{3}$")
KVK = re.compile(r"^[0-9]{8}$")
VAT_NUMBER = re.compile(r"^[A-Z]{2}[0-9A-Z+*.]{2,13}$")
IBAN = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")
POSTAL_CODE_MAX = 20
DEFAULT_CURRENCY = "EUR"
DEFAULT_TERMS = 30
MAX_TERMS = 365

PARTY_FIELDS = (
    "name",
    "street",
    "postal_code",
    "city",
    "country_code",
    "vat_number",
    "kvk_number",
    "electronic_address",
    "email",
    "iban",
)
BILLING_PROFILE = "billing.profile"
"""The tenant config that holds the seller's billing profile."""


def money(value: Any) -> Decimal:
    """A Decimal rounded half up to cents."""
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def text2(value: Any) -> str:
    """An amount or rate as text with two decimals."""
    return format(money(value), "f")


def text4(value: Any) -> str:
    """A quantity as text with four decimals."""
    return format(Decimal(str(value)).quantize(QUANTUM, rounding=ROUND_HALF_UP), "f")


# -- lines ------------------------------------------------------------------------
def vat_terms(line: dict[str, Any], rate: Decimal) -> dict[str, Any]:
    """A line's unit code, VAT category and exemption reason, checked.

    Without a category a line with a rate is standard rated (S); a 0 % line must
    name its category (Z, E, AE, K, G or O), but for one from a source (a
    quote, time, a product), which has no category to give, Z is taken. S
    needs a rate above 0, the others 0 %; E needs an exemption reason, AE, K,
    G and O get a standard one.
    """
    source = line.get("source")
    source = source if isinstance(source, dict) else {}
    unit_code = line.get("unit_code")
    if unit_code in (None, ""):
        unit_code = HOURS if source.get("type") in HOURLY_SOURCES else PIECES
    if not isinstance(unit_code, str) or not UNIT_CODE.match(unit_code):
        raise InvalidValue(
            "The unit code must be a UN/ECE code such as HUR or C62.", "unit_code"
        )
    category = line.get("vat_category")
    if category in (None, "") and rate == 0 and source.get("type"):
        # work invoiced from a quote, time or a product at 0 % before its
        # source could say why: zero rated, as version 1 lines are read
        category = ZERO_RATED
    if category in (None, ""):
        if rate == 0:
            raise InvalidValue(
                "A 0 % line must name its VAT category "
                "(Z zero rated, E exempt, AE reverse charge, K intra-community, "
                "G export, O not subject to VAT).",
                "vat_category",
            )
        category = STANDARD
    if category not in VAT_CATEGORIES:
        raise InvalidValue(
            "The VAT category must be one of S, Z, E, AE, K, G or O.", "vat_category"
        )
    if category == STANDARD and rate == 0:
        raise InvalidValue(
            "A standard rated (S) line needs a rate above 0.", "vat_rate"
        )
    if category != STANDARD and rate != 0:
        raise InvalidValue(
            f"A line of VAT category {category} has a 0 % rate.", "vat_rate"
        )
    reason = line.get("exemption_reason")
    if reason is not None and not isinstance(reason, str):
        raise InvalidValue("The exemption reason must be text.", "exemption_reason")
    reason = (reason or "").strip()[:300] or None
    if category == STANDARD or category == ZERO_RATED:
        reason = None
    elif reason is None:
        reason = DEFAULT_REASONS.get(category)
        if reason is None:
            raise InvalidValue(
                "An exempt (E) line must give its exemption reason.",
                "exemption_reason",
            )
    return {
        "unit_code": unit_code,
        "vat_category": category,
        "exemption_reason": reason,
    }


def line_terms_of(line: dict[str, Any]) -> dict[str, Any]:
    """The VAT terms of a stored line, also of one stored before lines had them
    (unit C62, S above 0 %, Z at 0 %)."""
    rate = Decimal(str(line.get("vat_rate", "0")))
    category = line.get("vat_category") or (STANDARD if rate else ZERO_RATED)
    return {
        "unit_code": line.get("unit_code") or PIECES,
        "vat_category": category,
        "exemption_reason": line.get("exemption_reason"),
    }


def breakdown(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The VAT breakdown: one group per category and rate, VAT rounded per group.

    Lines are snapshot lines (net, vat_category, vat_rate, exemption_reason).
    """
    groups: dict[tuple[str, Decimal], dict[str, Any]] = {}
    for line in lines:
        key = (line["vat_category"], money(line["vat_rate"]))
        group = groups.setdefault(
            key, {"taxable": ZERO, "exemption_reason": line.get("exemption_reason")}
        )
        group["taxable"] += money(line["net"])
    result = []
    for (category, rate), group in sorted(groups.items()):
        vat = (group["taxable"] * rate / 100).quantize(CENT, rounding=ROUND_HALF_UP)
        result.append(
            {
                "category": category,
                "rate": text2(rate),
                "taxable": text2(group["taxable"]),
                "vat": text2(vat),
                "exemption_reason": group["exemption_reason"],
            }
        )
    return result


def totals(groups: list[dict[str, Any]], paid: Any = ZERO) -> dict[str, str]:
    """Net, VAT and gross as sums of the breakdown; amount due is gross minus paid."""
    net = sum((Decimal(g["taxable"]) for g in groups), ZERO)
    vat = sum((Decimal(g["vat"]) for g in groups), ZERO)
    gross = net + vat
    paid_amount = money(paid)
    return {
        "net": text2(net),
        "vat": text2(vat),
        "gross": text2(gross),
        "paid": text2(paid_amount),
        "amount_due": text2(gross - paid_amount),
    }


def gross_of(lines: list[dict[str, Any]], sign: int = 1) -> Decimal:
    """The gross total of stored invoice lines, by the breakdown's rounding."""
    return Decimal(totals(breakdown(snapshot_lines(lines, sign)))["gross"])


def snapshot_lines(lines: list[dict[str, Any]], sign: int = 1) -> list[dict[str, Any]]:
    """Stored invoice lines in the snapshot's shape; sign -1 turns a credit
    invoice's negative quantities into the credit note's positive ones."""
    result = []
    for line in lines:
        terms = line_terms_of(line)
        quantity = Decimal(str(line["quantity"])) * sign
        price = Decimal(str(line["price"]))
        net = (quantity * price).quantize(CENT, rounding=ROUND_HALF_UP)
        result.append(
            {
                "line_id": str(line["id"]),
                "description": line["description"],
                "quantity": text4(quantity),
                "unit_code": terms["unit_code"],
                "unit_price": text2(price),
                "net": text2(net),
                "vat_category": terms["vat_category"],
                "vat_rate": text2(line["vat_rate"]),
                "exemption_reason": terms["exemption_reason"],
            }
        )
    return result


# -- parties ------------------------------------------------------------------------
def _text(value: Any, field: str, limit: int = 200) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidValue(f"The {field} field must be text.", field)
    return value.strip()[:limit] or None


def iban_valid(value: str) -> bool:
    """Whether an IBAN's shape and ISO 13616 check digits hold."""
    if not IBAN.match(value):
        return False
    moved = value[4:] + value[:4]
    digits = "".join(str(int(ch, 36)) for ch in moved)
    return int(digits) % 97 == 1


def electronic_address(value: Any, field: str = "electronic_address") -> Any:
    """{scheme, id} or None; the scheme a Peppol EAS code (0106 KvK, 9944 Dutch
    VAT, 0088 GLN, 0190 OIN, EM e-mail)."""
    if value in (None, {}, ""):
        return None
    if not isinstance(value, dict):
        raise InvalidValue("The electronic address is {scheme, id}.", field)
    scheme = value.get("scheme")
    if scheme not in ELECTRONIC_SCHEMES:
        raise InvalidValue(
            "The electronic address scheme is 0106, 9944, 0088, 0190 or EM.",
            f"{field}.scheme",
        )
    ident = _text(value.get("id"), f"{field}.id", 100)
    if not ident:
        raise InvalidValue("The electronic address needs an id.", f"{field}.id")
    return {"scheme": scheme, "id": ident}


def party(values: dict[str, Any], *, seller: bool = False) -> dict[str, Any]:
    """A seller's or buyer's data, checked: every key of PARTY_FIELDS."""
    if not isinstance(values, dict):
        raise InvalidValue("The party must be an object.", "name")
    name = _text(values.get("name"), "name")
    if seller and not name:
        raise InvalidValue("The name field is required.", "name")
    country = _text(values.get("country_code"), "country_code", 2)
    country = country.upper() if country else None
    if country is not None and not COUNTRY.match(country):
        raise InvalidValue(
            "The country code is two letters (ISO 3166), such as NL.", "country_code"
        )
    if seller and country is None:
        raise InvalidValue("The country_code field is required.", "country_code")
    vat = _text(values.get("vat_number"), "vat_number", 20)
    vat = vat.replace(" ", "").upper() if vat else None
    if vat is not None and not VAT_NUMBER.match(vat):
        raise InvalidValue(
            "The VAT number starts with its country code, such as NL123456789B01.",
            "vat_number",
        )
    kvk = _text(values.get("kvk_number"), "kvk_number", 8)
    if kvk is not None and not KVK.match(kvk):
        raise InvalidValue("The KvK number has 8 digits.", "kvk_number")
    iban = _text(values.get("iban"), "iban", 40)
    iban = iban.replace(" ", "").upper() if iban else None
    if iban is not None and not iban_valid(iban):
        raise InvalidValue("The IBAN is not valid.", "iban")
    email = _text(values.get("email"), "email")
    if email is not None and "@" not in email:
        raise InvalidValue("The e-mail address is not valid.", "email")
    return {
        "name": name,
        "street": _text(values.get("street"), "street"),
        "postal_code": _text(values.get("postal_code"), "postal_code", POSTAL_CODE_MAX),
        "city": _text(values.get("city"), "city"),
        "country_code": country,
        "vat_number": vat,
        "kvk_number": kvk,
        "electronic_address": electronic_address(values.get("electronic_address")),
        "email": email,
        "iban": iban,
    }


def billing_profile(values: Any) -> dict[str, Any]:
    """The tenant's billing profile (the seller), checked: party data plus
    currency (EUR by default) and default payment terms in days (30)."""
    if not isinstance(values, dict):
        raise InvalidValue("The billing profile must be an object.", "name")
    profile = party(values, seller=True)
    currency = values.get("currency") or DEFAULT_CURRENCY
    if not isinstance(currency, str) or not CURRENCY.match(currency.upper()):
        raise InvalidValue("The currency is an ISO 4217 code such as EUR.", "currency")
    days = values.get("payment_terms_days", DEFAULT_TERMS)
    whole = isinstance(days, int) and not isinstance(days, bool)
    if not whole or not 0 <= days <= MAX_TERMS:
        raise InvalidValue(
            f"The payment terms are 0 to {MAX_TERMS} days.", "payment_terms_days"
        )
    return {**profile, "currency": currency.upper(), "payment_terms_days": days}


def seller_of(profile: dict[str, Any] | None, tenant_name: str) -> dict[str, Any]:
    """The seller party of a stored profile; the tenant's name alone without one."""
    found = dict(profile or {})
    return {key: found.get(key) for key in PARTY_FIELDS} | {
        "name": found.get("name") or tenant_name
    }


def buyer_of(company_id: str | None, fields: dict[str, Any] | None) -> dict[str, Any]:
    """The buyer party of a company's fields (address_1 is its street)."""
    found = dict(fields or {})
    scheme, ident = (
        found.get("electronic_address_scheme"),
        found.get("electronic_address_id"),
    )
    country = found.get("country_code") or found.get("country")
    country = (
        country.upper()
        if isinstance(country, str) and COUNTRY.match(country.upper())
        else None
    )
    return {
        "company_id": company_id,
        "name": found.get("name"),
        "street": found.get("address_1"),
        "postal_code": found.get("postal_code"),
        "city": found.get("city"),
        "country_code": country,
        "vat_number": found.get("vat_number"),
        "kvk_number": found.get("kvk_number"),
        "electronic_address": {"scheme": scheme, "id": ident}
        if scheme and ident
        else None,
        "email": found.get("email"),
        "iban": None,
    }


# -- the snapshot ------------------------------------------------------------------
def terms_note(days: int) -> str:
    return "Due on receipt" if days == 0 else f"{days} days net"


def due_date(issue_date: str, days: int) -> str:
    return (date.fromisoformat(issue_date) + timedelta(days=days)).isoformat()


def invoice_snapshot(
    *,
    invoice_id: str,
    number: str,
    lines: list[dict[str, Any]],
    seller: dict[str, Any],
    buyer: dict[str, Any],
    issue_date: str,
    payment_terms_days: int = DEFAULT_TERMS,
    currency: str = DEFAULT_CURRENCY,
    status: str = "sent",
    reference: str | None = None,
    credited_invoice: dict[str, str] | None = None,
    paid: Any = ZERO,
    credited_by: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The invoice as one plain JSON-able dict (see the module's docstring).

    `lines` are the stored lines (id, description, quantity, price, vat_rate and
    the VAT terms); a credit invoice (credited_invoice set) stores negative
    quantities and is shown as a credit note with positive amounts.
    """
    kind = "credit_note" if credited_invoice else "invoice"
    shown = snapshot_lines(lines, -1 if credited_invoice else 1)
    groups = breakdown(shown)
    return {
        "invoice_id": invoice_id,
        "number": number,
        "kind": kind,
        "credited_invoice": credited_invoice,
        "credited_by": credited_by,
        "status": status,
        "currency": currency,
        "issue_date": issue_date,
        "due_date": due_date(issue_date, payment_terms_days),
        "payment_terms": {
            "days": payment_terms_days,
            "note": terms_note(payment_terms_days),
        },
        "reference": reference or None,
        "seller": seller,
        "buyer": buyer,
        "lines": shown,
        "vat_breakdown": groups,
        "totals": totals(groups, paid),
    }
