"""Quotes: concept, sent, accepted with a drawn signature, or rejected."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue
from domain.lines import priced_line, total_excl

CONCEPT, SENT, ACCEPTED, REJECTED = 1, 2, 3, 4
STATUS_NAMES = {
    CONCEPT: "concept",
    SENT: "sent",
    ACCEPTED: "accepted",
    REJECTED: "rejected",
}
SIGNATURE_PREFIX = "data:image/png;base64,"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_SIGNATURE_LENGTH = 2_000_000


def is_png_data_url(value: str) -> bool:
    """Whether value is a base64 data URL whose bytes are a PNG image."""
    if not value.startswith(SIGNATURE_PREFIX):
        return False
    try:
        data = base64.b64decode(value[len(SIGNATURE_PREFIX) :], validate=True)
    except (binascii.Error, ValueError):
        return False
    return data.startswith(PNG_MAGIC)


class Quote(LedgerAggregate):
    """An offer to a client's company, accepted by signing it."""

    @event("Drafted")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        number: int,
        name: str,
        client_id: str | None,
        company_id: str | None,
        lines: list[dict[str, Any]],
        custom_fields: dict[str, Any],
        duplicated_from: str | None = None,
    ) -> None:
        self.tenant_id = tenant_id
        self.number = number
        self.name = name
        self.client_id = client_id
        self.company_id = company_id
        self.lines = lines
        self.custom_fields = custom_fields
        self.duplicated_from = duplicated_from
        self.status_id = CONCEPT
        self.acceptance: dict[str, Any] | None = None

    @classmethod
    def draft(
        cls,
        tenant_id: str,
        actor: str,
        number: int,
        name: str,
        client_id: str | None,
        company_id: str | None,
        lines: list[dict[str, Any]],
        custom_fields: dict[str, Any] | None = None,
        duplicated_from: str | None = None,
    ) -> Quote:
        """Start a quote in concept."""
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            number=number,
            name=require_text(name, "name", 200),
            client_id=client_id,
            company_id=company_id,
            lines=[priced_line(str(i + 1), line) for i, line in enumerate(lines)],
            custom_fields=dict(custom_fields or {}),
            duplicated_from=duplicated_from,
        )

    @property
    def total(self) -> str:
        return str(total_excl(self.lines))

    def content(self) -> dict[str, Any]:
        """What the client signs: name, parties, lines, custom fields and total."""
        return {
            "name": self.name,
            "client_id": self.client_id,
            "company_id": self.company_id,
            "lines": self.lines,
            "custom_fields": self.custom_fields,
            "total": self.total,
        }

    def _check_concept(self) -> None:
        if self.status_id != CONCEPT:
            raise InvalidTransition("Only a quote in concept can be changed.")

    def revise(
        self,
        actor: str,
        name: str | None = None,
        lines: list[dict[str, Any]] | None = None,
        custom_fields: dict[str, Any] | None = None,
    ) -> None:
        """Change name, lines or custom fields while in concept."""
        self._check_concept()
        changes: dict[str, Any] = {}
        if name is not None and name != self.name:
            changes["name"] = require_text(name, "name", 200)
        if lines is not None:
            priced = [priced_line(str(i + 1), line) for i, line in enumerate(lines)]
            if priced != self.lines:
                changes["lines"] = priced
        if custom_fields is not None and custom_fields != self.custom_fields:
            changes["custom_fields"] = dict(custom_fields)
        if changes:
            self._revised(actor=actor, changes=changes)

    @event("Revised")
    def _revised(self, actor: str, changes: dict[str, Any]) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def send(self, actor: str) -> None:
        """Offer the quote to the client."""
        self._check_concept()
        if not self.lines:
            raise InvalidValue("A quote needs at least one line to be sent.", "lines")
        self._sent(actor=actor)

    @event("Sent")
    def _sent(self, actor: str) -> None:
        self.status_id = SENT

    def accept(self, actor: str, name: str, note: str, signature: str) -> None:
        """Accept with a drawn signature; keeps exactly what was signed."""
        if self.status_id != SENT:
            raise InvalidTransition("Only a sent quote can be accepted.")
        if not signature or len(signature) <= len(SIGNATURE_PREFIX):
            raise InvalidValue("No signature has been set.", "signature")
        if len(signature) > MAX_SIGNATURE_LENGTH:
            raise InvalidValue("The signature image is too large.", "signature")
        if not is_png_data_url(signature):
            raise InvalidValue("The signature must be a PNG image.", "signature")
        content = self.content()
        digest = hashlib.sha256(
            json.dumps(content, sort_keys=True).encode()
        ).hexdigest()
        self._accepted(
            actor=actor,
            name=require_text(name, "name", 200),
            note=(note or "").strip()[:2000],
            signature=signature,
            content=content,
            content_sha256=digest,
        )

    @event("Accepted")
    def _accepted(
        self,
        actor: str,
        name: str,
        note: str,
        signature: str,
        content: dict[str, Any],
        content_sha256: str,
    ) -> None:
        self.status_id = ACCEPTED
        self.acceptance = {
            "name": name,
            "note": note,
            "signature": signature,
            "content": content,
            "content_sha256": content_sha256,
        }

    def decline(self, actor: str, reason: str = "") -> None:
        """Reject the offer."""
        if self.status_id != SENT:
            raise InvalidTransition("Only a sent quote can be declined.")
        self._declined(actor=actor, reason=(reason or "").strip()[:2000])

    @event("Declined")
    def _declined(self, actor: str, reason: str) -> None:
        self.status_id = REJECTED
