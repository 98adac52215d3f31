"""A mail's files kept like portal uploads: the original as .eml, its attachments.

The same size and type limits as the portal's uploads (10 MB a file, the same
types; a mail may carry more files than a form). The original is always kept
as message/rfc822; winmail.dat (TNEF) is kept and named as such. A file that
breaks a limit is not kept, and the shown text says which and why. Ids derive
from the mail, so keeping the files again (a mail handled after a crash)
writes nothing twice.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, insert, select

from domain.base import stable_id
from inbound.parse import Part
from storage.tables import attachments
from storage.uploads import MAX_BYTES, TYPES

ORIGINAL_MAX_BYTES = 25 * 1024 * 1024
"""The whole original may be larger than one upload: it carries every file."""
MAIL_TYPES = {  # the upload types, and what mail adds
    **TYPES,
    "eml": "message/rfc822",
    "dat": "application/ms-tnef",
}


@dataclass(frozen=True)
class Kept:
    """The files kept, and a line for each one left out."""

    ids: list[str]
    left_out: list[str]


def clean_name(name: str) -> str:
    """A file name without directories or odd characters."""
    base = Path(name.replace("\\", "/")).name
    return re.sub(r"[^\w.\- ]", "_", base)[:200] or "file"


def _refusal(part: Part) -> str | None:
    name = clean_name(part.name)
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if extension not in MAIL_TYPES:
        return f"{name}: files of this type are not kept"
    if len(part.content) > MAX_BYTES:
        return f"{name}: larger than 10 MB"
    return None


def keep(
    engine: Engine,
    upload_dir: str,
    tenant_id: str,
    mail_key: str,
    raw: bytes,
    parts: list[Part],
    uploaded_by: str,
) -> Kept:
    """Store the original and the allowed files; answers their ids in order."""
    files = [Part("original.eml", "message/rfc822", raw[:ORIGINAL_MAX_BYTES])]
    left_out: list[str] = []
    for part in parts:
        refusal = _refusal(part)
        if refusal:
            left_out.append(refusal)
        else:
            files.append(part)
    directory = Path(upload_dir) / tenant_id
    directory.mkdir(parents=True, exist_ok=True)
    ids = [
        str(stable_id(tenant_id, "mail", mail_key, "file", str(i)))
        for i in range(len(files))
    ]
    with engine.begin() as connection:
        found = set(
            connection.execute(
                select(attachments.c.id).where(
                    attachments.c.tenant_id == tenant_id, attachments.c.id.in_(ids)
                )
            ).scalars()
        )
        for attachment_id, part in zip(ids, files, strict=True):
            if attachment_id in found:
                continue
            name = clean_name(part.name)
            extension = name.rsplit(".", 1)[-1].lower()
            path = directory / f"{attachment_id}.{extension}"
            path.write_bytes(part.content)
            connection.execute(
                insert(attachments).values(
                    id=attachment_id,
                    tenant_id=tenant_id,
                    token=secrets.token_urlsafe(30)[:40],
                    name=name,
                    extension=extension,
                    content_type=MAIL_TYPES[extension],
                    size=len(part.content),
                    path=str(path),
                    uploaded_by=uploaded_by,
                    created_at=datetime.now(UTC),
                )
            )
    return Kept(ids, left_out)
