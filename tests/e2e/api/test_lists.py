"""The generic list calls: envelope, page sizes, default orders, every filter, 422s."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.e2e.api.conftest import Portal

ROUTES = ("tickets", "quotes", "contracts", "subscriptions", "assets", "invoices")


@pytest.mark.parametrize("route", ROUTES)
def test_every_list_answers_the_envelope(
    portal: Portal, client_a: dict[str, str], route: str
) -> None:
    answer = portal.get(f"/api/{route}", client_a, params={"version": 2})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert set(body) == {
        "data",
        "from",
        "to",
        "total",
        "total_is_estimate",
        "total_min",
        "total_max",
        "per_page",
        "current_page",
        "last_page",
    }
    assert body["total_is_estimate"] is False
    assert body["total_min"] == body["total_max"] == body["total"]
    assert body["per_page"] == 15 and body["current_page"] == 1
    assert body["total"] >= 1 and body["from"] == 1 and body["to"] == len(body["data"])


def test_invoices_have_the_version_2_shape(
    portal: Portal, client_a: dict[str, str]
) -> None:
    row = portal.get("/api/invoices", client_a, params={"version": 2}).json()["data"][0]
    assert set(row) == {
        "id",
        "InvoiceCode",
        "ReferenceNumber",
        "AmountIncl",
        "Date",
        "Status",
        "ViewURL",
    }
    assert row["ViewURL"] == f"/api/invoices/{row['id']}/download"


@pytest.mark.parametrize("size", [5, 15, 25, 50, 100])
def test_page_sizes(portal: Portal, operator: dict[str, str], size: int) -> None:
    body = portal.get(
        "/api/tickets", operator, params={"builder[paginate]": size, "page": 2}
    ).json()
    assert body["per_page"] == size
    assert body["current_page"] == 2
    assert body["last_page"] == max(1, -(-body["total"] // size))
    assert len(body["data"]) == max(0, min(size, body["total"] - size))


def test_default_orders(portal: Portal, client_a: dict[str, str]) -> None:
    def values(route: str, key: str) -> list[str]:
        data = portal.get(f"/api/{route}", client_a).json()["data"]
        return [row[key] for row in data]

    assert values("quotes", "name") == sorted(values("quotes", "name"))
    assert values("assets", "name") == sorted(values("assets", "name"))
    assert values("contracts", "name") == sorted(values("contracts", "name"))
    updated = values("tickets", "updated_at")
    assert updated == sorted(updated, reverse=True)
    billing = values("subscriptions", "next_billing_date")
    assert billing == sorted(billing)
    dates = values("invoices", "Date")
    assert dates == sorted(dates, reverse=True)


def test_order_by_a_field_and_a_relation(
    portal: Portal, operator: dict[str, str]
) -> None:
    data = portal.get(
        "/api/tickets",
        operator,
        params={
            "builder[orderBy][0][]": ["name", "desc", "company"],
            "builder[orderBy][1][]": ["reference", "asc"],
            "builder[paginate]": 100,
        },
    ).json()["data"]
    keys = [(r["company"]["name"], r["reference"]) for r in data]
    assert keys == sorted(keys, key=lambda k: (_neg(k[0]), k[1]))


def _neg(text: str) -> list[int]:
    return [-ord(c) for c in text] + [1]


def test_where_select_and_multi_select(
    portal: Portal, client_a: dict[str, str]
) -> None:
    everything = portal.get("/api/quotes", client_a).json()["data"]
    sent = portal.get(
        "/api/quotes", client_a, params={"builder[where][0][]": ["status_id", "=", "2"]}
    ).json()["data"]
    assert sent and {q["status_id"] for q in sent} == {2}
    either = portal.get(
        "/api/quotes",
        client_a,
        params={
            "builder[whereIn][0][0]": "status_id",
            "builder[whereIn][0][1][]": ["3", "4"],
        },
    ).json()["data"]
    assert {q["status_id"] for q in either} == {3, 4}
    assert len(either) == sum(q["status_id"] in (3, 4) for q in everything)


def test_string_filter_is_a_contains_match(
    portal: Portal, client_a: dict[str, str]
) -> None:
    found = portal.get(
        "/api/assets",
        client_a,
        params={"builder[where][0][]": ["name", "like", "%LAPTOP%"]},
    ).json()["data"]
    assert found and all("laptop" in a["name"].lower() for a in found)


def test_none_option_sends_where_null(portal: Portal, client_a: dict[str, str]) -> None:
    prepaid = portal.get(
        "/api/contracts", client_a, params={"builder[whereNull][]": "period"}
    ).json()["data"]
    periodic = portal.get(
        "/api/contracts", client_a, params={"builder[whereNotNull][]": "period"}
    ).json()["data"]
    assert [c["period"] for c in prepaid] == [None]
    assert periodic and all(c["period"] for c in periodic)


def test_boolean_lte_and_date_between(portal: Portal, client_a: dict[str, str]) -> None:
    debit = portal.get(
        "/api/subscriptions",
        client_a,
        params={"builder[where][0][]": ["direct_debit", "=", "1"]},
    ).json()["data"]
    assert debit and all(s["direct_debit"] for s in debit)
    cheap = portal.get(
        "/api/subscriptions",
        client_a,
        params={"builder[where][0][]": ["total", "<=", "300"]},
    ).json()["data"]
    assert cheap and all(s["total"] <= 300 for s in cheap)
    today = datetime.now(UTC).date()
    window = [(today - timedelta(days=1)).isoformat(), today.isoformat()]
    recent = portal.get(
        "/api/tickets",
        client_a,
        params={
            "builder[whereBetween][0][0]": "created_at",
            "builder[whereBetween][0][1][]": window,
        },
    ).json()
    assert recent["total"] == portal.get("/api/tickets", client_a).json()["total"]
    old = portal.get(
        "/api/tickets",
        client_a,
        params={
            "builder[whereBetween][0][0]": "created_at",
            "builder[whereBetween][0][1][]": ["2001-01-01", "2001-12-31"],
        },
    ).json()
    assert old["total"] == 0 and old["from"] is None


def test_relation_filters(portal: Portal, operator: dict[str, str]) -> None:
    has = portal.get(
        "/api/tickets",
        operator,
        params={"builder[whereHas][0][]": ["company", "name", "like", "contoso"]},
    ).json()["data"]
    assert has and {r["company"]["name"] for r in has} == {"Contoso Legal"}
    none = portal.get(
        "/api/assets", operator, params={"builder[doesntHave][]": "location"}
    ).json()
    assert none["total"] == portal.get("/api/assets", operator).json()["total"]


def test_special_ticket_filters(portal: Portal, operator: dict[str, str]) -> None:
    for preset in ("today", "future", "past", "+1", "+2", "+3", "-1", "-2"):
        for name in ("scheduled_at", "executed_at"):
            answer = portal.get(
                "/api/tickets",
                operator,
                params={"builder[where][0][]": [name, "preset", preset]},
            )
            assert answer.status_code == 200, (name, preset)
    worked_today = portal.get(
        "/api/tickets",
        operator,
        params={"builder[where][0][]": ["executed_at", "preset", "today"]},
    ).json()
    assert worked_today["total"] >= 1
    sla = portal.get(
        "/api/tickets",
        operator,
        params={"builder[where][0][]": ["sla_remaining", "action_required", "1"]},
    )
    assert sla.status_code == 200


def test_custom_field_filter(portal: Portal, client_a: dict[str, str]) -> None:
    created = portal.post(
        "/api/tickets",
        client_a,
        json={
            "description": "Tagged laptop",
            "priority_id": 1,
            "custom_values": {"asset_tag": "AT-42"},
        },
    )
    assert created.status_code == 201, created.text
    found = portal.get(
        "/api/tickets",
        client_a,
        params={"builder[customField][0][]": ["asset_tag", "=", "AT-42"]},
    ).json()["data"]
    assert [r["description"] for r in found] == ["Tagged laptop"]


def test_free_text_search(portal: Portal, operator: dict[str, str]) -> None:
    data = portal.get("/api/tickets", operator, params={"builder[s]": "VPN"}).json()[
        "data"
    ]
    assert data and all("vpn" in r["description"].lower() for r in data)
    by_reference = portal.get(
        "/api/tickets", operator, params={"builder[s]": "t-000001"}
    ).json()["data"]
    assert [r["reference"] for r in by_reference] == ["T-000001"]


def test_a_search_over_a_short_list_counts_exactly(
    portal: Portal, operator: dict[str, str]
) -> None:
    body = portal.get("/api/tickets", operator, params={"builder[s]": "VPN"}).json()
    assert body["total_is_estimate"] is False
    assert body["total"] == len(body["data"]) >= 1


def test_a_search_over_a_list_of_several_pages_counts_exactly_too(
    portal: Portal, operator: dict[str, str]
) -> None:
    """Fewer rows in scope than counting allows (api/counts.py EXACT_SCOPE): the
    total of a full page is the count, not an estimate."""
    search = {"builder[s]": "e", "builder[paginate]": 5}
    body = portal.get("/api/tickets", operator, params=search).json()
    every = portal.get(
        "/api/tickets", operator, params={**search, "builder[paginate]": 100}
    ).json()
    assert body["total_is_estimate"] is False
    assert body["total"] == every["total"] == len(every["data"]) > 5
    assert body["last_page"] == -(-body["total"] // 5)


def test_accepted_relations(portal: Portal, client_a: dict[str, str]) -> None:
    answer = portal.get(
        "/api/tickets",
        client_a,
        params={
            "builder[with][]": ["status", "company"],
            "builder[withCount][]": "client",
        },
    )
    assert answer.status_code == 200
    refused = portal.get(
        "/api/tickets", client_a, params={"builder[with][]": "secrets"}
    )
    assert refused.status_code == 422


BAD = [
    ({"builder[where][0][]": ["password_hash", "=", "x"]}, "builder.where.0"),
    ({"builder[where][0][]": ["status_id", "~", "1"]}, "builder.where.0"),
    ({"builder[where][0][]": ["status_id", "=", "abc"]}, "builder.where.0"),
    ({"builder[where][0][]": ["status_id", "="]}, "builder.where.0"),
    ({"builder[where][0][]": ["scheduled_at", "preset", "someday"]}, "builder.where.0"),
    ({"builder[whereIn][0][0]": "status_id"}, "builder.whereIn.0"),
    ({"builder[whereNull][]": "tenant_id"}, "builder.whereNull.0"),
    (
        {
            "builder[whereBetween][0][0]": "created_at",
            "builder[whereBetween][0][1][]": ["x", "y"],
        },
        "builder.whereBetween.0",
    ),
    ({"builder[whereHas][0][]": ["tenant", "id", "=", "1"]}, "builder.whereHas.0"),
    ({"builder[doesntHave][]": "users"}, "builder.doesntHave.0"),
    ({"builder[orderBy][0][]": ["search", "asc"]}, "builder.orderBy.0"),
    ({"builder[orderBy][0][]": ["reference", "sideways"]}, "builder.orderBy.0"),
    ({"builder[paginate]": "7"}, "builder.paginate"),
    ({"builder[paginate]": "lots"}, "builder.paginate"),
    ({"builder[raw]": "1=1"}, "builder.raw"),
    ({"builder[where": "x"}, "builder[where"),
    ({"builder": "x"}, "builder"),
    ({"builder[where][0][]": "x", "builder[where][0][a]": "y"}, "builder[where][0][a]"),
    ({"page": "0"}, "page"),
    ({"page": "two"}, "page"),
    ({"builder[customField][0][]": ["a b;", "=", "x"]}, "builder.customField.0"),
]


@pytest.mark.parametrize(("params", "name"), BAD)
def test_malformed_builder_is_422_naming_the_parameter(
    portal: Portal, client_a: dict[str, str], params: dict[str, object], name: str
) -> None:
    answer = portal.get("/api/tickets", client_a, params=params)
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["message"]
    assert list(body["errors"]) == [name]


def test_inputs_no_database_accepts_are_422_not_500(
    portal: Portal, client_a: dict[str, str]
) -> None:
    nul = portal.get("/api/tickets", client_a, params={"builder[s]": "a\x00b"})
    assert nul.status_code == 422
    huge = portal.get(
        "/api/tickets",
        client_a,
        params={"builder[where][0][]": ["status_id", "=", "9" * 30]},
    )
    assert huge.status_code == 422
    assert list(huge.json()["errors"]) == ["builder.where.0"]
    body = portal.post(
        "/api/tickets", client_a, json={"description": "a\x00b", "priority_id": 1}
    )
    assert body.status_code == 422
    form = portal.post(
        "/api/tickets", client_a, data={"description": "a\x00b", "priority_id": "1"}
    )
    assert form.status_code == 422
    login = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test\x00", "password": "demo"}
    )
    assert login.status_code == 422


OPERATOR_ROUTES = (
    "companies",
    "clients",
    "operators",
    "locations",
    "ticket-groups",
    "deals",
    "projects",
    "used-products",
    "ticket-statuses",
    "ticket-templates",
)


@pytest.mark.parametrize("route", OPERATOR_ROUTES)
def test_operator_lists_answer_the_same_envelope_counted_exactly(
    portal: Portal, operator: dict[str, str], route: str
) -> None:
    answer = portal.get(f"/api/{route}", operator)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert {"data", "from", "to", "total", "per_page", "current_page"} < set(body)
    assert body["per_page"] == 15 and body["current_page"] == 1
    assert body["last_page"] == max(1, -(-body["total"] // 15))
    shown = len(body["data"])
    assert body["total"] >= shown and body["to"] == (shown or None)
    bad_page = portal.get(f"/api/{route}", operator, params={"page": "0"})
    assert bad_page.status_code == 422
    assert list(bad_page.json()["errors"]) == ["page"]


def test_an_operator_list_pages_by_its_builder_page_size(
    portal: Portal, operator: dict[str, str]
) -> None:
    everyone = portal.get(
        "/api/clients", operator, params={"builder[paginate]": 100}
    ).json()
    assert everyone["total"] == len(everyone["data"]) >= 2
    second = portal.get(
        "/api/clients", operator, params={"builder[paginate]": 5, "page": 2}
    ).json()
    assert second["total"] == everyone["total"] and second["per_page"] == 5
    assert [c["id"] for c in second["data"]] == [
        c["id"] for c in everyone["data"][5:10]
    ]
    assert all(not c["is_operator"] for c in everyone["data"])
    wrong = portal.get("/api/clients", operator, params={"builder[paginate]": 7})
    assert list(wrong.json()["errors"]) == ["builder.paginate"]


def test_the_templates_list_pages_by_the_builders_sizes(
    portal: Portal, operator: dict[str, str]
) -> None:
    params = {"builder[paginate]": 5}
    fine = portal.get("/api/ticket-templates", operator, params=params)
    assert fine.status_code == 200 and fine.json()["per_page"] == 5
    params = {"builder[paginate]": 7}
    wrong = portal.get("/api/ticket-templates", operator, params=params)
    assert wrong.status_code == 422
    assert list(wrong.json()["errors"]) == ["builder.paginate"]
