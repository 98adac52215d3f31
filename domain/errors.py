"""Typed domain errors: every broken rule raises one of these, never an assert."""

from __future__ import annotations


class DomainError(Exception):
    """A business rule refused a command."""

    field: str | None = None

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if field is not None:
            self.field = field


class InvalidValue(DomainError):
    """A command carried a value the rules do not accept (maps to 422)."""


class NotFound(DomainError):
    """The aggregate does not exist, or not in the caller's tenant (maps to 404)."""


class InvalidTransition(DomainError):
    """The aggregate is not in a state that allows the command (maps to 409)."""


class ConcurrentChange(DomainError):
    """Another command changed the aggregate first (maps to 409)."""


class StaleVersion(ConcurrentChange):
    """A change was made on an older version than the stored one (maps to 409).

    Unlike a clash of two saves, loading again does not resolve it: the
    person's change was made without seeing the other one.
    """


class AlreadyExists(DomainError):
    """A unique name, subdomain or address is taken (maps to 409)."""
