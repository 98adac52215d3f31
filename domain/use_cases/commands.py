"""What every command shares: a value "not given", and commands built from input.

A command is a frozen dataclass of typed values. A partial update leaves out
what it does not change: its fields default to UNSET, which says "not given"
apart from None, which clears a field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, Final, Literal, Protocol, TypeVar

from domain.base import LedgerAggregate
from domain.errors import InvalidValue, StaleVersion


class Unset(Enum):
    """The type of UNSET: a field a partial update does not change."""

    UNSET = "unset"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> Literal[False]:
        return False


UNSET: Final = Unset.UNSET


class Command(Protocol):
    """A dataclass command that names how it refuses an unknown field."""

    unknown_field: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Any]]


C = TypeVar("C", bound=Command)


def command_of(cls: type[C], data: Mapping[str, Any]) -> C:
    """The command with the values of a mapping; an unknown name is a 422."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    unknown = set(data) - {f.name for f in fields}
    if unknown:
        field = sorted(unknown)[0]
        raise InvalidValue(cls.unknown_field.format(field=field), field)
    for f in fields:
        required = f.default is f.default_factory is dataclasses.MISSING
        if required and f.init and f.name not in data:
            raise InvalidValue(f"The {f.name} field is required.", f.name)
    return cls(**data)


def given(command: object) -> dict[str, Any]:
    """The fields a command gives, UNSET ones left out."""
    return {
        f.name: getattr(command, f.name)
        for f in dataclasses.fields(command)  # type: ignore[arg-type]
        if getattr(command, f.name) is not UNSET
    }


def expect_version(aggregate: LedgerAggregate, expected: int | None) -> None:
    """Refuse a change made on a version older than the record's last edit, or
    on one it never had; what was only added since (a reply, an SLA alert) does
    not conflict with it."""
    if expected is None:
        return
    if not aggregate.edited_version <= int(expected) <= aggregate.version:
        raise StaleVersion(
            "This record was changed by someone else while you edited it. "
            "Reload to see their change."
        )
