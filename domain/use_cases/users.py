"""Use cases for the people of a tenant: clients and operators."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from domain.errors import InvalidValue, NotFound
from domain.people import User, user_id
from domain.store import Store
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.organisations import Organisations
from domain.use_cases.tenants import Tenants


@dataclass(frozen=True)
class RegisterUser:
    """A new client (is_operator 0) or operator (1 first line, 2 second line)."""

    unknown_field: ClassVar[str] = "Users have no field {field!r}."

    email: str
    first_name: str
    last_name: str
    is_operator: int
    role: str
    company_ids: list[str] = field(default_factory=list)
    permissions: list[str] = field(default_factory=list)
    password_hash: str | None = None
    language: str = "nl"


@dataclass(frozen=True)
class UpdateUser:
    """The user fields to change; a last name given as None is refused."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."

    first_name: str | Unset = UNSET
    last_name: str | None | Unset = UNSET
    company_ids: list[str] | Unset = UNSET
    role: str | Unset = UNSET
    permissions: list[str] | Unset = UNSET
    language: str | Unset = UNSET


class Users:
    """Register, change and link users; check who a record names."""

    def __init__(
        self, store: Store, tenants: Tenants, organisations: Organisations
    ) -> None:
        self.store = store
        self.tenants = tenants
        self.organisations = organisations

    def get(self, tenant_id: str, uid: str) -> User:
        """The user, or NotFound."""
        return self.store.load(tenant_id, User, uid)

    def by_email(self, tenant_id: str, email: str) -> User:
        """The user with that address in the tenant, or NotFound."""
        return self.store.load(tenant_id, User, user_id(tenant_id, email))

    def check_parties(
        self,
        tenant_id: str,
        company_id: str | None = None,
        client_id: str | None = None,
        operator_id: str | None = None,
    ) -> None:
        """The company, client and operator a record names exist in the tenant."""
        if company_id:
            self.organisations.company(tenant_id, company_id)
        for name, uid in (("client_id", client_id), ("operator_id", operator_id)):
            if uid:
                try:
                    self.get(tenant_id, uid)
                except NotFound as error:
                    raise InvalidValue(
                        f"The selected {name} is invalid.", name
                    ) from error

    def register(self, tenant_id: str, actor: str, command: RegisterUser) -> str:
        """Register a client or operator; answers the user id."""
        self.tenants.get(tenant_id)
        for company_id in command.company_ids:
            self.organisations.company(tenant_id, company_id)
        user = User.register(tenant_id=tenant_id, actor=actor, **given(command))
        self.store.commit(user)
        return str(user.id)

    def update(self, tenant_id: str, actor: str, uid: str, command: UpdateUser) -> None:
        """Change a user's name, companies, role, permissions or language."""
        user = self.get(tenant_id, uid)
        for company_id in command.company_ids or []:
            self.organisations.company(tenant_id, company_id)
        user.update(actor, given(command))
        self.store.commit(user)

    def change_password(
        self, tenant_id: str, actor: str, uid: str, password_hash: str
    ) -> None:
        """Store a new password hash."""
        user = self.get(tenant_id, uid)
        user.change_password(actor, password_hash)
        self.store.commit(user)

    def link_identity(
        self, tenant_id: str, actor: str, uid: str, issuer: str, tid: str, oid: str
    ) -> None:
        """Link a user to an external sign-in identity (issuer, tid, oid) once."""
        user = self.get(tenant_id, uid)
        user.link_identity(actor, issuer, tid, oid)
        self.store.commit(user)

    def save_configs(
        self, tenant_id: str, actor: str, uid: str, configs: dict[str, str]
    ) -> None:
        """Keep a user's table layout choices."""

        def action() -> None:
            user = self.get(tenant_id, uid)
            user.save_configs(actor, configs)
            self.store.commit(user)

        self.store.retrying(action)
