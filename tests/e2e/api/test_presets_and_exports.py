"""Table presets, their result counts in one call, and CSV/XLSX exports."""

from __future__ import annotations

import csv
import io
import json
import time
from unittest.mock import patch

import anyio.to_thread
from openpyxl import load_workbook

import api.counts
from api.counts import from_buckets, preset_query
from api.query.params import BuilderError
from tests.e2e.api.conftest import Portal


def _preset(
    portal: Portal, headers: dict[str, str], label: str, builder: object
) -> str:
    answer = portal.post(
        "/api/table-presets",
        headers,
        json={
            "label": label,
            "type": "tickets",
            "filter_config": json.dumps(builder),
            "columns_config": ["reference", "status"],
        },
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["columns_config"] == '["reference", "status"]'
    return str(body["id"])


def test_presets_crud(portal: Portal, client_a: dict[str, str]) -> None:
    preset_id = _preset(portal, client_a, "Open", {"whereIn": [["status_id", ["1"]]]})
    assert (
        portal.get(f"/api/table-presets/{preset_id}", client_a).json()["label"]
        == "Open"
    )
    listed = portal.get(
        "/api/table-presets", client_a, params={"type": "tickets"}
    ).json()
    assert [p["id"] for p in listed] == [preset_id]
    assert (
        portal.get("/api/table-presets", client_a, params={"type": "quotes"}).json()
        == []
    )
    changed = portal.client.put(
        f"/api/table-presets/{preset_id}",
        headers=client_a,
        json={"label": "Still open"},
    )
    assert changed.json()["label"] == "Still open"
    other = portal.login("client2@demo.test")
    assert portal.get(f"/api/table-presets/{preset_id}", other).status_code == 404
    deleted = portal.client.delete(f"/api/table-presets/{preset_id}", headers=client_a)
    assert deleted.status_code == 200
    assert portal.get(f"/api/table-presets/{preset_id}", client_a).status_code == 404


def test_a_preset_with_a_bad_filter_is_refused(
    portal: Portal, client_a: dict[str, str]
) -> None:
    answer = portal.post(
        "/api/table-presets",
        client_a,
        json={"label": "Bad", "type": "tickets", "filter_config": '{"where": [["x"]]}'},
    )
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == ["filter_config.builder.where.0"]


def test_result_counts_match_the_lists(
    portal: Portal, operator: dict[str, str]
) -> None:
    builders = {
        "All": {},
        "Open or closed": {"whereIn": [["status_id", ["1", "5"]]]},
        "High": {"where": [["priority_id", "=", "3"]]},
        "No category": {"whereNull": ["category_id"]},
        "VPN": {"s": "vpn"},
        "Contoso": {"whereHas": [["company", "name", "like", "contoso"]]},
    }
    ids = {label: _preset(portal, operator, label, b) for label, b in builders.items()}
    counts = {
        c["id"]: c["count"]
        for c in portal.get("/api/presets-result-count/tickets", operator).json()
    }
    assert set(counts) == set(ids.values())
    for label, builder in builders.items():
        params = _as_params(builder)
        total = portal.get("/api/tickets", operator, params=params).json()["total"]
        assert counts[ids[label]] == total, label
    assert from_buckets(preset_query("tickets", json.dumps(builders["High"])))
    assert not from_buckets(preset_query("tickets", json.dumps(builders["VPN"])))
    assert portal.get("/api/presets-result-count/nothing", operator).status_code == 404


def test_a_saved_filter_no_longer_accepted_counts_nothing(
    portal: Portal, operator: dict[str, str]
) -> None:
    """A preset kept from before a filter was refused counts nothing; the
    others are counted as ever and the answer keeps its shape."""
    old = _preset(portal, operator, "Old", {"where": [["priority_id", "=", "1"]]})
    high = _preset(portal, operator, "High", {"where": [["priority_id", "=", "3"]]})
    accepted = api.counts.preset_query

    def refusing(route: str, filter_config: str | None) -> object:
        if '"1"' in str(filter_config):
            raise BuilderError("filter_config", "No longer accepted.")
        return accepted(route, filter_config)

    with patch.object(api.counts, "preset_query", side_effect=refusing):
        answer = portal.get("/api/presets-result-count/tickets", operator)
    assert answer.status_code == 200, answer.text
    counts = {c["id"]: c["count"] for c in answer.json()}
    listed = portal.get(
        "/api/tickets",
        operator,
        params=_as_params({"where": [["priority_id", "=", "3"]]}),
    )
    assert counts == {old: 0, high: listed.json()["total"]}


def test_preset_counts_go_to_the_thread_pool_once(
    portal: Portal, operator: dict[str, str]
) -> None:
    """Under load each trip to the pool may wait for a free thread: counting
    and the answer's check against its model take one trip, not two."""
    high = {"where": [["priority_id", "=", "3"]]}
    _preset(portal, operator, "High", high)
    listed = portal.get("/api/tickets", operator, params=_as_params(high))
    path = "/api/presets-result-count/tickets"
    assert portal.get(path, operator).status_code == 200  # the session is kept
    run_sync = anyio.to_thread.run_sync
    with patch.object(anyio.to_thread, "run_sync", wraps=run_sync) as trips:
        answer = portal.get(path, operator)
    assert answer.status_code == 200
    assert [c["count"] for c in answer.json()] == [listed.json()["total"]]
    assert trips.call_count == 1


def test_preset_counts_are_built_once_and_follow_a_changed_preset(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    high = _preset(portal, operator, "High", {"where": [["priority_id", "=", "3"]]})
    _preset(portal, operator, "Open", {"where": [["status_id", "=", "1"]]})
    _preset(portal, client_a, "High", {"where": [["priority_id", "=", "3"]]})

    def counts(headers: dict[str, str]) -> list[int]:
        answer = portal.get("/api/presets-result-count/tickets", headers)
        return [c["count"] for c in answer.json()]

    built = api.counts._bucket_statement
    with patch.object(api.counts, "_bucket_statement", wraps=built) as building:
        first = counts(operator)
        assert counts(operator) == first
        assert building.call_count == 1  # the second ask ran the kept statement
        # a client's buckets are its company's, never the operator's statement
        mine = counts(client_a)
        assert building.call_count == 2
        total = portal.get(
            "/api/tickets",
            client_a,
            params={"builder[where][0][]": ["priority_id", "=", "3"]},
        ).json()["total"]
        assert mine == [total]
        changed = portal.client.put(
            f"/api/table-presets/{high}",
            headers=operator,
            json={"filter_config": json.dumps({"where": [["priority_id", "=", "1"]]})},
        )
        assert changed.status_code == 200, changed.text
        low = portal.get(
            "/api/tickets",
            operator,
            params={"builder[where][0][]": ["priority_id", "=", "1"]},
        ).json()["total"]
        assert low in counts(operator)
        assert building.call_count == 3


def test_presets_are_kept_for_the_portal_lists_only(
    portal: Portal, operator: dict[str, str]
) -> None:
    answer = portal.post(
        "/api/table-presets",
        operator,
        json={"label": "Mine", "type": "clients", "filter_config": {}},
    )
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == ["type"]
    assert portal.get("/api/presets-result-count/clients", operator).status_code == 404


def test_only_lists_with_export_rows_can_be_exported(
    portal: Portal, operator: dict[str, str]
) -> None:
    answer = portal.post("/api/exports", operator, json={"model": "companies"})
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == ["model"]


def _as_params(builder: dict[str, object]) -> list[tuple[str, str]]:
    params: list[tuple[str, str]] = []
    for key, value in builder.items():
        if key == "s":
            params.append(("builder[s]", str(value)))
        elif key in ("whereNull", "whereNotNull"):
            params += [(f"builder[{key}][]", str(v)) for v in value]  # type: ignore[attr-defined]
        elif key == "whereIn":
            for i, (field, values) in enumerate(value):  # type: ignore[attr-defined]
                params.append((f"builder[whereIn][{i}][0]", field))
                params += [(f"builder[whereIn][{i}][1][]", v) for v in values]
        else:
            for i, item in enumerate(value):  # type: ignore[attr-defined]
                params += [(f"builder[{key}][{i}][]", str(v)) for v in item]
    return params


def test_export_is_exactly_the_filtered_rows(
    portal: Portal, operator: dict[str, str]
) -> None:
    builder = {
        "whereIn": [["status_id", ["1", "2", "5"]]],
        "orderBy": [["reference", "asc"]],
    }
    started = portal.post(
        "/api/exports",
        operator,
        json={
            "userId": portal.user_id("first@demo.test"),
            "model": "tickets",
            "filter": builder,
        },
    )
    assert started.status_code == 202
    assert started.json()["message"]
    export_id = started.json()["id"]
    for _ in range(200):
        state = portal.get(f"/api/exports/{export_id}", operator).json()
        if state["status"] != "pending":
            break
        time.sleep(0.05)
    assert state["status"] == "done", state
    listed = portal.get(
        "/api/tickets",
        operator,
        params=_as_params(builder) + [("builder[paginate]", "100")],
    ).json()["data"]
    text = portal.client.get(state["files"]["csv"], headers=operator).text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["reference"] for r in rows] == [r["reference"] for r in listed]
    book = portal.client.get(state["files"]["xlsx"], headers=operator).content
    sheet = load_workbook(io.BytesIO(book)).active
    values = list(sheet.iter_rows(values_only=True))
    header = list(values[0])
    assert [v[header.index("reference")] for v in values[1:]] == [
        r["reference"] for r in listed
    ]


def test_exports_refuse_bad_filters_and_models(
    portal: Portal, operator: dict[str, str]
) -> None:
    bad = portal.post(
        "/api/exports",
        operator,
        json={"model": "tickets", "filter": {"where": [["x"]]}},
    )
    assert bad.status_code == 422
    unknown = portal.post("/api/exports", operator, json={"model": "users"})
    assert unknown.status_code == 422
    other = portal.post(
        "/api/exports", operator, json={"model": "tickets", "userId": "x"}
    )
    assert other.status_code == 403


def test_export_file_links_work_without_a_header(
    portal: Portal, client_a: dict[str, str]
) -> None:
    started = portal.post(
        "/api/exports", client_a, json={"userId": 7, "model": "quotes"}
    )
    assert started.status_code == 403
    started = portal.post("/api/exports", client_a, json={"model": "quotes"})
    export_id = started.json()["id"]
    for _ in range(200):
        state = portal.get(f"/api/exports/{export_id}", client_a).json()
        if state["status"] != "pending":
            break
        time.sleep(0.05)
    link = state["files"]["xlsx"]
    assert "?token=" in link
    assert portal.client.get(link).status_code == 200
    bare = link.split("?")[0]
    assert portal.client.get(bare).status_code == 401
    other = portal.client.get(link.replace(export_id, "0" * 36))
    assert other.status_code in (401, 404)
    assert portal.client.get(link + "x").status_code == 401
