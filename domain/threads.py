"""Message threads, shared by every aggregate that carries one (tickets, assets)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.errors import InvalidValue, NotFound

MESSAGE_TYPES = ("reply", "note", "status-changed", "work-order-signed")
MESSAGE_FORMATS = ("text", "html")
"""How a message's text is meant: plain text (what a client writes, shown as text,
never interpreted) or HTML (an operator's, sanitised on the way in)."""
EDITABLE_MESSAGE_FIELDS = frozenset({"message", "visible_to_client", "description"})


@dataclass(frozen=True)
class MailOrigin:
    """The mail a message came in as: who sent it to whom, when, under which
    Message-ID (replies are threaded on it). Empty for a message typed in."""

    original_email_from: str | None = None
    email_message_id: str | None = None
    email_to: list[str] = field(default_factory=list)
    email_cc: list[str] = field(default_factory=list)
    email_date: str | None = None

    def fields(self) -> dict[str, Any]:
        """The origin as the event's fields."""
        return {
            "original_email_from": self.original_email_from,
            "email_message_id": self.email_message_id,
            "email_to": list(self.email_to),
            "email_cc": list(self.email_cc),
            "email_date": self.email_date,
        }


def new_message(
    message_id: str,
    actor: str,
    message: str,
    type: str,
    visible_to_client: bool,
    is_from_client: bool,
    recipients: list[dict[str, Any]],
    attachment_ids: list[str],
    mentions: list[str],
    data: dict[str, Any] | None = None,
    format: str = "html",
) -> dict[str, Any]:
    """The thread entry one posted message becomes."""
    if type not in MESSAGE_TYPES:
        raise InvalidValue(f"Unknown message type {type!r}.", "type")
    check_format(format)
    return {
        "id": message_id,
        "actor": actor,
        "message": message,
        "type": type,
        "visible_to_client": bool(visible_to_client),
        "is_from_client": bool(is_from_client),
        "recipients": list(recipients),
        "attachment_ids": list(attachment_ids),
        "mentions": list(mentions),
        "data": dict(data or {}),
        "format": format,
    }


def check_format(format: str) -> str:
    """Refuse a message format other than text or html."""
    if format not in MESSAGE_FORMATS:
        raise InvalidValue("The format must be text or html.", "format")
    return format


def format_of(message: dict[str, Any]) -> str:
    """A thread entry's format; entries older than the field: a client's is text."""
    found = message.get("format")
    if found in MESSAGE_FORMATS:
        return str(found)
    return "text" if message.get("is_from_client") else "html"


def find_message(messages: list[dict[str, Any]], message_id: str) -> dict[str, Any]:
    """The message with that id, or NotFound."""
    for message in messages:
        if message["id"] == message_id:
            return message
    raise NotFound("Message not found.", "message_id")


def check_message_changes(changes: dict[str, Any]) -> None:
    """Refuse edits of fields a message may not change."""
    unknown = set(changes) - EDITABLE_MESSAGE_FIELDS
    if unknown:
        field = sorted(unknown)[0]
        raise InvalidValue(f"The {field} field cannot be changed.", field)
