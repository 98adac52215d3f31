"""Stored attachment files checked against the sha256 the events recorded.

A message that carries files records each file's sha256 in its event
(`attachment_sha256`, by attachment id), so the event chain covers the files
too: a file changed on disk, or a hash changed in the event, shows. Messages
posted before the hashes were recorded are counted as unverifiable, not as
tampered.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventsourcing.utils import get_topic
from sqlalchemy import Engine, select

from audit.checkpoints import Finding, notifications
from domain.store import Store
from domain.tickets import Ticket
from storage.tables import attachments

TOPICS = (get_topic(Ticket.MessagePosted),)
"""The events that reference attachments."""


@dataclass
class AttachmentCheck:
    """What the attachment check found, and how many files it could not check."""

    checked: int = 0
    unverifiable: int = 0
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def file_sha256(path: Path) -> str:
    """The sha256 of a file's bytes, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _file_of(row: Any, upload_dir: str) -> Path:
    """Where an attachment's file is: as recorded, else under the upload folder."""
    recorded = Path(row.path)
    if recorded.is_file() or recorded.is_absolute():
        return recorded
    return Path(upload_dir) / row.tenant_id / recorded.name


def check_attachments(store: Store, engine: Engine, upload_dir: str) -> AttachmentCheck:
    """Each referenced attachment's file against the hash its event recorded."""
    result = AttachmentCheck()
    referenced: list[tuple[str, int, str, str | None]] = []
    for stored in notifications(store, 1, topics=TOPICS):
        try:
            event = store.mapper.to_domain_event(stored)
        except Exception:  # an unreadable event: the chain check names it
            continue
        hashes = dict(getattr(event, "attachment_sha256", None) or {})
        for attachment_id in getattr(event, "attachment_ids", None) or []:
            referenced.append(
                (
                    str(stored.originator_id),
                    stored.originator_version,
                    str(attachment_id),
                    hashes.get(str(attachment_id)),
                )
            )
    if not referenced:
        return result
    with engine.connect() as connection:
        rows = {
            row.id: row
            for row in connection.execute(
                select(attachments).where(
                    attachments.c.id.in_({a for _, _, a, _ in referenced})
                )
            )
        }
    for aggregate_id, version, attachment_id, recorded in referenced:
        subject = (
            f"attachment {attachment_id} of aggregate {aggregate_id} version {version}"
        )
        if recorded is None:
            result.unverifiable += 1
            continue
        row = rows.get(attachment_id)
        if row is None:
            result.findings.append(
                Finding("attachment", subject, "its record is gone from the database")
            )
            continue
        path = _file_of(row, upload_dir)
        if not path.is_file():
            result.findings.append(
                Finding("attachment", subject, f"its file {path} is gone")
            )
            continue
        result.checked += 1
        found = file_sha256(path)
        if found != recorded:
            result.findings.append(
                Finding(
                    "attachment",
                    subject,
                    f"the file {path} has sha256 {found}; the event recorded "
                    f"{recorded}: the file or the recorded hash was changed",
                )
            )
    if result.unverifiable:
        result.notes.append(
            f"{result.unverifiable} attachments of messages posted before hashes "
            "were recorded are unverifiable"
        )
    return result
