"""Every JSON answer of the OpenAPI document has a typed schema (named fields), so
generated clients know what they get; setting lists check their kind's fields."""

from __future__ import annotations

from typing import Any

import pytest

from domain.settings import LIST_KINDS
from tests.e2e.api.conftest import Portal

LIMIT = 0.05
"""The share of JSON answers the whole API may leave untyped."""
DIRECTORY = (
    "/api/companies",
    "/api/clients",
    "/api/operators",
    "/api/locations",
    "/api/ticket-groups",
    "/api/lookups",
    "/api/products/search",
    "/api/auth",
    "/api/system",
    "/api/health",
    "/api/audit",
    *(f"/api/{kind.replace('_', '-')}" for kind in LIST_KINDS),
)
"""The routes of the directory and settings resources: none may be untyped."""


def _untyped(schema: dict[str, Any], components: dict[str, Any]) -> bool:
    """An object without named fields (or a list of them), or no schema at all."""
    if "$ref" in schema:
        target = components[schema["$ref"].split("/")[-1]]
        return target.get("type") == "object" and not target.get("properties")
    if schema.get("type") == "object" and not schema.get("properties"):
        return True
    if schema.get("type") == "array":
        return _untyped(schema.get("items", {}), components)
    if "anyOf" in schema:
        return all(_untyped(option, components) for option in schema["anyOf"])
    return not schema


def _answers(spec: dict[str, Any]) -> list[tuple[str, bool]]:
    """Each success answer in JSON as (method and path, untyped)."""
    components = spec.get("components", {}).get("schemas", {})
    found = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for code, answer in operation.get("responses", {}).items():
                body = (answer.get("content") or {}).get("application/json")
                if code.startswith("2") and body is not None:
                    untyped = _untyped(body.get("schema") or {}, components)
                    found.append((f"{method.upper()} {path}", untyped))
    return found


@pytest.fixture
def spec(portal: Portal) -> dict[str, Any]:
    answer = portal.client.get("/api/openapi.json")
    assert answer.status_code == 200
    return dict(answer.json())


def test_the_directory_answers_are_all_typed(spec: dict[str, Any]) -> None:
    mine = [
        (route, untyped)
        for route, untyped in _answers(spec)
        if route.split(" ", 1)[1].startswith(DIRECTORY)
    ]
    assert len(mine) > 100
    assert [route for route, untyped in mine if untyped] == []


def test_at_most_five_percent_of_all_answers_are_untyped(
    spec: dict[str, Any],
) -> None:
    answers = _answers(spec)
    loose = [route for route, untyped in answers if untyped]
    assert len(loose) <= LIMIT * len(answers), loose


def test_slas_and_prepaid_cards_name_their_fields(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    for path, item, fields in (
        ("/api/slas/{item_id}", "SLAItem", {"response_hours"}),
        ("/api/prepaid-cards/{item_id}", "PrepaidCardItem", {"hours", "price"}),
    ):
        operations = spec["paths"][path]
        assert {"get", "put", "delete"} <= set(operations)
        shown = operations["get"]["responses"]["200"]["content"]["application/json"]
        assert shown["schema"]["$ref"].endswith(f"/{item}")
        named = set(schemas[item]["properties"])
        assert {"id", "label", "order", "is_default", *fields} <= named
        body = operations["put"]["requestBody"]["content"]["application/json"]
        assert body["schema"]["$ref"].endswith(f"/{item}In")


def test_a_setting_field_of_the_wrong_type_is_a_422_naming_it(
    portal: Portal, operator: dict[str, str]
) -> None:
    bad = portal.post(
        "/api/slas", operator, json={"label": "Gold", "response_hours": "soon"}
    )
    assert bad.status_code == 422 and "response_hours" in bad.json()["errors"]
    bad = portal.post("/api/priorities", operator, json={"label": "X", "style": 5})
    assert bad.status_code == 422 and "style" in bad.json()["errors"]
    good = portal.post(
        "/api/slas",
        operator,
        json={"label": "Gold", "response_hours": 2, "note": "custom fields stay"},
    )
    assert good.status_code == 201, good.text
    item = good.json()
    assert item["response_hours"] == 2 and item["note"] == "custom fields stay"
    shown = portal.get(f"/api/slas/{item['id']}", operator).json()
    assert shown == item


def test_a_business_hours_item_keeps_its_from_and_to(
    portal: Portal, operator: dict[str, str]
) -> None:
    made = portal.post(
        "/api/business-hour-contracts",
        operator,
        json={"label": "Late", "from": "12:00", "to": "21:00"},
    )
    assert made.status_code == 201, made.text
    assert made.json()["from"] == "12:00" and made.json()["to"] == "21:00"
    assert "from_" not in made.json()


def test_an_operator_opening_the_portal_sees_the_whole_tenant(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    everyone = portal.get("/api/tickets", operator, params={"builder[paginate]": 100})
    own = portal.get("/api/tickets", client_a, params={"builder[paginate]": 100})
    assert everyone.status_code == own.status_code == 200
    assert everyone.json()["total"] > own.json()["total"] > 0
    for route in ("quotes", "contracts", "subscriptions", "assets", "invoices"):
        answer = portal.get(f"/api/{route}", operator)
        assert answer.status_code == 200, (route, answer.text)
    assert portal.get("/api/auth/me", operator).status_code == 200


def test_each_directory_resource_is_one_router_for_both_audiences(
    spec: dict[str, Any],
) -> None:
    tags = {
        tuple(operation["tags"])
        for path, operations in spec["paths"].items()
        if path.startswith(("/api/companies", "/api/clients", "/api/slas"))
        for operation in operations.values()
    }
    assert tags == {("companies",), ("clients",), ("slas",)}
    companies = spec["paths"]["/api/companies"]
    assert companies["get"]["operationId"] == "companies-list"
    link = spec["paths"]["/api/operators/{user_id}/identity"]["put"]
    assert link["tags"] == ["operators"]
