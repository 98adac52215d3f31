"""Commands are typed values: unknown and missing names are 422s naming the field,
and a partial update tells a field not given from one cleared (None)."""

from __future__ import annotations

import dataclasses

import pytest

from domain.errors import InvalidValue
from domain.people import User
from domain.use_cases.commands import UNSET, command_of, given
from domain.use_cases.organisations import ChangeCompany
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.users import RegisterUser, UpdateUser

from .support import ACTOR, TENANT


def test_an_unknown_name_is_refused_with_the_aggregates_message() -> None:
    with pytest.raises(InvalidValue) as error:
        command_of(OpenTicket, {"description": "x", "colour": "red"})
    assert (error.value.field, str(error.value)) == (
        "colour",
        "Tickets have no field 'colour'.",
    )
    with pytest.raises(InvalidValue) as error:
        command_of(ChangeCompany, {"vat": "NL1"})
    assert str(error.value) == "The vat field cannot be changed."


def test_a_missing_required_value_names_its_field() -> None:
    with pytest.raises(InvalidValue) as error:
        command_of(OpenTicket, {"priority_id": 1})
    assert (error.value.field, str(error.value)) == (
        "description",
        "The description field is required.",
    )


def test_a_partial_update_gives_only_what_was_set_and_none_clears() -> None:
    assert given(UpdateTicket()) == {}
    assert given(UpdateTicket(operator_id=None)) == {"operator_id": None}
    assert UpdateTicket().operator_id is UNSET
    assert not UNSET and repr(UNSET) == "UNSET"
    assert command_of(UpdateTicket, {"priority_id": 2}) == UpdateTicket(priority_id=2)


def test_a_last_name_given_as_none_is_refused_but_leaving_it_out_is_not() -> None:
    user = User.register(
        actor=ACTOR,
        tenant_id=TENANT,
        **given(
            RegisterUser(
                email="ann@acme.test",
                first_name="Ann",
                last_name="Client",
                is_operator=0,
                role="client",
            )
        ),
    )
    user.update(ACTOR, given(UpdateUser(first_name="Anna")))
    assert (user.first_name, user.last_name) == ("Anna", "Client")
    with pytest.raises(InvalidValue) as error:
        user.update(ACTOR, given(UpdateUser(last_name=None)))
    assert error.value.field == "last_name"


def test_commands_are_frozen() -> None:
    command = OpenTicket(description="Printer")
    with pytest.raises(dataclasses.FrozenInstanceError):
        command.description = "Scanner"  # type: ignore[misc]
