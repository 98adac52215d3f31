"""The application's former method names, each handing on to its use-case object.

Kept only while callers move to `app.<context>.<verb>(command)`; nothing new
calls these.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from domain.base import LedgerAggregate
from domain.deals import Engagement
from domain.organisations import Company, Location, TicketGroup
from domain.use_cases.assets import RegisterAsset, UpdateAsset
from domain.use_cases.commands import command_of, expect_version
from domain.use_cases.contracts import AmendContract, ConcludeContract
from domain.use_cases.deals import FIELDS, KINDS
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.invoicing import Billable
from domain.use_cases.messages import EditMessage, PostMessage
from domain.use_cases.organisations import (
    ARCHIVABLE_CHANGES,
    ArchivableChanges,
    FormTicketGroup,
    RegisterCompany,
    RegisterLocation,
)
from domain.use_cases.quotes import AcceptQuote, DraftQuote, ReviseQuote
from domain.use_cases.settings import ChangePreset, SavePreset
from domain.use_cases.subscriptions import ChangeSubscription, StartSubscription
from domain.use_cases.tenants import ChangeTenant
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.timekeeping import RegisterTime
from domain.use_cases.users import RegisterUser, UpdateUser

if TYPE_CHECKING:
    from domain.use_cases.assets import Assets
    from domain.use_cases.contracts import Contracts
    from domain.use_cases.deals import Deals
    from domain.use_cases.invoices import Invoices
    from domain.use_cases.invoicing import Invoicing
    from domain.use_cases.messages import Messages
    from domain.use_cases.organisations import Organisations
    from domain.use_cases.quotes import Quotes
    from domain.use_cases.settings import Settings
    from domain.use_cases.subscriptions import Subscriptions
    from domain.use_cases.tenants import Tenants
    from domain.use_cases.tickets import Tickets
    from domain.use_cases.timekeeping import Timekeeping
    from domain.use_cases.users import Users


def _first(message: dict[str, Any] | None) -> PostMessage | None:
    if not message:
        return None
    data = dict(message)
    if "actor" in data:
        data["author"] = data.pop("actor")
    return command_of(PostMessage, data)


class FormerNames:
    """Every former use-case method, by its former signature."""

    tenants: Tenants
    settings: Settings
    organisations: Organisations
    users: Users
    tickets: Tickets
    messages: Messages
    time: Timekeeping
    assets: Assets
    quotes: Quotes
    contracts: Contracts
    invoices: Invoices
    subscriptions: Subscriptions
    deals: Deals
    invoicing: Invoicing

    # -- directory -------------------------------------------------------------
    def create_tenant(
        self, actor: str, name: str, subdomain: str, *a: Any, **kw: Any
    ) -> str:
        return self.tenants.create(actor, name, subdomain, *a, **kw)

    def tenant(self, tenant_id: str) -> Any:
        return self.tenants.get(tenant_id)

    def tenant_by_subdomain(self, subdomain: str) -> Any:
        return self.tenants.by_subdomain(subdomain)

    def change_tenant(self, tenant_id: str, actor: str, **kw: Any) -> None:
        if kw.get("trial_ends_on", True) is False:
            del kw["trial_ends_on"]
        kw = {k: v for k, v in kw.items() if v is not None or k == "trial_ends_on"}
        self.tenants.change(tenant_id, actor, command_of(ChangeTenant, kw))

    def allocate_numbers(self, tenant_id: str, name: str, count: int = 1) -> Any:
        return self.settings.allocate_numbers(tenant_id, name, count)

    def register_user(self, tenant_id: str, actor: str, **fields: Any) -> str:
        return self.users.register(tenant_id, actor, command_of(RegisterUser, fields))

    def user(self, tenant_id: str, uid: str) -> Any:
        return self.users.get(tenant_id, uid)

    def user_by_email(self, tenant_id: str, email: str) -> Any:
        return self.users.by_email(tenant_id, email)

    def update_user(
        self, tenant_id: str, actor: str, uid: str, changes: dict[str, Any]
    ) -> None:
        self.users.update(tenant_id, actor, uid, command_of(UpdateUser, changes))

    def change_password(self, tenant_id: str, actor: str, uid: str, h: str) -> None:
        self.users.change_password(tenant_id, actor, uid, h)

    def link_identity(
        self, tenant_id: str, actor: str, uid: str, *ids: str, **kw: str
    ) -> None:
        self.users.link_identity(tenant_id, actor, uid, *ids, **kw)

    def save_user_configs(
        self, tenant_id: str, actor: str, uid: str, configs: dict[str, str]
    ) -> None:
        self.users.save_configs(tenant_id, actor, uid, configs)

    def register_company(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        command = command_of(RegisterCompany, fields)
        return self.organisations.register_company(tenant_id, actor, command)

    def change_company(
        self,
        tenant_id: str,
        actor: str,
        company_id: str,
        *,
        changes: dict[str, Any] | None = None,
        archive: bool = False,
        restore: bool = False,
    ) -> None:
        self.change_archivable(
            tenant_id,
            actor,
            Company,
            company_id,
            changes=changes,
            archive=archive,
            restore=restore,
        )

    def merge_companies(self, tenant_id: str, actor: str, ids: list[str]) -> str:
        return self.organisations.merge_companies(tenant_id, actor, ids)

    def register_location(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        command = command_of(RegisterLocation, fields)
        return self.organisations.register_location(tenant_id, actor, command)

    def form_ticket_group(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        command = command_of(FormTicketGroup, fields)
        return self.organisations.form_ticket_group(tenant_id, actor, command)

    def change_archivable(
        self,
        tenant_id: str,
        actor: str,
        cls: type[Company] | type[Location] | type[TicketGroup],
        record_id: str,
        *,
        changes: dict[str, Any] | None = None,
        archive: bool = False,
        restore: bool = False,
    ) -> None:
        if changes or restore:
            command: ArchivableChanges
            command = command_of(ARCHIVABLE_CHANGES[cls], changes or {})
            self.organisations.change(tenant_id, actor, record_id, command, restore)
        if archive:
            self.organisations.archive(tenant_id, actor, cls, record_id)

    def setting_list(self, tenant_id: str, kind: str) -> Any:
        return self.settings.setting_list(tenant_id, kind)

    def setting_item(self, tenant_id: str, kind: str, item_id: int | None) -> Any:
        return self.settings.item(tenant_id, kind, item_id)

    def add_setting(
        self, tenant_id: str, actor: str, kind: str, *a: Any, **kw: Any
    ) -> int:
        return self.settings.add(tenant_id, actor, kind, *a, **kw)

    def change_setting(
        self, tenant_id: str, actor: str, kind: str, item_id: int, **kw: Any
    ) -> None:
        self.settings.change(tenant_id, actor, kind, item_id, **kw)

    def reorder_settings(
        self, tenant_id: str, actor: str, kind: str, order: list[int]
    ) -> None:
        self.settings.reorder(tenant_id, actor, kind, order)

    def save_preset(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> str:
        return self.settings.save_preset(
            tenant_id, actor, command_of(SavePreset, fields)
        )

    def change_preset(
        self,
        tenant_id: str,
        actor: str,
        preset_id: str,
        changes: dict[str, Any] | None = None,
        delete: bool = False,
    ) -> None:
        if delete:
            self.settings.delete_preset(tenant_id, actor, preset_id)
        else:
            command = command_of(ChangePreset, changes or {})
            self.settings.change_preset(tenant_id, actor, preset_id, command)

    # -- tickets and assets ----------------------------------------------------
    def ticket(self, tenant_id: str, ticket_id: str, version: int | None = None) -> Any:
        return self.tickets.get(tenant_id, ticket_id, version)

    def status(self, tenant_id: str, status_id: int | None, *a: Any, **kw: Any) -> Any:
        return self.tickets.status(tenant_id, status_id, *a, **kw)

    def open_tickets(
        self,
        tenant_id: str,
        actor: str,
        specs: list[dict[str, Any]],
        first_messages: list[dict[str, Any] | None] | None = None,
        check: bool = True,
    ) -> list[str]:
        firsts = first_messages or [None] * len(specs)
        commands = [
            (command_of(OpenTicket, spec), _first(first))
            for spec, first in zip(specs, firsts, strict=True)
        ]
        return self.tickets.open_many(tenant_id, actor, commands, check)

    def open_ticket(
        self,
        tenant_id: str,
        actor: str,
        fields: dict[str, Any],
        message: dict[str, Any] | None = None,
    ) -> str:
        return self.open_tickets(tenant_id, actor, [fields], [message])[0]

    def update_ticket(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        changes: dict[str, Any],
        expected_version: int | None = None,
    ) -> None:
        command = command_of(UpdateTicket, changes)
        self.tickets.update(tenant_id, actor, ticket_id, command, expected_version)

    def expect_version(self, aggregate: LedgerAggregate, expected: int | None) -> None:
        expect_version(aggregate, expected)

    def post_message(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        message: str,
        visible_to_client: bool,
        is_from_client: bool,
        recipients: list[dict[str, Any]] | None = None,
        attachment_ids: list[str] | None = None,
        mentions: list[str] | None = None,
        format: str = "text",
    ) -> str:
        command = PostMessage(
            message,
            visible_to_client,
            is_from_client,
            recipients or [],
            attachment_ids or [],
            mentions or [],
            format,
        )
        return self.messages.post(tenant_id, actor, ticket_id, command)

    def edit_message(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        message_id: str,
        changes: dict[str, Any],
    ) -> None:
        command = command_of(EditMessage, changes)
        self.messages.edit(tenant_id, actor, ticket_id, message_id, command)

    def remove_message(
        self, tenant_id: str, actor: str, ticket_id: str, message_id: str
    ) -> None:
        self.messages.remove(tenant_id, actor, ticket_id, message_id)

    def register_time(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        minutes: int,
        executed_at: datetime,
        operator_id: str | None = None,
        activity_id: int | None = None,
        description: str = "",
        contract_id: str | None = None,
    ) -> str:
        command = RegisterTime(
            minutes, executed_at, operator_id, activity_id, description, contract_id
        )
        return self.time.register(tenant_id, actor, ticket_id, command)

    def remove_time(self, tenant_id: str, actor: str, ticket_id: str, rid: str) -> None:
        self.time.remove(tenant_id, actor, ticket_id, rid)

    def merge_tickets(self, tenant_id: str, actor: str, ids: list[str]) -> str:
        return self.tickets.merge(tenant_id, actor, ids)

    def clone_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> str:
        return self.tickets.clone(tenant_id, actor, ticket_id)

    def delete_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        self.tickets.delete(tenant_id, actor, ticket_id)

    def restore_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        self.tickets.restore(tenant_id, actor, ticket_id)

    def register_asset(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> str:
        return self.assets.register(tenant_id, actor, command_of(RegisterAsset, fields))

    def update_asset(
        self, tenant_id: str, actor: str, asset_id: str, changes: dict[str, Any]
    ) -> None:
        changes = {k: v for k, v in changes.items() if k != "status_type"}
        command = command_of(UpdateAsset, changes)
        self.assets.update(tenant_id, actor, asset_id, command)

    def post_asset_message(
        self, tenant_id: str, actor: str, asset_id: str, *a: Any, **kw: Any
    ) -> str:
        return self.assets.post_message(tenant_id, actor, asset_id, *a, **kw)

    # -- commerce --------------------------------------------------------------
    def quote(self, tenant_id: str, quote_id: str, version: int | None = None) -> Any:
        return self.quotes.get(tenant_id, quote_id, version)

    def draft_quote(
        self,
        tenant_id: str,
        actor: str,
        name: str,
        client_id: str | None,
        company_id: str | None,
        lines: list[dict[str, Any]],
        custom_fields: dict[str, Any] | None = None,
    ) -> str:
        command = DraftQuote(name, client_id, company_id, lines, custom_fields or {})
        return self.quotes.draft(tenant_id, actor, command)

    def revise_quote(
        self, tenant_id: str, actor: str, quote_id: str, **changes: Any
    ) -> None:
        command = command_of(ReviseQuote, changes)
        self.quotes.revise(tenant_id, actor, quote_id, command)

    def send_quote(self, tenant_id: str, actor: str, quote_id: str) -> None:
        self.quotes.send(tenant_id, actor, quote_id)

    def accept_quote(
        self, tenant_id: str, actor: str, quote_id: str, *terms: str, **kw: str
    ) -> None:
        self.quotes.accept(tenant_id, actor, quote_id, AcceptQuote(*terms, **kw))

    def decline_quote(
        self, tenant_id: str, actor: str, quote_id: str, reason: str = ""
    ) -> None:
        self.quotes.decline(tenant_id, actor, quote_id, reason)

    def duplicate_quote(self, tenant_id: str, actor: str, quote_id: str) -> str:
        return self.quotes.duplicate(tenant_id, actor, quote_id)

    def contract(self, tenant_id: str, contract_id: str) -> Any:
        return self.contracts.get(tenant_id, contract_id)

    def conclude_contract(self, tenant_id: str, actor: str, **terms: Any) -> str:
        command = command_of(ConcludeContract, terms)
        return self.contracts.conclude(tenant_id, actor, command)

    def amend_contract(
        self, tenant_id: str, actor: str, contract_id: str, changes: dict[str, Any]
    ) -> None:
        command = command_of(AmendContract, changes)
        self.contracts.amend(tenant_id, actor, contract_id, command)

    def buy_prepaid_card(
        self, tenant_id: str, actor: str, contract_id: str, card_id: int
    ) -> int:
        return self.contracts.buy_prepaid_card(tenant_id, actor, contract_id, card_id)

    def invoice(self, tenant_id: str, invoice_id: str) -> Any:
        return self.invoices.get(tenant_id, invoice_id)

    def create_invoice(
        self,
        tenant_id: str,
        actor: str,
        company_id: str | None,
        client_id: str | None,
        day: str | None = None,
        reference_number: str = "",
        lines: list[dict[str, Any]] | None = None,
    ) -> str:
        command = CreateInvoice(
            company_id, client_id, day, reference_number, lines or []
        )
        return self.invoices.create(tenant_id, actor, command)

    def add_invoice_line(
        self, tenant_id: str, actor: str, invoice_id: str, line: dict[str, Any]
    ) -> str:
        return self.invoices.add_line(tenant_id, actor, invoice_id, line)

    def finalise_invoice(
        self, tenant_id: str, actor: str, invoice_id: str, external_id: str
    ) -> None:
        self.invoices.finalise(tenant_id, actor, invoice_id, external_id)

    def change_invoice_status(
        self, tenant_id: str, actor: str, invoice_id: str, status_id: int
    ) -> None:
        self.invoices.change_status(tenant_id, actor, invoice_id, status_id)

    def restore_invoice(self, tenant_id: str, actor: str, invoice_id: str) -> None:
        self.invoices.restore(tenant_id, actor, invoice_id)

    def credit_invoice(self, tenant_id: str, actor: str, invoice_id: str) -> str:
        return self.invoices.credit(tenant_id, actor, invoice_id)

    def subscription(self, tenant_id: str, subscription_id: str) -> Any:
        return self.subscriptions.get(tenant_id, subscription_id)

    def start_subscription(self, tenant_id: str, actor: str, **terms: Any) -> str:
        command = command_of(StartSubscription, terms)
        return self.subscriptions.start(tenant_id, actor, command)

    def change_subscription(
        self,
        tenant_id: str,
        actor: str,
        subscription_id: str,
        *,
        lines: list[dict[str, Any]] | None = None,
        bill: bool = False,
        terminate_on: str | None = None,
    ) -> None:
        command = ChangeSubscription(lines, bill, terminate_on)
        self.subscriptions.change(tenant_id, actor, subscription_id, command)

    # -- deals and invoicing ---------------------------------------------------
    def engagement(self, tenant_id: str, kind: str, record_id: str) -> Engagement:
        return self.deals.get(tenant_id, KINDS[kind], record_id)

    def create_engagement(
        self, tenant_id: str, actor: str, kind: str, fields: dict[str, Any]
    ) -> str:
        return self.deals.create(tenant_id, actor, command_of(FIELDS[kind], fields))

    def change_engagement(
        self,
        tenant_id: str,
        actor: str,
        kind: str,
        record_id: str,
        changes: dict[str, Any],
        expected_version: int | None = None,
    ) -> None:
        command = command_of(FIELDS[kind], changes)
        self.deals.change(tenant_id, actor, record_id, command, expected_version)

    def remove_engagement(
        self, tenant_id: str, actor: str, kind: str, record_id: str
    ) -> None:
        self.deals.remove(tenant_id, actor, KINDS[kind], record_id)

    def invoice_sources(
        self, tenant_id: str, actor: str, items: list[Billable], *a: Any, **kw: Any
    ) -> list[str]:
        return self.invoicing.invoice(tenant_id, actor, items, *a, **kw)

    def deinvoice_sources(
        self, tenant_id: str, actor: str, kind: str, ids: list[str], *a: Any, **kw: Any
    ) -> list[str]:
        return self.invoicing.deinvoice(tenant_id, actor, kind, ids, *a, **kw)

    def remove_invoice_line(
        self, tenant_id: str, actor: str, invoice_id: str, line_id: str
    ) -> None:
        self.invoicing.remove_line(tenant_id, actor, invoice_id, line_id)

    def draft_invoice_of(self, tenant_id: str, company_id: str | None) -> str | None:
        return self.invoicing.draft_of(tenant_id, company_id)

    def invoice_of(self, tenant_id: str, kind: str, source_id: str) -> str | None:
        return self.invoicing.invoice_of(tenant_id, kind, source_id)
