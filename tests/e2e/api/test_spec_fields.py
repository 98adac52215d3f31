"""The fields SPEC.md names are typed in the answers: a quote's deal, a time
registration's activity, and custom values with their id and field definition."""

from __future__ import annotations

from typing import Any

from projections import tables as t
from tests.e2e.api.conftest import Portal


def _schema(portal: Portal, name: str) -> dict[str, Any]:
    spec = portal.app.openapi()
    return spec["components"]["schemas"][name]  # type: ignore[no-any-return]


def _refs(prop: dict[str, Any]) -> set[str]:
    options = prop.get("anyOf", [prop])
    return {o["$ref"].rsplit("/", 1)[1] for o in options if "$ref" in o}


def test_the_spec_fields_are_named_models_not_open_objects(portal: Portal) -> None:
    assert _refs(_schema(portal, "QuoteRow")["properties"]["deal"]) == {"QuoteDeal"}
    assert set(_schema(portal, "QuoteDeal")["properties"]) == {"client", "company"}
    activity = _schema(portal, "TimeRegistration")["properties"]["activity"]
    assert _refs(activity) == {"Activity"}
    assert set(_schema(portal, "Activity")["properties"]) == {"id", "name"}
    value = _schema(portal, "CustomValue")
    assert {"id", "custom_field", "value", "custom_field_object"} <= set(
        value["properties"]
    )
    assert _refs(value["properties"]["custom_field_object"]) == {"CustomFieldObject"}


def test_a_custom_value_carries_its_id_and_its_fields_definition(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    tenant = portal.tenant_id()
    rows = portal.rows(
        t.tickets, tenant_id=tenant, client_id=portal.user_id("client@demo.test")
    )
    ticket = next(r for r in rows if not r.deleted and r.merged_into is None)
    changed = portal.client.put(
        f"/api/tickets/{ticket.id}",
        headers=operator,
        json={"custom_values": {"asset_tag": "A-17"}, "version": ticket.version},
    )
    assert changed.status_code == 200, changed.text
    shown = portal.get(f"/api/tickets/{ticket.id}", client_a).json()
    (value,) = shown["custom_values"]
    assert value["id"] == f"{ticket.id}:asset_tag"
    assert (value["custom_field"], value["value"]) == ("asset_tag", "A-17")
    field = value["custom_field_object"]
    assert (field["name"], field["title"], field["type"]) == (
        "asset_tag",
        "Asset tag",
        0,
    )
    assert changed.json()["custom_values"] == [value]
