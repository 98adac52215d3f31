"""Deals, projects and used products: open, change, remove; used-product rules."""

from __future__ import annotations

import pytest

from domain.deals import (
    CALCULATION,
    FIXED_PRICE,
    Deal,
    Project,
    UsedProduct,
    invoiced_quantity,
)
from domain.errors import InvalidTransition, InvalidValue
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, replay, then


def test_a_deal_is_opened_with_a_description_and_records_tenant_and_actor() -> None:
    deal = Deal.open(TENANT, ACTOR, {"description": " Laptops ", "company_id": "c1"})
    (event,) = new_events(deal)
    assert type(event).__name__ == "Opened"
    assert event.tenant_id == TENANT and event.actor == ACTOR
    assert deal.fields["description"] == "Laptops"
    with pytest.raises(InvalidValue) as error:
        Deal.open(TENANT, ACTOR, {"description": ""})
    assert error.value.field == "description"
    with pytest.raises(InvalidValue) as error:
        Deal.open(TENANT, ACTOR, {"description": "x", "price": 1})
    assert error.value.field == "price"


def test_a_change_records_only_differences_and_a_removed_record_is_final() -> None:
    project = given(Project.start(TENANT, ACTOR, {"description": "Roll-out"}))
    project.change(ACTOR, {"description": "Roll-out"})
    assert then(project) == []
    project.change(ACTOR, {"description": "Roll-out, phase 2", "deal_id": "d1"})
    (event,) = new_events(project)
    assert type(event).__name__ == "Changed"
    assert event.changes == {"description": "Roll-out, phase 2", "deal_id": "d1"}
    project.remove(ACTOR)
    assert then(project) == ["Removed"]
    with pytest.raises(InvalidTransition):
        project.remove(ACTOR)
    with pytest.raises(InvalidTransition):
        project.change(ACTOR, {"description": "again"})


def test_a_used_product_has_defaults_and_checked_numbers_type_and_moment() -> None:
    product = UsedProduct.register(TENANT, ACTOR, {"description": "Dock"})
    assert product.fields["quantity"] == "1" and product.fields["price"] == "0"
    assert product.fields["type"] == 1 and product.fields["invoice_moment"] == 1
    priced = UsedProduct.register(
        TENANT,
        ACTOR,
        {"description": "Cable", "quantity": "2.5", "price": 3, "type": CALCULATION},
    )
    assert priced.fields["quantity"] == "2.5" and priced.fields["price"] == "3"
    for field, value in (
        ("quantity", 0),
        ("quantity", "lots"),
        ("quantity", "2,5"),
        ("price", -1),
        ("price", "12,50"),
        ("type", 4),
        ("invoice_moment", "later"),
    ):
        with pytest.raises(InvalidValue) as error:
            UsedProduct.register(TENANT, ACTOR, {"description": "x", field: value})
        assert error.value.field == field


def test_a_used_product_replays_to_the_same_state() -> None:
    product = UsedProduct.register(
        TENANT, ACTOR, {"description": "Dock", "invoice_moment": 2}
    )
    product.change(ACTOR, {"price": "149.00"})
    events = new_events(product)
    rebuilt = replay(product, events)
    assert rebuilt.fields == product.fields
    assert rebuilt.fields["invoice_moment"] == 2


def test_a_fixed_price_is_invoiced_once_whatever_the_quantity() -> None:
    assert invoiced_quantity(FIXED_PRICE, "3") == "1"
    assert invoiced_quantity(CALCULATION, "3") == "3"
