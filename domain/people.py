"""People: operators of both lines and the clients of a provider's customers."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain import values
from domain.base import LedgerAggregate, require_text, stable_id
from domain.errors import AlreadyExists, InvalidValue

CLIENT, FIRST_LINE, SECOND_LINE = 0, 1, 2
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
LANGUAGES = ("nl", "en", "de")


def user_id(tenant_id: str, email: str) -> str:
    """A user's id follows from tenant and address, so addresses stay unique."""
    return str(stable_id("user", tenant_id, email.strip().lower()))


def check_email(email: str) -> str:
    """A lower-cased address, or InvalidValue on email."""
    address = (email or "").strip().lower()
    if not EMAIL.match(address):
        raise InvalidValue("The email must be a valid email address.", "email")
    return address


class User(LedgerAggregate):
    """Someone who signs in: a client (is_operator 0) or an operator (1 or 2)."""

    @staticmethod
    def create_id(tenant_id: str, email: str) -> UUID:
        return UUID(user_id(tenant_id, email))

    @event("Registered")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        email: str,
        first_name: str,
        last_name: str,
        is_operator: int,
        company_ids: list[str],
        role: str,
        permissions: list[str],
        password_hash: str | None,
        language: str,
    ) -> None:
        self.tenant_id = tenant_id
        self.email = email
        self.first_name = first_name
        self.last_name = last_name
        self.is_operator = is_operator
        self.company_ids = company_ids
        self.role = role
        self.permissions = permissions
        self.password_hash = password_hash
        self.language = language
        self.active = True
        self.configs: dict[str, str] = {}

    @classmethod
    def register(
        cls,
        tenant_id: str,
        actor: str,
        email: str,
        first_name: str,
        last_name: str,
        is_operator: int,
        company_ids: list[str],
        role: str,
        permissions: list[str],
        password_hash: str | None = None,
        language: str = "nl",
    ) -> User:
        """Register a user after checking name, address, line and language."""
        address = check_email(email)
        if is_operator not in (CLIENT, FIRST_LINE, SECOND_LINE):
            raise InvalidValue("is_operator must be 0, 1 or 2.", "is_operator")
        if language not in LANGUAGES:
            raise InvalidValue("Unknown language.", "language")
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            email=address,
            first_name=require_text(first_name, "first_name", 100),
            last_name=values.text(last_name, "last_name", 100, required=False),
            is_operator=is_operator,
            company_ids=values.text_list(company_ids, "company_ids", max_length=64),
            role=require_text(role, "role", 100),
            permissions=sorted(set(values.text_list(permissions, "permissions"))),
            password_hash=password_hash,
            language=language,
        )

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def update(self, actor: str, changes: dict[str, Any]) -> None:
        """Change name, companies, role, permissions or language."""
        allowed = {
            "first_name",
            "last_name",
            "company_ids",
            "role",
            "permissions",
            "language",
        }
        unknown = set(changes) - allowed
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"The {field} field cannot be changed.", field)
        changes = dict(changes)
        if "first_name" in changes:
            changes["first_name"] = require_text(
                changes["first_name"], "first_name", 100
            )
        if "last_name" in changes:
            if changes["last_name"] is None:
                raise InvalidValue("The last_name field must be text.", "last_name")
            changes["last_name"] = values.text(
                changes["last_name"], "last_name", 100, required=False
            )
        if "role" in changes:
            changes["role"] = require_text(changes["role"], "role", 100)
        if "language" in changes and changes["language"] not in LANGUAGES:
            raise InvalidValue("Unknown language.", "language")
        if "permissions" in changes:
            changes["permissions"] = sorted(
                set(values.text_list(changes["permissions"], "permissions"))
            )
        if "company_ids" in changes:
            changes["company_ids"] = values.text_list(
                changes["company_ids"], "company_ids", max_length=64
            )
        changed = {k: v for k, v in changes.items() if getattr(self, k) != v}
        if changed:
            self._updated(actor=actor, changes=changed)

    @event("Updated")
    def _updated(self, actor: str, changes: dict[str, Any]) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def change_password(self, actor: str, password_hash: str) -> None:
        """Store a new password hash (never the password)."""
        self._password_changed(
            actor=actor, password_hash=require_text(password_hash, "password")
        )

    @event("PasswordChanged")
    def _password_changed(self, actor: str, password_hash: str) -> None:
        self.password_hash = password_hash

    def save_configs(self, actor: str, configs: dict[str, str]) -> None:
        """Keep the user's table layout choices (filter, order, pagination, columns)."""
        pattern = re.compile(
            rf"^{re.escape(str(self.id))}_(filter|order|pagination|columns)_[\w.-]+$"
        )
        for name in configs:
            if not pattern.match(name):
                raise InvalidValue(f"Unknown config name {name!r}.", "configs")
        changed = {k: v for k, v in configs.items() if self.configs.get(k) != v}
        if changed:
            self._configs_saved(actor=actor, configs=changed)

    @event("ConfigsSaved")
    def _configs_saved(self, actor: str, configs: dict[str, str]) -> None:
        self.configs.update(configs)

    def link_identity(self, actor: str, issuer: str, tid: str, oid: str) -> None:
        """Link an external sign-in identity (issuer, tenant id, object id) once."""
        issuer = require_text(issuer, "issuer", 300)
        tid, oid = require_text(tid, "tid", 100), require_text(oid, "oid", 100)
        current = getattr(self, "identity", None)
        if current == {"issuer": issuer, "tid": tid, "oid": oid}:
            return
        if current is not None:
            raise AlreadyExists(
                "This user is already linked to another sign-in account.", "oid"
            )
        self._identity_linked(actor=actor, issuer=issuer, tid=tid, oid=oid)

    @event("IdentityLinked")
    def _identity_linked(self, actor: str, issuer: str, tid: str, oid: str) -> None:
        self.identity = {"issuer": issuer, "tid": tid, "oid": oid}

    def deactivate(self, actor: str) -> None:
        """Stop the user from signing in."""
        if self.active:
            self._deactivated(actor=actor)

    @event("Deactivated")
    def _deactivated(self, actor: str) -> None:
        self.active = False
