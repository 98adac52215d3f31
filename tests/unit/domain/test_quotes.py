"""Quotes: concept -> sent -> accepted | rejected, signature and signed content."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import pytest

from domain.errors import InvalidTransition, InvalidValue
from domain.quotes import ACCEPTED, CONCEPT, REJECTED, SENT, Quote
from tests.unit.domain.support import (
    ACTOR,
    CLIENT,
    PNG,
    TENANT,
    given,
    new_events,
    then,
)

LINES = [
    {"description": "Laptop", "quantity": 2, "price": "899.50", "vat_rate": 21},
    {"description": "Installation", "quantity": "1.5", "price": 80, "vat_rate": 21},
]


def draft(lines: list[dict[str, Any]] | None = None, **kwargs: Any) -> Quote:
    quote = Quote.draft(
        TENANT,
        ACTOR,
        1,
        kwargs.pop("name", "New laptops"),
        "client-1",
        "company-1",
        LINES if lines is None else lines,
        kwargs.pop("custom_fields", {"project": "Refresh"}),
        **kwargs,
    )
    return given(quote)


def sent() -> Quote:
    quote = draft()
    quote.send(ACTOR)
    return given(quote)


def test_a_drafted_quote_is_in_concept_with_priced_lines() -> None:
    quote = Quote.draft(TENANT, ACTOR, 1, "  New laptops ", None, None, LINES)
    (drafted,) = new_events(quote)
    assert type(drafted).__name__ == "Drafted"
    assert drafted.tenant_id == TENANT and drafted.actor == ACTOR
    assert quote.status_id == CONCEPT
    assert quote.name == "New laptops"
    assert [line["id"] for line in quote.lines] == ["1", "2"]
    assert [line["total"] for line in quote.lines] == ["1799.00", "120.00"]
    assert quote.total == "1919.00"


def test_a_quote_needs_a_name() -> None:
    with pytest.raises(InvalidValue) as error:
        draft(name=" ")
    assert error.value.field == "name"


def test_a_line_without_a_description_names_the_field() -> None:
    with pytest.raises(InvalidValue) as error:
        draft([{"description": "", "quantity": 1, "price": 1}])
    assert error.value.field == "description"


def test_revise_in_concept_records_only_what_changed() -> None:
    quote = draft()
    quote.revise(ACTOR, name="New laptops", custom_fields={"project": "Q3"})
    (revised,) = new_events(quote)
    assert revised.changes == {"custom_fields": {"project": "Q3"}}
    quote.revise(ACTOR, lines=LINES)
    assert then(quote) == []


def test_send_moves_concept_to_sent() -> None:
    quote = draft()
    quote.send(ACTOR)
    assert then(quote) == ["Sent"]
    assert quote.status_id == SENT


def test_a_quote_without_lines_cannot_be_sent() -> None:
    quote = draft([])
    with pytest.raises(InvalidValue) as error:
        quote.send(ACTOR)
    assert error.value.field == "lines"


def test_a_sent_quote_can_be_neither_revised_nor_sent_again() -> None:
    quote = sent()
    with pytest.raises(InvalidTransition):
        quote.revise(ACTOR, name="Other")
    with pytest.raises(InvalidTransition):
        quote.send(ACTOR)
    assert then(quote) == []


def test_acceptance_keeps_name_note_signature_and_the_exact_signed_content() -> None:
    quote = sent()
    signed = json.loads(json.dumps(quote.content()))
    quote.accept(CLIENT, " Ann Client ", " Go ahead ", PNG)
    (accepted,) = new_events(quote)
    assert type(accepted).__name__ == "Accepted"
    assert accepted.actor == CLIENT and accepted.tenant_id == TENANT
    assert quote.status_id == ACCEPTED
    acceptance = quote.acceptance
    assert acceptance is not None
    assert acceptance["name"] == "Ann Client"
    assert acceptance["note"] == "Go ahead"
    assert acceptance["signature"] == PNG
    assert acceptance["content"] == signed
    assert acceptance["content"]["total"] == "1919.00"
    digest = hashlib.sha256(json.dumps(signed, sort_keys=True).encode()).hexdigest()
    assert acceptance["content_sha256"] == digest
    assert accepted.content_sha256 == digest


@pytest.mark.parametrize("status", ["concept", "accepted", "rejected"])
def test_accept_only_while_sent(status: str) -> None:
    quote = draft() if status == "concept" else sent()
    if status == "accepted":
        quote.accept(CLIENT, "Ann", "", PNG)
    if status == "rejected":
        quote.decline(CLIENT, "Too expensive")
    given(quote)
    with pytest.raises(InvalidTransition):
        quote.accept(CLIENT, "Ann", "", PNG)
    assert then(quote) == []


@pytest.mark.parametrize(
    "signature",
    [
        "",
        "data:image/png;base64,",
        "data:image/jpeg;base64," + PNG.split(",", 1)[1],
        "data:image/svg+xml;base64,PHN2Zy8+",
        "iVBORw0KGgoAAAANSUhEUg",
        "data:image/png;base64,not*base64!",
        "data:image/png;base64," + base64.b64encode(b"GIF89a....").decode(),
    ],
)
def test_a_missing_or_non_png_signature_is_refused_on_signature(
    signature: str,
) -> None:
    quote = sent()
    with pytest.raises(InvalidValue) as error:
        quote.accept(CLIENT, "Ann", "", signature)
    assert error.value.field == "signature"
    assert quote.status_id == SENT
    assert then(quote) == []


def test_an_oversized_signature_is_refused() -> None:
    quote = sent()
    with pytest.raises(InvalidValue) as error:
        quote.accept(CLIENT, "Ann", "", PNG + "A" * 2_000_000)
    assert error.value.field == "signature"


def test_acceptance_needs_a_name() -> None:
    quote = sent()
    with pytest.raises(InvalidValue) as error:
        quote.accept(CLIENT, "", "", PNG)
    assert error.value.field == "name"


def test_decline_moves_sent_to_rejected_and_keeps_the_reason() -> None:
    quote = sent()
    quote.decline(CLIENT, " Too expensive ")
    (declined,) = new_events(quote)
    assert type(declined).__name__ == "Declined"
    assert declined.reason == "Too expensive"
    assert quote.status_id == REJECTED


def test_decline_only_while_sent() -> None:
    with pytest.raises(InvalidTransition):
        draft().decline(CLIENT)


def test_a_duplicate_is_a_new_concept_with_the_same_content() -> None:
    original = sent()
    original.accept(CLIENT, "Ann", "", PNG)
    copy = Quote.draft(
        TENANT,
        ACTOR,
        2,
        original.name,
        original.client_id,
        original.company_id,
        original.lines,
        original.custom_fields,
        str(original.id),
    )
    assert then(copy) == ["Drafted"]
    assert copy.id != original.id
    assert copy.status_id == CONCEPT
    assert copy.duplicated_from == str(original.id)
    assert copy.acceptance is None
    assert copy.content() == original.content()
