"""Tickets: the thread, the status, the time spent, and merge, clone and restore."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_positive, require_text
from domain.errors import InvalidTransition, InvalidValue, NotFound, StaleVersion
from domain.threads import (
    MailOrigin,
    check_format,
    check_message_changes,
    find_message,
    new_message,
)

STATUS_TYPES = {
    1: "open",
    2: "closed",
    3: "archived",
    4: "waiting_for_reply",
    5: "got_reply",
    6: "scheduled",
}
CLOSED_TYPES = frozenset({2, 3})
SLA_TARGETS = ("response", "resolution")
SLA_LEVELS = ("warned", "breached")
TICKET_FIELDS = frozenset(
    {
        "description",
        "client_id",
        "company_id",
        "priority_id",
        "category_id",
        "ticket_type_id",
        "source_id",
        "ticket_group_id",
        "location_id",
        "sla_id",
        "operator_id",
        "scheduled_at",
        "original_email_from",
        "custom_values",
    }
)

TIME_FIELDS = frozenset(
    {
        "minutes",
        "executed_at",
        "operator_id",
        "activity_id",
        "description",
        "contract_id",
    }
)


def ticket_reference(number: int) -> str:
    """The reference a tenant's n-th ticket carries: T-000001 onwards."""
    return f"T-{number:06d}"


def check_ticket_fields(fields: dict[str, Any]) -> None:
    """Refuse fields a ticket does not have, and an empty description."""
    unknown = set(fields) - TICKET_FIELDS
    if unknown:
        field = sorted(unknown)[0]
        raise InvalidValue(f"Tickets have no field {field!r}.", field)
    if "description" in fields:
        require_text(fields["description"], "description", 250)
    if "custom_values" in fields and not isinstance(fields["custom_values"], dict):
        raise InvalidValue("Custom values must be an object.", "custom_values")


class Ticket(LedgerAggregate):
    """A service request with its message thread and the time spent on it."""

    beside_edits = frozenset(
        {
            "MessagePosted",
            "MessageEdited",
            "MessageRemoved",
            "TimeRegistered",
            "TimeChanged",
            "TimeRemoved",
            "Absorbed",
            "SlaWarned",
            "SlaBreached",
        }
    )

    @event("Opened")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        number: int,
        status_id: int,
        status_type: int,
        fields: dict[str, Any],
        is_template: bool = False,
        cloned_from: str | None = None,
    ) -> None:
        self.tenant_id = tenant_id
        self.number = number
        self.reference = ticket_reference(number)
        self.status_id = status_id
        self.status_type = status_type
        self.is_template = is_template
        self.cloned_from = cloned_from
        self.fields: dict[str, Any] = {name: None for name in TICKET_FIELDS}
        self.fields["custom_values"] = {}
        self.fields.update(fields)
        self.messages: list[dict[str, Any]] = []
        self.time_registrations: dict[str, dict[str, Any]] = {}
        self.deleted = False
        self.merged_into: str | None = None

    @classmethod
    def open(
        cls,
        tenant_id: str,
        actor: str,
        number: int,
        status_id: int,
        status_type: int,
        fields: dict[str, Any],
        is_template: bool = False,
        cloned_from: str | None = None,
        ticket_id: UUID | None = None,
        at: datetime | None = None,
    ) -> Ticket:
        """Open a ticket after checking its fields; ticket_id: a derived id, so
        opening the same thing twice collides (a mail handled again); at: when it
        was opened, if not now (the demo's ticket reported hours ago)."""
        check_ticket_fields(fields)
        require_text(fields.get("description"), "description", 250)
        if status_type not in STATUS_TYPES:
            raise InvalidValue("Unknown status type.", "status_id")
        values: dict[str, Any] = {
            "tenant_id": tenant_id,
            "actor": actor,
            "number": number,
            "status_id": status_id,
            "status_type": status_type,
            "fields": fields,
            "is_template": is_template,
            "cloned_from": cloned_from,
        }
        opened = cls.Opened  # type: ignore[attr-defined]
        return cls._create(opened, id=ticket_id, timestamp=at, **values)

    @property
    def description(self) -> str:
        return str(self.fields["description"])

    def _check_live(self) -> None:
        if self.deleted:
            raise InvalidTransition("The ticket has been deleted.")
        if self.merged_into:
            raise InvalidTransition("The ticket has been merged into another ticket.")

    def update(self, actor: str, changes: dict[str, Any]) -> None:
        """Change fields; only those that differ are recorded."""
        self._check_live()
        check_ticket_fields(changes)
        changed = {k: v for k, v in changes.items() if self.fields.get(k) != v}
        if changed:
            self._updated(actor=actor, changes=changed)

    @event("Updated")
    def _updated(self, actor: str, changes: dict[str, Any]) -> None:
        self.fields.update(changes)

    def post_message(
        self,
        actor: str,
        message_id: str,
        message: str,
        visible_to_client: bool,
        is_from_client: bool,
        recipients: list[dict[str, Any]] | None = None,
        attachment_ids: list[str] | None = None,
        mentions: list[str] | None = None,
        format: str = "text",
        origin: MailOrigin | None = None,
        attachment_sha256: dict[str, str] | None = None,
        at: datetime | None = None,
    ) -> None:
        """Add a client-visible reply or, when not visible, an internal note.

        The format says how the text is meant: "text" (the default, what a client
        writes) is shown as text; "html" is an operator's sanitised HTML. origin:
        the mail it came in as (from, to, cc, date, Message-ID), if it did.
        attachment_sha256: each attached file's sha256 by attachment id, so the
        event chain covers the files too (docs/audit.md). at: when it was
        posted, if not now.
        """
        if any(m["id"] == message_id for m in self.messages):
            return  # posted before under this (derived) id: a mail handled again
        self._check_live()
        check_format(format)
        if not message.strip() and not attachment_ids:
            raise InvalidValue("The message field is required.", "message")
        if is_from_client and not visible_to_client:
            raise InvalidValue(
                "A client cannot write internal notes.", "visible_to_client"
            )
        self._message_posted(
            actor=actor,
            message_id=message_id,
            message=message,
            visible_to_client=visible_to_client,
            is_from_client=is_from_client,
            recipients=recipients or [],
            attachment_ids=attachment_ids or [],
            mentions=mentions or [],
            format=format,
            attachment_sha256={
                str(k): str(v) for k, v in (attachment_sha256 or {}).items()
            },
            **(origin or MailOrigin()).fields(),
            timestamp=at,
        )

    class MessagePosted(LedgerAggregate.Event):
        """A reply or note was posted; version 2 says whether it is text or HTML,
        version 3 the mail it came in as (empty for one typed in), version 4 the
        sha256 of each attached file."""

        class_version = 4
        message_id: str
        message: str
        visible_to_client: bool
        is_from_client: bool
        recipients: list[dict[str, Any]]
        attachment_ids: list[str]
        mentions: list[str]
        format: str
        original_email_from: str | None
        email_message_id: str | None
        email_to: list[str]
        email_cc: list[str]
        email_date: str | None
        attachment_sha256: dict[str, str]

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Before formats, a client's message was kept as sent: read it as text."""
            state["format"] = "text" if state.get("is_from_client") else "html"

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            """Before mail came in, no message had a mail origin."""
            state.update(MailOrigin().fields())

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            """Before files were hashed, no attachment had a recorded sha256:
            verify counts those as unverifiable, not as tampered."""
            state["attachment_sha256"] = {}

    @event(MessagePosted)
    def _message_posted(
        self,
        actor: str,
        message_id: str,
        message: str,
        visible_to_client: bool,
        is_from_client: bool,
        recipients: list[dict[str, Any]],
        attachment_ids: list[str],
        mentions: list[str],
        format: str,
        original_email_from: str | None = None,
        email_message_id: str | None = None,
        email_to: list[str] | None = None,
        email_cc: list[str] | None = None,
        email_date: str | None = None,
        attachment_sha256: dict[str, str] | None = None,
        timestamp: datetime | None = None,  # the event's own: now unless given
    ) -> None:
        kind = "reply" if visible_to_client else "note"
        entry = new_message(
            message_id,
            actor,
            message,
            kind,
            visible_to_client,
            is_from_client,
            recipients,
            attachment_ids,
            mentions,
            format=format,
        )
        if email_message_id or original_email_from:
            entry.update(
                original_email_from=original_email_from,
                email_message_id=email_message_id,
                email_to=list(email_to or []),
                email_cc=list(email_cc or []),
                email_date=email_date,
            )
        self.messages.append(entry)

    def edit_message(
        self, actor: str, message_id: str, changes: dict[str, Any]
    ) -> None:
        """Change a message's text or visibility; nothing is recorded if unchanged."""
        self._check_live()
        check_message_changes(changes)
        current = find_message(self.messages, message_id)
        changed = {k: v for k, v in changes.items() if current.get(k) != v}
        if changed:
            self._message_edited(actor=actor, message_id=message_id, changes=changed)

    @event("MessageEdited")
    def _message_edited(
        self, actor: str, message_id: str, changes: dict[str, Any]
    ) -> None:
        find_message(self.messages, message_id).update(changes)

    def remove_message(self, actor: str, message_id: str) -> None:
        """Delete a message from the thread (its event stays in the log)."""
        self._check_live()
        find_message(self.messages, message_id)
        self._message_removed(actor=actor, message_id=message_id)

    @event("MessageRemoved")
    def _message_removed(self, actor: str, message_id: str) -> None:
        self.messages = [m for m in self.messages if m["id"] != message_id]

    def change_status(
        self,
        actor: str,
        status_id: int,
        status_type: int,
        status_name: str,
        message_id: str,
    ) -> None:
        """Move to another status; the thread records the change."""
        self._check_live()
        if status_type not in STATUS_TYPES:
            raise InvalidValue("Unknown status type.", "status_id")
        if status_id == self.status_id:
            return
        self._status_changed(
            actor=actor,
            status_id=status_id,
            status_type=status_type,
            status_name=status_name,
            message_id=message_id,
        )

    @event("StatusChanged")
    def _status_changed(
        self,
        actor: str,
        status_id: int,
        status_type: int,
        status_name: str,
        message_id: str,
    ) -> None:
        self.status_id = status_id
        self.status_type = status_type
        self.messages.append(
            new_message(
                message_id,
                actor,
                "",
                "status-changed",
                True,
                False,
                [],
                [],
                [],
                {"status": {"id": status_id, "name": status_name}},
            )
        )

    def register_time(
        self,
        actor: str,
        registration_id: str,
        minutes: int,
        executed_at: datetime,
        operator_id: str | None,
        activity_id: int | None,
        description: str,
        contract_id: str | None,
    ) -> None:
        """Record time spent on the ticket."""
        self._check_live()
        require_positive(minutes, "time_spent")
        if minutes > 24 * 60:
            raise InvalidValue("One registration cannot exceed 24 hours.", "time_spent")
        self._time_registered(
            actor=actor,
            registration_id=registration_id,
            minutes=int(minutes),
            executed_at=executed_at,
            operator_id=operator_id,
            activity_id=activity_id,
            description=description,
            contract_id=contract_id,
        )

    @event("TimeRegistered")
    def _time_registered(
        self,
        actor: str,
        registration_id: str,
        minutes: int,
        executed_at: datetime,
        operator_id: str | None,
        activity_id: int | None,
        description: str,
        contract_id: str | None,
    ) -> None:
        self.time_registrations[registration_id] = {
            "id": registration_id,
            "minutes": minutes,
            "executed_at": executed_at,
            "operator_id": operator_id,
            "activity_id": activity_id,
            "description": description,
            "contract_id": contract_id,
            "version": 1,
        }

    def change_time(
        self,
        actor: str,
        registration_id: str,
        changes: dict[str, Any],
        expected_version: int | None = None,
    ) -> dict[str, Any]:
        """Change a time registration; answers it as it was before.

        A change made on an older version of the registration (its own count of
        changes, apart from the ticket's) is refused as stale.
        """
        self._check_live()
        registration = self.time_registrations.get(registration_id)
        if registration is None:
            raise NotFound("Time registration not found.", "registration_id")
        unknown = set(changes) - TIME_FIELDS
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"Time registrations have no field {field!r}.", field)
        if expected_version is not None and expected_version != registration.get(
            "version", 1
        ):
            raise StaleVersion(
                "This record was changed by someone else while you edited it. "
                "Reload to see their change."
            )
        if "minutes" in changes:
            require_positive(changes["minutes"], "time_spent")
            if changes["minutes"] > 24 * 60:
                raise InvalidValue(
                    "One registration cannot exceed 24 hours.", "time_spent"
                )
            changes = {**changes, "minutes": int(changes["minutes"])}
        if changes.get("executed_at", registration["executed_at"]) is None:
            raise InvalidValue("The executed_at field is required.", "executed_at")
        if "description" in changes:
            changes = {**changes, "description": changes["description"] or ""}
        changed = {k: v for k, v in changes.items() if registration.get(k) != v}
        if changed:
            self._time_changed(
                actor=actor, registration_id=registration_id, changes=changed
            )
        return registration

    @event("TimeChanged")
    def _time_changed(
        self, actor: str, registration_id: str, changes: dict[str, Any]
    ) -> None:
        before = self.time_registrations[registration_id]
        self.time_registrations[registration_id] = {
            **before,
            **changes,
            "version": before.get("version", 1) + 1,
        }

    def remove_time(self, actor: str, registration_id: str) -> dict[str, Any]:
        """Take a time registration back; answers the registration removed."""
        self._check_live()
        registration = self.time_registrations.get(registration_id)
        if registration is None:
            raise NotFound("Time registration not found.", "registration_id")
        self._time_removed(actor=actor, registration_id=registration_id)
        return registration

    @event("TimeRemoved")
    def _time_removed(self, actor: str, registration_id: str) -> None:
        del self.time_registrations[registration_id]

    def merge_into(self, actor: str, target_id: str) -> None:
        """Close this ticket as merged into another."""
        self._check_live()
        if target_id == str(self.id):
            raise InvalidValue("A ticket cannot be merged into itself.", "ids")
        self._merged_into(actor=actor, target_id=target_id)

    @event("MergedInto")
    def _merged_into(self, actor: str, target_id: str) -> None:
        self.merged_into = target_id

    def absorb(
        self, actor: str, source_id: str, messages: list[dict[str, Any]]
    ) -> None:
        """Take over the thread of a ticket merged into this one."""
        self._check_live()
        self._absorbed(actor=actor, source_id=source_id, messages=messages)

    @event("Absorbed")
    def _absorbed(
        self, actor: str, source_id: str, messages: list[dict[str, Any]]
    ) -> None:
        self.messages.extend(dict(m, merged_from=source_id) for m in messages)

    def delete(self, actor: str) -> None:
        """Move the ticket to the bin; restore brings it back."""
        if self.deleted:
            raise InvalidTransition("The ticket is already deleted.")
        self._deleted(actor=actor)

    @event("Deleted")
    def _deleted(self, actor: str) -> None:
        self.deleted = True

    def restore(self, actor: str) -> None:
        """Bring back a deleted ticket."""
        if not self.deleted:
            raise InvalidTransition("Only a deleted ticket can be restored.")
        self._restored(actor=actor)

    @event("Restored")
    def _restored(self, actor: str) -> None:
        self.deleted = False

    def raise_sla_alert(self, actor: str, target: str, level: str, due_at: str) -> bool:
        """Record that a target's due moment was nearly or fully used up, once per
        target, level and due moment; answers whether it was recorded now."""
        if target not in SLA_TARGETS:
            raise InvalidValue("The target is response or resolution.", "target")
        if level not in SLA_LEVELS:
            raise InvalidValue("The level is warned or breached.", "level")
        alerts: set[tuple[str, str, str]] = getattr(self, "sla_alerts", set())
        if (target, level, due_at) in alerts or self.deleted or self.merged_into:
            return False
        if level == "warned":
            self._sla_warned(actor=actor, target=target, due_at=due_at)
        else:
            self._sla_breached(actor=actor, target=target, due_at=due_at)
        return True

    def _alerted(self, target: str, level: str, due_at: str) -> None:
        alerts: set[tuple[str, str, str]] = getattr(self, "sla_alerts", set())
        self.sla_alerts = alerts | {(target, level, due_at)}

    @event("SlaWarned")
    def _sla_warned(self, actor: str, target: str, due_at: str) -> None:
        self._alerted(target, "warned", due_at)

    @event("SlaBreached")
    def _sla_breached(self, actor: str, target: str, due_at: str) -> None:
        self._alerted(target, "breached", due_at)
