"""The UBL e-invoice writer: valid against the UBL 2.1 XSD and the EN 16931 /
Peppol BIS 3.0 rules for mixed VAT categories, reverse charge, intra-community
and non-VAT supplies and a credit note."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from outbound.ubl import (
    CUSTOMIZATION_ID,
    PROFILE_ID,
    UblError,
    ubl_filename,
    ubl_invoice,
)
from tests.support.invoice_snapshots import FOREIGN_BUYER, line, snapshot
from tests.support.ubl_rules import NS, violations, xsd_errors


def mixed() -> dict[str, Any]:
    return snapshot(
        [
            line("Support hours, November", "7.5000", "85.00"),
            line("Laptop stand", "3", "19.99", unit_code="C62"),
            line("Book: ITIL 4 Foundation", "1", "42.50", "S", "9.00", "C62"),
            line("Export documents", "1", "15.00", "Z", "0.00", "C62"),
            line(
                "Medical training course",
                "2",
                "120.00",
                "E",
                "0.00",
                "C62",
                reason="Exempt under article 11 Wet OB",
            ),
            line("Credit for downtime", "-1", "33.33"),
        ]
    )


def reverse_charge() -> dict[str, Any]:
    return snapshot(
        [
            line("Consultancy, reverse charged", "12.2500", "95.00", "AE", "0.00"),
            line("Licence, Dutch VAT", "1", "250.00"),
        ],
        buyer=dict(FOREIGN_BUYER),
    )


def credit_note() -> dict[str, Any]:
    return snapshot(
        [
            line("Support hours, November", "2.5000", "85.00"),
            line("Book: ITIL 4 Foundation", "1", "42.50", "S", "9.00", "C62"),
        ],
        number="F000043",
        kind="credit_note",
        credited_invoice={
            "invoice_id": "3f0f3c57-6a57-4d38-9a4e-55b1d2f3e001",
            "number": "F000042",
        },
        reference=None,
    )


def intra_community() -> dict[str, Any]:
    return snapshot(
        [line("Server hardware", "2", "1450.00", "K", "0.00", "C62")],
        buyer=dict(FOREIGN_BUYER),
    )


def not_subject() -> dict[str, Any]:
    return snapshot(
        [line("Pass-through court fees", "1", "79.00", "O", "0.00", "C62")],
    )


CASES = {
    "mixed": mixed,
    "reverse_charge": reverse_charge,
    "credit_note": credit_note,
    "intra_community": intra_community,
    "not_subject": not_subject,
    "prepaid": lambda: snapshot([line("Hours", "1", "100.00")], paid="50.00"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_valid_against_the_xsd_and_the_business_rules(case: str) -> None:
    xml = ubl_invoice(CASES[case]())
    assert xsd_errors(xml) == []
    assert violations(xml) == []


def test_the_invoice_names_peppol_and_adds_up() -> None:
    root = etree.fromstring(ubl_invoice(mixed()))
    assert etree.QName(root).localname == "Invoice"
    assert root.findtext("cbc:CustomizationID", namespaces=NS) == CUSTOMIZATION_ID
    assert root.findtext("cbc:ProfileID", namespaces=NS) == PROFILE_ID
    assert root.findtext("cbc:DocumentCurrencyCode", namespaces=NS) == "EUR"
    assert root.findtext("cbc:InvoiceTypeCode", namespaces=NS) == "380"
    assert root.findtext("cbc:DueDate", namespaces=NS) == "2026-12-26"
    categories = [
        (
            s.findtext("cac:TaxCategory/cbc:ID", namespaces=NS),
            s.findtext("cac:TaxCategory/cbc:Percent", namespaces=NS),
        )
        for s in root.findall("cac:TaxTotal/cac:TaxSubtotal", NS)
    ]
    assert categories == [
        ("S", "21.00"),
        ("S", "9.00"),
        ("Z", "0.00"),
        ("E", "0.00"),
    ]
    exempt = root.find("cac:TaxTotal/cac:TaxSubtotal[4]/cac:TaxCategory", NS)
    assert exempt is not None
    assert exempt.findtext("cbc:TaxExemptionReason", namespaces=NS) == (
        "Exempt under article 11 Wet OB"
    )
    hours = root.find("cac:InvoiceLine[1]/cbc:InvoicedQuantity", NS)
    assert hours is not None and hours.get("unitCode") == "HUR"
    assert hours.text == "7.5"
    assert (
        root.findtext("cac:LegalMonetaryTotal/cbc:PayableAmount", namespaces=NS)
        == mixed()["totals"]["amount_due"]
    )


def test_the_parties_carry_their_peppol_and_kvk_identifiers() -> None:
    root = etree.fromstring(ubl_invoice(mixed()))
    seller = root.find("cac:AccountingSupplierParty/cac:Party", NS)
    assert seller is not None
    endpoint = seller.find("cbc:EndpointID", NS)
    assert endpoint is not None and endpoint.get("schemeID") == "0106"
    legal = seller.find("cac:PartyLegalEntity/cbc:CompanyID", NS)
    assert legal is not None and (legal.text, legal.get("schemeID")) == (
        "12345678",
        "0106",
    )
    assert (
        seller.findtext("cac:PartyTaxScheme/cbc:CompanyID", namespaces=NS)
        == "NL123456789B01"
    )
    buyer_endpoint = root.find(
        "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID", NS
    )
    assert buyer_endpoint is not None and buyer_endpoint.get("schemeID") == "9944"
    means = root.find("cac:PaymentMeans", NS)
    assert means is not None
    assert means.findtext("cbc:PaymentMeansCode", namespaces=NS) == "58"
    assert (
        means.findtext("cac:PayeeFinancialAccount/cbc:ID", namespaces=NS)
        == "NL91ABNA0417164300"
    )
    assert root.findtext("cac:PaymentTerms/cbc:Note", namespaces=NS) == "30 days net"


def test_reverse_charge_says_so() -> None:
    root = etree.fromstring(ubl_invoice(reverse_charge()))
    category = root.find("cac:TaxTotal/cac:TaxSubtotal[1]/cac:TaxCategory", NS)
    assert category is not None
    assert category.findtext("cbc:ID", namespaces=NS) == "AE"
    assert category.findtext("cbc:TaxExemptionReasonCode", namespaces=NS) == (
        "VATEX-EU-AE"
    )
    assert category.findtext("cbc:TaxExemptionReason", namespaces=NS) == (
        "Reverse charge"
    )
    assert (
        root.findtext(
            "cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID",
            namespaces=NS,
        )
        == "BE0123456749"
    )


def test_a_credit_note_refers_to_the_invoice_it_credits() -> None:
    root = etree.fromstring(ubl_invoice(credit_note()))
    assert etree.QName(root).localname == "CreditNote"
    assert root.findtext("cbc:CreditNoteTypeCode", namespaces=NS) == "381"
    assert (
        root.findtext(
            "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID", namespaces=NS
        )
        == "F000042"
    )
    assert root.findall("cac:InvoiceLine", NS) == []
    assert len(root.findall("cac:CreditNoteLine", NS)) == 2
    # a credit note has no DueDate of its own: it goes with the payment means,
    # a credit transfer to the buyer, so not to the seller's account
    assert root.find("cbc:DueDate", NS) is None
    assert root.findtext("cac:PaymentMeans/cbc:PaymentMeansCode", namespaces=NS) == (
        "30"
    )
    assert root.find("cac:PaymentMeans/cac:PayeeFinancialAccount", NS) is None
    assert root.find("cac:PaymentTerms", NS) is None
    assert (
        root.findtext("cac:PaymentMeans/cbc:PaymentDueDate", namespaces=NS)
        == "2026-12-26"
    )
    # no reference of the buyer: the number stands in (PEPPOL-EN16931-R003)
    assert root.findtext("cbc:BuyerReference", namespaces=NS) == "F000043"


def test_without_an_electronic_address_the_kvk_number_then_the_mail_is_used() -> None:
    data = mixed()
    data["seller"]["electronic_address"] = None
    data["buyer"] = {**data["buyer"], "electronic_address": None, "kvk_number": None}
    root = etree.fromstring(ubl_invoice(data))
    seller = root.find("cac:AccountingSupplierParty/cac:Party/cbc:EndpointID", NS)
    buyer = root.find("cac:AccountingCustomerParty/cac:Party/cbc:EndpointID", NS)
    assert seller is not None and (seller.get("schemeID"), seller.text) == (
        "0106",
        "12345678",
    )
    assert buyer is not None and (buyer.get("schemeID"), buyer.text) == (
        "EM",
        "accounts@northwind.test",
    )
    assert xsd_errors(ubl_invoice(data)) == []


def test_a_party_nobody_can_reach_is_refused() -> None:
    data = mixed()
    data["buyer"] = {
        **data["buyer"],
        "electronic_address": None,
        "kvk_number": None,
        "email": None,
    }
    with pytest.raises(UblError):
        ubl_invoice(data)
    with pytest.raises(UblError):
        ubl_invoice(snapshot([]))


def test_a_negative_price_moves_its_sign_to_the_quantity() -> None:
    data = snapshot([line("Hours", "2", "80.00"), line("Discount", "1", "-10.00")])
    root = etree.fromstring(ubl_invoice(data))
    discount = root.find("cac:InvoiceLine[2]", NS)
    assert discount is not None
    assert discount.findtext("cbc:InvoicedQuantity", namespaces=NS) == "-1"
    assert discount.findtext("cac:Price/cbc:PriceAmount", namespaces=NS) == "10.00"
    assert violations(ubl_invoice(data)) == []


def test_the_checker_catches_broken_arithmetic() -> None:
    xml = ubl_invoice(mixed())
    root = etree.fromstring(xml)
    amount = root.find("cac:InvoiceLine[1]/cbc:LineExtensionAmount", NS)
    assert amount is not None
    amount.text = "1.00"
    tax = root.find("cac:TaxTotal/cbc:TaxAmount", NS)
    assert tax is not None
    tax.text = "0.01"
    broken = violations(etree.tostring(root))
    names = {v.split(":")[0] for v in broken}
    assert {"BR-CO-10", "BR-CO-14", "BR-CO-15", "PEPPOL-EN16931-R120", "BR-S-08"} <= (
        names
    )


def test_the_checker_catches_a_missing_exemption_reason_and_vat_numbers() -> None:
    root = etree.fromstring(ubl_invoice(reverse_charge()))
    buyer_vat = root.find(
        "cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme", NS
    )
    assert buyer_vat is not None
    buyer_vat.getparent().remove(buyer_vat)  # type: ignore[union-attr]
    for reason in root.iter(
        f"{{{NS['cbc']}}}TaxExemptionReason", f"{{{NS['cbc']}}}TaxExemptionReasonCode"
    ):
        reason.getparent().remove(reason)  # type: ignore[union-attr]
    names = {v.split(":")[0] for v in violations(etree.tostring(root))}
    assert {"BR-AE-03", "BR-AE-10"} <= names


def test_the_xsd_refuses_elements_out_of_order() -> None:
    root = etree.fromstring(ubl_invoice(mixed()))
    currency = root.find("cbc:DocumentCurrencyCode", NS)
    assert currency is not None
    root.remove(currency)
    root.append(currency)
    assert xsd_errors(etree.tostring(root)) != []


def test_the_file_is_named_after_the_number() -> None:
    assert ubl_filename(mixed()) == "F000042.xml"
    assert ubl_filename({"number": "F 2026/7"}) == "F-2026-7.xml"


def test_a_buyer_without_a_country_is_taken_as_domestic() -> None:
    data = mixed()
    data["buyer"] = {**data["buyer"], "country_code": None}
    root = etree.fromstring(ubl_invoice(data))
    assert (
        root.findtext(
            "cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/"
            "cbc:IdentificationCode",
            namespaces=NS,
        )
        == "NL"
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"status": "draft"}, "finalise the invoice first"),
        (
            {"seller": {"name": "Demo", "country_code": "NL", "vat_number": "NL1"}},
            "seller's electronic",
        ),
        ({"seller": {"name": None, "country_code": "NL"}}, "seller's name"),
        ({"seller": {"name": "Demo", "email": "a@b.test"}}, "seller's country"),
        ({"buyer": {"name": None, "email": "a@b.test"}}, "buyer's name"),
        (
            {"seller": {"name": "Demo", "country_code": "NL", "email": "a@b.test"}},
            "seller's VAT number",
        ),
    ],
)
def test_what_an_e_invoice_cannot_do_without_is_named(
    change: dict[str, Any], words: str
) -> None:
    with pytest.raises(UblError, match=words):
        ubl_invoice({**mixed(), **change})


def test_reverse_charge_needs_the_buyer_s_vat_number() -> None:
    data = reverse_charge()
    data["buyer"] = {**data["buyer"], "vat_number": None}
    with pytest.raises(UblError, match="buyer's VAT number"):
        ubl_invoice(data)
    data = not_subject()
    data["seller"] = {**data["seller"], "vat_number": None}
    assert violations(ubl_invoice(data)) == []
