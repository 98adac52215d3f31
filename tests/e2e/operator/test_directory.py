"""Companies, clients, operators, locations and ticket groups through HTTP."""

from __future__ import annotations

from tests.e2e.operator.conftest import Desk


def test_a_portal_client_is_refused_every_operator_route(
    desk: Desk, client_a: dict[str, str]
) -> None:
    for path in ("/api/companies", "/api/operators", "/api/ticket-statuses"):
        answer = desk.get(path, client_a)
        assert answer.status_code == 403, path
        assert answer.json() == {"message": "Permission denied."}


def test_without_login_operator_routes_answer_401(desk: Desk) -> None:
    answer = desk.client.get("/api/companies")
    assert answer.status_code == 401


def test_companies_create_update_archive_restore_merge_delete(
    desk: Desk, first: dict[str, str]
) -> None:
    made = desk.post(
        "/api/companies", first, json={"name": "Delta BV", "city": "Delft"}
    )
    assert made.status_code == 201, made.text
    company = made.json()
    assert company["name"] == "Delta BV" and company["archived_at"] is None

    changed = desk.put(f"/api/companies/{company['id']}", first, json={"city": "Gouda"})
    assert changed.json()["city"] == "Gouda"

    archived = desk.post(f"/api/companies/{company['id']}/archive", first)
    assert archived.json()["archived_at"] is not None
    again = desk.post(f"/api/companies/{company['id']}/archive", first)
    assert again.status_code == 409
    restored = desk.put(
        f"/api/companies/{company['id']}", first, json={"archived_at": None}
    )
    assert restored.json()["archived_at"] is None

    other = desk.post("/api/companies", first, json={"name": "Delta Twee"}).json()
    merged = desk.post(
        "/api/companies/merge", first, json={"ids": [company["id"], other["id"]]}
    )
    assert merged.status_code == 200, merged.text
    gone = desk.get(f"/api/companies/{other['id']}", first).json()
    assert gone["merged_into"] == company["id"] and gone["archived_at"]

    found = desk.get("/api/companies", first, params={"search": "delta"}).json()
    assert [c["name"] for c in found["data"]] == ["Delta BV", "Delta Twee"]
    by_ids = desk.get("/api/companies", first, params={"ids[]": [other["id"]]}).json()
    assert by_ids["total"] == 1

    deleted = desk.delete(f"/api/companies/{company['id']}", first)
    assert deleted.json() == {"message": "Item verwijderd."}
    assert desk.get(f"/api/companies/{company['id']}", first).json()["archived_at"]


def test_company_errors_are_422_and_404(desk: Desk, first: dict[str, str]) -> None:
    empty = desk.post("/api/companies", first, json={"name": " "})
    assert empty.status_code == 422
    assert (
        set(empty.json()) == {"message", "errors"} and "name" in empty.json()["errors"]
    )
    assert desk.get("/api/companies/nope", first).status_code == 404
    one = desk.post("/api/companies/merge", first, json={"ids": ["x"]})
    assert one.status_code == 422 and "ids" in one.json()["errors"]


def test_clients_and_operators(desk: Desk, first: dict[str, str]) -> None:
    company = desk.post("/api/companies", first, json={"name": "Echo"}).json()
    made = desk.post(
        "/api/clients",
        first,
        json={
            "email": "eva@echo.test",
            "first_name": "Eva",
            "last_name": "Echo",
            "company_ids": [company["id"]],
        },
    )
    assert made.status_code == 201, made.text
    client = made.json()
    assert client["full_name"] == "Eva Echo" and client["is_operator"] == 0
    assert client["companies"] == [{"id": company["id"], "name": "Echo"}]
    listed = desk.get("/api/clients", first, params={"search": "eva"}).json()
    assert [c["email"] for c in listed["data"]] == ["eva@echo.test"]
    assert desk.get(f"/api/operators/{client['id']}", first).status_code == 404

    changed = desk.put(f"/api/clients/{client['id']}", first, json={"last_name": "E."})
    assert changed.json()["full_name"] == "Eva E."
    duplicate = desk.post(
        "/api/clients", first, json={"email": "eva@echo.test", "first_name": "Eva"}
    )
    assert duplicate.status_code == 409
    unknown = desk.post(
        "/api/clients",
        first,
        json={"email": "u@echo.test", "first_name": "U", "company_ids": ["nope"]},
    )
    assert unknown.status_code == 422 and "company_ids" in unknown.json()["errors"]

    operator = desk.post(
        "/api/operators",
        first,
        json={"email": "olaf@demo.test", "first_name": "Olaf", "is_operator": 2},
    ).json()
    assert operator["is_operator"] == 2
    wrong = desk.post(
        "/api/operators",
        first,
        json={"email": "x@demo.test", "first_name": "X", "is_operator": 0},
    )
    assert wrong.status_code == 422
    lines = {o["is_operator"] for o in desk.get("/api/operators", first).json()["data"]}
    assert lines == {1, 2}

    removed = desk.delete(f"/api/clients/{client['id']}", first)
    assert removed.json() == {"message": "Item verwijderd."}
    assert desk.get(f"/api/clients/{client['id']}", first).json()["active"] is False


def test_locations_and_ticket_groups_archive_and_restore(
    desk: Desk, first: dict[str, str]
) -> None:
    company = desk.post("/api/companies", first, json={"name": "Fox"}).json()
    for route in ("locations", "ticket-groups"):
        made = desk.post(
            f"/api/{route}", first, json={"name": "Main", "company_id": company["id"]}
        )
        assert made.status_code == 201, made.text
        record = made.json()
        assert record["company"] == {"id": company["id"], "name": "Fox"}
        archived = desk.post(f"/api/{route}/{record['id']}/archive", first).json()
        assert archived["archived_at"] is not None
        live = desk.get(f"/api/{route}", first, params={"archived": False}).json()
        assert record["id"] not in [r["id"] for r in live["data"]]
        restored = desk.post(f"/api/{route}/{record['id']}/restore", first).json()
        assert restored["archived_at"] is None
        renamed = desk.put(f"/api/{route}/{record['id']}", first, json={"name": "HQ"})
        assert renamed.json()["name"] == "HQ"
        bad = desk.post(
            f"/api/{route}", first, json={"name": "X", "company_id": "nope"}
        )
        assert bad.status_code == 422 and "company_id" in bad.json()["errors"]
