"""A failing event stops nobody: parked, reported, answered at once, retried.

Also: a write waits for its own event only, and /api/health, /metrics and the
JSON log lines tell what happens.
"""

from __future__ import annotations

import io
import json
import logging
import threading
import time
from typing import Any

import pytest

from api.cli import main
from api.errors import PARKED
from api.observability import RequestContext, json_formatter
from domain.base import SYSTEM
from domain.use_cases.tickets import OpenTicket
from projections.follower import HANDLERS
from projections.parked import list_parked, parked_count
from tests.e2e.api.conftest import OTHER, Portal

TICKET = {"description": "Printer jams", "priority_id": 2}


def _fail_for(monkeypatch, tenant_id: str) -> None:  # type: ignore[no-untyped-def]
    original = HANDLERS["Ticket.Opened"]

    def faulty(apply):  # type: ignore[no-untyped-def]
        if apply.tenant_id == tenant_id:
            raise ValueError("could not convert string to float: '12,50'")
        original(apply)

    monkeypatch.setitem(HANDLERS, "Ticket.Opened", faulty)


def _subjects(portal: Portal, headers: dict[str, str]) -> list[str]:
    answer = portal.get("/api/tickets", headers, params={"per_page": 100})
    assert answer.status_code == 200, answer.text
    return [row["description"] for row in answer.json()["data"]]


def test_a_parked_write_answers_at_once_and_others_go_on(
    portal: Portal, client_a: dict[str, str], monkeypatch, capsys
) -> None:
    demo = portal.tenant_id("demo")
    other = portal.login("client@other.test", host=OTHER)
    original = HANDLERS["Ticket.Opened"]
    _fail_for(monkeypatch, demo)

    began = time.monotonic()
    faulty = portal.post("/api/tickets", client_a, json=TICKET)
    assert time.monotonic() - began < 3  # not the 10 s time-out
    assert faulty.status_code == 503
    assert faulty.json() == {"message": PARKED}
    assert faulty.headers["X-Request-ID"]

    began = time.monotonic()
    fine = portal.post("/api/tickets", other, json={**TICKET, "description": "Ok"})
    assert fine.status_code == 201, fine.text
    assert time.monotonic() - began < 3
    assert "Ok" in _subjects(portal, other)
    assert "Printer jams" not in _subjects(portal, client_a)

    health = portal.client.get("/api/health")
    assert health.status_code == 200
    body = health.json()
    assert body["status"] == "degraded" and body["database"] is True
    assert body["parked"] == 1
    [read_model] = [f for f in body["followers"] if f["name"] == "read_model"]
    assert read_model["parked"] == 1
    assert read_model["lag"] == 0 and read_model["position"] == body["head"]

    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", portal.svc.settings.database_url)
    capsys.readouterr()
    assert main(["parked"]) == 0
    listed = capsys.readouterr().out
    [parked] = list_parked(portal.svc.engine)
    assert f"read_model\t{parked.notification_id}\t" in listed
    assert "Ticket.Opened" in listed and demo in listed
    assert "could not convert string to float" in listed

    # still failing: the retry says so and keeps it parked
    assert main(["parked", "--retry"]) == 1
    assert "still failing: read_model" in capsys.readouterr().out
    assert list_parked(portal.svc.engine)[0].attempts == 2

    monkeypatch.setitem(HANDLERS, "Ticket.Opened", original)
    assert main(["parked", "--retry"]) == 0
    assert "Applied 1 of 1" in capsys.readouterr().out
    assert parked_count(portal.svc.engine) == 0
    assert "Printer jams" in _subjects(portal, client_a)
    assert portal.client.get("/api/health").json()["status"] == "ok"
    # the desk's own follower goes on from there, cache and all
    again = portal.post("/api/tickets", client_a, json={**TICKET, "description": "2"})
    assert again.status_code == 201, again.text


def test_a_write_waits_for_its_own_event_not_the_log_head(
    portal: Portal, client_a: dict[str, str], monkeypatch
) -> None:
    """Another process appends after the request's event, and the follower is
    stuck on that one: the request still answers, since its own event shows."""
    svc = portal.svc
    other = portal.tenant_id("other")
    release = threading.Event()
    original = HANDLERS["Ticket.Opened"]

    def slow(apply):  # type: ignore[no-untyped-def]
        if apply.tenant_id == other:
            release.wait(30)
        original(apply)

    monkeypatch.setitem(HANDLERS, "Ticket.Opened", slow)
    take = svc.domain.take_committed

    def then_another_process_appends() -> tuple[int, ...]:
        own = take()
        deadline = time.monotonic() + 5
        while svc.follower.position() < max(own) and time.monotonic() < deadline:
            time.sleep(0.01)
        elsewhere = threading.Thread(
            target=svc.domain.tickets.open,
            args=(other, SYSTEM, OpenTicket(description="x")),
        )
        elsewhere.start()
        elsewhere.join()
        assert svc.domain.position() > max(own)
        return own

    monkeypatch.setattr(svc.domain, "take_committed", then_another_process_appends)
    svc.follower.start(poll_interval=0.01)
    try:
        began = time.monotonic()
        answer = portal.post("/api/tickets", client_a, json=TICKET)
        assert answer.status_code == 201, answer.text
        assert time.monotonic() - began < 5
        assert svc.follower.position() < svc.domain.position()
    finally:
        release.set()
        svc.follower.stop()


def test_a_read_model_that_does_not_keep_up_answers_a_clear_message(
    portal: Portal, client_a: dict[str, str], monkeypatch
) -> None:
    svc = portal.svc
    monkeypatch.setattr(svc.follower, "_thread", object())  # "another process"
    monkeypatch.setattr(svc.follower, "catch_up", lambda: 0)
    original = svc.settle
    monkeypatch.setattr(svc, "settle", lambda timeout=10.0: original(timeout=0.2))
    answer = portal.post("/api/tickets", client_a, json=TICKET)
    assert answer.status_code == 503
    assert "saved" in answer.json()["message"]
    assert answer.headers["content-type"] == "application/json"


def test_health_answers_503_when_the_database_does_not(
    portal: Portal, monkeypatch
) -> None:
    def down() -> int:
        raise ConnectionError("database unreachable")

    monkeypatch.setattr(portal.svc.domain, "position", down)
    answer = portal.client.get("/api/health")
    assert answer.status_code == 503
    assert answer.json() == {"status": "down", "database": False}


def test_metrics_are_prometheus_text_by_route_template(
    portal: Portal, client_a: dict[str, str]
) -> None:
    tickets = portal.get("/api/tickets", client_a).json()["data"]
    for row in tickets[:2]:
        assert portal.get(f"/api/tickets/{row['id']}", client_a).status_code == 200
    text = portal.client.get("/metrics").text
    assert 'route="/api/tickets/{record_id}"' in text
    assert tickets[0]["id"] not in text  # never a raw path
    assert "ledgerdesk_request_seconds_bucket" in text
    assert 'ledgerdesk_follower_lag_events{follower="read_model"} 0.0' in text
    assert 'ledgerdesk_parked_events{follower="read_model"} 0.0' in text
    assert "ledgerdesk_database_up 1.0" in text
    assert "ledgerdesk_requests_waiting 0.0" in text  # nobody waits for a turn


def _lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


@pytest.fixture
def log_lines() -> Any:
    """JSON log lines of the ledgerdesk loggers, as the root handler writes them."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(json_formatter())
    handler.addFilter(RequestContext())
    logger = logging.getLogger("ledgerdesk")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    yield stream
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_log_lines_are_json_with_request_id_and_tenant(
    portal: Portal, client_a: dict[str, str], log_lines: io.StringIO
) -> None:
    answer = portal.get("/api/tickets", {**client_a, "X-Request-ID": "trace-42"})
    assert answer.headers["X-Request-ID"] == "trace-42"
    [line] = [x for x in _lines(log_lines) if x["request_id"] == "trace-42"]
    assert line["tenant"] == "demo"
    assert line["logger"] == "ledgerdesk.access"
    assert line["level"] == "INFO"
    assert line["message"].startswith("GET /api/tickets 200")
    assert line["time"]

    made = portal.client.get("/api/health", headers={"X-Request-ID": "bad id\x7f"})
    fresh = made.headers["X-Request-ID"]
    assert fresh != "bad id\x7f" and len(fresh) == 32
    assert any(x["request_id"] == fresh for x in _lines(log_lines))
    assert any(
        getattr(h, "ledgerdesk_json", False) for h in logging.getLogger().handlers
    )
