"""The use cases of domain/application.py through the real event store.

Runs on SQLite, and on PostgreSQL with LEDGERDESK_TEST_BACKEND=postgres.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from domain.application import Ledgerdesk
from domain.assets import Asset
from domain.errors import (
    AlreadyExists,
    ConcurrentChange,
    InvalidTransition,
    InvalidValue,
    NotFound,
    StaleVersion,
)
from domain.invoices import CREDIT, OUTSTANDING, SENT
from domain.organisations import Company, Location, TicketGroup
from domain.quotes import ACCEPTED
from domain.quotes import SENT as QUOTE_SENT
from domain.use_cases.assets import RegisterAsset, UpdateAsset
from domain.use_cases.commands import command_of
from domain.use_cases.contracts import AmendContract, ConcludeContract
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.messages import EditMessage, PostMessage
from domain.use_cases.organisations import (
    ChangeCompany,
    ChangeLocation,
    FormTicketGroup,
    RegisterCompany,
    RegisterLocation,
)
from domain.use_cases.quotes import AcceptQuote, DraftQuote, ReviseQuote
from domain.use_cases.settings import ChangePreset, SavePreset
from domain.use_cases.subscriptions import ChangeSubscription, StartSubscription
from domain.use_cases.tenants import ChangeTenant
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.timekeeping import ChangeTime, RegisterTime
from domain.use_cases.users import RegisterUser, UpdateUser

OPERATOR = "operator-1"
PNG = (
    "data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAA"
    "AABJRU5ErkJggg=="
)


def make_tenant(app: Ledgerdesk, subdomain: str) -> str:
    """A tenant with an open (default) and a closed ticket status."""
    tenant_id = app.tenants.create(OPERATOR, subdomain.title(), subdomain)
    app.settings.add(tenant_id, OPERATOR, "ticket_statuses", "Open", {"type": 1}, True)
    app.settings.add(tenant_id, OPERATOR, "ticket_statuses", "Closed", {"type": 2})
    return tenant_id


@pytest.fixture
def app(application: Ledgerdesk) -> Ledgerdesk:
    return application


@pytest.fixture
def tenant(app: Ledgerdesk) -> str:
    return make_tenant(app, "acme")


@pytest.fixture
def second_app(settings: Any) -> Iterator[Ledgerdesk]:
    """Another application object on the same database, as a second process."""
    from api.bootstrap import build_application

    other = build_application(settings)
    yield other
    other.close()


def open_ticket(app: Ledgerdesk, tenant: str, description: str = "Printer") -> str:
    return app.tickets.open(tenant, OPERATOR, OpenTicket(description=description))


# -- tenants and users ----------------------------------------------------------
def test_a_tenant_is_found_by_its_subdomain_which_is_unique(app: Ledgerdesk) -> None:
    tenant_id = app.tenants.create(OPERATOR, "Acme IT", "acme")
    assert app.tenants.by_subdomain(" ACME ").id == app.tenants.get(tenant_id).id
    assert app.tenants.get(tenant_id).name == "Acme IT"
    with pytest.raises(AlreadyExists):
        app.tenants.create(OPERATOR, "Another Acme", "Acme")
    with pytest.raises(NotFound):
        app.tenants.by_subdomain("globex")
    with pytest.raises(InvalidValue) as error:
        app.tenants.create(OPERATOR, "Bad", "bad_name")
    assert error.value.field == "subdomain"
    with pytest.raises(InvalidValue) as error:
        app.tenants.change(tenant_id, OPERATOR, ChangeTenant(trial_ends_on="soon"))
    assert error.value.field == "trial_ends_on"


def test_change_tenant_completes_setup_and_sets_configs(
    app: Ledgerdesk, tenant: str
) -> None:
    app.tenants.change(
        tenant,
        OPERATOR,
        ChangeTenant(
            setup_completed=True,
            configs={"ticketing.ticket_fields_config": {"category_id": 1}},
            modules={"mod_invoice_export_pdf": True},
            trial_ends_on="2027-01-31",
        ),
    )
    stored = app.tenants.get(tenant)
    assert stored.setup_completed is True
    assert stored.configs == {"ticketing.ticket_fields_config": {"category_id": 1}}
    assert stored.modules == {"mod_invoice_export_pdf": True}
    assert stored.trial_ends_on == "2027-01-31"


def register_client(app: Ledgerdesk, tenant: str, email: str, **extra: Any) -> str:
    return app.users.register(
        tenant,
        OPERATOR,
        RegisterUser(
            email=email,
            first_name="Ann",
            last_name="Client",
            is_operator=0,
            company_ids=extra.pop("company_ids", []),
            role="client",
            permissions=["tickets.index"],
            **extra,
        ),
    )


def test_one_user_per_address_per_tenant(app: Ledgerdesk, tenant: str) -> None:
    uid = register_client(app, tenant, "ann@acme.test")
    assert (
        app.users.by_email(tenant, "ANN@acme.test").id == app.users.get(tenant, uid).id
    )
    with pytest.raises(AlreadyExists):
        register_client(app, tenant, " Ann@Acme.TEST ")
    other = make_tenant(app, "globex")
    assert register_client(app, other, "ann@acme.test") != uid
    with pytest.raises(InvalidValue) as error:
        register_client(app, tenant, "not-an-address")
    assert error.value.field == "email"


def test_users_are_registered_only_in_an_existing_tenant_and_company(
    app: Ledgerdesk, tenant: str
) -> None:
    with pytest.raises(NotFound):
        register_client(app, "no-such-tenant", "bob@acme.test")
    with pytest.raises(NotFound):
        register_client(app, tenant, "bob@acme.test", company_ids=["no-such-company"])
    company = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Acme")
    )
    uid = register_client(app, tenant, "bob@acme.test", company_ids=[company])
    assert app.users.get(tenant, uid).company_ids == [company]


def test_user_changes_and_configs_are_kept(app: Ledgerdesk, tenant: str) -> None:
    uid = register_client(app, tenant, "ann@acme.test")
    app.users.update(
        tenant, OPERATOR, uid, UpdateUser(language="en", permissions=["x"])
    )
    app.users.change_password(tenant, uid, uid, "hash-1")
    app.users.save_configs(tenant, uid, uid, {f"{uid}_order_tickets": '{"id":"asc"}'})
    user = app.users.get(tenant, uid)
    assert (user.language, user.permissions, user.password_hash) == (
        "en",
        ["x"],
        "hash-1",
    )
    assert user.configs == {f"{uid}_order_tickets": '{"id":"asc"}'}
    with pytest.raises(NotFound):
        app.users.update(
            tenant, OPERATOR, uid, UpdateUser(company_ids=["no-such-company"])
        )
    assert app.users.get(tenant, uid).company_ids == []


# -- tickets --------------------------------------------------------------------
def test_ticket_references_count_per_tenant(app: Ledgerdesk, tenant: str) -> None:
    other = make_tenant(app, "globex")
    first = [open_ticket(app, tenant) for _ in range(3)]
    elsewhere = [open_ticket(app, other) for _ in range(2)]
    batch = app.tickets.open_many(
        tenant,
        OPERATOR,
        [(OpenTicket(description="a"), None), (OpenTicket(description="b"), None)],
    )
    assert [app.tickets.get(tenant, t).reference for t in first + batch] == [
        "T-000001",
        "T-000002",
        "T-000003",
        "T-000004",
        "T-000005",
    ]
    assert [app.tickets.get(other, t).reference for t in elsewhere] == [
        "T-000001",
        "T-000002",
    ]


def test_a_ticket_is_not_found_from_another_tenant(
    app: Ledgerdesk, tenant: str
) -> None:
    other = make_tenant(app, "globex")
    ticket_id = open_ticket(app, tenant)
    with pytest.raises(NotFound):
        app.tickets.get(other, ticket_id)
    with pytest.raises(NotFound):
        app.tickets.update(other, OPERATOR, ticket_id, UpdateTicket(priority_id=1))
    with pytest.raises(NotFound):
        app.tickets.get(tenant, "not-a-uuid")
    with pytest.raises(NotFound):
        app.quotes.get(tenant, ticket_id)


def test_stored_events_record_tenant_actor_and_time(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    app.messages.post(
        tenant,
        "client-9",
        ticket_id,
        PostMessage(message="Hello", visible_to_client=True, is_from_client=True),
    )
    events = app.events_of(ticket_id)
    assert [type(e).__name__ for e in events] == ["Opened", "MessagePosted"]
    assert [e.tenant_id for e in events] == [tenant, tenant]
    assert [e.actor for e in events] == [OPERATOR, "client-9"]
    assert all(e.timestamp.tzinfo is not None for e in events)
    assert events[0].timestamp <= events[1].timestamp


def test_a_ticket_opens_in_the_default_status_with_its_first_message(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = app.tickets.open(
        tenant,
        "client-9",
        OpenTicket(description="VPN down", custom_values={"site": "Delft"}),
        PostMessage(
            message="Since this morning", visible_to_client=True, is_from_client=True
        ),
    )
    ticket = app.tickets.get(tenant, ticket_id)
    assert (ticket.status_id, ticket.status_type) == (1, 1)
    assert ticket.fields["custom_values"] == {"site": "Delft"}
    (message,) = ticket.messages
    assert (message["type"], message["actor"]) == ("reply", "client-9")


def test_opening_needs_an_open_status_and_valid_references(app: Ledgerdesk) -> None:
    bare = app.tenants.create(OPERATOR, "Bare", "bare")
    with pytest.raises(InvalidValue) as error:
        open_ticket(app, bare)
    assert error.value.field == "status_id"
    tenant = make_tenant(app, "acme")
    with pytest.raises(InvalidValue) as error:
        app.tickets.open(
            tenant, OPERATOR, OpenTicket(description="x", client_id="nobody")
        )
    assert error.value.field == "client_id"
    with pytest.raises(NotFound):
        app.tickets.open(
            tenant, OPERATOR, OpenTicket(description="x", company_id="none")
        )
    with pytest.raises(InvalidValue) as error:
        app.tickets.open(tenant, OPERATOR, OpenTicket(description=""))
    assert error.value.field == "description"
    with pytest.raises(InvalidValue) as error:
        app.tickets.open(tenant, OPERATOR, OpenTicket(description="x", status_id=99))
    assert error.value.field == "status_id"


def test_update_changes_fields_and_status_with_a_status_message(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    app.tickets.update(
        tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=3, status_id=2), 1
    )
    ticket = app.tickets.get(tenant, ticket_id)
    assert ticket.fields["priority_id"] == 3
    assert (ticket.status_id, ticket.status_type) == (2, 2)
    (message,) = ticket.messages
    assert message["type"] == "status-changed"
    assert message["data"]["status"] == {"id": 2, "name": "Closed"}
    events = app.events_of(ticket_id)
    assert [type(e).__name__ for e in events] == ["Opened", "Updated", "StatusChanged"]
    with pytest.raises(InvalidValue) as error:
        app.tickets.update(
            tenant, OPERATOR, ticket_id, command_of(UpdateTicket, {"colour": "red"})
        )
    assert error.value.field == "colour"
    with pytest.raises(InvalidValue) as error:
        app.tickets.update(tenant, OPERATOR, ticket_id, UpdateTicket(status_id=42))
    assert error.value.field == "status_id"


def test_update_with_a_stale_expected_version_is_a_concurrent_change(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    version = app.tickets.get(tenant, ticket_id).version
    app.tickets.update(
        tenant, "operator-2", ticket_id, UpdateTicket(priority_id=1), version
    )
    with pytest.raises(ConcurrentChange):
        app.tickets.update(
            tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=2), version
        )
    assert app.tickets.get(tenant, ticket_id).fields["priority_id"] == 1


def test_an_edit_on_a_version_read_before_a_reply_or_an_sla_alert_goes_through(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    version = app.tickets.get(tenant, ticket_id).version
    app.messages.post(
        tenant,
        "client-9",
        ticket_id,
        PostMessage(message="Any news?", visible_to_client=True, is_from_client=True),
    )
    due = "2026-11-28T10:00:00+00:00"
    assert app.tickets.raise_sla_alert(
        tenant, "sla", ticket_id, "response", "warned", due
    )
    app.tickets.update(
        tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=2), version
    )
    ticket = app.tickets.get(tenant, ticket_id)
    assert ticket.fields["priority_id"] == 2
    assert ticket.edited_version == ticket.version == version + 3
    # Another person's edit since the version read still conflicts, and a
    # version the ticket never had is refused too.
    with pytest.raises(ConcurrentChange):
        app.tickets.update(
            tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=1), version
        )
    with pytest.raises(ConcurrentChange):
        app.tickets.update(
            tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=1), version + 9
        )
    assert app.tickets.get(tenant, ticket_id).fields["priority_id"] == 2


def test_two_saves_from_the_same_version_conflict(app: Ledgerdesk, tenant: str) -> None:
    ticket_id = open_ticket(app, tenant)
    mine = app.tickets.get(tenant, ticket_id)
    theirs = app.tickets.get(tenant, ticket_id)
    theirs.update("operator-2", {"priority_id": 1})
    mine.update(OPERATOR, {"priority_id": 2})
    app.commit(theirs)
    with pytest.raises(ConcurrentChange):
        app.commit(mine)
    assert app.tickets.get(tenant, ticket_id).fields["priority_id"] == 1


def test_replies_and_notes(app: Ledgerdesk, tenant: str) -> None:
    ticket_id = open_ticket(app, tenant)
    reply = app.messages.post(
        tenant,
        "client-9",
        ticket_id,
        PostMessage(message="Any news?", visible_to_client=True, is_from_client=True),
    )
    note = app.messages.post(
        tenant,
        OPERATOR,
        ticket_id,
        PostMessage(
            message="Waiting on vendor",
            visible_to_client=False,
            is_from_client=False,
            mentions=["x"],
        ),
    )
    with pytest.raises(InvalidValue) as error:
        app.messages.post(
            tenant,
            "client-9",
            ticket_id,
            PostMessage(message="psst", visible_to_client=False, is_from_client=True),
        )
    assert error.value.field == "visible_to_client"
    app.messages.edit(
        tenant, OPERATOR, ticket_id, note, EditMessage(message="Vendor replied")
    )
    messages = {m["id"]: m for m in app.tickets.get(tenant, ticket_id).messages}
    assert messages[reply]["type"] == "reply"
    assert messages[note]["type"] == "note"
    assert messages[note]["message"] == "Vendor replied"
    app.messages.remove(tenant, OPERATOR, ticket_id, reply)
    assert [m["id"] for m in app.tickets.get(tenant, ticket_id).messages] == [note]


def conclude(app: Ledgerdesk, tenant: str, period: str | None, **terms: Any) -> str:
    return app.contracts.conclude(
        tenant,
        OPERATOR,
        ConcludeContract(
            name="Support",
            client_id=None,
            company_id=None,
            service_id=None,
            period=period,
            quantity=terms.pop("quantity", 2),
            start_date=terms.pop("start_date", "2026-01-01"),
            end_date=terms.pop("end_date", "2026-12-31"),
        ),
    )


def test_time_booked_on_a_contract_counts_against_its_period(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    contract_id = conclude(app, tenant, "month")
    when = datetime(2026, 3, 10, 14, 0, tzinfo=UTC)
    registration = app.time.register(
        tenant,
        OPERATOR,
        ticket_id,
        RegisterTime(
            minutes=45, executed_at=when, description="Reset", contract_id=contract_id
        ),
    )
    ticket = app.tickets.get(tenant, ticket_id)
    assert ticket.time_registrations[registration]["minutes"] == 45
    assert ticket.time_registrations[registration]["operator_id"] == OPERATOR
    assert ticket.time_registrations[registration]["executed_at"] == when
    contract = app.contracts.get(tenant, contract_id)
    assert contract.bookings[registration]["period_start"] == "2026-03-01"
    assert contract.minutes_remaining("2026-03-01") == 75
    app.time.remove(tenant, OPERATOR, ticket_id, registration)
    assert app.tickets.get(tenant, ticket_id).time_registrations == {}
    assert app.contracts.get(tenant, contract_id).minutes_remaining("2026-03-01") == 120


def test_changed_time_moves_its_booking_to_the_period_and_contract_it_now_has(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    monthly = conclude(app, tenant, "month")
    other = conclude(app, tenant, "month")
    registration = app.time.register(
        tenant,
        OPERATOR,
        ticket_id,
        RegisterTime(
            minutes=45,
            executed_at=datetime(2026, 3, 10, 14, 0, tzinfo=UTC),
            contract_id=monthly,
        ),
    )
    later = datetime(2026, 4, 2, 9, 0, tzinfo=UTC)
    app.time.change(
        tenant,
        OPERATOR,
        ticket_id,
        registration,
        ChangeTime(minutes=60, executed_at=later),
        expected_version=1,
    )
    contract = app.contracts.get(tenant, monthly)
    assert contract.minutes_remaining("2026-03-01") == 120
    assert contract.minutes_remaining("2026-04-01") == 60
    kept = app.tickets.get(tenant, ticket_id).time_registrations[registration]
    assert kept["executed_at"] == later and kept["version"] == 2
    app.time.change(
        tenant, OPERATOR, ticket_id, registration, ChangeTime(contract_id=other)
    )
    assert app.contracts.get(tenant, monthly).bookings == {}
    assert app.contracts.get(tenant, other).minutes_remaining("2026-04-01") == 60
    with pytest.raises(StaleVersion):
        app.time.change(
            tenant,
            OPERATOR,
            ticket_id,
            registration,
            ChangeTime(contract_id=None),
            expected_version=2,
        )
    app.time.change(
        tenant, OPERATOR, ticket_id, registration, ChangeTime(contract_id=None)
    )
    assert app.contracts.get(tenant, other).bookings == {}


def test_time_outside_the_contract_is_refused_and_nothing_is_saved(
    app: Ledgerdesk, tenant: str
) -> None:
    ticket_id = open_ticket(app, tenant)
    contract_id = conclude(app, tenant, "month")
    version = app.tickets.get(tenant, ticket_id).version
    with pytest.raises(InvalidValue) as error:
        app.time.register(
            tenant,
            OPERATOR,
            ticket_id,
            RegisterTime(
                minutes=30,
                executed_at=datetime(2027, 1, 2, 9, 0, tzinfo=UTC),
                contract_id=contract_id,
            ),
        )
    assert error.value.field == "executed_at"
    assert app.tickets.get(tenant, ticket_id).version == version
    with pytest.raises(InvalidValue) as error:
        app.time.register(
            tenant,
            OPERATOR,
            ticket_id,
            RegisterTime(
                minutes=24 * 60 + 1, executed_at=datetime(2026, 2, 2, tzinfo=UTC)
            ),
        )
    assert error.value.field == "time_spent"
    with pytest.raises(NotFound):
        app.time.register(
            tenant,
            OPERATOR,
            ticket_id,
            RegisterTime(
                minutes=5,
                executed_at=datetime(2026, 2, 2, tzinfo=UTC),
                operator_id=None,
                activity_id=7,
            ),
        )


def test_merge_moves_the_threads_into_the_first_ticket(
    app: Ledgerdesk, tenant: str
) -> None:
    target, source, third = (open_ticket(app, tenant, d) for d in ("A", "B", "C"))
    app.messages.post(
        tenant,
        OPERATOR,
        source,
        PostMessage(message="from B", visible_to_client=True, is_from_client=False),
    )
    app.messages.post(
        tenant,
        OPERATOR,
        third,
        PostMessage(message="from C", visible_to_client=False, is_from_client=False),
    )
    assert app.tickets.merge(tenant, OPERATOR, [target, source, third]) == target
    merged = app.tickets.get(tenant, target)
    assert [m["message"] for m in merged.messages] == ["from B", "from C"]
    assert [m["merged_from"] for m in merged.messages] == [source, third]
    assert app.tickets.get(tenant, source).merged_into == target
    with pytest.raises(InvalidTransition):
        app.messages.post(
            tenant,
            OPERATOR,
            source,
            PostMessage(message="late", visible_to_client=True, is_from_client=False),
        )
    with pytest.raises(InvalidValue) as error:
        app.tickets.merge(tenant, OPERATOR, [target, target])
    assert error.value.field == "ids"
    with pytest.raises(InvalidValue):
        app.tickets.merge(tenant, OPERATOR, [target])
    with pytest.raises(InvalidTransition):
        app.tickets.merge(tenant, OPERATOR, [target, source])


def test_clone_takes_the_next_reference_and_the_fields(
    app: Ledgerdesk, tenant: str
) -> None:
    original = app.tickets.open(
        tenant, OPERATOR, OpenTicket(description="Onboarding", priority_id=2)
    )
    app.tickets.update(tenant, OPERATOR, original, UpdateTicket(status_id=2))
    clone_id = app.tickets.clone(tenant, OPERATOR, original)
    clone = app.tickets.get(tenant, clone_id)
    assert clone.reference == "T-000002"
    assert clone.cloned_from == original
    assert clone.fields["priority_id"] == 2
    assert clone.description == "Onboarding"
    assert clone.status_id == 1
    assert clone.messages == []


def test_delete_and_restore(app: Ledgerdesk, tenant: str) -> None:
    ticket_id = open_ticket(app, tenant)
    with pytest.raises(InvalidTransition):
        app.tickets.restore(tenant, OPERATOR, ticket_id)
    app.tickets.delete(tenant, OPERATOR, ticket_id)
    assert app.tickets.get(tenant, ticket_id).deleted is True
    with pytest.raises(InvalidTransition):
        app.tickets.update(tenant, OPERATOR, ticket_id, UpdateTicket(priority_id=1))
    app.tickets.restore(tenant, OPERATOR, ticket_id)
    assert app.tickets.get(tenant, ticket_id).deleted is False


def test_an_earlier_version_can_be_loaded(app: Ledgerdesk, tenant: str) -> None:
    ticket_id = open_ticket(app, tenant)
    app.tickets.update(tenant, OPERATOR, ticket_id, UpdateTicket(description="Changed"))
    assert app.tickets.get(tenant, ticket_id, version=1).description == "Printer"
    assert app.tickets.get(tenant, ticket_id).description == "Changed"


def test_a_concurrently_created_sequence_is_retried_not_refused(
    app: Ledgerdesk, second_app: Ledgerdesk, tenant: str, monkeypatch: Any
) -> None:
    original = app.settings.allocate_numbers
    calls: list[str] = []

    def racing(tenant_id: str, name: str, count: int = 1) -> Any:
        result = original(tenant_id, name, count)
        if not calls:
            calls.append(name)
            # Another process opens the tenant's first ticket in the meantime.
            open_ticket(second_app, tenant, "theirs")
        return result

    monkeypatch.setattr(app.settings, "allocate_numbers", racing)
    mine = open_ticket(app, tenant, "mine")
    assert app.tickets.get(tenant, mine).reference == "T-000002"


def test_an_interleaved_save_is_retried_with_the_next_reference(
    app: Ledgerdesk, second_app: Ledgerdesk, tenant: str, monkeypatch: Any
) -> None:
    open_ticket(app, tenant, "first")
    original = app.settings.allocate_numbers
    calls: list[str] = []

    def racing(tenant_id: str, name: str, count: int = 1) -> Any:
        result = original(tenant_id, name, count)
        if not calls:
            calls.append(name)
            open_ticket(second_app, tenant, "theirs")
        return result

    monkeypatch.setattr(app.settings, "allocate_numbers", racing)
    mine = open_ticket(app, tenant, "mine")
    assert app.tickets.get(tenant, mine).reference == "T-000003"


def test_a_setting_list_created_concurrently_is_retried(
    app: Ledgerdesk, second_app: Ledgerdesk, tenant: str, monkeypatch: Any
) -> None:
    original = app.settings.setting_list
    calls: list[str] = []

    def racing(tenant_id: str, kind: str) -> Any:
        result = original(tenant_id, kind)
        if kind == "priorities" and not calls:
            calls.append(kind)
            second_app.settings.add(tenant_id, "operator-2", "priorities", "Low")
        return result

    monkeypatch.setattr(app.settings, "setting_list", racing)
    high = app.settings.add(tenant, OPERATOR, "priorities", "High")
    labels = [
        i["label"] for i in app.settings.setting_list(tenant, "priorities").ordered()
    ]
    assert (high, labels) == (2, ["Low", "High"])


# -- assets ---------------------------------------------------------------------
def test_assets_take_the_status_type_of_their_status(
    app: Ledgerdesk, tenant: str
) -> None:
    status = app.settings.add(tenant, OPERATOR, "asset_statuses", "In use", {"type": 4})
    asset_id = app.assets.register(
        tenant,
        OPERATOR,
        RegisterAsset(name="Laptop", status_id=status, serial_number="1"),
    )
    stored = app.load(tenant, Asset, asset_id)
    assert stored.fields["status_type"] == 4
    app.assets.update(
        tenant, OPERATOR, asset_id, UpdateAsset(warranty_until="2029-01-31")
    )
    message = app.assets.post_message(tenant, OPERATOR, asset_id, "Checked", False)
    stored = app.load(tenant, Asset, asset_id)
    assert stored.fields["warranty_until"] == "2029-01-31"
    assert stored.messages[0]["id"] == message
    assert stored.messages[0]["type"] == "note"
    with pytest.raises(NotFound):
        app.assets.register(tenant, OPERATOR, RegisterAsset(name="X", status_id=99))


# -- quotes ---------------------------------------------------------------------
LINES = [{"description": "Laptop", "quantity": 2, "price": "899.50"}]


def test_a_quote_is_sent_then_accepted_with_its_signed_content(
    app: Ledgerdesk, tenant: str
) -> None:
    quote_id = app.quotes.draft(
        tenant,
        OPERATOR,
        DraftQuote(name="Laptops", client_id=None, company_id=None, lines=LINES),
    )
    with pytest.raises(InvalidTransition):
        app.quotes.accept(
            tenant,
            "client-9",
            quote_id,
            AcceptQuote(name="Ann", note="", signature=PNG),
        )
    app.quotes.send(tenant, OPERATOR, quote_id)
    assert app.quotes.get(tenant, quote_id).status_id == QUOTE_SENT
    with pytest.raises(InvalidValue) as error:
        app.quotes.accept(
            tenant, "client-9", quote_id, AcceptQuote(name="Ann", note="", signature="")
        )
    assert error.value.field == "signature"
    app.quotes.accept(
        tenant,
        "client-9",
        quote_id,
        AcceptQuote(name="Ann Client", note="Go", signature=PNG),
    )
    quote = app.quotes.get(tenant, quote_id)
    assert quote.status_id == ACCEPTED
    assert quote.acceptance is not None
    assert quote.acceptance["name"] == "Ann Client"
    assert quote.acceptance["note"] == "Go"
    assert quote.acceptance["signature"] == PNG
    assert quote.acceptance["content"]["total"] == "1799.00"
    signed = json.dumps(quote.acceptance["content"], sort_keys=True).encode()
    assert quote.acceptance["content_sha256"] == hashlib.sha256(signed).hexdigest()
    assert quote.acceptance["content"]["lines"] == quote.lines
    accepted = app.events_of(quote_id)[-1]
    assert accepted.actor == "client-9" and accepted.tenant_id == tenant
    with pytest.raises(InvalidTransition):
        app.quotes.decline(tenant, "client-9", quote_id)


def test_a_quote_can_be_revised_declined_and_duplicated(
    app: Ledgerdesk, tenant: str
) -> None:
    quote_id = app.quotes.draft(
        tenant,
        OPERATOR,
        DraftQuote(name="Laptops", client_id=None, company_id=None, lines=LINES),
    )
    app.quotes.revise(tenant, OPERATOR, quote_id, ReviseQuote(name="Laptops 2026"))
    app.quotes.send(tenant, OPERATOR, quote_id)
    app.quotes.decline(tenant, "client-9", quote_id, "Too much")
    assert app.quotes.get(tenant, quote_id).status_id == 4
    copy_id = app.quotes.duplicate(tenant, OPERATOR, quote_id)
    copy = app.quotes.get(tenant, copy_id)
    assert copy.status_id == 1
    assert copy.name == "Laptops 2026"
    assert copy.duplicated_from == quote_id
    assert copy.number == 2


# -- contracts ------------------------------------------------------------------
def test_a_prepaid_card_tops_up_only_a_contract_without_period(
    app: Ledgerdesk, tenant: str
) -> None:
    card = app.settings.add(
        tenant, OPERATOR, "prepaid_cards", "10 hours", {"hours": 10, "price": "750"}
    )
    prepaid = conclude(app, tenant, None, quantity=0)
    assert app.contracts.buy_prepaid_card(tenant, OPERATOR, prepaid, card) == 600
    assert app.contracts.buy_prepaid_card(tenant, OPERATOR, prepaid, card) == 1200
    monthly = conclude(app, tenant, "month")
    with pytest.raises(InvalidValue) as error:
        app.contracts.buy_prepaid_card(tenant, OPERATOR, monthly, card)
    assert error.value.field == "prepaid_card_id"
    with pytest.raises(InvalidValue) as error:
        app.contracts.buy_prepaid_card(tenant, OPERATOR, prepaid, 99)
    assert error.value.field == "prepaid_card_id"
    app.contracts.amend(
        tenant, OPERATOR, prepaid, AmendContract(name="Prepaid support")
    )
    assert app.contracts.get(tenant, prepaid).name == "Prepaid support"


# -- invoices -------------------------------------------------------------------
def test_an_invoice_from_draft_to_outstanding_restored_and_credited(
    app: Ledgerdesk, tenant: str
) -> None:
    invoice_id = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(company_id=None, client_id=None, day="2026-02-01"),
    )
    with pytest.raises(InvalidValue) as error:
        app.invoices.finalise(tenant, OPERATOR, invoice_id, "EXT-1")
    assert error.value.field == "lines"
    line = app.invoices.add_line(
        tenant,
        OPERATOR,
        invoice_id,
        {"description": "Work", "quantity": 2, "price": 50},
    )
    app.invoices.finalise(tenant, OPERATOR, invoice_id, "EXT-1")
    invoice = app.invoices.get(tenant, invoice_id)
    assert (invoice.external_id, invoice.status_id) == ("EXT-1", SENT)
    with pytest.raises(InvalidTransition):
        app.invoicing.remove_line(tenant, OPERATOR, invoice_id, line)
    app.invoices.change_status(tenant, OPERATOR, invoice_id, OUTSTANDING)
    assert app.invoices.get(tenant, invoice_id).status_id == OUTSTANDING
    app.invoices.restore(tenant, OPERATOR, invoice_id)  # not credited: back to draft
    restored = app.invoices.get(tenant, invoice_id)
    assert restored.is_draft and restored.status_id is None
    app.invoicing.remove_line(tenant, OPERATOR, invoice_id, line)
    assert app.invoices.get(tenant, invoice_id).lines == []
    app.invoices.add_line(
        tenant,
        OPERATOR,
        invoice_id,
        {"description": "Work", "quantity": 2, "price": 50},
    )
    app.invoices.finalise(tenant, OPERATOR, invoice_id, "EXT-1")
    credit_id = app.invoices.credit(tenant, OPERATOR, invoice_id)
    credit = app.invoices.get(tenant, credit_id)
    assert credit.credits == invoice_id
    assert credit.amount_excl == "-100.00"
    assert credit.code == "F000002"
    app.invoices.finalise(tenant, OPERATOR, credit_id, "EXT-2")
    assert app.invoices.get(tenant, credit_id).status_id == CREDIT
    with pytest.raises(InvalidTransition):  # its credit stands: it stays issued
        app.invoices.restore(tenant, OPERATOR, invoice_id)
    assert app.invoices.get(tenant, invoice_id).credited_by == {
        "invoice_id": credit_id,
        "number": credit.code,
    }


# -- subscriptions ----------------------------------------------------------------
def test_a_subscription_is_billed_then_terminated(app: Ledgerdesk, tenant: str) -> None:
    subscription_id = app.subscriptions.start(
        tenant,
        OPERATOR,
        StartSubscription(
            description="Workplace",
            company_id=None,
            client_id=None,
            period="month",
            billing_start_date="2026-01-31",
            direct_debit=False,
            lines=[{"description": "Seat", "quantity": 3, "price": 20}],
        ),
    )
    app.subscriptions.change(
        tenant, OPERATOR, subscription_id, ChangeSubscription(bill=True)
    )
    app.subscriptions.change(
        tenant, OPERATOR, subscription_id, ChangeSubscription(bill=True)
    )
    subscription = app.subscriptions.get(tenant, subscription_id)
    assert subscription.start_period == "2026-02-28"
    assert subscription.next_billing_date == "2026-03-31"
    app.subscriptions.change(
        tenant, OPERATOR, subscription_id, ChangeSubscription(terminate_on="2026-03-15")
    )
    assert app.subscriptions.get(tenant, subscription_id).next_billing_date is None
    with pytest.raises(InvalidTransition):
        app.subscriptions.change(
            tenant, OPERATOR, subscription_id, ChangeSubscription(bill=True)
        )


# -- organisations, settings and presets -----------------------------------------
def test_companies_archive_restore_and_merge(app: Ledgerdesk, tenant: str) -> None:
    acme = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Acme")
    )
    acme_bv = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Acme BV")
    )
    app.organisations.archive(tenant, OPERATOR, Company, acme)
    assert app.load(tenant, Company, acme).archived is True
    app.organisations.restore(tenant, OPERATOR, Company, acme)
    app.organisations.change(tenant, OPERATOR, acme, ChangeCompany(city="Delft"))
    restored = app.load(tenant, Company, acme)
    assert restored.archived is False and restored.fields["city"] == "Delft"
    assert app.organisations.merge_companies(tenant, OPERATOR, [acme, acme_bv]) == acme
    merged = app.load(tenant, Company, acme_bv)
    assert merged.merged_into == acme and merged.archived is True
    with pytest.raises(InvalidValue):
        app.organisations.merge_companies(tenant, OPERATOR, [acme, acme])
    with pytest.raises(InvalidTransition):
        app.organisations.restore(tenant, OPERATOR, Company, acme_bv)
    globex = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Globex")
    )
    with pytest.raises(InvalidTransition):
        app.organisations.merge_companies(tenant, OPERATOR, [acme_bv, globex])
    assert app.load(tenant, Company, globex).merged_into is None


def test_ticket_groups_and_locations(app: Ledgerdesk, tenant: str) -> None:
    company = app.organisations.register_company(
        tenant, OPERATOR, RegisterCompany(name="Acme")
    )
    group = app.organisations.form_ticket_group(
        tenant, OPERATOR, FormTicketGroup(name="Move", company_id=company)
    )
    app.organisations.archive(tenant, OPERATOR, TicketGroup, group)
    assert app.load(tenant, TicketGroup, group).archived is True
    app.organisations.restore(tenant, OPERATOR, TicketGroup, group)
    assert app.load(tenant, TicketGroup, group).archived is False
    with pytest.raises(NotFound):
        app.organisations.register_location(
            tenant, OPERATOR, RegisterLocation(name="HQ", company_id="nope")
        )
    location = app.organisations.register_location(
        tenant, OPERATOR, RegisterLocation(name="HQ", company_id=company)
    )
    app.organisations.change(tenant, OPERATOR, location, ChangeLocation(city="Delft"))
    app.organisations.archive(tenant, OPERATOR, Location, location)
    stored = app.load(tenant, Location, location)
    assert stored.archived is True and stored.fields["city"] == "Delft"
    with pytest.raises(NotFound):
        app.load(tenant, TicketGroup, location)


def test_setting_lists_reorder_and_default(app: Ledgerdesk, tenant: str) -> None:
    low = app.settings.add(tenant, OPERATOR, "priorities", "Low")
    high = app.settings.add(tenant, OPERATOR, "priorities", "High")
    app.settings.reorder(tenant, OPERATOR, "priorities", [high, low])
    app.settings.change(tenant, OPERATOR, "priorities", low, is_default=True)
    app.settings.change(tenant, OPERATOR, "priorities", high, is_default=True)
    settings = app.settings.setting_list(tenant, "priorities")
    assert [i["label"] for i in settings.ordered()] == ["High", "Low"]
    assert [i["is_default"] for i in settings.ordered()] == [True, False]
    with pytest.raises(InvalidValue) as error:
        app.settings.reorder(tenant, OPERATOR, "priorities", [high])
    assert error.value.field == "order"
    app.settings.change(tenant, OPERATOR, "priorities", low, remove=True)
    assert [
        i["id"] for i in app.settings.setting_list(tenant, "priorities").ordered()
    ] == [high]
    with pytest.raises(InvalidValue):
        app.settings.add(tenant, OPERATOR, "colours", "Red")


def test_presets_belong_to_the_user_who_saved_them(
    app: Ledgerdesk, tenant: str
) -> None:
    preset_id = app.settings.save_preset(
        tenant, "user-1", SavePreset(label="Mine", type="tickets", filter_config={})
    )
    app.settings.change_preset(
        tenant, "user-1", preset_id, ChangePreset(styling="primary")
    )
    with pytest.raises(NotFound):
        app.settings.change_preset(
            tenant, "user-2", preset_id, ChangePreset(label="Theirs")
        )
    with pytest.raises(InvalidValue) as error:
        app.settings.save_preset(
            tenant, "user-1", SavePreset(label="Bad", type="people")
        )
    assert error.value.field == "type"
    app.settings.delete_preset(tenant, "user-1", preset_id)
    with pytest.raises(NotFound):
        app.settings.change_preset(
            tenant, "user-1", preset_id, ChangePreset(label="Again")
        )


def test_the_log_position_grows_with_every_save(app: Ledgerdesk, tenant: str) -> None:
    before = app.position()
    open_ticket(app, tenant)
    assert app.position() > before
