"""Tenants (subdomain, setup, trial, configs, modules) and number sequences."""

from __future__ import annotations

import pytest

from domain.errors import InvalidValue
from domain.tenants import Sequence, Tenant, sequence_id, tenant_id_for
from tests.unit.domain.support import (
    ACTOR,
    OTHER_TENANT,
    TENANT,
    given,
    new_events,
    then,
)


def test_a_tenant_is_reached_by_its_lower_cased_subdomain() -> None:
    tenant = Tenant.create(ACTOR, "Acme IT", " Acme-IT ", "2026-12-31")
    (created,) = new_events(tenant)
    assert type(created).__name__ == "Created"
    assert created.actor == ACTOR
    assert tenant.subdomain == "acme-it"
    assert str(tenant.id) == tenant.tenant_id == tenant_id_for("acme-it")
    assert created.tenant_id == tenant.tenant_id
    assert tenant.trial_ends_on == "2026-12-31"
    assert tenant.setup_completed is False


def test_the_id_follows_from_the_subdomain_so_subdomains_stay_unique() -> None:
    assert Tenant.create(ACTOR, "A", "acme").id == Tenant.create(ACTOR, "B", "ACME").id
    assert Tenant.create(ACTOR, "A", "acme").id != Tenant.create(ACTOR, "A", "acme2").id


@pytest.mark.parametrize(
    "subdomain",
    ["", "-acme", "acme-", "ac_me", "acme.it", "ac me", "a" * 64, "äcme", None],
)
def test_an_invalid_subdomain_is_refused_naming_it(subdomain: str | None) -> None:
    with pytest.raises(InvalidValue) as error:
        Tenant.create(ACTOR, "Acme", subdomain)  # type: ignore[arg-type]
    assert error.value.field == "subdomain"


@pytest.mark.parametrize("subdomain", ["a", "acme", "acme-it-2", "9" * 63])
def test_valid_subdomains(subdomain: str) -> None:
    assert Tenant.create(ACTOR, "Acme", subdomain).subdomain == subdomain


def test_a_tenant_needs_a_name() -> None:
    with pytest.raises(InvalidValue) as error:
        Tenant.create(ACTOR, " ", "acme")
    assert error.value.field == "name"


def test_setup_configs_modules_and_trial_are_recorded_once() -> None:
    tenant = given(Tenant.create(ACTOR, "Acme", "acme"))
    tenant.complete_setup(ACTOR)
    tenant.complete_setup(ACTOR)
    tenant.set_config(ACTOR, "ticketing.ticket_fields_config", {"a": 1})
    tenant.set_config(ACTOR, "ticketing.ticket_fields_config", {"a": 1})
    tenant.set_module(ACTOR, "mod_invoice_export_pdf", True)
    tenant.set_module(ACTOR, "mod_invoice_export_pdf", True)
    tenant.extend_trial(ACTOR, None)
    assert then(tenant) == ["SetupCompleted", "ConfigSet", "ModuleSet", "TrialChanged"]
    assert tenant.setup_completed is True
    assert tenant.configs == {"ticketing.ticket_fields_config": {"a": 1}}
    assert tenant.modules == {"mod_invoice_export_pdf": True}
    assert tenant.trial_ends_on is None
    with pytest.raises(InvalidValue):
        tenant.set_module(ACTOR, "invoices", True)


def test_a_sequence_hands_out_consecutive_numbers_from_one() -> None:
    sequence = Sequence.start(TENANT, "tickets")
    assert sequence.allocate("system") == [1]
    assert sequence.allocate("system", 3) == [2, 3, 4]
    events = new_events(sequence)
    assert [type(e).__name__ for e in events] == ["Started", "Allocated", "Allocated"]
    assert all(e.tenant_id == TENANT for e in events)
    with pytest.raises(InvalidValue):
        sequence.allocate("system", 0)


def test_each_tenant_has_its_own_sequence() -> None:
    assert sequence_id(TENANT, "tickets") != sequence_id(OTHER_TENANT, "tickets")
    assert sequence_id(TENANT, "tickets") != sequence_id(TENANT, "quotes")
    assert str(Sequence.start(TENANT, "tickets").id) == sequence_id(TENANT, "tickets")


def test_the_trial_end_is_a_date_or_none() -> None:
    tenant = given(Tenant.create(ACTOR, "Acme", "acme", "2026-12-31"))
    with pytest.raises(InvalidValue) as error:
        Tenant.create(ACTOR, "Acme", "acme", "next month")
    assert error.value.field == "trial_ends_on"
    with pytest.raises(InvalidValue) as error:
        tenant.extend_trial(ACTOR, "2026-02-30")
    assert error.value.field == "trial_ends_on"
    assert then(tenant) == []
    tenant.extend_trial(ACTOR, "2027-01-31")
    assert tenant.trial_ends_on == "2027-01-31"
    assert Tenant.create(ACTOR, "Acme", "acme", "").trial_ends_on is None
