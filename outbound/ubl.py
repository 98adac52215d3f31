"""An invoice snapshot as a UBL 2.1 e-invoice following Peppol BIS Billing 3.0.

The one input is the invoice snapshot (the `snapshot` of `invoice.finalised`);
the output is the XML of a UBL `Invoice`, or of a `CreditNote` that refers to
the invoice it credits. Where the Dutch CIUS (NLCIUS) asks more of a Dutch
seller or buyer (a KvK number as legal entity id, full addresses), the
snapshot's KvK number is used with scheme 0106.

Written with the standard library's ElementTree: the UBL element order is
fixed by the schema, and a generator library would add a dependency for a
few dozen elements.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from xml.etree import ElementTree as ET

from domain.errors import InvalidTransition

CUSTOMIZATION_ID = (
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
)
PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"

INVOICE_NS = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
CREDIT_NOTE_NS = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

ET.register_namespace("cac", CAC)
ET.register_namespace("cbc", CBC)

INVOICE_TYPE = "380"
"""UNTDID 1001: commercial invoice."""
CREDIT_NOTE_TYPE = "381"
"""UNTDID 1001: credit note."""

EXEMPT_CATEGORIES = frozenset({"E", "AE", "K", "G", "O"})
"""VAT categories whose breakdown must give an exemption reason (BR-E-10 ...)."""

EXEMPTION_CODES = {
    "AE": "VATEX-EU-AE",
    "K": "VATEX-EU-IC",
    "G": "VATEX-EU-G",
    "O": "VATEX-EU-O",
}
"""VATEX codes where one code fits every case of the category."""

EXEMPTION_TEXTS = {
    "E": "Exempt from VAT",
    "AE": "Reverse charge",
    "K": "Intra-Community supply",
    "G": "Export outside the EU",
    "O": "Not subject to VAT",
}
"""The reason written when the snapshot gives none."""

KVK_SCHEME = "0106"
"""ISO 6523 ICD of the Dutch Chamber of Commerce (KvK) number."""
EMAIL_SCHEME = "EM"


class UblError(InvalidTransition):
    """The invoice lacks what a UBL e-invoice cannot do without (maps to 409)."""


def _cbc(parent: ET.Element, name: str, text: Any, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{CBC}}}{name}", attrs)
    element.text = str(text)
    return element


def _cac(parent: ET.Element, name: str) -> ET.Element:
    return ET.SubElement(parent, f"{{{CAC}}}{name}")


def _opt(parent: ET.Element, name: str, text: Any, **attrs: str) -> None:
    """An element only when it has a value (Peppol forbids empty elements)."""
    if text is not None and str(text).strip():
        _cbc(parent, name, str(text).strip(), **attrs)


def _money(value: Any) -> str:
    """An amount with exactly two decimals (BR-DEC-*)."""
    return str(Decimal(str(value)).quantize(Decimal("0.01")))


def _rate(value: Any) -> str:
    return str(Decimal(str(value or 0)).normalize().quantize(Decimal("0.01")))


def _quantity(value: Any) -> str:
    number = Decimal(str(value))
    return str(number.quantize(Decimal("0.0001")).normalize()) if number else "0"


def _endpoint(party: dict[str, Any], who: str) -> tuple[str, str]:
    """The party's Peppol address: its own, else its KvK number, else its mail."""
    address = party.get("electronic_address") or {}
    if address.get("scheme") and address.get("id"):
        return str(address["scheme"]), str(address["id"])
    if party.get("kvk_number"):
        return KVK_SCHEME, str(party["kvk_number"])
    if party.get("email"):
        return EMAIL_SCHEME, str(party["email"])
    raise UblError(
        f"The e-invoice needs the {who}'s electronic address, KvK number or "
        f"e-mail address; {WHERE[who]}."
    )


WHERE = {
    "seller": "fill it in in the billing profile",
    "buyer": "fill it in on the company",
}


def _checked(party: dict[str, Any], who: str, country: str | None) -> dict[str, Any]:
    """The party with what Peppol cannot do without: a name and a country (the
    buyer's is the seller's when the company has none: a domestic sale)."""
    if not party.get("name"):
        raise UblError(f"The e-invoice needs the {who}'s name; {WHERE[who]}.")
    found = {**party, "country_code": party.get("country_code") or country}
    if not found["country_code"]:
        raise UblError(f"The e-invoice needs the {who}'s country; {WHERE[who]}.")
    return found


def _party(
    parent: ET.Element, role: str, party: dict[str, Any], with_vat: bool
) -> None:
    wrapper = _cac(parent, role)
    element = _cac(wrapper, "Party")
    scheme, endpoint = _endpoint(party, "seller" if "Supplier" in role else "buyer")
    _cbc(element, "EndpointID", endpoint, schemeID=scheme)
    if party.get("kvk_number"):
        identification = _cac(element, "PartyIdentification")
        _cbc(identification, "ID", party["kvk_number"], schemeID=KVK_SCHEME)
    name = _cac(element, "PartyName")
    _cbc(name, "Name", party["name"])
    address = _cac(element, "PostalAddress")
    _opt(address, "StreetName", party.get("street"))
    _opt(address, "CityName", party.get("city"))
    _opt(address, "PostalZone", party.get("postal_code"))
    country = _cac(address, "Country")
    _cbc(country, "IdentificationCode", party["country_code"])
    if with_vat and party.get("vat_number"):
        tax = _cac(element, "PartyTaxScheme")
        _cbc(tax, "CompanyID", party["vat_number"])
        _cbc(_cac(tax, "TaxScheme"), "ID", "VAT")
    legal = _cac(element, "PartyLegalEntity")
    _cbc(legal, "RegistrationName", party["name"])
    if party.get("kvk_number"):
        _cbc(legal, "CompanyID", party["kvk_number"], schemeID=KVK_SCHEME)
    if party.get("email"):
        contact = _cac(element, "Contact")
        _cbc(contact, "ElectronicMail", party["email"])


def _tax_category(
    parent: ET.Element,
    name: str,
    category: str,
    rate: Any,
    reason: str | None = None,
    with_reason: bool = False,
) -> None:
    element = _cac(parent, name)
    _cbc(element, "ID", category)
    if category != "O":  # a supply not subject to VAT has no rate (BR-O-05)
        _cbc(element, "Percent", _rate(rate))
    if with_reason and category in EXEMPT_CATEGORIES:
        if category in EXEMPTION_CODES:
            _cbc(element, "TaxExemptionReasonCode", EXEMPTION_CODES[category])
        _cbc(element, "TaxExemptionReason", reason or EXEMPTION_TEXTS[category])
    _cbc(_cac(element, "TaxScheme"), "ID", "VAT")


def _payment(root: ET.Element, snapshot: dict[str, Any], credit: bool) -> None:
    """How the invoice is paid: by SEPA credit transfer (58) to the seller's IBAN.

    A credit note's money goes the other way, to the buyer's account the seller
    knows from its books: a credit transfer (30) by its due date, no account.
    """
    iban = str(snapshot["seller"].get("iban") or "").replace(" ", "")
    if credit and snapshot.get("due_date"):
        means = _cac(root, "PaymentMeans")
        _cbc(means, "PaymentMeansCode", "30")
        _cbc(means, "PaymentDueDate", snapshot["due_date"])
        _cbc(means, "PaymentID", snapshot["number"])
    elif not credit and iban:
        means = _cac(root, "PaymentMeans")
        _cbc(means, "PaymentMeansCode", "58")
        _cbc(means, "PaymentID", snapshot["number"])
        account = _cac(means, "PayeeFinancialAccount")
        _cbc(account, "ID", iban)
        _cbc(account, "Name", snapshot["seller"]["name"])
    terms = snapshot.get("payment_terms") or {}
    note = terms.get("note") or (
        f"{terms['days']} days net" if terms.get("days") is not None else None
    )
    if note and not credit:
        _cbc(_cac(root, "PaymentTerms"), "Note", note)


def _delivery(root: ET.Element, day: str, country_code: str) -> None:
    """An intra-community supply names when and where it was delivered
    (BR-IC-11, BR-IC-12): the issue date, at the buyer's country."""
    delivery = _cac(root, "Delivery")
    _cbc(delivery, "ActualDeliveryDate", day)
    location = _cac(delivery, "DeliveryLocation")
    address = _cac(location, "Address")
    country = _cac(address, "Country")
    _cbc(country, "IdentificationCode", country_code)


def _tax_total(root: ET.Element, snapshot: dict[str, Any], currency: str) -> None:
    total = _cac(root, "TaxTotal")
    _cbc(total, "TaxAmount", _money(snapshot["totals"]["vat"]), currencyID=currency)
    for group in snapshot["vat_breakdown"]:
        subtotal = _cac(total, "TaxSubtotal")
        _cbc(subtotal, "TaxableAmount", _money(group["taxable"]), currencyID=currency)
        _cbc(subtotal, "TaxAmount", _money(group["vat"]), currencyID=currency)
        _tax_category(
            subtotal,
            "TaxCategory",
            group["category"],
            group["rate"],
            group.get("exemption_reason"),
            with_reason=True,
        )


def _monetary_total(root: ET.Element, snapshot: dict[str, Any], currency: str) -> None:
    totals = snapshot["totals"]
    total = _cac(root, "LegalMonetaryTotal")
    for name, value in (
        ("LineExtensionAmount", totals["net"]),
        ("TaxExclusiveAmount", totals["net"]),
        ("TaxInclusiveAmount", totals["gross"]),
    ):
        _cbc(total, name, _money(value), currencyID=currency)
    if Decimal(str(totals.get("paid") or 0)):
        _cbc(total, "PrepaidAmount", _money(totals["paid"]), currencyID=currency)
    _cbc(total, "PayableAmount", _money(totals["amount_due"]), currencyID=currency)


def _line(
    root: ET.Element, index: int, line: dict[str, Any], credit: bool, currency: str
) -> None:
    element = _cac(root, "CreditNoteLine" if credit else "InvoiceLine")
    _cbc(element, "ID", index)
    quantity = Decimal(str(line["quantity"]))
    price = Decimal(str(line["unit_price"]))
    if price < 0:  # a price is never negative (BR-27): the sign goes to the quantity
        quantity, price = -quantity, -price
    _cbc(
        element,
        "CreditedQuantity" if credit else "InvoicedQuantity",
        _quantity(quantity),
        unitCode=line.get("unit_code") or "C62",
    )
    _cbc(element, "LineExtensionAmount", _money(line["net"]), currencyID=currency)
    item = _cac(element, "Item")
    name = " ".join(str(line["description"]).split())
    if len(name) > 200:  # the whole text, before the (shortened) name
        _cbc(item, "Description", name)
    _cbc(item, "Name", name[:200] or "-")
    _tax_category(item, "ClassifiedTaxCategory", line["vat_category"], line["vat_rate"])
    price_element = _cac(element, "Price")
    _cbc(price_element, "PriceAmount", str(price), currencyID=currency)


def ubl_filename(snapshot: dict[str, Any]) -> str:
    """The attachment name of the e-invoice: its number, as XML."""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in snapshot["number"])
    return f"{safe}.xml"


def ubl_invoice(snapshot: dict[str, Any]) -> bytes:
    """The UBL 2.1 XML (UTF-8) of a finalised invoice or credit note snapshot."""
    credit = snapshot.get("kind") == "credit_note"
    if snapshot.get("status") == "draft":
        raise UblError("A draft has no e-invoice yet: finalise the invoice first.")
    if not snapshot.get("lines"):
        raise UblError("An e-invoice needs at least one line.")
    currency = snapshot.get("currency") or "EUR"
    namespace = CREDIT_NOTE_NS if credit else INVOICE_NS
    # the root alone is in the document's namespace: declared as the default
    # by hand, since ElementTree's default_namespace refuses unprefixed attributes
    root = ET.Element("CreditNote" if credit else "Invoice", xmlns=namespace)
    _cbc(root, "CustomizationID", CUSTOMIZATION_ID)
    _cbc(root, "ProfileID", PROFILE_ID)
    _cbc(root, "ID", snapshot["number"])
    _cbc(root, "IssueDate", snapshot["issue_date"])
    if not credit:
        _opt(root, "DueDate", snapshot.get("due_date"))
    _cbc(
        root,
        "CreditNoteTypeCode" if credit else "InvoiceTypeCode",
        CREDIT_NOTE_TYPE if credit else INVOICE_TYPE,
    )
    _cbc(root, "DocumentCurrencyCode", currency)
    # Peppol asks for a buyer reference or an order reference (PEPPOL-EN16931-R003)
    _cbc(root, "BuyerReference", snapshot.get("reference") or snapshot["number"])
    credited = snapshot.get("credited_invoice") or {}
    if credit and credited.get("number"):
        reference = _cac(root, "BillingReference")
        document = _cac(reference, "InvoiceDocumentReference")
        _cbc(document, "ID", credited["number"])
    categories = {line["vat_category"] for line in snapshot["lines"]}
    # a supply not subject to VAT carries no VAT numbers (BR-O-02)
    with_vat = "O" not in categories
    seller = _checked(snapshot["seller"], "seller", None)
    buyer = _checked(snapshot["buyer"], "buyer", seller["country_code"])
    if with_vat and not seller.get("vat_number"):  # BR-S-02, BR-Z-02, ...
        raise UblError(
            f"The e-invoice needs the seller's VAT number; {WHERE['seller']}."
        )
    if categories & {"AE", "K"} and not buyer.get("vat_number"):  # BR-AE-03
        raise UblError(
            "A reverse-charge or intra-community e-invoice needs the buyer's VAT "
            f"number; {WHERE['buyer']}."
        )
    _party(root, "AccountingSupplierParty", seller, with_vat)
    _party(root, "AccountingCustomerParty", buyer, with_vat)
    if "K" in categories:
        _delivery(root, snapshot["issue_date"], buyer["country_code"])
    _payment(root, snapshot, credit)
    _tax_total(root, snapshot, currency)
    _monetary_total(root, snapshot, currency)
    for index, line in enumerate(snapshot["lines"], start=1):
        _line(root, index, line, credit, currency)
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True)
