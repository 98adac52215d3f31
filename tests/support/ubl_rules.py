"""A checker of the EN 16931 / Peppol BIS Billing 3.0 rules that can be checked
without the official Schematron: the arithmetic (BR-CO-*), the VAT category
rules (BR-S/Z/E/AE/IC/G/O-*), Peppol's identifiers and the Dutch CIUS (NLCIUS)
rules on a Dutch seller and buyer.

`violations(xml)` answers the broken rules as "RULE: what", empty when all hold.
`xsd_errors(xml)` answers what the OASIS UBL 2.1 schema refuses.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

from lxml import etree

XSD = Path(__file__).resolve().parents[1] / "fixtures" / "ubl" / "xsd-2.1" / "maindoc"
NS = {
    "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
    "cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
}
CUSTOMIZATION_ID = (
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
)
PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
EAS = {"0088", "0106", "0190", "9944", "9925", "9930", "0208", "EM"}
"""Electronic address schemes a party may carry here (a subset of the EAS list)."""
ZERO_RATED = {"Z", "E", "AE", "K", "G"}
NEEDS_REASON = {"E", "AE", "K", "G", "O"}
CATEGORY_RULE = {
    "S": "S",
    "Z": "Z",
    "E": "E",
    "AE": "AE",
    "K": "IC",
    "G": "G",
    "O": "O",
}
CENT = Decimal("0.01")
COUNTRY = "cac:PostalAddress/cac:Country/cbc:IdentificationCode"


@cache
def _schema(document: str) -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(XSD / f"UBL-{document}-2.1.xsd")))


def xsd_errors(xml: bytes) -> list[str]:
    """What the UBL 2.1 schema of the document's root (Invoice, CreditNote) refuses."""
    root = etree.fromstring(xml)
    schema = _schema(etree.QName(root).localname)
    if schema.validate(root):
        return []
    return [f"{e.line}: {e.message}" for e in schema.error_log]  # type: ignore[attr-defined]


def _d(text: str | None) -> Decimal:
    return Decimal(text) if text is not None else Decimal(0)


def violations(xml: bytes) -> list[str]:
    """The EN 16931, Peppol and NLCIUS rules the document breaks."""
    root = etree.fromstring(xml)
    credit = etree.QName(root).localname == "CreditNote"
    line_tag = "cac:CreditNoteLine" if credit else "cac:InvoiceLine"
    qty_tag = "cbc:CreditedQuantity" if credit else "cbc:InvoicedQuantity"
    found: list[str] = []

    def text(path: str, node: etree._Element = root) -> str | None:
        return node.findtext(path, namespaces=NS)

    def rule(ok: bool, name: str, what: str) -> None:
        if not ok:
            found.append(f"{name}: {what}")

    # -- Peppol's identifiers ---------------------------------------------------------
    rule(text("cbc:CustomizationID") == CUSTOMIZATION_ID, "BR-01", "CustomizationID")
    rule(text("cbc:ProfileID") == PROFILE_ID, "PEPPOL-EN16931-R001", "ProfileID")
    rule(bool(text("cbc:ID")), "BR-02", "invoice number")
    rule(bool(text("cbc:IssueDate")), "BR-03", "issue date")
    code = text("cbc:CreditNoteTypeCode" if credit else "cbc:InvoiceTypeCode")
    rule(code == ("381" if credit else "380"), "BR-04", f"type code {code}")
    currency = text("cbc:DocumentCurrencyCode")
    rule(bool(currency), "BR-05", "currency")
    rule(
        bool(text("cbc:BuyerReference") or text("cac:OrderReference/cbc:ID")),
        "PEPPOL-EN16931-R003",
        "buyer reference or order reference",
    )
    for role, name in (
        ("AccountingSupplierParty", "PEPPOL-EN16931-R020"),
        ("AccountingCustomerParty", "PEPPOL-EN16931-R010"),
    ):
        endpoint = root.find(f"cac:{role}/cac:Party/cbc:EndpointID", NS)
        rule(
            endpoint is not None
            and bool(endpoint.text)
            and endpoint.get("schemeID") in EAS,
            name,
            f"{role} EndpointID with a known schemeID",
        )
        rule(
            bool(
                text(f"cac:{role}/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName")
            ),
            "BR-06" if "Supplier" in role else "BR-07",
            f"{role} name",
        )
        rule(
            bool(text(f"cac:{role}/cac:Party/{COUNTRY}")),
            "BR-09" if "Supplier" in role else "BR-11",
            f"{role} country",
        )
    for element in root.iter():
        if element.get("currencyID") is not None:
            rule(
                element.get("currencyID") == currency,
                "PEPPOL-EN16931-R051",
                f"{etree.QName(element).localname} in {element.get('currencyID')}",
            )
            amount = element.text or ""
            if "Price" not in etree.QName(element).localname:
                rule(
                    "." not in amount or len(amount.split(".")[1]) <= 2,
                    "BR-DEC",
                    f"{etree.QName(element).localname} {amount} has over 2 decimals",
                )
        if len(element) == 0:
            rule(
                bool((element.text or "").strip()),
                "PEPPOL-EN16931-R008",
                f"empty {etree.QName(element).localname}",
            )

    # -- lines ------------------------------------------------------------------------
    lines = root.findall(line_tag, NS)
    rule(bool(lines), "BR-16", "at least one line")
    per_group: dict[tuple[str, Decimal | None], Decimal] = {}
    categories: set[str] = set()
    for line in lines:
        number = text("cbc:ID", line)
        net = _d(text("cbc:LineExtensionAmount", line))
        quantity_el = line.find(qty_tag, NS)
        rule(
            quantity_el is not None and bool(quantity_el.get("unitCode")),
            "BR-23",
            f"line {number} quantity with unitCode",
        )
        price = _d(text("cac:Price/cbc:PriceAmount", line))
        base = _d(text("cac:Price/cbc:BaseQuantity", line) or "1")
        rule(price >= 0, "BR-27", f"line {number} price {price} negative")
        if quantity_el is not None:
            expected = (Decimal(quantity_el.text or 0) * price / base).quantize(
                CENT, ROUND_HALF_UP
            )
            rule(
                expected == net,
                "PEPPOL-EN16931-R120",
                f"line {number}: {quantity_el.text} x {price} = {expected}, not {net}",
            )
        rule(bool(text("cac:Item/cbc:Name", line)), "BR-25", f"line {number} name")
        category = text("cac:Item/cac:ClassifiedTaxCategory/cbc:ID", line) or ""
        percent = text("cac:Item/cac:ClassifiedTaxCategory/cbc:Percent", line)
        rule(bool(category), "BR-CO-04", f"line {number} VAT category")
        categories.add(category)
        prefix = f"BR-{CATEGORY_RULE.get(category, category)}"
        if category == "S":
            rule(_d(percent) > 0, f"{prefix}-05", f"line {number} rate {percent}")
        elif category in ZERO_RATED:
            rule(
                percent is not None and _d(percent) == 0,
                f"{prefix}-05",
                f"line {number} rate {percent}",
            )
        elif category == "O":
            rule(percent is None, "BR-O-05", f"line {number} carries a rate")
        key = (category, _d(percent) if percent is not None else None)
        per_group[key] = per_group.get(key, Decimal(0)) + net

    # -- totals -----------------------------------------------------------------------
    total = "cac:LegalMonetaryTotal/cbc:"
    line_total = _d(text(total + "LineExtensionAmount"))
    tax_exclusive = _d(text(total + "TaxExclusiveAmount"))
    tax_inclusive = _d(text(total + "TaxInclusiveAmount"))
    allowances = _d(text(total + "AllowanceTotalAmount"))
    charges = _d(text(total + "ChargeTotalAmount"))
    prepaid = _d(text(total + "PrepaidAmount"))
    rounding = _d(text(total + "PayableRoundingAmount"))
    payable = _d(text(total + "PayableAmount"))
    line_sum = sum(
        (_d(text("cbc:LineExtensionAmount", line)) for line in lines), Decimal(0)
    )
    rule(line_sum == line_total, "BR-CO-10", f"lines {line_sum} != {line_total}")
    rule(
        tax_exclusive == line_total - allowances + charges,
        "BR-CO-13",
        f"tax exclusive {tax_exclusive}",
    )
    tax_totals = root.findall("cac:TaxTotal", NS)
    rule(len(tax_totals) == 1, "PEPPOL-EN16931-R053", f"{len(tax_totals)} TaxTotals")
    vat_total = _d(text("cac:TaxTotal/cbc:TaxAmount"))
    subtotals = root.findall("cac:TaxTotal/cac:TaxSubtotal", NS)
    rule(bool(subtotals), "BR-CO-18", "at least one VAT breakdown")
    sub_sum = sum((_d(text("cbc:TaxAmount", s)) for s in subtotals), Decimal(0))
    rule(vat_total == sub_sum, "BR-CO-14", f"VAT {vat_total} != subtotals {sub_sum}")
    rule(
        tax_inclusive == tax_exclusive + vat_total,
        "BR-CO-15",
        f"{tax_inclusive} != {tax_exclusive} + {vat_total}",
    )
    rule(
        payable == tax_inclusive - prepaid + rounding,
        "BR-CO-16",
        f"payable {payable}",
    )
    if payable > 0 and not credit:
        rule(
            bool(text("cbc:DueDate") or text("cac:PaymentTerms/cbc:Note")),
            "BR-CO-25",
            "a due date or payment terms",
        )

    # -- the VAT breakdown, per category ----------------------------------------------
    seen: set[tuple[str, Decimal | None]] = set()
    for sub in subtotals:
        category = text("cac:TaxCategory/cbc:ID", sub) or ""
        percent = text("cac:TaxCategory/cbc:Percent", sub)
        taxable = _d(text("cbc:TaxableAmount", sub))
        vat = _d(text("cbc:TaxAmount", sub))
        prefix = f"BR-{CATEGORY_RULE.get(category, category)}"
        key = (category, _d(percent) if percent is not None else None)
        seen.add(key)
        rule(
            per_group.get(key) == taxable,
            f"{prefix}-08",
            f"{category} {percent}: taxable {taxable} != lines {per_group.get(key)}",
        )
        if percent is not None:
            expected = (taxable * _d(percent) / 100).quantize(CENT, ROUND_HALF_UP)
            rule(vat == expected, "BR-CO-17", f"{category} {percent}: {vat}")
        if category in ZERO_RATED or category == "O":
            rule(vat == 0, f"{prefix}-09", f"{category} VAT {vat}")
        has_reason = bool(
            text("cac:TaxCategory/cbc:TaxExemptionReason", sub)
            or text("cac:TaxCategory/cbc:TaxExemptionReasonCode", sub)
        )
        if category in NEEDS_REASON:
            rule(has_reason, f"{prefix}-10", f"{category} exemption reason")
        else:
            rule(not has_reason, f"{prefix}-10", f"{category} has an exemption reason")
    rule(
        seen == set(per_group),
        "BR-CO-18",
        f"breakdown {sorted(map(str, seen))} != lines {sorted(map(str, per_group))}",
    )

    # -- parties' VAT numbers per category --------------------------------------------
    party = "cac:{}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID"
    seller_vat = text(party.format("AccountingSupplierParty"))
    buyer_vat = text(party.format("AccountingCustomerParty"))
    for category in sorted(categories - {"O"}):
        prefix = f"BR-{CATEGORY_RULE.get(category, category)}"
        rule(bool(seller_vat), f"{prefix}-02", "seller VAT identifier")
        if category in {"AE", "K"}:
            rule(bool(buyer_vat), f"{prefix}-03", "buyer VAT identifier")
    if "K" in categories:
        rule(bool(text("cac:Delivery/cbc:ActualDeliveryDate")), "BR-IC-11", "delivery")
        rule(
            bool(text("cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/*")),
            "BR-IC-12",
            "deliver-to country",
        )
    if "O" in categories:
        rule(not (seller_vat or buyer_vat), "BR-O-02", "VAT numbers beside category O")

    # -- NLCIUS, for a Dutch seller and buyer -----------------------------------------
    for role in ("AccountingSupplierParty", "AccountingCustomerParty"):
        base = f"cac:{role}/cac:Party/"
        if text(base + COUNTRY) != "NL":
            continue
        legal = root.find(base + "cac:PartyLegalEntity/cbc:CompanyID", NS)
        rule(
            legal is not None and legal.get("schemeID") in {"0106", "0190"},
            "NLCIUS",
            f"{role} legal entity id is a KvK (0106) or OIN (0190) number",
        )
        for field in ("StreetName", "CityName", "PostalZone"):
            rule(
                bool(text(base + f"cac:PostalAddress/cbc:{field}")),
                "NLCIUS",
                f"{role} address {field}",
            )
    if text(f"cac:AccountingSupplierParty/cac:Party/{COUNTRY}") == "NL":
        for means in root.findall("cac:PaymentMeans/cbc:PaymentMeansCode", NS):
            rule(
                means.text in {"30", "48", "49", "57", "58", "59"},
                "NLCIUS",
                f"payment means code {means.text}",
            )
        if credit:
            rule(
                bool(text("cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")),
                "NLCIUS",
                "a credit note names the invoice it credits",
            )
    return found
