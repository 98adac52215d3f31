"""Invoices: draft lines, finalise with an external id, statuses, restore, credit."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.invoice_sources import takes_lines
from domain.invoices import (
    CREDIT,
    EXPIRED,
    OUTSTANDING,
    OUTSTANDING_REMINDED,
    PAID,
    SENT,
    STATUS_NAMES,
    Invoice,
    status_or_default,
)
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, then

LINE = {"description": "Consultancy", "quantity": 3, "price": "95", "vat_rate": 21}


def create(number: int = 7, **kwargs: Any) -> Invoice:
    invoice = Invoice.create(
        TENANT, ACTOR, number, "company-1", "client-1", "2026-02-01", **kwargs
    )
    return given(invoice)


def invoiced(status_id: int = SENT) -> Invoice:
    invoice = create()
    invoice.add_line(ACTOR, LINE)
    invoice.finalise(ACTOR, "EXT-1", status_id)
    return given(invoice)


def test_a_new_invoice_is_a_draft_with_a_code() -> None:
    invoice = Invoice.create(TENANT, ACTOR, 7, None, None, "2026-02-01", " PO-12 ")
    (created,) = new_events(invoice)
    assert type(created).__name__ == "Created"
    assert created.tenant_id == TENANT and created.actor == ACTOR
    assert invoice.code == "F000007"
    assert invoice.reference_number == "PO-12"
    assert invoice.is_draft and invoice.external_id is None
    assert invoice.status_id is None


@pytest.mark.parametrize("day", ["", "01-02-2026"])
def test_an_invoice_needs_a_date(day: str) -> None:
    with pytest.raises(InvalidValue) as error:
        Invoice.create(TENANT, ACTOR, 1, None, None, day)
    assert error.value.field == "date"


def test_lines_are_added_and_removed_while_draft() -> None:
    invoice = create()
    first = invoice.add_line(ACTOR, LINE)
    second = invoice.add_line(ACTOR, dict(LINE, quantity=1, source="ticket-1"))
    assert (first, second) == ("1", "2")
    assert then(invoice) == ["LineAdded", "LineAdded"]
    assert invoice.amount_excl == "380.00"
    assert invoice.amount_incl == "459.80"
    assert invoice.lines[1]["source"] == "ticket-1"
    invoice.remove_line(ACTOR, "1")
    assert then(invoice) == ["LineRemoved"]
    assert [line["id"] for line in invoice.lines] == ["2"]
    assert invoice.add_line(ACTOR, LINE) == "3"


def test_removing_an_unknown_line_is_not_found() -> None:
    with pytest.raises(NotFound):
        create().remove_line(ACTOR, "9")


def test_a_bad_line_names_its_field() -> None:
    invoice = create()
    with pytest.raises(InvalidValue) as error:
        invoice.add_line(ACTOR, dict(LINE, price="ten"))
    assert error.value.field == "price"
    assert then(invoice) == []


def test_finalise_needs_lines() -> None:
    invoice = create()
    with pytest.raises(InvalidValue) as error:
        invoice.finalise(ACTOR, "EXT-1")
    assert error.value.field == "lines"


def test_finalise_needs_an_external_id() -> None:
    invoice = create()
    invoice.add_line(ACTOR, LINE)
    given(invoice)
    with pytest.raises(InvalidValue) as error:
        invoice.finalise(ACTOR, " ")
    assert error.value.field == "external_id"
    assert then(invoice) == []


def test_finalise_sets_the_external_id_and_the_status() -> None:
    invoice = create()
    invoice.add_line(ACTOR, LINE)
    given(invoice)
    invoice.finalise(ACTOR, " EXT-1 ")
    (finalised,) = new_events(invoice)
    assert type(finalised).__name__ == "Finalised"
    assert (finalised.external_id, finalised.status_id) == ("EXT-1", SENT)
    assert invoice.is_draft is False
    assert invoice.external_id == "EXT-1"
    assert invoice.status_id == SENT


def test_finalising_with_an_unknown_status_falls_back_to_sent() -> None:
    assert invoiced(status_id=5).status_id == SENT


def test_an_invoiced_invoice_refuses_line_changes() -> None:
    invoice = invoiced()
    with pytest.raises(InvalidTransition):
        invoice.add_line(ACTOR, LINE)
    with pytest.raises(InvalidTransition):
        invoice.remove_line(ACTOR, "1")
    with pytest.raises(InvalidTransition):
        invoice.finalise(ACTOR, "EXT-2")
    assert then(invoice) == []


def test_the_status_ids() -> None:
    assert (SENT, OUTSTANDING, OUTSTANDING_REMINDED, PAID, CREDIT, EXPIRED) == (
        1,
        2,
        3,
        4,
        8,
        9,
    )
    assert set(STATUS_NAMES) == {1, 2, 3, 4, 8, 9}
    assert STATUS_NAMES[2] == STATUS_NAMES[3] == "outstanding"


@pytest.mark.parametrize(
    ("given_id", "expected"),
    [(1, 1), (2, 2), (3, 3), (4, 4), (8, 8), (9, 9), (0, 1), (5, 1), (None, 1)],
)
def test_an_unknown_status_falls_back_to_sent(
    given_id: int | None, expected: int
) -> None:
    assert status_or_default(given_id) == expected


@pytest.mark.parametrize("status_id", [2, 3, 4, 9])
def test_accounting_status_changes_are_recorded(status_id: int) -> None:
    invoice = invoiced()
    invoice.change_status(ACTOR, status_id)
    (changed,) = new_events(invoice)
    assert changed.status_id == status_id
    assert invoice.status_id == status_id


def test_an_unchanged_status_records_nothing_and_unknown_is_refused() -> None:
    invoice = invoiced()
    invoice.change_status(ACTOR, SENT)
    assert then(invoice) == []
    with pytest.raises(InvalidValue) as error:
        invoice.change_status(ACTOR, 6)
    assert error.value.field == "status_id"


def test_a_draft_has_no_status_to_change() -> None:
    with pytest.raises(InvalidTransition):
        create().change_status(ACTOR, PAID)


def test_restore_takes_an_invoiced_invoice_back_to_draft() -> None:
    invoice = invoiced()
    invoice.change_status(ACTOR, OUTSTANDING)
    given(invoice)
    invoice.restore(ACTOR)
    assert then(invoice) == ["Restored"]
    assert invoice.is_draft and invoice.status_id is None
    invoice.add_line(ACTOR, LINE)
    assert then(invoice) == ["LineAdded"]


def test_restore_is_refused_for_a_draft_and_for_a_paid_invoice() -> None:
    with pytest.raises(InvalidTransition):
        create().restore(ACTOR)
    paid = invoiced()
    paid.change_status(ACTOR, PAID)
    given(paid)
    with pytest.raises(InvalidTransition):
        paid.restore(ACTOR)
    assert then(paid) == []


def test_credit_lines_negate_the_quantities() -> None:
    invoice = create()
    invoice.add_line(ACTOR, LINE)
    invoice.add_line(ACTOR, dict(LINE, description="Refund", quantity=-1))
    invoice.finalise(ACTOR, "EXT-1")
    lines = invoice.credit_lines()
    assert [line["quantity"] for line in lines] == ["-3", "1"]
    assert [line["price"] for line in lines] == ["95.00", "95.00"]


def test_a_credit_invoice_cancels_the_original() -> None:
    original = invoiced()
    credit = create(8, credits=str(original.id), reference_number=original.code)
    for line in original.credit_lines():
        credit.add_line(ACTOR, line)
    credit.finalise(ACTOR, "EXT-2", CREDIT)
    assert credit.credits == str(original.id)
    assert credit.status_id == CREDIT
    assert credit.amount_excl == "-285.00"
    assert credit.reference_number == "F000007"


def test_a_draft_cannot_be_credited() -> None:
    with pytest.raises(InvalidTransition):
        create().credit_lines()


def test_an_emptied_draft_folds_into_another_and_takes_no_more_lines() -> None:
    draft = create()
    line_id = draft.add_line(ACTOR, LINE)
    given(draft)
    with pytest.raises(InvalidTransition):
        draft.fold_into(ACTOR, "other-draft")
    assert then(draft) == []
    draft.remove_line(ACTOR, line_id)
    draft.fold_into(ACTOR, "other-draft")
    assert then(draft) == ["LineRemoved", "FoldedInto"]
    assert draft.folded_into == "other-draft"
    assert not takes_lines(draft, draft.company_id)
    with pytest.raises(InvalidTransition):
        draft.add_line(ACTOR, LINE)
    with pytest.raises(InvalidTransition):
        draft.fold_into(ACTOR, "third-draft")
