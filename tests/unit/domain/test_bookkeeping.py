"""What an accountant books: VAT terms per line, the VAT breakdown rounded per
group (EN 16931), totals, parties, and invoice events of version 1 read as
version 2 with their bytes and chain unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.utils import get_topic

from domain import bookkeeping as b
from domain.chain import GENESIS
from domain.errors import InvalidValue
from domain.invoices import PAID, Invoice
from domain.store import Store
from tests.unit.test_upcasting import TENANT, broken_links, store_version_1


def line(
    net: str, category: str, rate: str, reason: str | None = None
) -> dict[str, Any]:
    return {
        "net": net,
        "vat_category": category,
        "vat_rate": rate,
        "exemption_reason": reason,
    }


def test_vat_is_rounded_once_per_group_not_per_line() -> None:
    # three lines of 0.33 at 21 %: per line 0.07 each (0.21), per group 0.21 of
    # 0.99 = 0.2079 -> 0.21; at 9 %: 0.0297 per line would give 0.09, the group
    # 0.0891 -> 0.09; 10.05 at 21 % is 2.1105 -> 2.11 (half up)
    lines = [line("0.33", "S", "21.00")] * 3 + [
        line("0.33", "S", "9.00"),
        line("0.66", "S", "9.00"),
        line("10.05", "S", "21.00"),
    ]
    groups = b.breakdown(lines)
    assert [(g["rate"], g["taxable"], g["vat"]) for g in groups] == [
        ("9.00", "0.99", "0.09"),
        ("21.00", "11.04", "2.32"),
    ]
    assert b.totals(groups) == {
        "net": "12.03",
        "vat": "2.41",
        "gross": "14.44",
        "paid": "0.00",
        "amount_due": "14.44",
    }


def test_half_cents_round_up() -> None:
    [group] = b.breakdown([line("0.50", "S", "21.00")])  # 0.105 -> 0.11
    assert group["vat"] == "0.11"
    [group] = b.breakdown([line("-0.50", "S", "21.00")])  # away from zero
    assert group["vat"] == "-0.11"


def test_mixed_categories_each_have_a_group_with_its_reason() -> None:
    lines = [
        line("100.00", "S", "21.00"),
        line("50.00", "AE", "0.00", "Reverse charge"),
        line("25.00", "E", "0.00", "Education"),
        line("12.50", "Z", "0.00"),
        line("7.00", "K", "0.00", "Intra-community supply"),
        line("3.00", "G", "0.00", "Export outside the EU"),
        line("1.00", "O", "0.00", "Not subject to VAT"),
        line("100.00", "S", "21.00"),
    ]
    groups = b.breakdown(lines)
    assert [(g["category"], g["taxable"], g["vat"]) for g in groups] == [
        ("AE", "50.00", "0.00"),
        ("E", "25.00", "0.00"),
        ("G", "3.00", "0.00"),
        ("K", "7.00", "0.00"),
        ("O", "1.00", "0.00"),
        ("S", "200.00", "42.00"),
        ("Z", "12.50", "0.00"),
    ]
    assert groups[1]["exemption_reason"] == "Education"
    totals = b.totals(groups, paid="100.00")
    assert totals["gross"] == "340.50" and totals["amount_due"] == "240.50"


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"vat_rate": 0}, "vat_category"),
        ({"vat_rate": 0, "vat_category": "S"}, "vat_rate"),
        ({"vat_rate": 21, "vat_category": "Z"}, "vat_rate"),
        ({"vat_rate": 0, "vat_category": "E"}, "exemption_reason"),
        ({"vat_rate": 0, "vat_category": "X"}, "vat_category"),
        ({"vat_rate": 21, "unit_code": "hours"}, "unit_code"),
        (
            {"vat_rate": 0, "vat_category": "E", "exemption_reason": 5},
            "exemption_reason",
        ),
    ],
)
def test_bad_vat_terms_name_their_field(given: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidValue) as error:
        b.vat_terms(given, Decimal(str(given["vat_rate"])))
    assert error.value.field == field


def test_vat_terms_defaults() -> None:
    assert b.vat_terms({}, Decimal(21)) == {
        "unit_code": "C62",
        "vat_category": "S",
        "exemption_reason": None,
    }
    hours = {"source": {"type": "time_registration", "id": "1"}}
    assert b.vat_terms(hours, Decimal(21))["unit_code"] == "HUR"
    sourced = {"source": {"type": "quote", "id": "1"}}
    assert b.vat_terms(sourced, Decimal(0))["vat_category"] == "Z"
    reverse = b.vat_terms({"vat_category": "AE"}, Decimal(0))
    assert reverse["exemption_reason"] == "Reverse charge"
    zero = b.vat_terms({"vat_category": "Z", "exemption_reason": "x"}, Decimal(0))
    assert zero["exemption_reason"] is None


def test_a_credit_note_shows_positive_amounts() -> None:
    stored = [
        {
            "id": "1",
            "description": "Support",
            "quantity": "-1.5",
            "price": "75.00",
            "vat_rate": "21.00",
            "vat_category": "S",
        }
    ]
    snap = b.invoice_snapshot(
        invoice_id=str(uuid4()),
        number="F000002",
        lines=stored,
        seller=b.seller_of(None, "Acme"),
        buyer=b.buyer_of(None, None),
        issue_date="2026-11-26",
        credited_invoice={"invoice_id": str(uuid4()), "number": "F000001"},
    )
    assert snap["kind"] == "credit_note"
    assert snap["lines"][0]["quantity"] == "1.5000"
    assert snap["totals"]["gross"] == "136.13"
    assert snap["due_date"] == "2026-12-26"


@pytest.mark.parametrize(
    ("iban", "valid"),
    [("NL91ABNA0417164300", True), ("NL91ABNA0417164301", False), ("x", False)],
)
def test_iban_check_digits(iban: str, valid: bool) -> None:
    assert b.iban_valid(iban) is valid


def test_a_buyer_comes_from_the_company_fields() -> None:
    buyer = b.buyer_of(
        "c1",
        {
            "name": "Northwind",
            "address_1": "Dam 1",
            "city": "Amsterdam",
            "country": "nl",
            "postal_code": "1012 JS",
            "vat_number": "NL000099998B57",
            "electronic_address_scheme": "0106",
            "electronic_address_id": "87654321",
        },
    )
    assert buyer["street"] == "Dam 1" and buyer["country_code"] == "NL"
    assert buyer["electronic_address"] == {"scheme": "0106", "id": "87654321"}
    assert b.buyer_of("c1", {"country": "Netherlands"})["country_code"] is None


# -- version 1 invoice events ---------------------------------------------------------
@pytest.fixture
def store() -> Iterator[Store]:
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def test_version_1_invoice_events_are_read_as_version_2(store: Store) -> None:
    invoice_id = uuid4()
    chain = store_version_1(
        store,
        get_topic(Invoice.__dict__["Created"]),
        invoice_id,
        1,
        GENESIS,
        {
            "originator_topic": get_topic(Invoice),
            "number": 1,
            "company_id": None,
            "client_id": None,
            "date": "2026-02-01",
            "reference_number": "R1",
            "credits": None,
        },
    )
    old_line = {
        "id": "1",
        "description": "Support",
        "quantity": "3",
        "price": "0.33",
        "vat_rate": "21",
        "total": "0.99",
        "source": None,
    }
    zero_line = {**old_line, "id": "2", "vat_rate": "0", "price": "10"}
    chain = store_version_1(
        store, get_topic(Invoice.LineAdded), invoice_id, 2, chain, {"line": old_line}
    )
    chain = store_version_1(
        store, get_topic(Invoice.LineAdded), invoice_id, 3, chain, {"line": zero_line}
    )
    chain = store_version_1(
        store,
        get_topic(Invoice.Finalised),
        invoice_id,
        4,
        chain,
        {"external_id": "EXT-1", "status_id": 1},
    )
    store_version_1(
        store,
        get_topic(Invoice.StatusChanged),
        invoice_id,
        5,
        chain,
        {"status_id": PAID},
    )
    invoice = store.load(TENANT, Invoice, invoice_id)
    assert [line["vat_category"] for line in invoice.lines] == ["S", "Z"]
    assert [line["unit_code"] for line in invoice.lines] == ["C62", "C62"]
    assert invoice.issue_date is not None and len(invoice.issue_date) == 10
    assert invoice.frozen is None and invoice.paid is None
    snap = invoice.snapshot(seller=b.seller_of(None, "Acme"))
    assert snap["status"] == "paid"
    assert snap["totals"]["gross"] == "31.20"  # 0.99 + 0.21 VAT + 30.00 at Z
    assert snap["totals"]["amount_due"] == "0.00"
    assert snap["seller"]["name"] == "Acme"

    invoice.change_status("u2", 2)
    store.commit(invoice)
    rows = list(store.recorder.select_events(invoice_id))
    assert all(b"class_version" not in row.state for row in rows[:5])
    assert b'"class_version":2' in rows[5].state
    assert broken_links(rows) == [None] * 6
    again = store.load(TENANT, Invoice, invoice_id)
    assert again.status_id == 2 and again.paid == "0.00"
