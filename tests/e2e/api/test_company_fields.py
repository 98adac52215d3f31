"""A company's PUT clears what a null names and refuses to clear its name; the
archive, restore and delete routes it shares with locations and ticket groups
keep to the caller's tenant."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.api.conftest import Portal

FULL = {
    "name": "Foxtrot BV",
    "address_1": "Markt 1",
    "city": "Delft",
    "country": "NL",
    "email": "info@foxtrot.test",
    "phone": "015 123 4567",
}


def _company(portal: Portal, headers: dict[str, str]) -> tuple[str, dict[str, Any]]:
    made = portal.post("/api/companies", headers, json=FULL)
    assert made.status_code == 201, made.text
    return f"/api/companies/{made.json()['id']}", made.json()


def test_a_null_clears_an_optional_field_and_unsent_ones_stay(
    portal: Portal, operator: dict[str, str]
) -> None:
    path, _ = _company(portal, operator)
    cleared = portal.client.put(
        path, headers=operator, json={"city": None, "phone": None}
    )
    assert cleared.status_code == 200, cleared.text
    body = cleared.json()
    assert body["city"] is None and body["phone"] is None
    assert body["address_1"] == "Markt 1" and body["email"] == "info@foxtrot.test"
    assert portal.get(path, operator).json() == body


@pytest.mark.parametrize("name", [None, "", "  "])
def test_the_name_cannot_be_cleared(
    portal: Portal, operator: dict[str, str], name: str | None
) -> None:
    path, _ = _company(portal, operator)
    refused = portal.client.put(
        path, headers=operator, json={"name": name, "city": None}
    )
    assert refused.status_code == 422, refused.text
    assert list(refused.json()["errors"]) == ["name"]
    assert portal.get(path, operator).json()["city"] == "Delft"


def test_archive_restore_and_delete_keep_to_the_tenant(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    path, _ = _company(portal, operator)
    elsewhere = portal.login("first@other.test", host="other.localhost")
    for headers, status in ((elsewhere, 404), (client_a, 403)):
        assert portal.post(f"{path}/archive", headers).status_code == status
        assert portal.post(f"{path}/restore", headers).status_code == status
        assert portal.client.delete(path, headers=headers).status_code == status
        put = portal.client.put(path, headers=headers, json={"city": None})
        assert put.status_code == status
    assert portal.get(path, operator).json()["city"] == "Delft"
    archived = portal.post(f"{path}/archive", operator)
    assert archived.status_code == 200 and archived.json()["archived_at"]
    restored = portal.post(f"{path}/restore", operator)
    assert restored.status_code == 200 and restored.json()["archived_at"] is None
    deleted = portal.client.delete(path, headers=operator)
    assert deleted.json() == {"message": "Item verwijderd."}
    assert portal.get(path, operator).json()["archived_at"]
