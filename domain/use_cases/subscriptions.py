"""Use cases for subscriptions: started, changed, billed and terminated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.store import Store
from domain.subscriptions import Subscription
from domain.use_cases.commands import given
from domain.use_cases.users import Users


@dataclass(frozen=True)
class StartSubscription:
    """A new subscription: what, for whom, billed per period from a date."""

    unknown_field: ClassVar[str] = "Subscriptions have no field {field!r}."

    description: str
    company_id: str | None
    client_id: str | None
    period: str
    billing_start_date: str
    direct_debit: bool = False
    lines: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ChangeSubscription:
    """New lines (None: kept), the next period billed, or a termination date."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."

    lines: list[dict[str, Any]] | None = None
    bill: bool = False
    terminate_on: str | None = None


class Subscriptions:
    """Start subscriptions, replace their lines, bill and terminate them."""

    def __init__(self, store: Store, users: Users) -> None:
        self.store = store
        self.users = users

    def get(self, tenant_id: str, subscription_id: str) -> Subscription:
        """The subscription, or NotFound."""
        return self.store.load(tenant_id, Subscription, subscription_id)

    def start(self, tenant_id: str, actor: str, command: StartSubscription) -> str:
        """Start a subscription; answers its id."""
        self.users.check_parties(tenant_id, command.company_id, command.client_id)
        subscription = Subscription.start(
            tenant_id=tenant_id, actor=actor, **given(command)
        )
        self.store.commit(subscription)
        return str(subscription.id)

    def change(
        self,
        tenant_id: str,
        actor: str,
        subscription_id: str,
        command: ChangeSubscription,
    ) -> None:
        """Replace the lines, bill the next period or terminate, in one save."""
        subscription = self.get(tenant_id, subscription_id)
        if command.lines is not None:
            subscription.change_lines(actor, command.lines)
        if command.bill:
            subscription.bill_period(actor)
        if command.terminate_on is not None:
            subscription.terminate(actor, command.terminate_on)
        self.store.commit(subscription)
