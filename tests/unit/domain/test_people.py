"""Users: addresses, lines, languages, permissions, configs; ids unique by address."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import InvalidValue
from domain.people import CLIENT, FIRST_LINE, SECOND_LINE, User, check_email, user_id
from tests.unit.domain.support import (
    ACTOR,
    OTHER_TENANT,
    TENANT,
    given,
    new_events,
    then,
)


def register(**fields: Any) -> User:
    terms: dict[str, Any] = {
        "email": "ann@acme.test",
        "first_name": "Ann",
        "last_name": "Client",
        "is_operator": CLIENT,
        "company_ids": ["company-1"],
        "role": "client",
        "permissions": ["tickets.index"],
        **fields,
    }
    return User.register(tenant_id=TENANT, actor=ACTOR, **terms)


def test_operator_lines() -> None:
    assert (CLIENT, FIRST_LINE, SECOND_LINE) == (0, 1, 2)


def test_registering_records_a_checked_user() -> None:
    user = register(
        email=" Ann@ACME.test ", permissions=["quotes.index", "tickets.index"] * 2
    )
    (registered,) = new_events(user)
    assert type(registered).__name__ == "Registered"
    assert registered.tenant_id == TENANT and registered.actor == ACTOR
    assert user.email == "ann@acme.test"
    assert user.full_name == "Ann Client"
    assert user.permissions == ["quotes.index", "tickets.index"]
    assert user.language == "nl"
    assert user.active is True


@pytest.mark.parametrize(
    "email", ["", "ann", "ann@", "@acme.test", "ann@acme", "a n@acme.test", None]
)
def test_an_invalid_address_is_refused_on_email(email: Any) -> None:
    with pytest.raises(InvalidValue) as error:
        register(email=email)
    assert error.value.field == "email"


def test_check_email_lower_cases() -> None:
    assert check_email("  Bob@Example.COM ") == "bob@example.com"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"is_operator": 3}, "is_operator"),
        ({"language": "fr"}, "language"),
        ({"first_name": " "}, "first_name"),
    ],
)
def test_bad_fields_are_refused(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidValue) as error:
        register(**fields)
    assert error.value.field == field


def test_the_id_follows_from_tenant_and_address() -> None:
    assert register().id == register(email="ANN@acme.test").id
    assert str(register().id) == user_id(TENANT, "Ann@Acme.test")
    assert user_id(TENANT, "ann@acme.test") != user_id(OTHER_TENANT, "ann@acme.test")
    assert register().id != register(email="bob@acme.test").id


def test_update_records_differences_only() -> None:
    user = given(register())
    user.update(ACTOR, {"first_name": "Ann", "permissions": ["b", "a", "a"]})
    (updated,) = new_events(user)
    assert updated.changes == {"permissions": ["a", "b"]}
    with pytest.raises(InvalidValue) as error:
        user.update(ACTOR, {"email": "other@acme.test"})
    assert error.value.field == "email"
    with pytest.raises(InvalidValue) as error:
        user.update(ACTOR, {"language": "xx"})
    assert error.value.field == "language"


def test_configs_must_be_named_for_the_user() -> None:
    user = given(register())
    name = f"{user.id}_filter_tickets.index"
    user.save_configs(ACTOR, {name: '{"status": 1}'})
    assert then(user) == ["ConfigsSaved"]
    assert user.configs == {name: '{"status": 1}'}
    user.save_configs(ACTOR, {name: '{"status": 1}'})
    assert then(user) == []
    with pytest.raises(InvalidValue) as error:
        user.save_configs(ACTOR, {"someone-else_filter_tickets": "{}"})
    assert error.value.field == "configs"


def test_password_changes_keep_a_hash_and_deactivation_is_recorded_once() -> None:
    user = given(register())
    user.change_password(ACTOR, "$argon2id$hash")
    assert user.password_hash == "$argon2id$hash"
    with pytest.raises(InvalidValue):
        user.change_password(ACTOR, "")
    user.deactivate(ACTOR)
    user.deactivate(ACTOR)
    assert then(user) == ["PasswordChanged", "Deactivated"]
    assert user.active is False
