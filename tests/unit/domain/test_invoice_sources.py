"""A source lands on one invoice at most; a company's work goes to one draft."""

from __future__ import annotations

import pytest

from domain.errors import InvalidTransition, InvalidValue
from domain.invoice_sources import (
    AlreadyInvoiced,
    DraftChoice,
    InvoiceSource,
    draft_choice_id,
    source_record_id,
    takes_lines,
)
from domain.invoices import Invoice
from tests.unit.domain.support import (
    ACTOR,
    OTHER_TENANT,
    TENANT,
    given,
    new_events,
    replay,
    then,
)

LINE = {"description": "Docking station", "quantity": 1, "price": "149"}


def source(kind: str = "used_product", source_id: str = "p-1") -> InvoiceSource:
    return given(InvoiceSource.register(TENANT, ACTOR, kind, source_id))


def draft(number: int = 1, company_id: str | None = "company-1") -> Invoice:
    return given(Invoice.create(TENANT, ACTOR, number, company_id, None, "2026-02-01"))


def test_a_source_record_has_one_id_per_tenant_kind_and_source() -> None:
    first = InvoiceSource.register(TENANT, ACTOR, "used_product", "p-1")
    second = InvoiceSource.register(TENANT, "someone-else", "used_product", "p-1")
    assert first.id == second.id == source_record_id(TENANT, "used_product", "p-1")
    assert first.id != source_record_id(TENANT, "time_registration", "p-1")
    assert first.id != source_record_id(OTHER_TENANT, "used_product", "p-1")


def test_every_kind_of_billable_work_has_a_record() -> None:
    for kind in (
        "time_registration",
        "used_product",
        "quote",
        "subscription_period",
        "prepaid_card_purchase",
    ):
        assert not InvoiceSource.register(TENANT, ACTOR, kind, "x").is_invoiced
    with pytest.raises(InvalidValue) as error:
        InvoiceSource.register(TENANT, ACTOR, "lunch", "x")
    assert error.value.field == "source"


def test_a_held_source_is_refused_a_second_invoice() -> None:
    record = source()
    record.hold(ACTOR, "invoice-1", ["3"])
    assert then(record) == ["Held"]
    assert record.invoice_id == "invoice-1" and record.line_ids == ["3"]
    with pytest.raises(AlreadyInvoiced) as error:
        record.hold(ACTOR, "invoice-2", ["1"])
    assert isinstance(error.value, InvalidTransition)
    with pytest.raises(AlreadyInvoiced):
        record.hold(ACTOR, "invoice-1", ["4"])
    assert then(record) == []


def test_taking_the_line_off_frees_the_source_again() -> None:
    record = source()
    record.hold(ACTOR, "invoice-1", ["3"])
    given(record)
    record.release(ACTOR)
    assert then(record) == ["Released"]
    assert not record.is_invoiced
    record.hold(ACTOR, "invoice-2", ["1"])
    assert then(record) == ["Held"] and record.invoice_id == "invoice-2"


def test_a_quote_stays_invoiced_until_its_last_line_is_taken_off() -> None:
    record = source("quote", "q-1")
    record.hold(ACTOR, "invoice-1", ["1", "2"])
    given(record)
    record.release(ACTOR, ["1"])
    assert record.invoice_id == "invoice-1" and record.line_ids == ["2"]
    record.release(ACTOR, ["2"])
    assert not record.is_invoiced
    record.release(ACTOR)
    assert then(record) == ["Released", "Released"]


def test_a_removed_source_is_not_invoiced_and_an_invoiced_one_not_removed() -> None:
    record = source()
    record.hold(ACTOR, "invoice-1", ["1"])
    with pytest.raises(InvalidValue) as error:
        record.retire(ACTOR, "Take the used product off its invoice first.")
    assert error.value.field == "id"
    record.release(ACTOR)
    given(record)
    record.retire(ACTOR, "Take the used product off its invoice first.")
    assert then(record) == ["Retired"]
    with pytest.raises(InvalidValue) as refused:
        record.hold(ACTOR, "invoice-2", ["1"])
    assert refused.value.field == "ids"


def test_a_source_record_replays_to_the_same_state() -> None:
    record = InvoiceSource.register(TENANT, ACTOR, "time_registration", "r-1")
    record.hold(ACTOR, "invoice-1", ["5"])
    record.release(ACTOR)
    record.hold(ACTOR, "invoice-2", ["1"])
    rebuilt = replay(record, new_events(record))
    assert rebuilt.invoice_id == "invoice-2" and rebuilt.line_ids == ["1"]
    assert rebuilt.tenant_id == TENANT and rebuilt.kind == "time_registration"


def test_a_company_has_one_draft_choice() -> None:
    first = DraftChoice.start(TENANT, ACTOR, "company-1")
    second = DraftChoice.start(TENANT, "someone-else", "company-1")
    assert first.id == second.id == draft_choice_id(TENANT, "company-1")
    assert draft_choice_id(TENANT, None) != draft_choice_id(TENANT, "company-1")
    assert draft_choice_id(OTHER_TENANT, "company-1") != first.id


def test_choosing_a_draft_records_only_a_change() -> None:
    choice = given(DraftChoice.start(TENANT, ACTOR, "company-1"))
    invoice = draft()
    choice.choose(ACTOR, invoice)
    assert then(choice) == ["Chosen"] and choice.invoice_id == str(invoice.id)
    choice.choose(ACTOR, invoice)
    assert then(choice) == []
    newer = draft(2)
    choice.choose(ACTOR, newer)
    assert then(choice) == ["Chosen"] and choice.invoice_id == str(newer.id)


def test_only_an_open_draft_of_the_company_is_chosen() -> None:
    choice = given(DraftChoice.start(TENANT, ACTOR, "company-1"))
    finalised = draft()
    finalised.add_line(ACTOR, LINE)
    finalised.finalise(ACTOR, "EXT-1")
    credit = given(
        Invoice.create(
            TENANT, ACTOR, 3, "company-1", None, "2026-02-01", credits="invoice-x"
        )
    )
    other = draft(4, "company-2")
    for invoice in (finalised, credit):
        assert not takes_lines(invoice, "company-1")
        with pytest.raises(InvalidTransition):
            choice.choose(ACTOR, invoice)
    assert not takes_lines(other, "company-1")
    with pytest.raises(InvalidValue) as error:
        choice.choose(ACTOR, other)
    assert error.value.field == "company_id"
    assert then(choice) == [] and choice.invoice_id is None
    assert takes_lines(draft(5), "company-1")
    assert takes_lines(draft(6, None), None)
