"""Companies, their locations and ticket groups: archived, restored and merged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue


class Archivable(LedgerAggregate):
    """Something that is struck through while archived and can be restored."""

    archived = False
    allowed_fields: ClassVar[frozenset[str]] = frozenset()
    if TYPE_CHECKING:  # set by each subclass's created event, not a field of it
        fields: dict[str, Any]

    def archive(self, actor: str) -> None:
        """Archive: hidden from pickers, shown struck through."""
        if self.archived:
            raise InvalidTransition("Already archived.")
        self._archived(actor=actor)

    @event("Archived")
    def _archived(self, actor: str) -> None:
        self.archived = True

    def restore(self, actor: str) -> None:
        """Restore: archived_at back to null."""
        if not self.archived:
            raise InvalidTransition("Only an archived record can be restored.")
        self._restored(actor=actor)

    @event("Restored")
    def _restored(self, actor: str) -> None:
        self.archived = False

    def update(self, actor: str, changes: dict[str, Any]) -> None:
        """Change fields; only differences are recorded."""
        unknown = set(changes) - self.allowed_fields
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"The {field} field cannot be changed.", field)
        if "name" in changes:
            changes = dict(changes, name=require_text(changes["name"], "name", 200))
        changed = {k: v for k, v in changes.items() if self.fields.get(k) != v}
        if changed:
            self._updated(actor=actor, changes=changed)

    @event("Updated")
    def _updated(self, actor: str, changes: dict[str, Any]) -> None:
        self.fields.update(changes)


BUYER_FIELDS = frozenset(
    {
        "postal_code",
        "vat_number",
        "kvk_number",
        "electronic_address_scheme",
        "electronic_address_id",
    }
)
"""What an invoice names of its buyer beyond the address (domain/bookkeeping.py)."""


def _buyer_checked(fields: dict[str, Any]) -> dict[str, Any]:
    """The buyer fields among fields, checked as the billing profile checks them."""
    from domain import bookkeeping

    found = {k: v for k, v in fields.items() if k in BUYER_FIELDS}
    if not found:
        return fields
    for name, value in found.items():
        if value is not None and not isinstance(value, str):
            raise InvalidValue(f"The {name} field must be text.", name)
    values = {k: (v or "").strip() or None for k, v in found.items()}
    vat = values.get("vat_number")
    if vat is not None:
        vat = vat.replace(" ", "").upper()
        if not bookkeeping.VAT_NUMBER.match(vat):
            raise InvalidValue(
                "The VAT number starts with its country code, such as NL123456789B01.",
                "vat_number",
            )
        values["vat_number"] = vat
    kvk = values.get("kvk_number")
    if kvk is not None and not bookkeeping.KVK.match(kvk):
        raise InvalidValue("The KvK number has 8 digits.", "kvk_number")
    scheme = values.get("electronic_address_scheme")
    if scheme is not None and scheme not in bookkeeping.ELECTRONIC_SCHEMES:
        raise InvalidValue(
            "The electronic address scheme is 0106, 9944, 0088, 0190 or EM.",
            "electronic_address_scheme",
        )
    postal = values.get("postal_code")
    if postal is not None and len(postal) > bookkeeping.POSTAL_CODE_MAX:
        raise InvalidValue("The postal code is at most 20 characters.", "postal_code")
    ident = values.get("electronic_address_id")
    if ident is not None and len(ident) > 100:
        raise InvalidValue(
            "The electronic address is at most 100 characters.",
            "electronic_address_id",
        )
    return {**fields, **values}


class Company(Archivable):
    """A customer organisation of the provider."""

    allowed_fields = frozenset(
        {"name", "address_1", "city", "country", "email", "phone", *BUYER_FIELDS}
    )

    def update(self, actor: str, changes: dict[str, Any]) -> None:
        """Change fields; the buyer fields an invoice names are checked."""
        super().update(actor, _buyer_checked(changes))

    @event("Registered")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)
        self.merged_into: str | None = None

    @classmethod
    def register(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> Company:
        """Register a company with at least a name."""
        unknown = set(fields) - cls.allowed_fields
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"Companies have no field {field!r}.", field)
        fields = dict(fields, name=require_text(fields.get("name"), "name", 200))
        return cls(tenant_id=tenant_id, actor=actor, fields=_buyer_checked(fields))

    def merge_into(self, actor: str, target_id: str) -> None:
        """Fold this company into another; its records move there."""
        if target_id == str(self.id):
            raise InvalidValue("A company cannot be merged into itself.", "ids")
        if self.merged_into:
            raise InvalidTransition("The company has already been merged.")
        self._merged_into(actor=actor, target_id=target_id)

    @event("MergedInto")
    def _merged_into(self, actor: str, target_id: str) -> None:
        self.merged_into = target_id
        self.archived = True

    def restore(self, actor: str) -> None:
        """Restore an archived company; a merged one lives on in its target."""
        if self.merged_into:
            raise InvalidTransition("A merged company cannot be restored.")
        super().restore(actor)


class Location(Archivable):
    """A site of a company where assets stand and work happens."""

    allowed_fields = frozenset({"name", "company_id", "address_1", "city"})

    @event("Registered")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)

    @classmethod
    def register(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> Location:
        """Register a location with at least a name."""
        fields = dict(fields, name=require_text(fields.get("name"), "name", 200))
        return cls(tenant_id=tenant_id, actor=actor, fields=fields)


class TicketGroup(Archivable):
    """A named bundle of tickets, such as a project or a migration."""

    allowed_fields = frozenset({"name", "company_id"})

    @event("Formed")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)

    @classmethod
    def form(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> TicketGroup:
        """Form a ticket group with at least a name."""
        fields = dict(fields, name=require_text(fields.get("name"), "name", 200))
        return cls(tenant_id=tenant_id, actor=actor, fields=fields)
