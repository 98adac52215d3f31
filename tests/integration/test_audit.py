"""The auditors' replay on a real event store: history, state at a time, verify."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st
from sqlalchemy import text

from api.bootstrap import build_engine, is_sqlite
from api.cli import main
from audit.chain import verify
from audit.history import history, resolve, state_of
from domain.base import SYSTEM
from domain.errors import DomainError, NotFound
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.tenants import ChangeTenant
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.users import RegisterUser, UpdateUser
from projections.follower import Follower
from projections.schema import create_tables

LINE = {"description": "Support hours", "quantity": 2, "price": "80"}


@pytest.fixture
def tenant(application) -> str:  # type: ignore[no-untyped-def]
    """A tenant with an open ticket status."""
    tenant_id = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant_id, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    return str(tenant_id)


def events_table(url: str) -> str:
    """Where the event store keeps stored events on this backend."""
    return "stored_events" if is_sqlite(url) else "ledgerdesk_events"


def edit_stored_event(settings: Any, aggregate_id: str, version: int) -> None:
    """Change one stored event's bytes with SQL, as someone with database access."""
    engine = build_engine(settings)
    table = events_table(settings.database_url)
    try:
        with engine.begin() as connection:
            rows = connection.execute(
                text(
                    f"SELECT originator_id, state FROM {table} "
                    "WHERE originator_version = :v"
                ),
                {"v": version},
            ).all()
            oid, state = next(
                (r.originator_id, bytes(r.state))
                for r in rows
                if UUID(str(r.originator_id)) == UUID(aggregate_id)
            )
            assert b"EXT-1" in state
            connection.execute(
                text(
                    f"UPDATE {table} SET state = :s "
                    "WHERE originator_id = :o AND originator_version = :v"
                ),
                {"s": state.replace(b"EXT-1", b"EXT-9"), "o": oid, "v": version},
            )
    finally:
        engine.dispose()


def finalised_invoice(application: Any, tenant: str) -> str:
    """An invoice with a line, finalised as EXT-1 (its event 3)."""
    invoice_id = application.invoices.create(
        tenant,
        "u1",
        CreateInvoice(
            company_id=None,
            client_id=None,
            day="2026-02-01",
            reference_number="R1",
            lines=[LINE],
        ),
    )
    application.invoices.finalise(tenant, "u1", invoice_id, "EXT-1")
    application.invoices.change_status(tenant, "u2", invoice_id, 4)
    return str(invoice_id)


def test_history_lists_time_actor_type_and_changes(application, tenant) -> None:  # type: ignore[no-untyped-def]
    invoice_id = finalised_invoice(application, tenant)
    report = history(application, "invoices", invoice_id, version=3)
    assert [e["type"] for e in report["events"]] == [
        "Created",
        "LineAdded",
        "Finalised",
    ]
    # an actor that is no person's id is a service acting by itself
    assert report["events"][2]["actor"] == {
        "id": "u1",
        "full_name": "u1",
        "role": "system",
    }
    finalised = report["events"][2]
    assert finalised["changes"]["external_id"] == {"from": None, "to": "EXT-1"}
    assert finalised["changes"]["status_id"] == {"from": None, "to": 1}
    assert finalised["data"]["external_id"] == "EXT-1"
    added = report["events"][1]["changes"]["lines[1].description"]
    assert added == {"from": None, "to": "Support hours"}
    assert datetime.fromisoformat(report["events"][0]["time"]).tzinfo is not None
    assert report["events"][0]["time_utc"].endswith("Z")
    assert report["time_zone"] == "Europe/Amsterdam"
    assert report["state"]["external_id"] == "EXT-1"
    assert report["state"]["status_id"] == 1
    assert history(application, "invoice", invoice_id)["state"]["status_id"] == 4


def test_each_event_names_its_actor_as_they_were_then(application, tenant) -> None:  # type: ignore[no-untyped-def]
    femke = application.users.register(
        tenant,
        SYSTEM,
        RegisterUser(
            email="femke@acme.test",
            first_name="Femke",
            last_name="Bakker",
            is_operator=1,
            company_ids=[],
            role="first line",
            permissions=[],
        ),
    )
    ticket_id = application.tickets.open(
        tenant, femke, OpenTicket(description="Printer jams")
    )
    application.users.update(
        tenant, SYSTEM, femke, UpdateUser(last_name="de Boer", role="second line")
    )
    application.tickets.update(
        tenant, femke, ticket_id, UpdateTicket(description="Printer jams again")
    )
    application.tickets.delete(tenant, SYSTEM, ticket_id)
    report = history(application, "tickets", ticket_id)
    actors = [e["actor"] for e in report["events"]]
    assert actors == [
        {"id": femke, "full_name": "Femke Bakker", "role": "first line"},
        {"id": femke, "full_name": "Femke de Boer", "role": "second line"},
        {"id": "system", "full_name": "System", "role": "system"},
    ]
    application.tickets.restore(tenant, "sla-timer", ticket_id)
    timer = history(application, "tickets", ticket_id)["events"][-1]["actor"]
    assert timer == {"id": "sla-timer", "full_name": "SLA timer", "role": "system"}
    stranger = str(uuid4())
    application.tickets.delete(tenant, stranger, ticket_id)
    unknown = history(application, "tickets", ticket_id)["events"][-1]["actor"]
    assert unknown == {"id": stranger, "full_name": None, "role": None}
    assert report["events"][1]["changes"]["fields.description"] == {
        "from": "Printer jams",
        "to": "Printer jams again",
    }


def test_a_persons_history_never_shows_their_password_hash(application, tenant) -> None:  # type: ignore[no-untyped-def]
    person = application.users.register(
        tenant,
        SYSTEM,
        RegisterUser(
            email="sam@acme.test",
            first_name="Sam",
            last_name="Jong",
            is_operator=1,
            company_ids=[],
            role="first line",
            permissions=["tickets.index"],
            password_hash="argon-secret-one",
        ),
    )
    application.users.change_password(tenant, SYSTEM, person, "argon-secret-two")
    report = history(application, "operators", person)
    assert "argon-secret" not in json.dumps(report)
    changed = report["events"][-1]["changes"]["password_hash"]
    assert changed["from"].startswith("[hidden] ")
    assert changed["to"].startswith("[hidden] ") and changed["to"] != changed["from"]
    assert report["state"]["permissions"] == ["tickets.index"]


def test_times_are_shown_and_read_on_the_tenants_clock(application, tenant) -> None:  # type: ignore[no-untyped-def]
    application.tenants.change(
        tenant, SYSTEM, ChangeTenant(configs={"time_zone": "America/New_York"})
    )
    invoice_id = finalised_invoice(application, tenant)
    report = history(application, "invoices", invoice_id)
    assert report["time_zone"] == "America/New_York"
    created = report["events"][0]
    local = datetime.fromisoformat(created["time"])
    assert local.utcoffset() in (timedelta(hours=-5), timedelta(hours=-4))
    assert local == datetime.fromisoformat(created["time_utc"])
    count = len(report["events"])
    # a minute after creation on the New York clock; read as UTC it would be
    # hours before the invoice existed
    wall = local.replace(tzinfo=None) + timedelta(minutes=1)
    then = history(application, "invoices", invoice_id, at=wall.isoformat())
    assert then["version"] == count and then["at"]["zone_assumed"]
    assert then["at"]["time_zone"] == "America/New_York"
    before = (local - timedelta(minutes=1)).isoformat()
    early = history(application, "invoices", invoice_id, at=before)
    assert early["version"] == 0 and not early["at"]["zone_assumed"]


def test_history_refuses_another_model_or_tenant(application, tenant) -> None:  # type: ignore[no-untyped-def]
    invoice_id = finalised_invoice(application, tenant)
    with pytest.raises(NotFound):
        history(application, "quotes", invoice_id)
    with pytest.raises(NotFound):
        history(application, "invoices", invoice_id, tenant_id="another")


def test_before_creation_there_is_no_state(application, tenant) -> None:  # type: ignore[no-untyped-def]
    before = datetime.now(UTC) - timedelta(seconds=1)
    invoice_id = finalised_invoice(application, tenant)
    report = history(application, "invoices", invoice_id, at=before)
    assert report["version"] == 0 and report["state"] is None


def test_a_ticket_reference_resolves_through_the_read_model(  # type: ignore[no-untyped-def]
    application, tenant, settings
) -> None:
    ticket_id = application.tickets.open(
        tenant, "u1", OpenTicket(description="No e-mail")
    )
    engine = build_engine(settings)
    try:
        create_tables(engine)
        Follower(application, engine).catch_up()
        assert resolve(engine, tenant, "tickets", "T-000001") == ticket_id
        assert resolve(engine, tenant, "tickets", ticket_id) == ticket_id
        with pytest.raises(NotFound):
            resolve(engine, tenant, "tickets", "T-000002")
    finally:
        engine.dispose()


def test_history_prints_a_ticket_by_its_reference(  # type: ignore[no-untyped-def]
    application, tenant, settings, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    application.tickets.open(tenant, "u1", OpenTicket(description="No e-mail"))
    engine = build_engine(settings)
    try:
        create_tables(engine)
        Follower(application, engine).catch_up()
    finally:
        engine.dispose()
    assert main(["history", "tickets", "T-000001", "--tenant", "acme"]) == 0
    out = capsys.readouterr().out
    assert "Opened" in out and 'reference: null -> "T-000001"' in out
    assert "(times in Europe/Amsterdam)" in out
    assert "u1 (system)  Opened" in out
    assert main(["history", "tickets", "T-000009", "--tenant", "acme"]) == 1
    at = ["--at", "2030-01-01T12:00"]
    assert main(["history", "tickets", "T-000001", "--tenant", "acme", *at]) == 0
    out = capsys.readouterr().out
    assert (
        "--at 2030-01-01T12:00 has no zone: read in the tenant's zone "
        "Europe/Amsterdam, 2030-01-01T12:00:00+01:00 (2030-01-01T11:00:00Z)"
    ) in out


commands = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(1, 5), st.integers(0, 300)),
        st.tuples(st.just("remove"), st.integers(0, 4)),
        st.tuples(st.just("finalise")),
        st.tuples(st.just("status"), st.sampled_from([2, 3, 4, 9])),
        st.tuples(st.just("restore")),
    ),
    max_size=8,
)


def run_command(app: Any, tenant: str, invoice_id: str, command: tuple) -> None:
    """Carry out one generated command; rules may refuse it."""
    kind = command[0]
    if kind == "add":
        line = {"description": "Work", "quantity": command[1], "price": command[2]}
        app.invoices.add_line(tenant, "u1", invoice_id, line)
    elif kind == "remove":
        lines = app.invoices.get(tenant, invoice_id).lines
        line_id = lines[command[1] % len(lines)]["id"] if lines else "1"
        app.invoicing.remove_line(tenant, "u1", invoice_id, line_id)
    elif kind == "finalise":
        app.invoices.finalise(tenant, "u1", invoice_id, f"EXT-{invoice_id[:6]}")
    elif kind == "status":
        app.invoices.change_status(tenant, "u2", invoice_id, command[1])
    else:
        app.invoices.restore(tenant, "u1", invoice_id)


@examples(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(script=commands)
def test_state_at_a_version_or_time_is_what_the_application_showed(  # type: ignore[no-untyped-def]
    application, tenant, script
) -> None:
    invoice_id = application.invoices.create(
        tenant, "u1", CreateInvoice(company_id=None, client_id=None, day="2026-02-01")
    )
    seen = [
        (1, state_of(application.invoices.get(tenant, invoice_id)), datetime.now(UTC))
    ]
    for command in script:
        try:
            run_command(application, tenant, invoice_id, command)
        except DomainError:
            continue
        invoice = application.invoices.get(tenant, invoice_id)
        seen.append((invoice.version, state_of(invoice), datetime.now(UTC)))
    for version, state, moment in seen:
        assert (
            history(application, "invoices", invoice_id, version=version)["state"]
            == state
        )
        assert history(application, "invoices", invoice_id, at=moment)["state"] == state
    assert verify(application, invoice_id).ok


def test_verify_passes_on_untouched_events(application, tenant) -> None:  # type: ignore[no-untyped-def]
    finalised_invoice(application, tenant)
    application.tickets.open(tenant, "u1", OpenTicket(description="Printer"))
    result = verify(application)
    assert result.ok and result.events >= 8


def test_a_hand_edited_event_fails_verify_at_exactly_that_event(  # type: ignore[no-untyped-def]
    application, tenant, settings
) -> None:
    first = finalised_invoice(application, tenant)
    invoice_id = finalised_invoice(application, tenant)
    edit_stored_event(settings, invoice_id, 3)
    broken = verify(application).broken
    assert broken is not None
    assert (broken.aggregate_id, broken.version) == (invoice_id, 3)
    one = verify(application, invoice_id).broken
    assert one is not None and (one.aggregate_id, one.version) == (invoice_id, 3)
    assert verify(application, first).ok


def test_the_commands_name_the_broken_link_and_replay(  # type: ignore[no-untyped-def]
    application, tenant, settings, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    invoice_id = finalised_invoice(application, tenant)
    assert main(["verify"]) == 0
    assert main(["history", "invoices", invoice_id, "--version", "3"]) == 0
    out = capsys.readouterr().out
    assert "Finalised" in out and "StatusChanged" not in out
    assert 'external_id: null -> "EXT-1"' in out
    edit_stored_event(settings, invoice_id, 3)
    assert main(["verify", "invoices", invoice_id]) == 1
    assert f"{invoice_id} version 3" in capsys.readouterr().out
    assert main(["verify"]) == 1
