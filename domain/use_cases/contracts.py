"""Use cases for contracts: concluded, amended, topped up with prepaid cards."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from domain import values
from domain.contracts import Contract
from domain.errors import InvalidValue
from domain.settings import check_item_data
from domain.store import Store
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.settings import Settings
from domain.use_cases.users import Users

Hours = float | int | str | Decimal


@dataclass(frozen=True)
class ConcludeContract:
    """A new contract: hours per period (or prepaid, period None) from a date."""

    unknown_field: ClassVar[str] = "Contracts have no field {field!r}."

    name: str
    client_id: str | None
    company_id: str | None
    service_id: int | None
    period: str | None
    quantity: Hours
    start_date: str
    end_date: str | None = None


@dataclass(frozen=True)
class AmendContract:
    """The contract terms to change."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."

    name: str | Unset = UNSET
    service_id: int | None | Unset = UNSET
    quantity: Hours | Unset = UNSET
    end_date: str | None | Unset = UNSET
    client_id: str | None | Unset = UNSET
    company_id: str | None | Unset = UNSET


class Contracts:
    """Conclude and amend contracts; top up prepaid ones."""

    def __init__(self, store: Store, settings: Settings, users: Users) -> None:
        self.store = store
        self.settings = settings
        self.users = users

    def get(self, tenant_id: str, contract_id: str) -> Contract:
        """The contract, or NotFound."""
        return self.store.load(tenant_id, Contract, contract_id)

    def conclude(self, tenant_id: str, actor: str, command: ConcludeContract) -> str:
        """Start a contract; answers its id."""
        self.users.check_parties(tenant_id, command.company_id, command.client_id)
        if command.service_id is not None:
            self.settings.item(tenant_id, "services", command.service_id)
        contract = Contract.conclude(
            tenant_id=tenant_id,
            actor=actor,
            **given(command),  # type: ignore[arg-type]
        )
        self.store.commit(contract)
        return str(contract.id)

    def amend(
        self, tenant_id: str, actor: str, contract_id: str, command: AmendContract
    ) -> None:
        """Change a contract's name, service, hours or end date."""
        contract = self.get(tenant_id, contract_id)
        contract.amend(actor, given(command))
        self.store.commit(contract)

    def buy_prepaid_card(
        self, tenant_id: str, actor: str, contract_id: str, prepaid_card_id: int
    ) -> int:
        """Top up a prepaid contract; answers the minutes now remaining."""
        try:
            card = self.settings.item(tenant_id, "prepaid_cards", prepaid_card_id)
        except Exception as error:
            raise InvalidValue(
                "The selected prepaid card is invalid.", "prepaid_card_id"
            ) from error

        # A card stored before its values were checked may still be invalid.
        data = check_item_data("prepaid_cards", card["data"])
        description = values.text(
            data.get("description") or card["label"], "description", 500
        )

        def action() -> int:
            contract = self.get(tenant_id, contract_id)
            contract.buy_prepaid_card(
                actor,
                card["id"],
                values.hours(data["hours"], "hours"),
                data["price"],
                description,
            )
            self.store.commit(contract)
            return contract.minutes_remaining()

        return self.store.retrying(action)
