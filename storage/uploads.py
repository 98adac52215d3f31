"""What a stored attachment may be, from a portal upload or a mail alike."""

from __future__ import annotations

import hashlib
from pathlib import Path

MAX_BYTES = 10 * 1024 * 1024
"""The largest file one attachment may hold."""

TYPES = {
    "pdf": "application/pdf",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "txt": "text/plain",
    "csv": "text/csv",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "zip": "application/zip",
}
"""The file types an upload may have, by extension, with the type they are sent as."""


def file_sha256s(upload_dir: str, tenant_id: str, ids: list[str]) -> dict[str, str]:
    """The sha256 of each stored attachment's file (kept as <id>.<extension> in
    the tenant's folder), by id, for the event that references it (docs/audit.md)."""
    found = {}
    folder = Path(upload_dir) / tenant_id
    for attachment_id in ids:
        for path in folder.glob(f"{attachment_id}.*"):
            found[attachment_id] = hashlib.sha256(path.read_bytes()).hexdigest()
            break
    return found
