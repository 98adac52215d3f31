"""A user is linked to one external sign-in identity (issuer, tid, oid), once."""

from __future__ import annotations

import pytest

from domain.errors import AlreadyExists, InvalidValue
from tests.unit.domain.support import ACTOR, given, new_events, replay, then
from tests.unit.domain.test_people import register

ISSUER = "https://login.microsoftonline.com/tid-a/v2.0"


def test_linking_records_issuer_tid_and_oid() -> None:
    user = given(register())
    user.link_identity(ACTOR, ISSUER, "tid-a", "oid-1")
    (linked,) = new_events(user)
    assert type(linked).__name__ == "IdentityLinked"
    assert (linked.issuer, linked.tid, linked.oid) == (ISSUER, "tid-a", "oid-1")
    assert user.identity == {"issuer": ISSUER, "tid": "tid-a", "oid": "oid-1"}


def test_linking_the_same_identity_again_changes_nothing() -> None:
    user = register()
    user.link_identity(ACTOR, ISSUER, "tid-a", "oid-1")
    given(user)
    user.link_identity(ACTOR, ISSUER, "tid-a", "oid-1")
    assert then(user) == []


@pytest.mark.parametrize(("tid", "oid"), [("tid-a", "oid-2"), ("tid-b", "oid-1")])
def test_a_linked_user_is_not_linked_to_another_identity(tid: str, oid: str) -> None:
    user = register()
    user.link_identity(ACTOR, ISSUER, "tid-a", "oid-1")
    given(user)
    with pytest.raises(AlreadyExists) as error:
        user.link_identity(ACTOR, ISSUER, tid, oid)
    assert error.value.field == "oid"
    assert then(user) == []


@pytest.mark.parametrize("field", ["issuer", "tid", "oid"])
def test_every_part_of_the_identity_is_required(field: str) -> None:
    parts = {"issuer": ISSUER, "tid": "tid-a", "oid": "oid-1", field: " "}
    with pytest.raises(InvalidValue) as error:
        register().link_identity(ACTOR, **parts)
    assert error.value.field == field


def test_the_link_survives_replay() -> None:
    user = register()
    user.link_identity(ACTOR, ISSUER, "tid-a", "oid-1")
    rebuilt = replay(user, new_events(user))
    assert rebuilt.identity["oid"] == "oid-1"
