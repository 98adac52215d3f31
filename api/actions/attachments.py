"""Uploaded files: checked for size and type, stored under the upload directory."""

from __future__ import annotations

import hashlib
import hmac
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import uuid4

from sqlalchemy import Engine, insert, select

from api.errors import ApiError, invalid, not_found
from api.security import new_secret
from storage.tables import attachments
from storage.uploads import MAX_BYTES, TYPES

LINK_LIFETIME = timedelta(hours=12)
EXPIRED = "This download link has expired; open the ticket again for a fresh one."
MAX_FILES = 10


@dataclass(frozen=True)
class Upload:
    """A received file: its name and content."""

    field: str
    name: str
    content: bytes


def clean_name(name: str) -> str:
    """A file name without directories or odd characters."""
    base = Path(name.replace("\\", "/")).name
    return re.sub(r"[^\w.\- ]", "_", base)[:200] or "file"


def check(uploads: list[Upload]) -> None:
    """Refuse too many, too large or disallowed files, naming the field."""
    if len(uploads) > MAX_FILES:
        raise invalid("file", f"Attach at most {MAX_FILES} files.")
    for upload in uploads:
        extension = clean_name(upload.name).rsplit(".", 1)[-1].lower()
        if "." not in upload.name or extension not in TYPES:
            raise invalid(
                upload.field,
                "The file must be a file of type: " + ", ".join(TYPES) + ".",
            )
        if len(upload.content) > MAX_BYTES:
            raise invalid(upload.field, "The file may not be greater than 10 MB.")
        if not upload.content:
            raise invalid(upload.field, "The file is empty.")


def store(
    engine: Engine, upload_dir: str, tenant_id: str, user_id: str, uploads: list[Upload]
) -> list[str]:
    """Write checked files and record them; answers their ids."""
    if not uploads:
        return []
    check(uploads)
    directory = Path(upload_dir) / tenant_id
    directory.mkdir(parents=True, exist_ok=True)
    ids = []
    with engine.begin() as connection:
        for upload in uploads:
            attachment_id = str(uuid4())
            name = clean_name(upload.name)
            extension = name.rsplit(".", 1)[-1].lower()
            path = directory / f"{attachment_id}.{extension}"
            path.write_bytes(upload.content)
            connection.execute(
                insert(attachments).values(
                    id=attachment_id,
                    tenant_id=tenant_id,
                    token=new_secret()[:40],
                    name=name,
                    extension=extension,
                    content_type=TYPES[extension],
                    size=len(upload.content),
                    path=str(path),
                    uploaded_by=user_id,
                    created_at=datetime.now(UTC),
                )
            )
            ids.append(attachment_id)
    return ids


def _signature(key: str, attachment_id: str, expires: int) -> str:
    message = f"{attachment_id}.{expires}".encode()
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def link_token(
    row: Any, now: datetime | None = None, lifetime: timedelta = LINK_LIFETIME
) -> str:
    """A download token for the attachment row: its expiry and a signature.

    The file's stored secret signs the expiry, so the secret itself never
    leaves the server. The expiry is rounded up to the hour, which keeps a
    thread's links the same between two reads within that hour.
    """
    moment = (now or datetime.now(UTC)) + lifetime
    expires = math.ceil(moment.timestamp() / 3600) * 3600
    return f"{expires}.{_signature(row.token, row.id, expires)}"


def fetch(
    engine: Engine,
    tenant_id: str,
    attachment_id: str,
    token: str,
    now: datetime | None = None,
) -> Any:
    """The attachment row for a valid, unexpired token in the tenant.

    A wrong id or signature is 404; a signed token past its expiry is 410.
    """
    expires_text, _, signature = token[:96].partition(".")
    if not expires_text.isdigit() or not signature:
        raise not_found()
    with engine.connect() as connection:
        row = connection.execute(
            select(attachments).where(
                attachments.c.tenant_id == tenant_id,
                attachments.c.id == attachment_id[:40],
            )
        ).first()
    if row is None:
        raise not_found()
    expires = int(expires_text)
    if not hmac.compare_digest(_signature(row.token, row.id, expires), signature):
        raise not_found()
    if expires <= (now or datetime.now(UTC)).timestamp():
        raise ApiError(410, EXPIRED)
    if not Path(row.path).is_file():
        raise not_found()
    return row
