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

    def change_lines(
        self,
        tenant_id: str,
        actor: str,
        subscription_id: str,
        lines: list[dict[str, Any]],
    ) -> None:
        """Replace a subscription's lines."""
        subscription = self.get(tenant_id, subscription_id)
        subscription.change_lines(actor, lines)
        self.store.commit(subscription)

    def bill_period(self, tenant_id: str, actor: str, subscription_id: str) -> None:
        """Mark the next period billed."""
        subscription = self.get(tenant_id, subscription_id)
        subscription.bill_period(actor)
        self.store.commit(subscription)

    def terminate(
        self, tenant_id: str, actor: str, subscription_id: str, terminate_on: str
    ) -> None:
        """End the subscription on a date."""
        subscription = self.get(tenant_id, subscription_id)
        subscription.terminate(actor, terminate_on)
        self.store.commit(subscription)
