"""A custom field's value in a request is text (or none): declared so in the OpenAPI
document, which the UI's client is generated from, and refused with a 422 on the field
otherwise, the ticket unchanged."""

from __future__ import annotations

from projections import tables as t
from tests.e2e.api.conftest import Portal


def test_the_request_models_declare_custom_values_as_text(portal: Portal) -> None:
    spec = portal.app.openapi()
    create = spec["paths"]["/api/tickets"]["post"]["requestBody"]["content"]
    models = {
        "TicketIn": spec["components"]["schemas"]["TicketIn"],
        "a client's ticket": create["multipart/form-data"]["schema"],
    }
    for name, model in models.items():
        prop = model["properties"]["custom_values"]
        (mapping,) = [o for o in prop["anyOf"] if o.get("type") == "object"]
        kinds = {o.get("type") for o in mapping["additionalProperties"]["anyOf"]}
        assert kinds == {"string", "null"}, name


def _ticket(portal: Portal, operator: dict[str, str]) -> tuple[str, int]:
    """A live ticket's id and the version the operator's editor loads."""
    rows = portal.rows(t.tickets, tenant_id=portal.tenant_id())
    # one whose SLA clock is done: a warning or breach the SLA follower records on a
    # ticket leaves the loaded version stale (a 409), which is not the point here
    ticket = next(
        r
        for r in rows
        if not r.deleted and r.merged_into is None and r.sla_state == "met"
    )
    shown = portal.get(f"/api/tickets/{ticket.id}/edit", operator).json()
    return ticket.id, shown["version"]


def test_a_value_that_is_not_text_is_refused_on_its_field(
    portal: Portal, operator: dict[str, str]
) -> None:
    ticket_id, version = _ticket(portal, operator)
    before = portal.get(f"/api/tickets/{ticket_id}/edit", operator).json()
    refused = portal.client.put(
        f"/api/tickets/{ticket_id}",
        headers=operator,
        json={"custom_values": {"asset_tag": {"x": 1}}, "version": version},
    )
    assert refused.status_code == 422, refused.text
    assert any(k.startswith("custom_values") for k in refused.json()["errors"])
    after = portal.get(f"/api/tickets/{ticket_id}/edit", operator).json()
    assert after["custom_values"] == before["custom_values"]
    assert after["version"] == before["version"]


def test_text_is_taken(portal: Portal, operator: dict[str, str]) -> None:
    ticket_id, version = _ticket(portal, operator)
    saved = portal.client.put(
        f"/api/tickets/{ticket_id}",
        headers=operator,
        json={"custom_values": {"asset_tag": "A-9"}, "version": version},
    )
    assert saved.status_code == 200, saved.text
    values = {v["custom_field"]: v["value"] for v in saved.json()["custom_values"]}
    assert values["asset_tag"] == "A-9"


def test_a_quote_takes_custom_fields_as_text_only(
    portal: Portal, operator: dict[str, str]
) -> None:
    schema = portal.app.openapi()["components"]["schemas"]["QuoteIn"]
    prop = schema["properties"]["custom_fields"]
    (mapping,) = [o for o in prop["anyOf"] if o.get("type") == "object"]
    kinds = {o.get("type") for o in mapping["additionalProperties"]["anyOf"]}
    assert kinds == {"string", "null"}
    before = portal.get("/api/quotes", operator).json()["total"]
    refused = portal.client.post(
        "/api/quotes",
        headers=operator,
        json={"name": "Laptops", "custom_fields": {"po_number": [1, 2]}},
    )
    assert refused.status_code == 422, refused.text
    assert any(k.startswith("custom_fields") for k in refused.json()["errors"])
    assert portal.get("/api/quotes", operator).json()["total"] == before
