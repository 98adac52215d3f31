"""Use cases for quotes: drafted, revised, sent, accepted, declined, duplicated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.quotes import Quote
from domain.store import Store
from domain.use_cases.settings import Settings
from domain.use_cases.users import Users

NUMBERS = "quotes"


@dataclass(frozen=True)
class DraftQuote:
    """A new quote in concept: its name, parties, priced lines and custom fields."""

    unknown_field: ClassVar[str] = "Quotes have no field {field!r}."

    name: str
    client_id: str | None = None
    company_id: str | None = None
    lines: list[dict[str, Any]] = field(default_factory=list)
    custom_fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviseQuote:
    """What to change of a concept quote; None leaves a part as it is (a quote
    always has a name, lines and custom fields, so none is ever cleared)."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."

    name: str | None = None
    lines: list[dict[str, Any]] | None = None
    custom_fields: dict[str, Any] | None = None


@dataclass(frozen=True)
class AcceptQuote:
    """A client's acceptance: the signer's name, a note and the drawn signature."""

    unknown_field: ClassVar[str] = "Acceptances have no field {field!r}."

    name: str
    note: str
    signature: str


class Quotes:
    """Draft, revise, send, accept, decline and duplicate quotes."""

    def __init__(self, store: Store, settings: Settings, users: Users) -> None:
        self.store = store
        self.settings = settings
        self.users = users

    def get(self, tenant_id: str, quote_id: str, version: int | None = None) -> Quote:
        """The quote, or NotFound."""
        return self.store.load(tenant_id, Quote, quote_id, version)

    def draft(self, tenant_id: str, actor: str, command: DraftQuote) -> str:
        """Draft a quote in concept; answers its id."""
        self.users.check_parties(tenant_id, command.company_id, command.client_id)

        def action() -> str:
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, NUMBERS)
            quote = Quote.draft(
                tenant_id,
                actor,
                number,
                command.name,
                command.client_id,
                command.company_id,
                command.lines,
                command.custom_fields,
            )
            self.store.commit(sequence, quote)
            return str(quote.id)

        return self.store.retrying(action)

    def revise(
        self, tenant_id: str, actor: str, quote_id: str, command: ReviseQuote
    ) -> None:
        """Change a concept quote's name, lines or custom fields."""
        quote = self.get(tenant_id, quote_id)
        quote.revise(actor, command.name, command.lines, command.custom_fields)
        self.store.commit(quote)

    def send(self, tenant_id: str, actor: str, quote_id: str) -> None:
        """Offer a concept quote to the client."""
        quote = self.get(tenant_id, quote_id)
        quote.send(actor)
        self.store.commit(quote)

    def accept(
        self, tenant_id: str, actor: str, quote_id: str, command: AcceptQuote
    ) -> None:
        """Accept a sent quote with a drawn signature."""
        quote = self.get(tenant_id, quote_id)
        quote.accept(actor, command.name, command.note, command.signature)
        self.store.commit(quote)

    def decline(
        self, tenant_id: str, actor: str, quote_id: str, reason: str = ""
    ) -> None:
        """Reject a sent quote."""
        quote = self.get(tenant_id, quote_id)
        quote.decline(actor, reason)
        self.store.commit(quote)

    def duplicate(self, tenant_id: str, actor: str, quote_id: str) -> str:
        """Draft a new concept quote with another's content; answers its id."""
        original = self.get(tenant_id, quote_id)

        def action() -> str:
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, NUMBERS)
            copy = Quote.draft(
                tenant_id,
                actor,
                number,
                original.name,
                original.client_id,
                original.company_id,
                original.lines,
                original.custom_fields,
                str(original.id),
            )
            self.store.commit(sequence, copy)
            return str(copy.id)

        return self.store.retrying(action)
