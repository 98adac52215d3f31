"""The OpenAPI document describes every portal route; auditors read histories."""

from __future__ import annotations

import pytest

from projections import tables as t
from tests.e2e.api.conftest import Portal

ACTIONS_WITHOUT_BODY = (
    "/decline",
    "/download",
    "/archive",
    "/restore",
    "/clone",
    "/send",
    "/duplicate",
    "/read",
    "/reject",
    "/credit",
)


def test_every_route_has_a_clean_operation_id_and_schemas(portal: Portal) -> None:
    spec = portal.client.get("/api/openapi.json").json()
    ids = []
    for path, operations in spec["paths"].items():
        assert path.startswith("/api/")
        for method, operation in operations.items():
            ids.append(operation["operationId"])
            assert "-" in operation["operationId"], (method, path)
            assert operation["responses"], (method, path)
            if method in ("post", "put") and "{" not in path.rsplit("/", 1)[-1]:
                has_body = "requestBody" in operation
                assert has_body or path.endswith(ACTIONS_WITHOUT_BODY), path
    assert len(ids) == len(set(ids))
    page = spec["components"]["schemas"]["Page_TicketRow_"]
    assert {
        "data",
        "from",
        "to",
        "total",
        "per_page",
        "current_page",
        "last_page",
    } <= set(page["properties"])


def test_validation_errors_have_the_contract_shape(
    portal: Portal, client_a: dict[str, str]
) -> None:
    answer = portal.post(
        "/api/contracts/x/buy", client_a, json={"prepaid_card_id": "one"}
    )
    assert answer.status_code == 422
    body = answer.json()
    assert body["message"] and list(body["errors"]) == ["prepaid_card_id"]
    broken = portal.client.post(
        "/api/tickets",
        headers={**client_a, "content-type": "application/json"},
        content=b"{",
    )
    assert broken.status_code == 422


def test_auditors_read_events_and_state(
    portal: Portal, operator: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets", operator).json()["data"][0]
    events = portal.get(f"/api/audit/tickets/{ticket['id']}/events", operator)
    assert events.status_code == 200, events.text
    body = events.json()
    assert body["events"][0]["version"] == 1 and body["events"][0]["type"]
    first = portal.get(
        f"/api/audit/tickets/{ticket['id']}/state", operator, params={"version": 1}
    ).json()
    assert first["version"] == 1 and first["state"]
    text = portal.get(
        f"/api/audit/tickets/{ticket['id']}/events", operator, params={"format": "csv"}
    )
    assert text.headers["content-type"].startswith("text/csv")
    assert text.text.startswith("version,")
    client = portal.login("client@demo.test")
    assert (
        portal.get(f"/api/audit/tickets/{ticket['id']}/events", client).status_code
        == 403
    )
    other = portal.login("first@other.test", host="other.localhost")
    foreign = portal.get(f"/api/audit/tickets/{ticket['id']}/events", other)
    assert foreign.status_code == 404


@pytest.mark.parametrize(
    ("model", "table"),
    [("deals", "deals"), ("projects", "projects"), ("used-products", "used_products")],
)
def test_auditors_read_deals_projects_and_used_products(
    portal: Portal, operator: dict[str, str], model: str, table: str
) -> None:
    [record] = portal.rows(getattr(t, table), tenant_id=portal.tenant_id())[:1]
    events = portal.get(f"/api/audit/{model}/{record.id}/events", operator)
    assert events.status_code == 200, events.text
    assert events.json()["events"][0]["version"] == 1
